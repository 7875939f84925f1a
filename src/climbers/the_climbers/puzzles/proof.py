"""Re-proving a stored puzzle: its solution plays to the target in its number of turns (checked
on loading) and an exhaustive search finds no solution in fewer turns."""

from __future__ import annotations

from dataclasses import dataclass

from climbers.the_climbers.puzzles.budget import PROOF_SECONDS, SEARCH_MEGABYTES
from climbers.the_climbers.puzzles.fast_search import FastSearch
from climbers.the_climbers.puzzles.model import Puzzle
from climbers.the_climbers.puzzles.solo import replay
from climbers.the_climbers.puzzles.solver import Report


@dataclass(frozen=True)
class Verdict:
    """Whether a puzzle's stated number of turns is its proven minimum, and the proof's size."""

    ok: bool
    problem: str
    """Empty when ok."""
    report: Report


def prove(
    puzzle: Puzzle,
    seconds: float | None = PROOF_SECONDS,
    megabytes: float | None = SEARCH_MEGABYTES,
) -> Verdict:
    """Replay the stored solution, then search every way to play one turn fewer, within
    `seconds` and `megabytes` (a search over either proves nothing and says so)."""
    replay(puzzle)
    fewer = puzzle.turns - 1
    report = FastSearch(puzzle.position, puzzle.seat, puzzle.target).run(fewer, seconds, megabytes)
    if not report.complete:
        spent = f"{seconds:g} s" if report.over == "time" else f"{megabytes:,.0f} MB"
        return Verdict(False, f"over budget: the search needed more than {spent}", report)
    if report.turns is not None:
        problem = f"solved in {report.turns} turns, fewer than the stated {puzzle.turns}"
        return Verdict(False, problem, report)
    return Verdict(True, "", report)
