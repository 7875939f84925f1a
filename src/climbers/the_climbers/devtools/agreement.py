"""Both solvers asked the same questions on generated positions (the agreement tests and
`scripts/bench` use these): small mountains of 6 to 10 blocks, from the start of a turn and from
its block step, for the targets above what one walk reaches."""

from __future__ import annotations

import random
from collections.abc import Iterator

from climbers.the_climbers.core import GameState, MoveClimber, apply, legal_destinations
from climbers.the_climbers.core.solo import pass_others
from climbers.the_climbers.puzzles.fast_search import FastSearch
from climbers.the_climbers.puzzles.generator import position
from climbers.the_climbers.puzzles.solver import Report, Search


def plays(state: GameState, report: Report, target: int, seat: int = 0) -> bool:
    """Whether a report's solution, played through the core (the others passing between the
    player's turns), reaches the target in the report's number of turns."""
    turns = 1
    for action in report.solution:
        state = apply(state, action)[0]
        if state.actor != seat:
            state = pass_others(state, seat)[0]
            turns += 1
    return state.level(seat) >= target and turns <= (report.turns or 0)


def targets(state: GameState) -> range:
    """The targets above where one walk gets, up to two levels over the mountain."""
    best = Search(state, 0, 1).survey(state).best[0]
    return range(best + 1, min(best + 3, int(state.structure.height.max()) + 3))


def mid_turn(state: GameState, seed: int) -> GameState:
    """The position after a first walk to a random square (the block step has come)."""
    routes = sorted(legal_destinations(state).items())
    if not routes:
        return state
    square, options = random.Random(seed).choice(routes)
    walk = MoveClimber(player=state.players[0].colour, to=square, ladders=options[0].ladders)
    return apply(state, walk)[0]


def questions(seed: int) -> Iterator[tuple[GameState, int]]:
    """The generated position of a seed, at the start of a turn and after a first walk, with
    each of its targets."""
    state = position(seed, (6, 10))
    for start in (state, mid_turn(state, seed)):
        for target in targets(start):
            yield start, target


def disagreement(start: GameState, target: int, turns: int) -> str:
    """Both solvers' answers within `turns` turns: '' when they agree (and the compiled
    solver's solution plays), else what differs."""
    reference = Search(start, 0, target).run(turns)
    fast = FastSearch(start, 0, target).run(turns)
    if fast.turns != reference.turns:
        return f"reference {reference.turns} turns, compiled {fast.turns}"
    if fast.turns is not None and not plays(start, fast, target):
        return "the compiled solver's solution does not play"
    return ""
