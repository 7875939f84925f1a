"""The hexagonal boards (C1) and their cell notation and neighbours (C2)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SIZES = (3, 4)
"""Cells per side of the standard board and of the larger option (C1)."""


@dataclass(frozen=True)
class Board:
    """One board size: its cells in notation order and each cell's neighbours, by index."""

    size: int
    names: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]


def _row_numbers(size: int, row: int) -> range:
    """The cell numbers of a row (0 is row A): 1..size+row above the middle, then shifted."""
    if row < size:
        return range(1, size + row + 1)
    return range(row - size + 2, 2 * size)


@cache
def board(size: int) -> Board:
    """The board with `size` cells per side: rows A.. from the top, numbered as C2 says."""
    if size not in SIZES:
        raise ValueError(f"a board has 3 or 4 cells per side, not {size}")
    coords = [(r, c) for r in range(2 * size - 1) for c in _row_numbers(size, r)]
    names = tuple(f"{chr(ord('A') + r)}{c}" for r, c in coords)
    at = {rc: i for i, rc in enumerate(coords)}
    steps = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, 1))
    neighbours = tuple(
        tuple(at[(r + dr, c + dc)] for dr, dc in steps if (r + dr, c + dc) in at) for r, c in coords
    )
    return Board(size, names, {n: i for i, n in enumerate(names)}, neighbours)
