"""The client's one error boundary: a fault in a handler, a frame update or a timer is logged,
shown in one line, and the game goes on from the last good state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import Entity, destroy, invoke

from climbers.app.main import GUARD
from climbers.app.settings import Settings
from climbers.the_climbers.core import Step
from climbers.the_climbers.game.game_setup import GameSetup
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display


class Injected(RuntimeError):
    """The fault a test plants."""


def boom(*_: object) -> None:
    raise Injected("planted fault")


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(GUARD, "reraise", False)
    made = Shell(Settings(animation_speed=4.0), GameSetup(seed=3))
    monkeypatch.setattr(GUARD, "on_fault", made.recover)
    monkeypatch.setattr(GUARD, "saved", made.game_saved)
    made.begin(GameSetup(seed=3))
    app.step()
    yield made
    made.close()
    app.step()


def test_a_failing_input_handler_is_logged_shown_and_play_goes_on(
    app: Any, shell: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = shell.play
    assert play is not None
    before = play.state
    monkeypatch.setattr(play.climb, "input", boom)
    app.input("left mouse down")
    assert play.state is before, "the state is left as it was"
    assert shell.notice.enabled and shell.notice.text.startswith("Something went wrong")
    assert str(GUARD.log_path) in shell.notice.text
    log = GUARD.log_path.read_text()
    assert "Injected: planted fault" in log and "Traceback" in log
    monkeypatch.undo()
    app.step()
    app.input("space")
    assert play.state.step is Step.BLOCK, "the window still answers"


def test_a_failing_update_and_a_failing_timer_do_not_end_the_game(app: Any, shell: Shell) -> None:
    play = shell.play
    assert play is not None
    faults = GUARD.faults
    broken = Entity(update=boom)
    try:
        for _ in range(3):
            app.step()
    finally:
        destroy(broken)
    invoke(boom, delay=0.01)
    for _ in range(10):
        app.step()
    assert GUARD.faults >= faults + 4, "every frame's fault was caught, and the timer's"
    assert shell.play is play and shell.notice.enabled
    logged = GUARD.log_path.read_text().count("Injected: planted fault")
    assert logged == 2, "the fault of every frame logged once, and the timer's once"


def test_the_fault_line_says_saved_only_when_the_game_is_saved(
    app: Any, shell: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = shell.play
    assert play is not None and play.session.saved
    assert "the game is saved" in GUARD.line()

    def failing(session: object) -> None:
        raise OSError(28, "No space left on device")

    play.session.saver = failing
    play.skip()
    try:
        boom()
    except Exception:
        GUARD.catch()
    assert shell.notice.text.startswith("Something went wrong")
    assert "the game is saved" not in shell.notice.text
