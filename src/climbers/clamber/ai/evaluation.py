"""How good a position looks to a player without searching: material and a won board."""

from __future__ import annotations

from climbers.clamber.core.position import Cells, Nbrs

WIN = 1_000_000
"""A won position's value; a win found `ply` turns ahead scores WIN - ply."""


def material(cells: Cells, sign: int) -> int:
    """The `sign` player's stones in stacks minus the opponent's (their heights' balance)."""
    return sign * sum(cells)


def evaluate(cells: Cells, nbrs: Nbrs, sign: int) -> int:
    """The position's value to the `sign` player, who is to move: its material."""
    return material(cells, sign)
