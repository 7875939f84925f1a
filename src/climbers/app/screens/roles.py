"""What a game's shell asks of the screens it shows, whatever the game: the typed seams between
the shared shell (climbers.app.game_shell) and a game's new-game, play and lesson
screens. A game's screens satisfy them structurally."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from climbers.app.screen_machine import Screen
from climbers.session.session import Session

Setup = TypeVar("Setup", covariant=True)
State = TypeVar("State", covariant=True)


class Ending(Protocol):
    """A game's state as the shell reads it: whether the game is over."""

    @property
    def over(self) -> bool: ...


class TableScreen(Screen, Protocol):
    """A screen with a table under the shell's cards: while a card lies over it, it takes no
    input."""

    ignore_input: bool

    def hold_input(self, held: bool) -> None:
        """Take no input while `held` (a card lies over the table)."""
        ...


class PlayingScreen(TableScreen, Protocol[State]):
    """A game being played: its state, its session (which keeps itself on disk) and what Esc
    opens."""

    on_pause: Callable[[], None] | None

    @property
    def state(self) -> State: ...

    @property
    def session(self) -> Session[Any]: ...


class LessonScreen(TableScreen, Protocol[State]):
    """A lesson being taken: the state on its table; Esc opens the pause card too."""

    on_pause: Callable[[], None] | None

    @property
    def state(self) -> State: ...


class MenuScreen(Protocol[Setup]):
    """The new-game screen: the set-up chosen on it, and Start game."""

    @property
    def setup(self) -> Setup: ...

    def start(self) -> None:
        """Start the game chosen (as its Start game button does)."""
        ...
