"""The table that hosts every game: the choice of game, and the chosen game's own table (its
shell, found through the registry), one at a time, as the two states of a screen machine."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, cast

from ursina import application, destroy

from climbers.app.games_screen import GamesScreen
from climbers.app.network_seat import NOT_IN_WINDOW, NetworkPlay
from climbers.app.network_table import NetworkTable
from climbers.app.screen_machine import Screen, ScreenMachine
from climbers.app.screens.join_screen import JoinScreen
from climbers.app.settings import Settings, save_settings
from climbers.games.registry import game, tables
from climbers.io.language import _, say

WAYS = {
    "Off": ("Games", "Game"),
    "Games": ("Game", "Join"),
    "Join": ("Games", "Game"),
    "Game": ("Games", "Game"),
}
"""The choice of game leads to a game's table, whose menu leads back to the choice, and to Join
a game, which leads to the table of the game joined."""


class GameTable(Protocol):
    """What the host asks of a game's table (its shell): built with the settings, where games
    are saved and pictures written, and the way back to the choice of game."""

    settings: Settings

    def show_menu(self) -> None:
        """Show the game's new-game screen."""
        ...

    def recover(self, line: str) -> None:
        """After an unexpected fault: say `line` and show the last good state again."""
        ...

    def close(self) -> None:
        """Take the game's table away."""
        ...

    def game_saved(self) -> bool:
        """Whether the game being played is on disk as it stands."""
        ...


class Host:
    """Which game is on the table: the games screen, or one game's table."""

    def __init__(
        self, settings: Settings, save_path: Path | None = None, shot_path: Path | None = None
    ) -> None:
        self.settings = settings
        self.save_path = save_path
        self.shot_path = shot_path
        self.table: GameTable | None = None
        """The shell of the game on the table, when one is."""
        self.screens = ScreenMachine(
            "host",
            {"Games": self._games_screen, "Join": self._join_screen, "Game": self._game_table},
            WAYS,
            self._leave,
        )

    def choose(self) -> None:
        """Show every game as a tile, the one played last framed."""
        self.screens.go("Games")

    def open(self, name: str) -> GameTable:
        """Put the game called `name` on the table and return its shell (ValueError when no
        game has that name)."""
        if game(name).table is None:
            raise ValueError(f"{name} has no table in the window yet")
        self.screens.go("Game", name)
        assert self.table is not None
        return self.table

    def pick(self, name: str) -> None:
        """A tile was clicked: remember the game and show its new-game screen."""
        self.settings = self.settings.with_changes(game=name)
        save_settings(self.settings)
        self.open(name).show_menu()

    def join(self) -> None:
        """Join a game hosted on another computer."""
        self.screens.go("Join")

    def joined(self, play: NetworkPlay) -> None:
        """A seat of a hosted game was taken: its game's table plays it."""
        entry = play.driver.entry
        table = self.open(entry.name)
        if isinstance(table, NetworkTable) and table.plays_across():
            table.join_network(play)
            return
        play.close()
        table.show_menu()
        table.recover(say(NOT_IN_WINDOW, game=_(entry.title)))

    def saved(self) -> bool:
        """Whether a game is on the table and on disk as it stands."""
        return self.table is not None and self.table.game_saved()

    def recover(self, line: str) -> None:
        """After an unexpected fault: the game on the table shows its last good state."""
        if self.table is not None:
            self.table.recover(line)
        else:
            self.screens.recover("Games")

    def _games_screen(self) -> GamesScreen:
        entries = list(tables().values())
        return GamesScreen(entries, self.settings.game, self.pick, application.quit, self.join)

    def _join_screen(self) -> JoinScreen:
        return JoinScreen(self.joined, self.choose)

    def _game_table(self, name: str) -> Screen:
        shell = game(name).load_table()
        assert shell is not None, "open() lets only games with a table in"
        table: GameTable = shell(
            self.settings, save_path=self.save_path, shot_path=self.shot_path, on_games=self.choose
        )
        self.table = table
        # the machine holds the shell as the "Game" state's screen; settings, faults and the
        # language reach it through the host, which asks it as a GameTable
        return cast(Screen, table)

    def _leave(self) -> None:
        """Leaving either state: the games screen or the game's table goes."""
        if self.table is not None:
            self.settings = self.table.settings
            self.table.close()
            self.table = None
        shown = self.screens.screen
        if isinstance(shown, GamesScreen | JoinScreen):
            destroy(shown)
