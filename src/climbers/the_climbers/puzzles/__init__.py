"""Climbing puzzles: a position, a target level and a number of turns, played solo, with a
shortest solution proved by exhaustive search."""

from climbers.the_climbers.puzzles.library import (
    PuzzleFileError,
    load_puzzle,
    load_puzzles,
    puzzles_dir,
)
from climbers.the_climbers.puzzles.model import BANDS, Puzzle
from climbers.the_climbers.puzzles.solo import SoloPlay, replay
from climbers.the_climbers.puzzles.solver import Report, Search

__all__ = [
    "BANDS",
    "Puzzle",
    "PuzzleFileError",
    "Report",
    "Search",
    "SoloPlay",
    "load_puzzle",
    "load_puzzles",
    "puzzles_dir",
    "replay",
]
