"""Positions built from text, for the Clamber tests: `position("C3 r3, D3 b1", "red")`."""

from __future__ import annotations

from climbers.clamber.core import ClamberState, Turn, apply, parse_turn, turn_text
from climbers.clamber.core.board import board
from climbers.clamber.core.position import SIGNS, position_key

SEAT = {"blue": 0, "red": 1}


def position(
    stacks: str, to_move: str = "blue", size: int = 3, earlier: tuple[int, ...] = ()
) -> ClamberState:
    """A game at `stacks` ("C3 r3, D3 b1": cell, colour letter, height) with `to_move` to move.

    Its history is `earlier` (keys of positions seen before) padded with made-up keys to as many
    turns as the stacks need (one more where the turns so far would give the move to the other
    player), then the position itself.
    """
    b = board(size)
    cells = [0] * len(b.names)
    for item in filter(None, (s.strip() for s in stacks.split(","))):
        cell, stack = item.split()
        cells[b.index[cell]] = SIGNS["br".index(stack[0])] * int(stack[1:])
    seat = SEAT[to_move]
    turns = max(len(earlier), sum(abs(v) for v in cells) + 1)
    if turns < len(b.names) and turns % 2 != seat:  # no skip yet: the turns alternate
        turns += 1
    pad = tuple(range(1, turns - len(earlier) + 1))
    history = (*earlier, *pad, position_key(tuple(cells), seat))
    return ClamberState(size=size, cells=tuple(cells), to_move=seat, history=history)


def play(state: ClamberState, *turns: str) -> ClamberState:
    """The state after the turns given as text."""
    for text in turns:
        state = apply(state, parse_turn(text))[0]
    return state


def stacks_text(state: ClamberState) -> str:
    """The board as `position` reads it, in notation order."""
    return ", ".join(f"{c} {'br'[s.owner]}{s.height}" for c, s in state.stacks.items())


def turn_texts(turns: list[Turn]) -> set[str]:
    """The text forms of the turns."""
    return {turn_text(t) for t in turns}
