"""`climbers play --game klettermax` refuses The Climbers' flags and unusable saved games in one
line, before any window opens."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def play(*flags: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {"CLIMBERS_DATA_DIR": str(tmp), "CLIMBERS_CONFIG_DIR": str(tmp), "PATH": ""}
    return subprocess.run(
        [sys.executable, "-m", "climbers", "play", "--game", "klettermax", *flags],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.mark.parametrize("flags", [("--players", "teal,red"), ("--text",), ("--idle-probe",)])
def test_flags_of_other_games_are_refused_in_one_line(tmp_path: Path, flags: tuple[str]) -> None:
    done = play(*flags, tmp=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Burg Klettermax takes --resume" in done.stderr


def test_an_unusable_saved_game_is_named_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "game.json"
    bad.write_text('{"format": "klettermax-saved-game", "players": 7}')
    done = play("--position", str(bad), tmp=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "game.json" in done.stderr and "Traceback" not in done.stderr
