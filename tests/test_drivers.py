"""Play, lessons and puzzles are drivers of one protocol (climbers.session.driver), and the
table screen acts, undoes and redoes only through its driver."""

from __future__ import annotations

from pathlib import Path

import pytest

from climbers.io.progress import load_progress
from climbers.session.driver import Driver
from climbers.the_climbers.core import (
    IllegalAction,
    MoveClimber,
    generate_mountain,
    legal_actions,
    new_game,
)
from climbers.the_climbers.game.session import GameSession, PlayDriver
from climbers.the_climbers.lessons import Course, LessonDriver, load_lessons
from climbers.the_climbers.puzzles import SoloPlay, load_puzzles
from climbers.the_climbers.puzzles.solo import NO_UNDO, PuzzleDriver


def drivers(tmp_path: Path) -> list[Driver]:
    course = Course(load_lessons(), load_progress(tmp_path / "progress.json"))
    course.start(course.lessons[0].id)
    _, puzzle = load_puzzles()[0]
    game = GameSession(new_game(generate_mountain(3), ["teal", "red"], seed=3, first=0))
    return [PlayDriver(game), LessonDriver(course), PuzzleDriver(SoloPlay(puzzle))]


def test_every_mode_drives_the_same_way(tmp_path: Path) -> None:
    for driver in drivers(tmp_path):
        before = driver.state
        colour = before.players[before.actor].colour
        wrong = MoveClimber(player=colour, to=(-5, -5))
        with pytest.raises(IllegalAction):
            driver.act(wrong)
        assert driver.state == before, type(driver).__name__
        events = driver.act(legal_actions(before)[-1])
        assert events and driver.state != before, type(driver).__name__


def test_every_mode_undoes_and_redoes_an_action(tmp_path: Path) -> None:
    for driver in drivers(tmp_path):
        start = driver.state
        assert not driver.can_undo, type(driver).__name__
        events = driver.act(legal_actions(start)[-1])
        after = driver.state
        assert driver.can_undo, f"{type(driver).__name__}: the Undo button is live"
        assert driver.undo() and driver.state == start, type(driver).__name__
        assert not driver.can_undo, f"{type(driver).__name__}: and greyed again"
        assert driver.redo() == events and driver.state == after, type(driver).__name__
        assert driver.redo() is None


def test_a_puzzle_says_why_there_is_nothing_to_undo_at_its_start(tmp_path: Path) -> None:
    puzzle = drivers(tmp_path)[2]
    assert not puzzle.undo() and puzzle.redo() is None
    assert puzzle.no_undo == NO_UNDO


def test_no_mode_subclasses_a_play_screen() -> None:
    """Lessons and puzzles are modes of a game's one play screen (their drivers and panels),
    never screens of their own: no class of a table package extends a play screen."""
    import importlib
    import inspect
    import pkgutil

    import climbers
    from climbers.app.screens.play_screen import PlayScreen as SharedPlayScreen
    from climbers.the_climbers.table.screens.play_screen import PlayScreen

    extending = []
    for info in pkgutil.walk_packages(climbers.__path__, "climbers."):
        if ".table" not in info.name and ".app" not in info.name:
            continue
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != info.name or cls in (PlayScreen, SharedPlayScreen):
                continue
            if issubclass(cls, (PlayScreen, SharedPlayScreen)):
                extending.append(f"{info.name}.{name}")
    assert not extending
    assert PlayScreen.__subclasses__() == [] and SharedPlayScreen.__subclasses__() == []


def test_clambers_undo_is_live_only_with_a_turn_of_a_person_to_go_back_to() -> None:
    """Clamber's free game undoes whole turns back to a person's: with a bot's turn alone
    played, there is nothing to take back (the Undo button is greyed)."""
    from climbers.clamber.core import RULES as CLAMBER
    from climbers.clamber.game.session import ClamberSession
    from climbers.clamber.game.session import PlayDriver as ClamberDriver

    session = ClamberSession(CLAMBER.new_state(2, 3), bots={0: "random"})
    driver = ClamberDriver(session)
    driver.act(CLAMBER.legal_actions(driver.state)[0])  # the bot's first turn
    assert not driver.can_undo and not driver.undo()
    driver.act(CLAMBER.legal_actions(driver.state)[0])  # the person's
    assert driver.can_undo and driver.undo() and session.cursor == 1
