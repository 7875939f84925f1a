"""The choice of game: a tile for every registered game, the one played last framed and
remembered in the settings, and the way back from a game's menu to the choice."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from climbers.app.games_screen import GamesScreen
from climbers.app.host import Host
from climbers.app.settings import Settings, load_settings
from climbers.games.registry import games, tables

pytestmark = pytest.mark.display


@pytest.fixture
def host(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = Host(Settings(animation_speed=4.0))
    yield made
    made.screens.go("Games")
    made.screens.defaultExit()
    app.step()


def test_every_game_has_a_tile_and_a_click_opens_its_menu(app: Any, host: Host) -> None:
    host.choose()
    app.step()
    screen = host.screens.screen
    assert isinstance(screen, GamesScreen)
    assert [t.entry.name for t in screen.tiles] == list(tables())
    assert all(t.title.text and t.line.text for t in screen.tiles)
    screen.tiles[0].on_click()
    app.step()
    name = screen.tiles[0].entry.name
    assert host.screens.current == "Game" and host.table is not None
    assert host.table.menu is not None, "the game's new-game screen shows"
    assert load_settings().game == name, "the choice is remembered"
    assert host.screens.screen is host.table, "the tiles are gone"
    assert all(t.frame is None for t in screen.tiles), "no game was played before"


def test_the_menu_leads_back_to_the_choice_with_the_last_game_framed(app: Any, host: Host) -> None:
    first = next(iter(tables()))
    host.pick(first)
    app.step()
    menu = host.table.menu
    assert menu.games_button is not None
    menu.games_button.on_click()
    app.step()
    assert host.screens.current == "Games" and host.table is None
    screen = host.screens.screen
    assert isinstance(screen, GamesScreen) and screen.default == first
    assert [t.entry.name for t in screen.tiles if t.frame is not None] == [first]
    screen.input("enter")
    app.step()
    assert host.screens.current == "Game" and host.table.menu is not None


def test_a_game_that_is_not_registered_is_refused_in_one_line(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ValueError, match="no game called 'chess'; choose"):
        host.open("chess")
    name, entry = next(iter(games().items()))
    tableless = {name: replace(entry, table=None)}  # a game whose table is still to come
    monkeypatch.setattr("climbers.app.host.game", tableless.__getitem__)
    with pytest.raises(ValueError, match="has no table in the window yet"):
        host.open(name)
    assert host.screens.current == "Off"


def test_the_host_tells_the_guard_whether_the_game_is_saved(app: Any, host: Host) -> None:
    assert not host.saved(), "no game on the table"
    host.pick(next(iter(tables())))
    app.step()
    assert not host.saved(), "a menu is no game"
    host.table.begin(host.table.setup)
    app.step()
    assert host.saved() == host.table.play.session.saved
