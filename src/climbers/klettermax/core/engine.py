"""The rules K5–K16: a new game, the legal actions, and applying one action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from climbers.klettermax.core.actions import Action, End, Flick, MoveTower, Roll, Take
from climbers.klettermax.core.components import (
    CHAMBERS,
    JESTER,
    KNIGHTS_PER_COLOUR,
    SEATS,
    SPOTS,
    WINNING_TILES,
    Colour,
    default_spots,
)
from climbers.klettermax.core.dice import SEED_MAX, deal_tiles, roll_dice, starting_seat
from climbers.klettermax.core.errors import Place, Reason, Refused
from climbers.klettermax.core.events import (
    Event,
    Flicked,
    GameEnded,
    KnightPassed,
    KnightReturned,
    KnightStacked,
    Looted,
    NobodyCanUse,
    Rolled,
    TileTurnedUp,
    TowerMoved,
    TurnStarted,
)
from climbers.klettermax.core.state import Phase, Seat, State, Turn

FLICKS: Final[tuple[Flick, ...]] = (
    *(Flick(rest="chamber", chamber=n) for n in range(1, CHAMBERS + 1)),
    Flick(rest="wall"),
    Flick(rest="outside"),
)
"""Every resting place of a flick, without an aim; which one happens is the physics' business.
A flick with any aim is as legal as the same flick without one: the core records the aim and
never judges it."""


def new_state(players: int, seed: int, beginners: bool = False, first: int | None = None) -> State:
    """K4, K5: tiles dealt and the starting seat chosen from `seed` (or given as `first`, as
    the players agreed); towers on distinct default spots. `beginners` turns on the option
    K15."""
    if not SEATS[0] <= players <= SEATS[1]:
        raise ValueError(f"Burg Klettermax is for {SEATS[0]} to {SEATS[1]} players, not {players}")
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"a seed is a whole number from 0 to {SEED_MAX}")
    if first is not None and not 0 <= first < players:
        raise ValueError(f"the first player is a seat from 0 to {players - 1}, not {first}")
    return State(
        seed=seed,
        beginners=beginners,
        seats=tuple(Seat(spot=spot) for spot in default_spots(players)),
        chambers=deal_tiles(seed),
        turn=Turn(seat=starting_seat(seed, players) if first is None else first),
    )


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action the player to act may take, in a fixed order; empty once the game is over."""
    seat, turn = state.active, state.turn
    match turn.phase:
        case Phase.START if seat.full:
            return FLICKS
        case Phase.START:
            moves = () if seat.tower or turn.moved else _moves(state)
            return (Roll(), *moves)
        case Phase.CHOOSE:
            return tuple(Take(colour=c) for c in state.choosable())
        case Phase.AGAIN:
            return (*FLICKS, End())
        case Phase.LOOTED:
            return (*_moves(state), End())
    return ()


def _moves(state: State) -> tuple[MoveTower, ...]:
    taken = {s.spot for s in state.seats}
    return tuple(MoveTower(spot=n) for n in range(1, SPOTS + 1) if n not in taken)


def refusal(state: State, action: Action) -> Refused | None:
    """Why `action` is not allowed now, or None when it is legal."""
    turn, seat = state.turn, state.active
    tower = (Place("tower", turn.seat),)
    if turn.phase is Phase.OVER:
        return Refused(Reason.GAME_OVER)
    if turn.phase is Phase.CHOOSE and not isinstance(action, Take):
        # nothing is at fault: the colours to choose are the way on, marked as such by the table
        return Refused(Reason.MUST_CHOOSE, (), {"choices": turn.choices})
    match action:
        case Roll() | End() if turn.phase is Phase.START and seat.full:
            return Refused(Reason.MUST_FLICK, tower)
        case End() if turn.phase is Phase.START:
            return Refused(Reason.MUST_ROLL)
        case Roll() if turn.phase is not Phase.START:
            return Refused(Reason.TURN_PLAYED)
        case Take() if turn.phase is not Phase.CHOOSE:
            return Refused(Reason.NO_CHOICE)
        case Take(colour=colour) if not seat.lacks(colour):
            return Refused(Reason.COLOUR_ON_TOWER, (Place("colour", colour.value),))
        case Flick() if turn.phase is Phase.LOOTED:
            return Refused(Reason.TURN_PLAYED)
        case Flick() if turn.phase is Phase.START and not seat.full:
            return Refused(Reason.TOWER_NOT_FULL, tower, {"knights": len(seat.tower)})
        case MoveTower() if seat.tower:
            return Refused(Reason.TOWER_NOT_EMPTY, tower, {"knights": len(seat.tower)})
        case MoveTower() if turn.moved:
            return Refused(Reason.ALREADY_MOVED, (Place("spot", seat.spot),))
        case MoveTower(spot=spot) if spot == seat.spot:
            return Refused(Reason.SAME_SPOT, (Place("spot", spot),))
        case MoveTower(spot=spot) if spot in (spots := [s.spot for s in state.seats]):
            return Refused(Reason.SPOT_TAKEN, (Place("spot", spot),), {"seat": spots.index(spot)})
    return None


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after `action` and the events it caused; raises Refused, leaving `state` as it
    was, when the action is not allowed."""
    problem = refusal(state, action)
    if problem is not None:
        raise problem
    match action:
        case Roll():
            return _roll(state)
        case Take(colour=colour):
            return _take(state, colour)
        case Flick():
            return _flick(state, action)
        case MoveTower(spot=spot):
            return _move(state, spot)
    return _next_turn(state, ())


def ranking(state: State) -> tuple[int, ...]:
    """K16: each seat's place by treasures, 1 for the most; equal totals share a place."""
    totals = [s.treasures for s in state.seats]
    return tuple(1 + sum(other > mine for other in totals) for mine in totals)


def _evolve(state: State, **changes: object) -> State:
    """A validated copy of `state` with fields replaced."""
    return State.model_validate({**dict(state), **changes})


def _with_seat(state: State, **changes: object) -> tuple[Seat, ...]:
    """The seats with the active one's fields replaced."""
    seats = list(state.seats)
    seats[state.turn.seat] = Seat.model_validate({**dict(state.active), **changes})
    return tuple(seats)


def _next_turn(
    state: State, events: Sequence[Event], **changes: object
) -> tuple[State, tuple[Event, ...]]:
    """End the turn: the next seat clockwise starts theirs."""
    seat = (state.turn.seat + 1) % len(state.seats)
    after = _evolve(state, turn=Turn(seat=seat), **changes)
    return after, (*events, TurnStarted(seat=seat))


def _supply(towers: Sequence[Sequence[Colour]], colour: Colour) -> int:
    return KNIGHTS_PER_COLOUR - sum(colour in t for t in towers)


def _usable(towers: Sequence[Sequence[Colour]], colour: Colour) -> bool:
    """K8: whether some player can use a shield of `colour`."""
    return _supply(towers, colour) > 0 and any(colour not in t for t in towers)


def _deal(towers: list[list[Colour]], roller: int, colour: Colour) -> list[Event]:
    """K7, K10: one shield's knight stacked by the roller, or passed clockwise to the first
    tower lacking its colour, or round the table and back to the supply."""
    if not _supply(towers, colour):
        return []
    events: list[Event] = []
    for step in range(len(towers)):
        seat = (roller + step) % len(towers)
        if colour not in towers[seat]:
            towers[seat].append(colour)
            return [*events, KnightStacked(seat=seat, colour=colour)]
        to_seat = (seat + 1) % len(towers)
        events.append(KnightPassed(from_seat=seat, to_seat=to_seat, colour=colour))
    return [*events, KnightReturned(seat=roller, colour=colour)]


def _roll(state: State) -> tuple[State, tuple[Event, ...]]:
    """K6–K10."""
    roller = state.turn.seat
    faces = roll_dice(state.seed, state.rolls)
    events: list[Event] = [Rolled(seat=roller, faces=faces)]
    shields = [Colour(face) for face in faces if face != JESTER]
    towers = [list(s.tower) for s in state.seats]
    rolls = state.rolls + 1
    if not any(_usable(towers, c) for c in shields):  # K8, or K9's two jesters
        choices = min(len(shields) or 1, len(state.choosable()))
        events.append(NobodyCanUse(seat=roller, choices=choices))
        turn = Turn(seat=roller, phase=Phase.CHOOSE, choices=choices)
        return _evolve(state, rolls=rolls, turn=turn), tuple(events)
    for colour in shields:
        events += _deal(towers, roller, colour)
    seats = tuple(
        s.model_copy(update={"tower": tuple(t)}) for s, t in zip(state.seats, towers, strict=True)
    )
    return _next_turn(state, events, rolls=rolls, seats=seats)


def _take(state: State, colour: Colour) -> tuple[State, tuple[Event, ...]]:
    """K8, K9: one chosen knight stacked."""
    seats = _with_seat(state, tower=(*state.active.tower, colour))
    events = (KnightStacked(seat=state.turn.seat, colour=colour),)
    if state.turn.choices > 1:
        turn = state.turn.model_copy(update={"choices": state.turn.choices - 1})
        return _evolve(state, seats=seats, turn=turn), events
    return _next_turn(state, events, seats=seats)


def _flick(state: State, action: Flick) -> tuple[State, tuple[Event, ...]]:
    """K12, K15, K16."""
    index, seat, chamber = state.turn.seat, state.active, action.chamber
    top = seat.tower[-1]
    stack = state.chambers[chamber - 1] if chamber else ()
    flicked = Flicked(
        seat=index, colour=top, rest=action.rest, chamber=chamber, hit=bool(stack), aim=action.aim
    )
    if chamber is None or not stack:  # K12: a miss
        seats = _with_seat(state, tower=seat.tower[:-1])
        missed = (flicked, KnightReturned(seat=index, colour=top))
        if state.beginners and state.turn.phase is Phase.START:
            turn = Turn(seat=index, phase=Phase.AGAIN)
            return _evolve(state, seats=seats, turn=turn), missed
        return _next_turn(state, missed, seats=seats)
    chambers = list(state.chambers)
    chambers[chamber - 1] = stack[1:]
    seats = _with_seat(state, tower=(), tiles=(*seat.tiles, stack[0]))
    events: list[Event] = [flicked, Looted(seat=index, chamber=chamber, treasures=stack[0])]
    if stack[1:]:
        events.append(TileTurnedUp(chamber=chamber, treasures=stack[1]))
    events += (KnightReturned(seat=index, colour=c) for c in reversed(seat.tower))
    over = len(seats[index].tiles) == WINNING_TILES
    after = _evolve(
        state,
        seats=seats,
        chambers=tuple(chambers),
        turn=Turn(seat=index, phase=Phase.OVER if over else Phase.LOOTED),
    )
    if over:
        treasures = tuple(s.treasures for s in after.seats)
        events.append(GameEnded(places=ranking(after), treasures=treasures))
    return after, tuple(events)


def _move(state: State, spot: int) -> tuple[State, tuple[Event, ...]]:
    """K12, K13: the empty tower tile moves; after a loot that ends the turn."""
    index = state.turn.seat
    seats = _with_seat(state, spot=spot)
    events = (TowerMoved(seat=index, from_spot=state.active.spot, to_spot=spot),)
    if state.turn.phase is Phase.LOOTED:
        return _next_turn(state, events, seats=seats)
    turn = state.turn.model_copy(update={"moved": True})
    return _evolve(state, seats=seats, turn=turn), events
