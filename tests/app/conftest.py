"""One Ursina window for the whole session (under a private Xvfb when DISPLAY is unset)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from climbers.the_climbers.table.screens.table_screen import clear_scene

pytestmark = pytest.mark.display


@pytest.fixture(autouse=True)
def keys_let_go() -> Iterator[None]:
    """Every key a test pressed without letting it go is let go after it: a held arrow would
    pan, or cancel the next test's arrow (a test ran after the puzzles' arrow steps failed)."""
    yield
    from ursina import held_keys

    for key in list(held_keys):
        held_keys[key] = 0


@pytest.fixture(scope="session")
def app() -> Any:
    if shutil.which("Xvfb") is None and not __import__("os").environ.get("DISPLAY"):
        pytest.fail("needs an X display or Xvfb (scripts/test installs xvfb when run as root)")
    from climbers.app.main import GUARD, open_window

    GUARD.reraise = True  # a fault in a test fails it; test_guard turns this off on purpose
    application = open_window(size=(1280, 720))
    for _ in range(3):
        application.step()
    return application


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A shell with its own settings and data folders (test files may define their own)."""
    from climbers.app.settings import Settings
    from climbers.the_climbers.table.shell import Shell

    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = Shell(Settings(animation_speed=4.0))
    yield made
    made.close()
    app.step()


@pytest.fixture
def make_play(app: Any) -> Iterator[Any]:
    """Opens a play screen on mountain 7 (teal, red, yellow; `first` begins); torn down after."""

    from climbers.the_climbers.core import generate_mountain, new_game
    from climbers.the_climbers.table.screens.play_screen import PlayScreen

    def make(first: int = 0) -> Any:
        state = new_game(generate_mountain(7), ["teal", "red", "yellow"], seed=7, first=first)
        screen = PlayScreen(state)
        screen.app = app
        for _ in range(3):
            app.step()
        return screen

    yield make
    clear_scene()


@pytest.fixture
def open_position(app: Any) -> Any:
    """Opens a play screen on a given position; torn down after."""

    from climbers.the_climbers.table.screens.play_screen import PlayScreen

    def make(state: Any) -> Any:
        screen = PlayScreen(state)
        screen.app = app
        for _ in range(3):
            app.step()
        return screen

    yield make
    clear_scene()
