"""Positions met in seeded random games, for the tests that sweep many positions."""

from __future__ import annotations

import random
from functools import cache

from climbers.clamber.core import ClamberRules, ClamberState, apply, legal_turns


@cache
def random_positions(size: int, games: int = 3, every: int = 9) -> tuple[ClamberState, ...]:
    """Every `every`-th position of `games` seeded random games on the `size`-board, and the
    last position of each game."""
    out: list[ClamberState] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = ClamberRules(size).new_state(2, seed)
        while not state.over:
            if state.turn % every == 0:
                out.append(state)
            state = apply(state, rng.choice(legal_turns(state)))[0]
        out.append(state)
    return tuple(out)
