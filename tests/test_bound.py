"""The lower bound on the block moves a puzzle still needs (`puzzles.bound.moves_needed`): never
more than a solution takes (else the compiled proof would leave out a solution), and strong
enough to leave out most of a three-turn proof (R9–R12 walks, R14–R17 block moves)."""

from __future__ import annotations

import operator

import pytest

from climbers.the_climbers.core import GameState
from climbers.the_climbers.devtools.agreement import questions
from climbers.the_climbers.puzzles import Puzzle, load_puzzles
from climbers.the_climbers.puzzles.bound import moves_needed
from climbers.the_climbers.puzzles.fast_search import FastSearch
from climbers.the_climbers.puzzles.solo import SoloPlay

TITLE = operator.attrgetter("title")


def needed(start: GameState, state: GameState, seat: int, target: int, moves: int) -> int:
    """The bound on a position (the blocks in play those of `start`), `moves` at most."""
    search = FastSearch(start, seat, target)
    size, poses, extents, classes, _, climbers, me, mask = search._turn(search._row(state))
    return int(moves_needed(size, poses, extents, classes, climbers, me, mask, target, moves))


@pytest.mark.rule("R9")
@pytest.mark.rule("R12")
@pytest.mark.rule("R16")
@pytest.mark.parametrize("puzzle", [p for _, p in load_puzzles()], ids=TITLE)
def test_the_bound_allows_every_stored_solution(puzzle: Puzzle) -> None:
    """At every point of a stored solution the bound asks for no more block moves than the
    rest of the solution has turns with a block step."""
    play = SoloPlay(puzzle)
    for action in [None, *puzzle.actions()]:
        if action is not None:
            play.apply(action)
        if play.solved:
            break
        moves = play.turns_left - (play.state.turn.step >= 2)
        bound = needed(puzzle.position, play.state, puzzle.seat, puzzle.target, moves)
        assert bound <= moves, (str(action), play.turn, play.state.turn.step)


@pytest.mark.rule("R17")
@pytest.mark.parametrize("seed", range(40))
def test_the_bound_is_at_most_the_shortest_solution(seed: int) -> None:
    """On generated positions, the bound (fewest moves) is never above the turns a solution
    needs, found by the compiled search without the bound, two turns deep."""
    for start, target in questions(seed):
        report = FastSearch(start, 0, target, bound=False).run(2)
        if report.turns is None:
            continue
        moves = report.turns - (start.turn.step >= 2)
        assert needed(start, start, 0, target, 2) <= moves, (start.turn.step, target)


def test_the_bound_leaves_out_most_of_the_three_turn_proofs() -> None:
    """Re-proving the band-3 puzzles (none in two turns) with the bound makes and walks under a
    fifth of the positions and block moves it takes without."""
    with_bound = without = 0
    for _, p in load_puzzles():
        if p.turns != 3:
            continue
        for bound in (True, False):
            report = FastSearch(p.position, p.seat, p.target, bound=bound).run(2)
            assert report.turns is None and report.complete
            if bound:
                with_bound += report.nodes
            else:
                without += report.nodes
    assert with_bound * 5 < without
