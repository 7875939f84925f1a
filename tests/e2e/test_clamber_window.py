"""`climbers play --game clamber` in a fresh process: the frame-rate and idle probes on the
stacked 4-board print their figures, and the flags that are The Climbers' are refused in one
line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.display


@pytest.fixture(scope="module")
def display() -> str:
    if shutil.which("Xvfb") is None and not os.environ.get("DISPLAY"):
        pytest.fail("needs an X display or Xvfb (scripts/test installs xvfb when run as root)")
    from climbers.app.display import ensure_display

    ensure_display()
    return os.environ["DISPLAY"]


def test_the_fps_probe_times_the_stacked_board_against_the_plain_scene(display: str) -> None:
    from climbers.devtools.window_probe import probe_frame_rates

    game, reference = probe_frame_rates(["--game", "clamber"])
    assert game > 0 and reference > 0


def test_the_idle_probe_measures_clambers_still_table(display: str, tmp_path: Path) -> None:
    env = {**os.environ, "CLIMBERS_DATA_DIR": str(tmp_path), "CLIMBERS_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "climbers", "play", "--game", "clamber", "--idle-probe"],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert "cpu of a still table:" in done.stdout, done.stdout + done.stderr[-300:]
    assert not list(tmp_path.glob("last-clamber*.json")), "the probe's board is not a saved game"


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--seed", "3"], "--seed is for The Climbers"),
        (["--players", "teal,red"], "--players is for The Climbers"),
        (["--text"], "--text is for The Climbers"),
        (["--position", "nowhere.json"], "nowhere.json: does not exist"),
    ],
)
def test_flags_clamber_cannot_use_are_refused_in_one_line(
    flags: list[str], said: str, tmp_path: Path
) -> None:
    env = {**os.environ, "CLIMBERS_DATA_DIR": str(tmp_path), "CLIMBERS_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "climbers", "play", "--game", "clamber", *flags],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
