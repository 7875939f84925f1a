"""The action log in saved games: replaying it from the start reproduces every state exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from climbers.io.resources import assets_dir
from climbers.session.driver import Refused
from climbers.the_climbers.core import Colour, generate_mountain, legal_actions, new_game
from climbers.the_climbers.game.replay import replay as replay_of
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import (
    FileProblem,
    SavedGame,
    dumps,
    load_saved,
    loads_saved,
    save_game,
)
from test_playthrough import choose, rules_for

GAMES = settings(max_examples=30, derandomize=True, database=None, deadline=None)


def random_session(seed: int, players: int, preset: str, steps: int = 400) -> GameSession:
    rules = rules_for(preset, players, bridges=seed % 2 == 0, reaction_ladders=seed % 3 == 0)
    start = new_game(generate_mountain(seed % 40), list(Colour)[:players], rules=rules, seed=seed)
    session = GameSession(start)
    rng = random.Random(seed)
    while not session.state.finished and len(session.log) < steps:
        session.act(choose(session.state, rng, len(session.log)))
    return session


@GAMES
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 5),
    preset=st.sampled_from(["2018", "classic-2008"]),
)
def test_replaying_the_saved_log_reproduces_every_state(
    seed: int, players: int, preset: str
) -> None:
    session = random_session(seed, players, preset)
    saved = loads_saved(dumps(session.state, session.start, session.log))
    assert saved == SavedGame(session.state, session.start, tuple(session.log))
    watched = replay_of(saved)
    states = [watched.state]
    while watched.redo() is not None:
        states.append(watched.state)
    assert states == [e.state for e in session.history]
    assert watched.session.actions == session.actions
    assert all("\n" not in c and c for c in watched.captions)


def test_a_replay_is_a_driver_stepping_forward_and_back_through_the_game() -> None:
    session = random_session(3, 3, "2018", steps=30)
    replay = replay_of(SavedGame(session.state, session.start, tuple(session.log)))
    assert not replay.undo() and replay.state == session.start and replay.index == 0
    seen, animated = [replay.state], []
    while (events := replay.redo()) is not None:
        seen.append(replay.state)
        animated.append(events)
    assert seen == [e.state for e in session.history]
    assert animated == [list(e.events) for e in session.history[1:]], "redo hands back events"
    assert replay.position == f"{len(session.log)} / {len(session.log)}"
    for expected in reversed(seen[:-1]):
        assert replay.undo() and replay.state == expected, "back crosses turns and players"
    assert replay.seek(10**6) == session.state and replay.seek(-5) == session.start
    with pytest.raises(Refused):
        replay.act(session.actions[0])
    with pytest.raises(Refused):
        replay.done()
    assert replay.state == session.start and replay.session.can_redo


def test_a_finished_game_caption_names_the_winner() -> None:
    session = random_session(5, 2, "2018", steps=10**6)
    assert session.state.finished
    last = replay_of(SavedGame(session.state, session.start, tuple(session.log))).captions[-1]
    assert "Game over:" in last and ("wins at level" in last or "share the win" in last)


def test_autosaved_file_grows_by_one_action_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = random_session(8, 4, "classic-2008", steps=5)
    session.saver = lambda s: save_game(s.state, path, s.start, s.log)
    logs = []
    for _ in range(6):
        session.act(legal_actions(session.state)[0])
        logs.append(load_saved(path).log)
    assert all(b[:-1] == a for a, b in zip(logs, logs[1:], strict=False))


def test_version_1_positions_still_load_without_history() -> None:
    data = json.loads((assets_dir() / "positions" / "example.json").read_text())
    assert data["version"] == 1
    saved = loads_saved(json.dumps(data))
    assert saved.start is None and saved.log == ()
    assert GameSession.resume(saved).state == saved.state


def saved_data() -> dict[str, object]:
    session = random_session(11, 3, "2018", steps=40)
    data: dict[str, object] = json.loads(dumps(session.state, session.start, session.log))
    return data


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d.pop("start"), 'needs its "start"'),
        (lambda d: d.pop("log"), "log: must be a list"),
        (lambda d: d.update(log="teal pass"), "log: must be a list"),
        (lambda d: d.update(log=[1, 2]), "log: must be a list"),
        (lambda d: d["log"].insert(0, "teal fly 1,2"), "log[0]: not an action"),
        (lambda d: d["log"].insert(0, "import os"), "log[0]: not an action"),
        (lambda d: d["log"].insert(3, d["log"][3]), "log[4]:"),
        (lambda d: d["log"].pop(), "the log leads to another state"),
        (lambda d: d["start"].update(tick=-1), "start.tick"),
        (lambda d: d["start"].update(start={}), "start.start: is not a field of this file"),
    ],
)
def test_bad_logs_are_one_line_problems(edit: object, expected: str) -> None:
    data = saved_data()
    edit(data)  # type: ignore[operator]
    with pytest.raises(FileProblem) as info:
        loads_saved(json.dumps(data), "g.json")
    line = str(info.value)
    assert "\n" not in line and line.startswith("g.json: ") and expected in line
