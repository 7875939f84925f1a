"""What every game's new-game screen shares: its title over "New game", the line saying why a
game cannot start, Start game, and the row of buttons along the foot (the screen's own ways:
lessons, demo, rules, settings, the last game, quit) with All games at the top left."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from ursina import Color, Entity, Text, color

from climbers.app.panels.widgets import (
    ACCENT,
    MUTED,
    WARN,
    Choice,
    Screen,
    button,
    label,
    plain,
    sign,
)
from climbers.io.language import _

FOOT = -0.41
"""The height of the row of buttons."""
SEAT_LEFT = -0.38
"""Where the rows of the card begin: the players' signs and names, the rows' titles."""
T = TypeVar("T")
Go = Callable[[], None] | None
"""Where a button leads (None: not offered on this table)."""


@dataclass(frozen=True)
class MenuWays:
    """Where the new-game screen's buttons lead, as the game's shell offers them."""

    settings: Go = None
    resume: Go = None
    replay: Go = None
    quit: Go = None
    games: Go = None
    """All games: back to the choice of game."""
    demo: Go = None
    learn: Go = None
    rules: Go = None
    sandbox: Go = None
    puzzles: Go = None
    open: Callable[[str], None] | None = None
    """Opens the saved game at the path typed on the screen."""


ONLY_START = MenuWays()
"""A new-game screen with Start game alone (a test's, a demo's)."""


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

    def __init__(self, ways: MenuWays, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ways = ways

    def add_heading(self, title: str) -> None:
        """The game's name, large, over "New game"."""
        heading = plain(Text(title, parent=self, y=0.43, origin=(0, 0), scale=2.6))
        heading.color = color.white
        subtitle = plain(Text(_("New game"), parent=self, y=0.37, origin=(0, 0), scale=1.1))
        subtitle.color = MUTED

    def add_seat_row(
        self,
        y: float,
        tint: Color,
        name: str,
        holders: Sequence[tuple[T, str]],
        holder: T,
        square: bool = False,
    ) -> Choice[T]:
        """A seat's row at height `y`: its sign of colour `tint` (a disc, or a square) and its
        name at the left of the card, then the choice of who holds it (given)."""
        sign(self, SEAT_LEFT + 0.03, y, tint, square)
        label(self, name, SEAT_LEFT + 0.08, y, 1.1)
        return Choice(self, holders, holder, 0.18, y, width=0.4)

    def add_foot(
        self, start: Callable[[], None], ways: Sequence[Way], problem_y: float = -0.33
    ) -> list[Any]:
        """The problem line, Start game, the game's own `ways` and the ways every game has; the
        buttons of `ways` are returned in order (None for a way not offered)."""
        every = self.ways
        self.problem = plain(Text("", parent=self, y=problem_y, origin=(0, 0), color=WARN))
        self.start_button = button(self, _("Start game"), 0.13, FOOT, start, 0.26, ACCENT)
        offered = [self._offer(way) for way in ways]
        self.settings_button = self._offer(Way(_("Settings"), -0.13, every.settings, 0.18))
        self.resume_button = self._offer(Way(_("Continue last game"), 0.45, every.resume, 0.3))
        self.replay_button = self._offer(Way(_("Replay last game"), 0.45, every.replay, 0.3))
        self.quit_button = self._offer(Way(_("Quit"), 0.73, every.quit, 0.18))
        self.games_button = None
        if every.games is not None:  # top left, back to the choice of game
            self.games_button = button(self, _("All games"), -0.74, 0.43, every.games, 0.2)
        return offered

    def _offer(self, way: Way) -> Any:
        if way.action is None:
            return None
        return button(self, way.text, way.x, FOOT, way.action, way.width)
