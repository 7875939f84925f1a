"""The compiled solver (`puzzles.fast.FastSearch`) against the reference (`puzzles.solver.Search`)
and against trying every turn through the core: the same shortest number of turns, the same
"none within N", and solutions the core accepts (R9–R12 walks, R14–R18 block moves, R17
pushes). `scripts/bench` runs both on the band-3 puzzles and prints the speed-up."""

from __future__ import annotations

import random

import pytest

from climbers.the_climbers.core import GameState, MoveClimber, apply, legal_destinations
from climbers.the_climbers.puzzles import Puzzle, load_puzzles
from climbers.the_climbers.puzzles.fast import FastSearch
from climbers.the_climbers.puzzles.generator import position
from climbers.the_climbers.puzzles.solo import replay
from climbers.the_climbers.puzzles.solver import Report, Search
from test_puzzles import reaches_in_one_turn, tiny

SEEDS = range(200)
"""Generated positions checked at one turn (small mountains of 6 to 10 blocks)."""
DEEPER = (3, 8, 15, 45, 61)
"""Seeds of positions checked two turns deep as well (the reference takes seconds there)."""


def plays(state: GameState, report: Report, target: int) -> bool:
    """Whether a report's solution, played through the core, reaches the target."""
    for action in report.solution:
        state = apply(state, action)[0]
    return state.level(0) >= target


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


@pytest.mark.rule("R9")
@pytest.mark.rule("R17")
@pytest.mark.parametrize("seed", SEEDS)
def test_one_turn_agrees_on_generated_positions(seed: int) -> None:
    state = position(seed, (6, 10))
    for start in (state, mid_turn(state, seed)):
        for target in targets(start):
            reference = Search(start, 0, target).run(1)
            fast = FastSearch(start, 0, target).run(1)
            assert fast.turns == reference.turns, (seed, start.turn.step, target)
            assert fast.complete and (fast.turns is None or plays(start, fast, target))


@pytest.mark.parametrize("seed", DEEPER)
def test_two_turns_agree_on_generated_positions(seed: int) -> None:
    state = position(seed, (6, 10))
    for target in targets(state):
        reference = Search(state, 0, target).run(2)
        fast = FastSearch(state, 0, target).run(2)
        assert fast.turns == reference.turns, (seed, target)
        assert fast.turns is None or plays(state, fast, target)


@pytest.mark.parametrize(
    ("ladders", "target"), [((), 2), ((), 3), (("short",), 3), (("short",), 4), (("tall",), 5)]
)
def test_one_turn_agrees_with_trying_everything(ladders: tuple[str, ...], target: int) -> None:
    state = tiny(ladders)
    found = FastSearch(state, 0, target).run(1).turns == 1
    assert found == reaches_in_one_turn(state, target)


@pytest.mark.parametrize("puzzle", [p for _, p in load_puzzles()], ids=lambda p: p.title)
def test_shipped_puzzles_agree(puzzle: Puzzle) -> None:
    state, seat, target = puzzle.position, puzzle.seat, puzzle.target
    fewer = FastSearch(state, seat, target).run(puzzle.turns - 1)
    assert fewer.turns is None and fewer.complete
    if puzzle.turns <= 2:  # the reference is quick here; band 3 is compared in scripts/bench
        assert Search(state, seat, target).run(puzzle.turns - 1).turns is None
        found = FastSearch(state, seat, target).run(puzzle.turns)
        assert found.turns == puzzle.turns
        replay(puzzle.model_copy(update={"solution": tuple(str(a) for a in found.solution)}))
