"""A save that fails never ends a game: the session goes on, tells its listeners, says once why
saving fails, retries with the next action, and says when saving works again."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from climbers.the_climbers.core import GameState, Pass, generate_mountain, new_game
from climbers.the_climbers.core.events import Event
from climbers.the_climbers.game.autosave import autosaver
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import load_saved


def game() -> GameState:
    return new_game(generate_mountain(5), ["teal", "red"], first=0, seed=5)


def pass_once(session: GameSession) -> None:
    session.act(Pass(player=session.state.players[session.state.actor].colour))


class Watch:
    """What a client sees: every change of state, and every change of the save problem."""

    def __init__(self, session: GameSession) -> None:
        self.ticks: list[int] = []
        self.problems: list[str | None] = []
        session.subscribe(self.changed)
        session.watch_saving(self.problems.append)

    def changed(self, state: GameState, events: list[Event]) -> None:
        self.ticks.append(state.tick)


def test_an_unwritable_data_folder_never_ends_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(blocker / "climbers"))
    session = GameSession(game(), saver=autosaver())
    watch = Watch(session)
    for _ in range(3):
        pass_once(session)
    assert session.state.tick == 3 and watch.ticks == [1, 2, 3]
    assert session.save_problem is not None and len(watch.problems) == 1
    assert watch.problems[0] == session.save_problem
    assert session.save_problem.startswith("Saving the game failed (")
    assert "\n" not in session.save_problem and len(session.save_problem) <= 200
    assert session.undo() and watch.ticks[-1] == 2
    assert len(watch.problems) == 1, "the same problem is told once"


def test_a_full_disk_is_told_once_and_recovery_is_told_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    session = GameSession(game(), saver=autosaver())
    watch = Watch(session)
    pass_once(session)
    saved = tmp_path / "last-game.json"
    assert load_saved(saved).state.tick == 1

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as disk:
        disk.setattr(os, "fsync", full_disk)
        pass_once(session)
        pass_once(session)
    assert watch.ticks == [1, 2, 3]
    assert watch.problems == [
        "Saving the game failed (No space left on device); "
        "play goes on, and the next action tries again."
    ]
    assert load_saved(saved).state.tick == 1, "the last good save stays"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".lock") == [saved.name]
    pass_once(session)
    assert session.save_problem is None and watch.problems[-1] is None
    assert load_saved(saved).state == session.state


def test_a_failure_before_anyone_watches_is_told_to_the_first_watcher_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table saves a game as it takes it on, before its screen watches: that first failure is
    told to the screen that comes to watch, once, and not to the screens after it."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(blocker / "climbers"))
    session = GameSession(game(), saver=autosaver())
    session.save()
    assert session.save_problem is not None
    first = Watch(session)
    assert first.problems == [session.save_problem]
    session.forget_listeners()
    second = Watch(session)
    pass_once(session)
    assert second.problems == [] and first.problems == [session.save_problem]


def test_a_session_without_a_saver_has_no_save_problem() -> None:
    session = GameSession(game())
    watch = Watch(session)
    pass_once(session)
    assert session.save_problem is None and watch.problems == []


def test_a_failure_naming_a_new_temporary_file_each_time_is_told_once_with_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    session = GameSession(game(), saver=autosaver())
    watch = Watch(session)
    names = iter(range(100))

    def refused(src: object, dst: object) -> None:
        temp = tmp_path / f".last-game.json.{next(names)}.tmp"
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(temp))

    monkeypatch.setattr(os, "replace", refused)
    for _ in range(3):
        pass_once(session)
    assert len(watch.problems) == 1, "told once, although each save names another file"
    assert str(tmp_path.name) in watch.problems[0] and ".tmp" not in watch.problems[0]
