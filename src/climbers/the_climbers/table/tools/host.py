"""The narrow interfaces a tool and the bots get from their screen: the position, the pieces on
the table, a voice; the bots may also act. A tool never acts: what a gesture makes (an action,
an edit) goes back to the screen, which submits it."""

from __future__ import annotations

from typing import Protocol

from ursina import Vec3

from climbers.the_climbers.core import Action, GameState, IllegalAction
from climbers.the_climbers.table.view import Hand


class Pieces(Protocol):
    """What a tool may do with the pieces: take a block into the hand and put it back, and
    find the Climber whose marker, or whose figure, is drawn at a pixel."""

    def hold(self, block: str, rot: int, position: Vec3) -> Hand: ...

    def release(self) -> None: ...

    def marker_at(self, pixel: tuple[float, float]) -> int | None: ...

    def figure_at(self, pixel: tuple[float, float], reach: float = ...) -> int | None: ...


class Table(Protocol):
    """What a tool may use of its screen."""

    @property
    def state(self) -> GameState:
        """The position the tool works on."""
        ...

    @property
    def pieces(self) -> Pieces:
        """The pieces on the table."""
        ...

    def say(self, text: str, bad: bool = False) -> None:
        """A hint for the player ('' clears it); `bad` for problems."""

    def refuse(self, refusal: IllegalAction) -> None:
        """Show why an action was refused, with the squares at fault."""

    def tip(self, text: str) -> None:
        """A label beside the pointer ('' hides it)."""

    def forget_refusal(self) -> None:
        """A new try begins: take the last refusal's marks away."""


class GameTable(Table, Protocol):
    """A table where the game is played: the bots send actions to the core."""

    def act(self, action: Action) -> bool:
        """Send `action` to the core; True when it applied (else the refusal is shown)."""
        ...
