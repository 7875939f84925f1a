"""The whole game as one frozen, validated, versioned pydantic value (the save format).

Validation rejects every state that cannot arise in play, so a loaded file is a real position.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from climbers.klettermax.core.components import (
    CHAMBERS,
    COLOURS,
    KNIGHTS_PER_COLOUR,
    SEATS,
    TILE_SET,
    TILES_PER_CHAMBER,
    TOWER_HEIGHT,
    WINNING_TILES,
    Colour,
    Spot,
    Tile,
)
from climbers.klettermax.core.dice import SEED_MAX

FORMAT: Final = "klettermax-game"
VERSION: Final = 1
Stack = Annotated[tuple[Tile, ...], Field(max_length=TILES_PER_CHAMBER)]
"""A chamber's tiles, top (face up) first."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Seat(_Frozen):
    """One player: their tower tile's spot, the tower's knights (bottom first) and the treasure
    tiles they hold face down, in the order looted."""

    spot: Spot
    tower: tuple[Colour, ...] = Field(default=(), max_length=TOWER_HEIGHT)
    tiles: tuple[Tile, ...] = Field(default=(), max_length=WINNING_TILES)

    @model_validator(mode="after")
    def _one_of_each(self) -> Seat:
        if len(set(self.tower)) != len(self.tower):
            raise ValueError("a tower holds two knights of one colour (K7)")
        return self

    @property
    def full(self) -> bool:
        """K11: the tower holds a knight of every colour."""
        return len(self.tower) == TOWER_HEIGHT

    def lacks(self, colour: Colour) -> bool:
        """Whether the tower can take a knight of `colour` (K7)."""
        return colour not in self.tower

    @property
    def treasures(self) -> int:
        """K16: the treasures on the tiles held."""
        return sum(self.tiles)


class Phase(StrEnum):
    """Where the turn stands."""

    START = "start"
    """The turn's roll (K6) or flick (K11) is to come; an empty tower may move first (K13)."""
    CHOOSE = "choose"
    """K8, K9: the roller chooses the knights they are owed, one `take` each."""
    AGAIN = "again"
    """K15: the first flick missed; the player may flick again or end."""
    LOOTED = "looted"
    """K12: the flick looted a chamber; the player may move the tower tile or end."""
    OVER = "over"
    """K16: a player holds five tiles."""


class Turn(_Frozen):
    """Whose turn it is and where it stands."""

    seat: int = Field(ge=0, lt=SEATS[1])
    phase: Phase = Phase.START
    choices: int = Field(default=0, ge=0, le=2)
    """K8, K9: knights the roller still chooses (CHOOSE only)."""
    moved: bool = False
    """K13: the tower tile moved at the start of this turn (START only)."""


class State(_Frozen):
    """A game of Burg Klettermax at one moment."""

    format: Literal["klettermax-game"] = FORMAT
    version: Literal[1] = VERSION
    seed: int = Field(ge=0, le=SEED_MAX)
    rolls: int = Field(default=0, ge=0)
    """How many times the dice were rolled: the next roll is roll number `rolls`. Unbounded,
    so that rolling never makes a state the reader refuses (a file's numbers are bounded by
    its reader's digits)."""
    beginners: bool = False
    """K15: the beginners' option, a second flick after a miss."""
    seats: tuple[Seat, ...] = Field(min_length=SEATS[0], max_length=SEATS[1])
    """In clockwise order (K7 passes to the next seat)."""
    chambers: tuple[Stack, ...] = Field(min_length=CHAMBERS, max_length=CHAMBERS)
    """Chamber 1 first; each stack top first, its top tile face up (K4)."""
    turn: Turn

    @model_validator(mode="after")
    def _could_arise(self) -> State:
        problem = _impossibility(self)
        if problem:
            raise ValueError(problem)
        return self

    @property
    def active(self) -> Seat:
        """The seat whose turn it is."""
        return self.seats[self.turn.seat]

    @property
    def over(self) -> bool:
        """K16: whether the game has ended."""
        return self.turn.phase is Phase.OVER

    def supply(self, colour: Colour) -> int:
        """K10: knights of `colour` in the supply, that is not on a tower."""
        return KNIGHTS_PER_COLOUR - sum(colour in s.tower for s in self.seats)

    def choosable(self) -> tuple[Colour, ...]:
        """K8, K9: the colours the active player may choose: lacking on their tower, in the
        supply."""
        return tuple(c for c in COLOURS if self.active.lacks(c) and self.supply(c))


def _impossibility(state: State) -> str | None:
    """Why `state` cannot arise in play, or None."""
    seats, turn = state.seats, state.turn
    spots = [s.spot for s in seats]
    if len(set(spots)) != len(spots):
        return "two tower tiles share a spot"
    if turn.seat >= len(seats):
        return f"turn.seat {turn.seat} is not one of the {len(seats)} seats"
    held = [t for s in seats for t in s.tiles]
    if Counter(held) + Counter(t for stack in state.chambers for t in stack) != Counter(TILE_SET):
        return "the tiles are not the 27 of the game (12 ones, 9 twos, 6 threes)"
    winners = [i for i, s in enumerate(seats) if len(s.tiles) == WINNING_TILES]
    if (turn.phase is Phase.OVER) != bool(winners):
        return "the game ends exactly when a player holds five tiles"
    if winners and (winners != [turn.seat] or state.active.tower):
        return "only the looter of the fifth tile, tower emptied, may hold five tiles"
    if turn.choices and (turn.phase is not Phase.CHOOSE or turn.choices > len(state.choosable())):
        return "knights to choose only while choosing, at most as many as colours to choose"
    if turn.phase is Phase.CHOOSE and not turn.choices:
        return "choosing with no knight to choose"
    if turn.moved and (turn.phase is not Phase.START or state.active.tower):
        return "a tower tile moved this turn holds knights"
    if turn.phase is Phase.AGAIN and not (
        state.beginners and len(state.active.tower) == TOWER_HEIGHT - 1
    ):
        return "a second flick needs the beginners' option and the four knights left"
    if turn.phase is Phase.LOOTED and (state.active.tower or not state.active.tiles):
        return "after a loot the tower is empty and the looter holds a tile"
    return None
