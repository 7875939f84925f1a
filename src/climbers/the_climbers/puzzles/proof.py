"""Re-proving a stored puzzle: its solution plays to the target in its number of turns (checked
on loading) and an exhaustive search finds no solution in fewer turns."""

from __future__ import annotations

from dataclasses import dataclass

from climbers.the_climbers.puzzles.model import Puzzle
from climbers.the_climbers.puzzles.solo import replay
from climbers.the_climbers.puzzles.solver import Report, Search


@dataclass(frozen=True)
class Verdict:
    """Whether a puzzle's stated number of turns is its proven minimum, and the proof's size."""

    ok: bool
    problem: str
    """Empty when ok."""
    report: Report


def prove(puzzle: Puzzle) -> Verdict:
    """Replay the stored solution, then search every way to play one turn fewer."""
    replay(puzzle)
    fewer = puzzle.turns - 1
    report = Search(puzzle.position, puzzle.seat, puzzle.target).run(fewer)
    if report.turns is not None:
        problem = f"solved in {report.turns} turns, fewer than the stated {puzzle.turns}"
        return Verdict(False, problem, report)
    return Verdict(True, "", report)
