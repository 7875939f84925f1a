"""Autosave: where it lives, what it holds, and that a killed game never loses an applied action."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from climbers.core import generate_mountain, legal_actions, new_game
from climbers.game.autosave import autosave_path, autosaver, has_last_game, resume_last
from climbers.game.session import GameSession
from climbers.io import FileProblem, load_saved
from climbers.io.folders import data_dir

DRIVER = Path(__file__).with_name("autosave_driver.py")
KILLS = 25


def test_the_autosave_lives_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    assert autosave_path() == data_dir() / "last-game.json"


def test_resume_continues_with_the_whole_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    assert not has_last_game()
    with pytest.raises(FileProblem, match="does not exist"):
        resume_last()
    session = GameSession(new_game(generate_mountain(4), ["teal", "red", "pink"], seed=4))
    session.saver = autosaver()
    rng = random.Random(4)
    for _ in range(30):
        session.act(rng.choice(legal_actions(session.state)))
    resumed = resume_last()
    assert has_last_game()
    assert resumed.state == session.state and resumed.log == session.log
    assert [e.state for e in resumed.history] == [e.state for e in session.history]
    assert resumed.can_undo() == session.can_undo()


def test_a_killed_game_resumes_without_losing_an_applied_action(tmp_path: Path) -> None:
    """SIGKILL at random points, also in the middle of a save; every resume is whole."""
    env = {**os.environ, "CLIMBERS_DATA_DIR": str(tmp_path)}
    path = tmp_path / "last-game.json"
    rng = random.Random(2024)
    before: list[str] = []
    resumed_games = 0
    for kill in range(KILLS):
        proc = subprocess.Popen(
            [sys.executable, str(DRIVER), str(kill)],
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        assert proc.stdout is not None
        started = int(proc.stdout.readline().split()[1])
        if started:
            assert started == len(before), "the resumed game has every saved action"
            resumed_games += 1
        else:
            before = []
        applied = started
        for _ in range(rng.randint(0, 12)):
            line = proc.stdout.readline()
            if not line:
                break
            applied = int(line.split()[1])
        time.sleep(rng.uniform(0, 0.02))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        if not path.exists():
            assert applied == 0
            continue
        saved = load_saved(path)  # raises on a torn or invalid file
        assert len(saved.log) >= applied, f"kill {kill}: an applied action was lost"
        if applied > started:
            assert list(saved.log[: len(before)]) == before, "the log only grows"
        before = list(saved.log)
    assert resumed_games >= KILLS // 2
