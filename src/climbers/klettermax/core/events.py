"""What happened when an action applied: the table animates and captions these."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from climbers.klettermax.core.actions import Aim, Rest
from climbers.klettermax.core.components import Colour, Face


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TurnStarted(_Event):
    """A seat's turn began."""

    kind: Literal["turn_started"] = "turn_started"
    seat: int


class Rolled(_Event):
    """K6: the dice showed these faces."""

    kind: Literal["rolled"] = "rolled"
    seat: int
    faces: tuple[Face, Face]


class NobodyCanUse(_Event):
    """K8, K9: the roller chooses this many knights (nobody could use the shields, or two
    jesters)."""

    kind: Literal["nobody_can_use"] = "nobody_can_use"
    seat: int
    choices: int


class KnightStacked(_Event):
    """A knight from the supply went on top of a seat's tower."""

    kind: Literal["knight_stacked"] = "knight_stacked"
    seat: int
    colour: Colour


class KnightPassed(_Event):
    """K7: a knight whose colour a tower already holds went on to the next seat clockwise."""

    kind: Literal["knight_passed"] = "knight_passed"
    from_seat: int
    to_seat: int
    colour: Colour


class KnightReturned(_Event):
    """A knight went back to the supply from a seat: round the table unused (K7), missed
    (K12) or with a looting tower (K12)."""

    kind: Literal["knight_returned"] = "knight_returned"
    seat: int
    colour: Colour


class Flicked(_Event):
    """K12: the top knight was flicked and came to rest there; `hit` when it loots; `aim` as
    recorded in the flick (None when it was not), for the table to show the flight again."""

    kind: Literal["flicked"] = "flicked"
    seat: int
    colour: Colour
    rest: Rest
    chamber: int | None
    hit: bool
    aim: Aim | None = None


class Looted(_Event):
    """K12: a seat took a chamber's face-up tile; `treasures` is None in others' view."""

    kind: Literal["looted"] = "looted"
    seat: int
    chamber: int
    treasures: int | None


class TileTurnedUp(_Event):
    """K12: the next tile in a looted chamber was turned face up."""

    kind: Literal["tile_turned_up"] = "tile_turned_up"
    chamber: int
    treasures: int


class TowerMoved(_Event):
    """K13: a tower tile moved to another spot."""

    kind: Literal["tower_moved"] = "tower_moved"
    seat: int
    from_spot: int
    to_spot: int


class GameEnded(_Event):
    """K16: the game is over; per seat its place (ties share) and treasures, all revealed."""

    kind: Literal["game_ended"] = "game_ended"
    places: tuple[int, ...]
    treasures: tuple[int, ...]


Event = Annotated[
    TurnStarted
    | Rolled
    | NobodyCanUse
    | KnightStacked
    | KnightPassed
    | KnightReturned
    | Flicked
    | Looted
    | TileTurnedUp
    | TowerMoved
    | GameEnded,
    Field(discriminator="kind"),
]
