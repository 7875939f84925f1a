"""The compiled solver (`puzzles.fast_search.FastSearch`) against the reference
(`puzzles.solver.Search`) and against trying every turn through the core: the same shortest
number of turns, the same "none within N", and solutions the core accepts (R9–R12 walks,
R14–R18 block moves, R17 pushes). `scripts/bench` runs both on the band-3 puzzles and prints
the speed-up."""

from __future__ import annotations

import operator

import pytest

from climbers.the_climbers.devtools.agreement import (
    disagreement,
    plays,
    questions,
)
from climbers.the_climbers.puzzles import Puzzle, load_puzzles
from climbers.the_climbers.puzzles.fast_search import FastSearch
from climbers.the_climbers.puzzles.solo import SoloPlay, replay
from climbers.the_climbers.puzzles.solver import Search
from test_puzzles import reaches_in_one_turn, tiny

SEEDS = range(200)
"""Generated positions checked at one turn (small mountains of 6 to 10 blocks)."""
TITLE = operator.attrgetter("title")
DEEPER = range(12)
"""Seeds of positions checked two turns deep as well, from the start of a turn and from its
block step (the reference takes seconds there; `scripts/bench` checks 200)."""


@pytest.mark.rule("R9")
@pytest.mark.rule("R17")
@pytest.mark.parametrize("seed", SEEDS)
def test_one_turn_agrees_on_generated_positions(seed: int) -> None:
    for start, target in questions(seed):
        assert not disagreement(start, target, 1), (seed, start.turn.step, target)


@pytest.mark.parametrize("seed", DEEPER)
def test_two_turns_agree_on_generated_positions(seed: int) -> None:
    for start, target in questions(seed):
        assert not disagreement(start, target, 2), (seed, start.turn.step, target)


@pytest.mark.parametrize("puzzle", [p for _, p in load_puzzles() if p.turns == 3], ids=TITLE)
def test_the_layers_are_compiled(puzzle: Puzzle, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled solver builds its layers itself: the reference's Python never runs."""

    def refused(*_: object) -> None:
        raise AssertionError("the reference's layers were built")

    monkeypatch.setattr(Search, "expand", refused)
    state, seat, target = puzzle.position, puzzle.seat, puzzle.target
    report = FastSearch(state, seat, target, bound=False).run(puzzle.turns - 1)
    assert report.turns is None and report.complete and len(report.layers) == puzzle.turns - 1


@pytest.mark.parametrize("puzzle", [p for _, p in load_puzzles() if p.turns >= 2], ids=TITLE)
def test_the_rest_of_each_solution_takes_the_turns_left(puzzle: Puzzle) -> None:
    """From every point of a stored solution with two turns or fewer left (a turn begun, its
    block step, walk or disk step come), the compiled solver finds a solution in the turns left
    and none in fewer: the puzzle's proof says so (a shorter rest would make a shorter
    solution), and its solution plays."""
    play = SoloPlay(puzzle)
    for action in puzzle.actions():
        play.apply(action)
        if play.solved or play.turns_left > 2:
            continue
        state, left = play.state, play.turns_left
        found = FastSearch(state, puzzle.seat, puzzle.target).run(left)
        assert found.turns == left, (state.turn.step, left)
        assert plays(state, found, puzzle.target, puzzle.seat)
        assert FastSearch(state, puzzle.seat, puzzle.target).run(left - 1).turns is None


@pytest.mark.parametrize(
    ("ladders", "target"), [((), 2), ((), 3), (("short",), 3), (("short",), 4), (("tall",), 5)]
)
def test_one_turn_agrees_with_trying_everything(ladders: tuple[str, ...], target: int) -> None:
    state = tiny(ladders)
    found = FastSearch(state, 0, target).run(1).turns == 1
    assert found == reaches_in_one_turn(state, target)


@pytest.mark.parametrize("puzzle", [p for _, p in load_puzzles()], ids=TITLE)
def test_shipped_puzzles_agree(puzzle: Puzzle) -> None:
    state, seat, target = puzzle.position, puzzle.seat, puzzle.target
    fewer = FastSearch(state, seat, target).run(puzzle.turns - 1)
    assert fewer.turns is None and fewer.complete
    if puzzle.turns <= 2:  # the reference is quick here; band 3 is compared in scripts/bench
        assert Search(state, seat, target).run(puzzle.turns - 1).turns is None
        found = FastSearch(state, seat, target).run(puzzle.turns)
        assert found.turns == puzzle.turns
        replay(puzzle.model_copy(update={"solution": tuple(str(a) for a in found.solution)}))
