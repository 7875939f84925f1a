"""A recorded game of any game on the table, watched step by step: a driver (see
`climbers.session.driver`) whose redo is Next and whose undo is Back, over a session that holds
the whole recorded game; nothing in it can be played. Each action has a caption, made by the
game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from climbers.io.language import N_
from climbers.session.driver import Refused
from climbers.session.session import Session

Describe = Callable[[Any, Any, Sequence[Any]], str]
"""The game's caption of an action: from the state before it, the action and its events."""

WATCHED = N_("This is a replay: it is watched, not played. Next and Back step through it.")


class ReplayDriver:
    """A recorded game on the table: `redo` steps forward (returning the events to animate),
    `undo` steps back, `seek` jumps; acting is refused."""

    no_undo = N_("This is the start of the game.")

    def __init__(
        self, session: Session[Any], opening: Callable[[Any], str], describe: Describe
    ) -> None:
        """`session` holds the whole recorded game; the replay starts at its beginning."""
        self.session = session
        history = session.history
        self.captions = [opening(history[0].state)] + [
            describe(before.state, entry.action, entry.events)
            for before, entry in zip(history, history[1:], strict=False)
        ]
        """The caption of each point of the game: the start's, then each action's."""
        session.seek(0)

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def index(self) -> int:
        """How many actions have been applied on the table now."""
        return self.session.cursor

    @property
    def last(self) -> int:
        """The index of the game's last point (its number of actions)."""
        return len(self.captions) - 1

    @property
    def caption(self) -> str:
        """The caption of the point shown now."""
        return self.captions[self.index]

    @property
    def position(self) -> str:
        """'12 / 240': actions applied so far out of all."""
        return f"{self.index} / {self.last}"

    def act(self, action: Any) -> list[Any]:
        raise Refused("watched", WATCHED)

    def done(self) -> list[Any]:
        raise Refused("watched", WATCHED)

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    def undo(self) -> bool:
        return self.session.undo(within_turn=False)

    def redo(self) -> list[Any] | None:
        return self.session.redo()

    def seek(self, index: int) -> Any:
        """Go straight to the point after `index` actions (clamped to the game); its state."""
        self.session.seek(max(0, min(self.last, index)))
        return self.state
