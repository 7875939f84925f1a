"""What completes a lesson: a small closed vocabulary of conditions on a game's history.

A lesson is done when all its conditions hold. Each reads the history of the lesson's session
(game.session.Entry: the action that led to each state), so a condition met once stays
met when play goes on, and undo takes it back.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from climbers.the_climbers.core import (
    Colour,
    GameState,
    MoveBlock,
    MoveClimber,
    PlaceDisk,
    Step,
    ranking,
)
from climbers.the_climbers.core.state import MAX_LEVEL
from climbers.the_climbers.game.session import Entry


def seat_of(state: GameState, colour: Colour) -> int:
    """The seat of the player with `colour`; ValueError when nobody plays that colour."""
    for seat, player in enumerate(state.players):
        if player.colour == colour:
            return seat
    raise ValueError(f"{colour} is not seated in the lesson's position")


def _steps(history: Sequence[Entry[GameState]]) -> Iterator[tuple[GameState, Entry[GameState]]]:
    """Each applied action with the state it was applied to."""
    for before, entry in zip(history, history[1:], strict=False):
        yield before.state, entry


class _Condition(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    player: Colour
    """Whose doing the condition is about."""

    def check(self, start: GameState) -> None:
        """ValueError when the condition names what the lesson's start position lacks."""
        seat_of(start, self.player)

    def met(self, history: Sequence[Entry[GameState]]) -> bool:
        """Whether the condition holds for the history (start first, current state last)."""
        raise NotImplementedError


class ClimberAtLevel(_Condition):
    """The player's Climber stands on `level` or higher."""

    kind: Literal["climber_at_level"] = "climber_at_level"
    level: int = Field(ge=1, le=MAX_LEVEL)

    def met(self, history: Sequence[Entry[GameState]]) -> bool:
        state = history[-1].state
        return bool(state.level(seat_of(state, self.player)) >= self.level)


class ClimberPushed(_Condition):
    """A block move has pushed the player's Climber aside (R17)."""

    kind: Literal["climber_pushed"] = "climber_pushed"

    def met(self, history: Sequence[Entry[GameState]]) -> bool:
        seat = seat_of(history[0].state, self.player)
        return any(
            isinstance(entry.action, MoveBlock)
            and entry.state.players[seat].at != before.players[seat].at
            for before, entry in _steps(history)
        )


class DiskPlaced(_Condition):
    """The player has laid the blocking disk on `block` (R19)."""

    kind: Literal["disk_placed"] = "disk_placed"
    block: str

    def check(self, start: GameState) -> None:
        super().check(start)
        if self.block not in {p.block for p in start.blocks}:
            raise ValueError(f"block {self.block!r} is not in the lesson's position")

    def met(self, history: Sequence[Entry[GameState]]) -> bool:
        return any(
            isinstance(entry.action, PlaceDisk)
            and entry.action.player == self.player
            and entry.action.block == self.block
            for _, entry in _steps(history)
        )


class ReactionMade(_Condition):
    """The player has moved their Climber in an answering move (R13)."""

    kind: Literal["reaction_made"] = "reaction_made"

    def met(self, history: Sequence[Entry[GameState]]) -> bool:
        return any(
            isinstance(entry.action, MoveClimber)
            and entry.action.player == self.player
            and before.step is Step.REACTION
            for before, entry in _steps(history)
        )


class GameWon(_Condition):
    """The game is over and the player alone is first (R22, R23)."""

    kind: Literal["game_won"] = "game_won"

    def met(self, history: Sequence[Entry[GameState]]) -> bool:
        state = history[-1].state
        first = [s.colour for s in ranking(state) if s.place == 1]
        return state.finished and first == [self.player]


Condition = Annotated[
    ClimberAtLevel | ClimberPushed | DiskPlaced | ReactionMade | GameWon,
    Field(discriminator="kind"),
]
"""One condition of a lesson's goal, told apart by its `kind`."""


def goal_reached(done_when: Sequence[Condition], history: Sequence[Entry[GameState]]) -> bool:
    """Whether every condition holds for the history."""
    return all(condition.met(history) for condition in done_when)
