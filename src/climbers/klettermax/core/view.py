"""Hidden information as at the table (K4, K12): what one player sees of the game."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from climbers.klettermax.core.components import COLOURS, Colour
from climbers.klettermax.core.events import Looted
from climbers.klettermax.core.state import State, Turn


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatView(_View):
    """A seat as a viewer sees it: the tiles' treasures only for their holder or at the end."""

    spot: int
    tower: tuple[Colour, ...]
    tiles: int
    treasures: tuple[int, ...] | None


class ChamberView(_View):
    """A chamber: its face-up tile's treasures (None when empty) and the tiles under it."""

    face_up: int | None
    face_down: int


class TableView(_View):
    """The game as seat `viewer` sees it (None: an onlooker, who sees no one's tiles)."""

    viewer: int | None
    seats: tuple[SeatView, ...]
    chambers: tuple[ChamberView, ...]
    supply: dict[Colour, int]
    turn: Turn
    beginners: bool


def _sees_tiles(state: State, viewer: int | None, seat: int) -> bool:
    """K12, K16: a player's tiles lie face down; only they see them, and everyone at the end."""
    return state.over or viewer == seat


def view_for(state: State, viewer: int | None) -> TableView:
    """What `viewer` sees: others' tiles as counts only, chambers' face-down tiles as counts;
    at the end every player's tiles are revealed."""
    return TableView(
        viewer=viewer,
        seats=tuple(
            SeatView(
                spot=s.spot,
                tower=s.tower,
                tiles=len(s.tiles),
                treasures=s.tiles if _sees_tiles(state, viewer, i) else None,
            )
            for i, s in enumerate(state.seats)
        ),
        chambers=tuple(
            ChamberView(face_up=stack[0] if stack else None, face_down=max(len(stack) - 1, 0))
            for stack in state.chambers
        ),
        supply={c: state.supply(c) for c in COLOURS},
        turn=state.turn,
        beginners=state.beginners,
    )


E = TypeVar("E", bound=BaseModel)


def event_for(event: E, viewer: int | None, after: State) -> E:
    """An event of the action that led to `after` as `viewer` sees it: a loot's treasures only
    for the looter, or for everyone once the game is over."""
    if isinstance(event, Looted) and not _sees_tiles(after, viewer, event.seat):
        return event.model_copy(update={"treasures": None})
    return event
