"""Why an action is refused: a reason code, the places at fault and plain parameters.

Sentences for players are made from these at the edge; the core has no words for players.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Literal, NamedTuple


class Reason(StrEnum):
    """Every reason an action can be refused."""

    GAME_OVER = "game_over"
    MUST_ROLL = "must_roll"
    """K6: the turn starts with a roll (the tower is not full)."""
    MUST_FLICK = "must_flick"
    """K11: a full tower flicks instead of rolling."""
    MUST_CHOOSE = "must_choose"
    """K8, K9: the roller first chooses the knights they are owed."""
    TURN_PLAYED = "turn_played"
    """This turn's roll or flick is done."""
    NO_CHOICE = "no_choice"
    """K8, K9: no knight is owed to choose."""
    COLOUR_ON_TOWER = "colour_on_tower"
    """K7: a tower never holds two knights of one colour."""
    TOWER_NOT_FULL = "tower_not_full"
    """K11: only a tower of five knights flicks."""
    TOWER_NOT_EMPTY = "tower_not_empty"
    """K13: a tower tile moves only while no knight stands on it."""
    ALREADY_MOVED = "already_moved"
    """K13: the tower tile moved once already this turn."""
    SAME_SPOT = "same_spot"
    SPOT_TAKEN = "spot_taken"
    """K12: a tower tile moves to a free spot."""


PlaceKind = Literal["spot", "chamber", "colour", "tower"]


class Place(NamedTuple):
    """Something on the table at fault: a spot or chamber by number, a colour (in the supply),
    or a seat's tower."""

    kind: PlaceKind
    id: int | str


class Refused(Exception):
    """An action not allowed in this position; the state is left unchanged."""

    def __init__(
        self,
        reason: Reason,
        places: tuple[Place, ...] = (),
        params: Mapping[str, int | str] | None = None,
    ) -> None:
        self.reason = reason
        self.places = places
        self.params = dict(params or {})
        text = reason.value
        if places:
            text += " at " + ", ".join(f"{p.kind} {p.id}" for p in places)
        if self.params:
            text += " (" + ", ".join(f"{k}={v}" for k, v in self.params.items()) + ")"
        super().__init__(text)

    def __repr__(self) -> str:
        return f"Refused({self})"
