"""Hand-made positions, rolls on demand, and a checked way to expect a refusal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import pytest

from climbers.klettermax.core import (
    Action,
    Colour,
    Event,
    Face,
    Phase,
    Reason,
    Refused,
    Seat,
    State,
    Turn,
    apply,
    legal_actions,
    new_state,
    roll_dice,
)
from climbers.klettermax.core.components import TILE_SET, default_spots

R, Y, G, B, W = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.WHITE
ALL = (R, Y, G, B, W)


def position(
    towers: Sequence[Iterable[Colour]] = ((), ()),
    tiles: Sequence[Iterable[int]] | None = None,
    chambers: Mapping[int, Iterable[int]] | None = None,
    seat: int = 0,
    phase: Phase = Phase.START,
    beginners: bool = False,
    **turn: object,
) -> State:
    """A validated position: one tower per seat (bottom first) on its default spot, the tiles
    each seat holds, the stacks (top first) of some chambers by number, and the other tiles
    filled into the other chambers in order, three at most to a chamber."""
    held = [tuple(t) for t in tiles] if tiles else [() for _ in towers]
    stacks = {n: tuple(stack) for n, stack in (chambers or {}).items()}
    given = Counter(t for stack in [*held, *stacks.values()] for t in stack)
    rest = sorted((Counter(TILE_SET) - given).elements())
    for n in range(1, 10):
        if n not in stacks:
            stacks[n], rest = tuple(rest[:3]), rest[3:]
    assert not rest, "the chambers do not hold the other tiles"
    spots = default_spots(len(towers))
    return State(
        seed=1,
        beginners=beginners,
        seats=tuple(
            Seat(spot=spot, tower=tuple(tower), tiles=h)
            for spot, tower, h in zip(spots, towers, held, strict=True)
        ),
        chambers=tuple(stacks[n] for n in range(1, 10)),
        turn=Turn.model_validate({"seat": seat, "phase": phase, **turn}),
    )


def rolling(state: State, *faces: Face) -> State:
    """`state` with the dice counter set so that the next roll shows `faces` (in order)."""
    counter = next(n for n in range(10_000) if roll_dice(state.seed, n) == faces)
    return state.model_copy(update={"rolls": counter})


def play(state: State, *actions: Action) -> tuple[State, list[Event]]:
    """Apply actions in order; all their events together."""
    events: list[Event] = []
    for action in actions:
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def refuse(state: State, action: Action, reason: Reason) -> Refused:
    """Apply `action`, expecting a refusal for `reason` that leaves `state` as it was."""
    before = state.model_dump()
    with pytest.raises(Refused) as info:
        apply(state, action)
    assert info.value.reason is reason, info.value
    assert state.model_dump() == before
    return info.value


def random_game(
    seed: int, players: int, beginners: bool = False, limit: int = 5_000
) -> tuple[list[tuple[State, Action]], State]:
    """A game of uniformly random legal actions from its start: each state with the action
    taken in it, and the final state (raises if it runs past `limit` actions)."""
    rng = random.Random(seed)
    state = new_state(players, seed, beginners)
    log: list[tuple[State, Action]] = []
    for _ in range(limit):
        if state.over:
            return log, state
        action = rng.choice(legal_actions(state))
        log.append((state, action))
        state = apply(state, action)[0]
    raise AssertionError(f"seed {seed}: no end after {limit} actions")
