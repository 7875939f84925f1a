"""What every game's new-game screen shares: its title over "New game", the line saying why a
game cannot start, Start game, and the row of buttons along the foot (the screen's own ways:
lessons, demo, rules, settings, the last game, quit) with All games at the top left."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ursina import Entity, Text, color

from climbers.app.panels.widgets import ACCENT, MUTED, WARN, Screen, button, plain
from climbers.io.language import _

FOOT = -0.41
"""The height of the row of buttons."""


class Way(NamedTuple):
    """A button of the row: its text (translated), where it stands, what it does (None: not
    offered on this table) and its width."""

    text: str
    x: float
    action: Callable[[], None] | None
    width: float


class NewGameCard(Screen):
    """The frame of a game's new-game screen: a game's screen builds its rows between
    `add_heading` and `add_foot`."""

    problem: Text
    start_button: Entity

    def add_heading(self, title: str) -> None:
        """The game's name, large, over "New game"."""
        heading = plain(Text(title, parent=self, y=0.43, origin=(0, 0), scale=2.6))
        heading.color = color.white
        subtitle = plain(Text(_("New game"), parent=self, y=0.37, origin=(0, 0), scale=1.1))
        subtitle.color = MUTED

    def add_foot(
        self,
        start: Callable[[], None],
        ways: Sequence[Way],
        on_settings: Callable[[], None] | None,
        on_resume: Callable[[], None] | None,
        on_replay: Callable[[], None] | None,
        on_quit: Callable[[], None] | None,
        on_games: Callable[[], None] | None,
        problem_y: float = -0.33,
    ) -> list[Any]:
        """The problem line, Start game, the game's `ways` and the ways every game has; the
        buttons of `ways` are returned in order (None for a way not offered)."""
        self.problem = plain(Text("", parent=self, y=problem_y, origin=(0, 0), color=WARN))
        self.start_button = button(self, _("Start game"), 0.13, FOOT, start, 0.26, ACCENT)
        offered = [self._offer(way) for way in ways]
        self.settings_button = self._offer(Way(_("Settings"), -0.13, on_settings, 0.18))
        self.resume_button = self._offer(Way(_("Continue last game"), 0.45, on_resume, 0.3))
        self.replay_button = self._offer(Way(_("Replay last game"), 0.45, on_replay, 0.3))
        self.quit_button = self._offer(Way(_("Quit"), 0.73, on_quit, 0.18))
        self.games_button = None
        if on_games is not None:  # top left, back to the choice of game
            self.games_button = button(self, _("All games"), -0.74, 0.43, on_games, 0.2)
        return offered

    def _offer(self, way: Way) -> Any:
        if way.action is None:
            return None
        return button(self, way.text, way.x, FOOT, way.action, way.width)
