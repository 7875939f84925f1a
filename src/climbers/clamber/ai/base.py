"""What the Clamber bots share: their interface and the position's turns with their results."""

from __future__ import annotations

from typing import Protocol

from climbers.clamber.core import ClamberState, Turn
from climbers.clamber.core.position import SIGNS, Cells, Move, Nbrs, chains, play, simple_turns


class Bot(Protocol):
    """A player: the turn it takes in a position where it is to move (never over)."""

    def choose(self, state: ClamberState) -> Turn: ...


def successors(cells: Cells, nbrs: Nbrs, sign: int) -> list[tuple[Move, Cells]]:
    """Every turn of the `sign` player with the cells after it, in `position.turns` order."""
    out = [(m, play(cells, nbrs, sign, m)) for m in simple_turns(cells, nbrs, sign)]
    return out + chains(cells, nbrs, sign)


def mover(state: ClamberState) -> tuple[Cells, Nbrs, int]:
    """The state's cells, the board's neighbours and the sign of the player to move."""
    if state.over:
        raise ValueError("the game is over: no one is to move")
    return state.cells, state.board.neighbours, SIGNS[state.to_move]
