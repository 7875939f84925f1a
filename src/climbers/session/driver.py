"""What a table screen plays through: a free game, a lesson, a puzzle, a replay and the demo are
drivers of this one small protocol, not kinds of screen. The screen asks the driver for the
state, acts through it, and undoes and redoes through it; the driver decides what an action means
in its mode."""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from climbers.session.session import Session

State = TypeVar("State")
"""The game's state."""


class Refused(Exception):
    """An action a mode does not take at all (a replay is not played): a reason code and the
    sentence's template, said by the screen; like a game's refusal, it changes nothing."""

    def __init__(self, reason: str, template: str) -> None:
        super().__init__(template)
        self.reason = reason
        self.template = template
        self.places: tuple[object, ...] = ()


S = TypeVar("S", covariant=True)
"""The game's state."""
A = TypeVar("A", contravariant=True)
"""The game's action."""


class Driver(Protocol[S, A]):
    """One mode of play (a game, a lesson, a puzzle, a replay) as the table screen drives it."""

    @property
    def session(self) -> Session[Any]:
        """The session whose history the screen listens to (captions, saving, bots)."""
        ...

    @property
    def state(self) -> S:
        """The state the table shows."""
        ...

    @property
    def no_undo(self) -> str:
        """Why there is nothing to undo now, as a message template (said by the screen)."""
        ...

    def act(self, action: A) -> list[Any]:
        """Carry out a player's action; the game's refusal leaves everything as it was."""
        ...

    def done(self) -> list[Any]:
        """End the player's own turn; the game's refusal when that is not possible now."""
        ...

    @property
    def can_undo(self) -> bool:
        """Whether `undo` would take anything back now (the Undo button is greyed else)."""
        ...

    def undo(self) -> bool:
        """Take back the player's last step when the mode allows it."""
        ...

    def redo(self) -> list[Any] | None:
        """Step forward again; the events to animate, None when there is nothing to redo."""
        ...


class SessionDriver(Generic[State]):
    """A free game: every action goes to the session, undo stays within the player's turn and
    redo steps forward again. A game's driver says why there is nothing to undo (`no_undo`)."""

    no_undo: str

    def __init__(self, session: Session[State]) -> None:
        self.session = session

    @property
    def state(self) -> State:
        return self.session.state

    def act(self, action: Any) -> list[Any]:
        return self.session.act(action)

    def done(self) -> list[Any]:
        return self.session.done()

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo()

    def undo(self) -> bool:
        return self.session.undo()

    def redo(self) -> list[Any] | None:
        return self.session.redo()
