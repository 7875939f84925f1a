"""Hidden information as at the table (K4, K12): what one player sees of the game, and the
games they cannot tell from it."""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from climbers.klettermax.core.components import COLOURS, TILE_SET, Colour, Face
from climbers.klettermax.core.dice import SEED_MAX, draw, roll_dice, shuffled
from climbers.klettermax.core.events import Looted
from climbers.klettermax.core.state import Seat, State, Turn


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
    dice: tuple[Face, Face] | None
    """The last roll's faces as the dice lie (None before the first roll); not those to come."""
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
        dice=_last_roll(state),
        turn=state.turn,
        beginners=state.beginners,
    )


def resample(state: State, viewer: int | None, seed: int) -> State:
    """A game `viewer` cannot tell from `state` (`view_for` is the same): the tiles they may not
    see (every chamber's face-down tiles, others' tiles until the end) shuffled among those
    places, and the dice to come drawn anew (the last roll stays), both from `seed`."""
    hidden = {i for i in range(len(state.seats)) if not _sees_tiles(state, viewer, i)}
    unseen = [t for stack in state.chambers for t in stack[1:]]
    unseen += [t for i in sorted(hidden) for t in state.seats[i].tiles]
    deck = iter(shuffled(seed, "resample", unseen))
    chambers = tuple((*stack[:1], *(next(deck) for _ in stack[1:])) for stack in state.chambers)
    seats = tuple(
        Seat(spot=s.spot, tower=s.tower, tiles=tuple(next(deck) for _ in s.tiles))
        if i in hidden
        else s
        for i, s in enumerate(state.seats)
    )
    return State.model_validate(
        {**dict(state), "seed": _reseeded(state, seed), "seats": seats, "chambers": chambers}
    )


def stand_in(table: TableView, seed: int = 0) -> State:
    """A game whose view for `table.viewer` is `table`: the tiles the viewer cannot see dealt
    from those of the 27 not in sight, in an order fixed by `seed`, and a seed whose last roll
    is the one on the table. A table that knows a game only by a seat's view (across
    computers) draws and checks this."""
    seen = [c.face_up for c in table.chambers if c.face_up is not None]
    seen += [t for s in table.seats if s.treasures is not None for t in s.treasures]
    deck = iter(shuffled(seed, "stand-in", sorted((Counter(TILE_SET) - Counter(seen)).elements())))
    chambers = tuple(
        () if c.face_up is None else (c.face_up, *(next(deck) for _ in range(c.face_down)))
        for c in table.chambers
    )
    seats = tuple(
        Seat(spot=s.spot, tower=s.tower, tiles=s.treasures or [next(deck) for _ in range(s.tiles)])
        for s in table.seats
    )
    rolls = 0 if table.dice is None else 1
    return State(
        seed=_rolling(seed, rolls, table.dice),
        rolls=rolls,
        beginners=table.beginners,
        seats=seats,
        chambers=chambers,
        turn=table.turn,
    )


def _last_roll(state: State) -> tuple[Face, Face] | None:
    return roll_dice(state.seed, state.rolls - 1) if state.rolls else None


def _reseeded(state: State, seed: int) -> int:
    """A game seed drawn from `seed` whose last roll is the one on the table: the dice to come
    drawn anew."""
    return _rolling(seed, state.rolls, _last_roll(state))


def _rolling(seed: int, rolls: int, last: tuple[Face, Face] | None) -> int:
    """A game seed drawn from `seed` whose roll number `rolls - 1` shows `last` (any seed
    before the first roll)."""
    tries = 0
    while True:
        found = draw(seed, "resample dice", tries, SEED_MAX + 1)
        if not rolls or roll_dice(found, rolls - 1) == last:
            return found
        tries += 1


E = TypeVar("E", bound=BaseModel)


def event_for(event: E, viewer: int | None, after: State) -> E:
    """An event of the action that led to `after` as `viewer` sees it: a loot's treasures only
    for the looter, or for everyone once the game is over."""
    if isinstance(event, Looted) and not _sees_tiles(after, viewer, event.seat):
        return event.model_copy(update={"treasures": None})
    return event
