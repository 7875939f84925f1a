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


def probe_frame_rates(flags: Sequence[str] = ()) -> tuple[float, float]:
    """Run `climbers play --fps-probe` with `flags` and throwaway data and settings folders; the
    frame rates of the game's table and of the plain scene (RuntimeError when it prints none)."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CLIMBERS_DATA_DIR": data, "CLIMBERS_CONFIG_DIR": data}
        done = subprocess.run(
            [sys.executable, "-m", "climbers", "play", *flags, "--fps-probe"],
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
    found = PROBE_LINE.search(done.stdout)
    if found is None:
        raise RuntimeError(
            f"the fps probe printed no figures: {(done.stdout + done.stderr)[-300:]}"
        )
    return float(found["game"]), float(found["ref"])
