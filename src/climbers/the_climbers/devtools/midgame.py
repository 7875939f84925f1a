"""Seeded mid-game positions for tests and benchmarks: a generated mountain, then random play.

The play leans upward (Climbers mostly take the highest square they can reach) and places disks
often, so positions have Climbers standing on blocks and disks lying on blocks.
"""

from __future__ import annotations

import random

from climbers.the_climbers.core import (
    GameState,
    MoveClimber,
    Pass,
    PlaceDisk,
    apply,
    disk_targets,
    generate_mountain,
    legal_destinations,
    legal_placements,
    new_game,
    placement_action,
)
from climbers.the_climbers.core.actions import Action
from climbers.the_climbers.core.mountain import Profile
from climbers.the_climbers.core.rules import Step

COLOURS = ("teal", "purple", "yellow", "red", "pink")


def midgame(
    seed: int, players: int = 3, actions: int = 40, profile: Profile = "balanced"
) -> GameState:
    """The position after up to `actions` seeded random actions on mountain `seed`."""
    rng = random.Random(seed)
    state = new_game(generate_mountain(seed, profile=profile), COLOURS[:players], seed=seed)
    for _ in range(actions):
        action = _pick(state, rng)
        after, _ = apply(state, action)
        if after.finished:
            break
        state = after
    return state


def _pick(state: GameState, rng: random.Random) -> Action:
    colour = state.players[state.actor].colour
    step = state.step
    if step in (Step.MOVE, Step.REACTION):
        routes = legal_destinations(state)
        if routes and rng.random() < 0.9:
            if rng.random() < 0.7:
                top = max(r[0].level for r in routes.values())
                squares = sorted(sq for sq, r in routes.items() if r[0].level == top)
            else:
                squares = sorted(routes)
            route = rng.choice(routes[rng.choice(squares)])
            return MoveClimber(player=colour, to=route.to, ladders=route.ladders)
    elif step is Step.BLOCK:
        rows = legal_placements(state)
        if len(rows) and rng.random() < 0.9:
            return placement_action(state, rows[rng.randrange(len(rows))])
    else:
        targets = disk_targets(state)
        if targets and rng.random() < 0.6:
            return PlaceDisk(player=colour, block=rng.choice(targets))
    return Pass(player=colour)
