"""A game longer than the longest log a file holds (MAX_LOG actions) is still saved and
continued: the file keeps the last MAX_LOG actions, from the state before them."""

from __future__ import annotations

from pathlib import Path

import pytest

from climbers.the_climbers.ai import GreedyBot
from climbers.the_climbers.core import generate_mountain, new_game
from climbers.the_climbers.game.session import GameSession, save_to
from climbers.the_climbers.io import files, load_saved, recorded


def test_a_game_longer_than_a_file_holds_keeps_its_last_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "MAX_LOG", 30)
    path = tmp_path / "game.json"
    session = GameSession(new_game(generate_mountain(2), ["teal", "red", "pink"], seed=2))
    session.saver = save_to(path)
    bot = GreedyBot(2)
    while len(session.log) < 45 and not session.state.finished:
        session.act(bot.choose(session.state))
    assert len(session.log) == 45
    saved = load_saved(path)
    assert saved.state == session.state
    assert saved.log == tuple(session.log[-30:])
    assert saved.start == session.history[-31].state
    assert GameSession.resume(saved).state == session.state


def test_a_game_within_the_bound_keeps_its_whole_log() -> None:
    states = list(range(6))
    log = ["a", "b", "c", "d", "e"]
    assert recorded(states, log) == (0, tuple(log))
