"""What happened when an action applied: the client animates and captions these."""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from climbers.the_climbers.core.components import Colour
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.state import LadderKind, Placement

Sq = tuple[int, int]


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ClimberMoved(_Event):
    """A Climber walked a path (start first), possibly up ladders or over a bridge."""

    kind: Literal["climber_moved"] = "climber_moved"
    player: Colour
    path: tuple[Sq, ...]
    ladders: tuple[LadderKind, ...]
    from_level: int
    to_level: int
    reaction: bool = False
    bridge: bool = False


class ClimberPushed(_Event):
    """A Climber slid aside on its block to make room for a landing block (R17)."""

    kind: Literal["climber_pushed"] = "climber_pushed"
    player: Colour
    from_square: Sq
    to_square: Sq


class BlockMoved(_Event):
    """A block was lifted from one pose and put down in another."""

    kind: Literal["block_moved"] = "block_moved"
    player: Colour
    block: str
    before: Placement
    after: Placement


class DiskPlaced(_Event):
    """A blocking disk was put on a block (R19)."""

    kind: Literal["disk_placed"] = "disk_placed"
    player: Colour
    block: str


class DiskRemoved(_Event):
    """A blocking disk left the game as its owner's turn began (R19)."""

    kind: Literal["disk_removed"] = "disk_removed"
    player: Colour
    block: str


class Passed(_Event):
    """A player skipped a step."""

    kind: Literal["passed"] = "passed"
    player: Colour
    step: Step


class TurnStarted(_Event):
    """A new turn began."""

    kind: Literal["turn_started"] = "turn_started"
    player: Colour
    number: int


class Standing(NamedTuple):
    """One player in the ranking (R23): colour, level reached and place (ties share a place)."""

    colour: Colour
    level: int
    place: int


class GameEnded(_Event):
    """The game is over (R22); ranking best first, ties share a place (R23)."""

    kind: Literal["game_ended"] = "game_ended"
    ranking: tuple[Standing, ...]


Event = Annotated[
    ClimberMoved
    | ClimberPushed
    | BlockMoved
    | DiskPlaced
    | DiskRemoved
    | Passed
    | TurnStarted
    | GameEnded,
    Field(discriminator="kind"),
]
