"""Menu -> game -> end screen -> again / menu, with F1 rules over the game, in a real window."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import destroy

from climbers.app.game import PlayScreen
from climbers.app.game_setup import GameSetup
from climbers.app.settings import Settings
from climbers.app.shell import Shell
from climbers.core import GameState, Step

pytestmark = pytest.mark.display


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))

    def make_play(state: GameState, settings: Settings) -> PlayScreen:
        return PlayScreen(state, symbols=settings.colour_symbols, sound=settings.sound)

    made = Shell(make_play, Settings(animation_speed=4.0), GameSetup(seed=3))
    yield made
    made._clear()
    destroy(made)
    app.step()


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def test_menu_game_rules_end_and_back(app: Any, shell: Shell) -> None:
    shell.show_menu()
    frames(app)
    assert shell.menu is not None and shell.play is None
    shell.menu.start()
    frames(app)
    assert shell.menu is None and shell.play is not None
    assert shell.play.state.rules == GameSetup(seed=3).rules()

    shell.input("f1")
    assert shell.help.enabled and shell.help.current is not None
    assert shell.help.current.key == "move"
    shell.input("f1")
    assert not shell.help.enabled

    session = shell.play.session
    while not session.state.finished:
        session.done()
    deadline = time.monotonic() + 5
    while shell.end is None and time.monotonic() < deadline:
        app.step()
    assert shell.end is not None, "the end screen follows the last move"
    assert shell.end.headline.text.endswith("share the win.")

    shell.input("f1")
    assert shell.help.current is not None and shell.help.current.key == "end"
    shell.input("f1")

    shell.end.again_button.on_click()
    frames(app)
    assert shell.end is None and shell.play is not None
    assert shell.setup.seed == 4, "play again moves a random mountain to the next seed"
    assert not shell.play.state.finished and shell.play.state.step is Step.MOVE

    shell.show_settings()
    assert shell.panel is not None
    shell.panel.sound.flip()
    assert shell.settings.sound is False and shell.play.sounds.enabled is False
    shell.panel.close()
    assert shell.panel is None

    shell.show_menu()
    frames(app)
    assert shell.menu is not None and shell.play is None
