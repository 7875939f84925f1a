"""Running a game's `--fps-probe` in a fresh process for `scripts/bench`: the frame rates of the
game's table and of the plain reference scene, as the probe (climbers.app.table.fps_probe)
prints them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence

PROBE_LINE = re.compile(r"fps [^:]*: (?P<game>[\d.]+).*reference scene.*?: (?P<ref>[\d.]+)")
LOAD = re.compile(r"load average (?P<load>[\d.]+)")


def have_display() -> bool:
    """Whether a window can open here (DISPLAY, or Xvfb to start a private one)."""
    return bool(os.environ.get("DISPLAY")) or shutil.which("Xvfb") is not None


def run_probe(flags: Sequence[str], figures: re.Pattern[str], probe: str) -> re.Match[str]:
    """Run `climbers play` with `flags` (a probe's among them) and throwaway data and settings
    folders; the line of figures the probe printed (RuntimeError naming the `probe` when it
    printed none)."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CLIMBERS_DATA_DIR": data, "CLIMBERS_CONFIG_DIR": data}
        done = subprocess.run(
            [sys.executable, "-m", "climbers", "play", *flags],
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
    found = figures.search(done.stdout)
    if found is None:
        raise RuntimeError(f"the {probe} printed no figures: {(done.stdout + done.stderr)[-300:]}")
    return found


def probe_frame_rates(flags: Sequence[str] = ()) -> tuple[float, float]:
    """Run `climbers play --fps-probe` with `flags` (`run_probe`); the frame rates of the
    game's table and of the plain scene."""
    found = run_probe([*flags, "--fps-probe"], PROBE_LINE, "fps probe")
    return float(found["game"]), float(found["ref"])


def frame_time(game: str, scene: str, share: float) -> tuple[str, float, float, float] | None:
    """`climbers play --game GAME --fps-probe` in a fresh window as a row of `scripts/bench`
    (name, median, p95 and target, in milliseconds): the table's time per frame as it draws
    `scene`, against the plain scene's time per frame ÷ `share`, measured in the same run;
    None without a display."""
    if not have_display():
        return None
    rate, reference = probe_frame_rates(["--game", game])
    ms = 1000 / rate
    name = f"frame, {scene} (plain scene {1000 / reference:.1f} ms ÷ {share:g})"
    return name, ms, ms, 1000 / reference / share
