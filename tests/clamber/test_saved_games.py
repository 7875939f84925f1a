"""Clamber's saved games (docs/FILE-FORMAT.md, "Clamber saved games"): a game saved after every
turn comes back with its whole history and its bots; a file that cannot be used is refused in
one line naming the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from climbers.clamber.core import ClamberRules
from climbers.clamber.game.session import (
    ClamberSession,
    PlayDriver,
    SavedGameProblem,
    open_saved,
    save_to,
)

EXAMPLE = """{"format": "clamber-saved-game", "version": 1, "size": 3, "turn_limit": 300, "seed": 0,
 "turns": ["place C3", "place D4", "C3=D4"], "bots": {"red": "greedy"}}"""


def test_the_documented_example_opens_with_its_history_and_its_bot(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(EXAMPLE)
    session = open_saved(path)
    assert session.log == ["place C3", "place D4", "C3=D4"] and session.bots == {1: "greedy"}
    assert session.state.over and session.state.result is not None
    assert session.state.result.winner == 0


def test_a_game_saved_after_every_turn_comes_back_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "last.json"
    session = ClamberSession(ClamberRules(4).new_state(2, 3), save_to(path), bots={0: "random"})
    for turn in ("place D4", "place C3", "place E5"):
        session.act(ClamberRules(4).parse_action(turn))
    again = open_saved(path)
    assert again.state == session.state and again.log == session.log
    assert again.bots == {0: "random"} and again.start == session.start


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[]", "not a saved Clamber game"),
        ('{"format": "clamber-saved-game", "version": 2}', "version"),
        ('{"format": "clamber-saved-game", "version": 1, "size": 5}', "size"),
        ('{"format": "clamber-saved-game", "version": 1, "bots": {"green": "greedy"}}', "bots"),
        ('{"format": "clamber-saved-game", "version": 1, "turns": ["place Z9"]}', "turn 1"),
        (
            '{"format": "clamber-saved-game", "version": 1, "turns": ["place C3", "place C3"]}',
            "turn 2 ('place C3') does not fit",
        ),
        ('{"format": "clamber-saved-game", "version": 1, "extra": 1}', "extra"),
    ],
)
def test_a_file_that_cannot_be_used_is_named_in_one_line(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SavedGameProblem, match="bad.json") as caught:
        open_saved(path)
    assert problem in str(caught.value) and "\n" not in str(caught.value)


def test_undo_against_a_bot_goes_back_to_the_last_turn_a_person_played() -> None:
    session = ClamberSession(ClamberRules(3).new_state(2, 0), bots={1: "greedy"})
    driver = PlayDriver(session)
    assert not driver.undo(), "nothing played yet"
    for turn in ("place C3", "place A1", "place E5", "place A3"):
        driver.act(ClamberRules(3).parse_action(turn))
    assert driver.undo() and session.log == ["place C3", "place A1"]
    assert driver.redo() is not None and session.log == [
        "place C3",
        "place A1",
        "place E5",
        "place A3",
    ]
