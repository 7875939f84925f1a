"""Positions as the engine and the bots handle them: fast functions on plain tuples.

A position's cells are a tuple of signed heights in notation order: +h is a Blue stack of
height h, -h a Red one, 0 an empty cell. A seat's sign is +1 for Blue (seat 0), -1 for Red.
Internal turns are tuples of cell indices headed by their kind: (PLACE, cell),
(LOWER, by, target), (EQUAL, by, target, target...).
"""

from __future__ import annotations

from collections.abc import Sequence

Cells = tuple[int, ...]
Nbrs = Sequence[Sequence[int]]
Move = tuple[int, ...]

PLACE, LOWER, EQUAL = 0, 1, 2
SIGNS = (1, -1)
"""The sign of each seat's stacks: Blue (seat 0) positive, Red (seat 1) negative."""
_MASK = (1 << 63) - 1


def subgroup(cells: Cells, nbrs: Nbrs, cell: int) -> list[int]:
    """The subgroup (C5) of the stack on `cell`: stacks of its owner and height joined to it."""
    v = cells[cell]
    seen = [cell]
    todo = [cell]
    while todo:
        for j in nbrs[todo.pop()]:
            if cells[j] == v and j not in seen:
                seen.append(j)
                todo.append(j)
    return seen


def capture(cells: Cells, nbrs: Nbrs, target: int) -> tuple[Cells, list[int]]:
    """The cells after the stack on `target` is captured (C7), and the cells emptied: the
    captured stack turns to the other colour, one higher; the rest of its subgroup goes."""
    v = cells[target]
    gone = subgroup(cells, nbrs, target)[1:]
    out = list(cells)
    for j in gone:
        out[j] = 0
    out[target] = -v - (1 if v > 0 else -1)
    return tuple(out), gone


def lower_targets(cells: Cells, nbrs: Nbrs, by: int) -> list[int]:
    """The enemy neighbours the stack on `by` may capture as lower stacks (C8)."""
    v = cells[by]
    if v > 0:
        return [j for j in nbrs[by] if -v < cells[j] < 0]
    return [j for j in nbrs[by] if 0 < cells[j] < -v]


def equal_targets(cells: Cells, nbrs: Nbrs, by: int) -> list[int]:
    """The enemy stacks the stack on `by` may capture as equal stacks (C9): as high as it, in an
    enemy group (C5) next to it, the groups found by a walk from its enemy neighbours."""
    v = cells[by]
    if v == 0 or -v not in cells:
        return []
    todo = [j for j in nbrs[by] if cells[j] * v < 0]
    if not todo:
        return []
    seen = set(todo)
    while todo:
        for j in nbrs[todo.pop()]:
            if j not in seen and cells[j] * v < 0:
                seen.add(j)
                todo.append(j)
    return sorted(t for t in seen if cells[t] == -v)


def _chains(cells: Cells, nbrs: Nbrs, path: Move, out: list[tuple[Move, Cells]]) -> None:
    """Every equal-capture chain going on from `path` (its last cell is the capturing stack)."""
    for t in equal_targets(cells, nbrs, path[-1]):
        child, _ = capture(cells, nbrs, t)
        longer = (*path, t)
        out.append((longer, child))
        _chains(child, nbrs, longer, out)


def chains(cells: Cells, nbrs: Nbrs, sign: int) -> list[tuple[Move, Cells]]:
    """Every equal-capture chain of the `sign` player (C9, C10), each prefix of a chain being
    one, with the cells after it; by capturing stack, then depth first."""
    out: list[tuple[Move, Cells]] = []
    for i, v in enumerate(cells):
        if v * sign > 0:
            _chains(cells, nbrs, (EQUAL, i), out)
    return out


def simple_turns(cells: Cells, nbrs: Nbrs, sign: int) -> list[Move]:
    """Every placement, then every lower capture (C6, C8), of the `sign` player."""
    out: list[Move] = [(PLACE, i) for i, v in enumerate(cells) if v == 0]
    for i, v in enumerate(cells):
        if v * sign > 0:
            out.extend((LOWER, i, t) for t in lower_targets(cells, nbrs, i))
    return out


def turns(cells: Cells, nbrs: Nbrs, sign: int) -> list[Move]:
    """Every turn of the `sign` player (C6–C10): placements, lower captures, then chains."""
    return simple_turns(cells, nbrs, sign) + [m for m, _ in chains(cells, nbrs, sign)]


def play(cells: Cells, nbrs: Nbrs, sign: int, move: Move) -> Cells:
    """The cells after the `sign` player's legal `move`."""
    if move[0] == PLACE:
        i = move[1]
        return (*cells[:i], sign, *cells[i + 1 :])
    for t in move[2:]:
        cells = capture(cells, nbrs, t)[0]
    return cells


def has_turn(cells: Cells, nbrs: Nbrs, sign: int) -> bool:
    """Whether the `sign` player has any turn (C11)."""
    if 0 in cells:
        return True
    return any(
        lower_targets(cells, nbrs, i) or equal_targets(cells, nbrs, i)
        for i, v in enumerate(cells)
        if v * sign > 0
    )


def has_stack(cells: Cells, sign: int) -> bool:
    """Whether the `sign` player has a stack on the board."""
    return any(v * sign > 0 for v in cells)


_KEYS: dict[int, int] = {}
"""Each (cell, stack) code's part of a position key, made when first met (at most 37 cells
times the heights play reaches)."""


def _mix(x: int) -> int:
    """splitmix64's finaliser: a fixed, well-spread 64-bit value for an integer."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def position_key(cells: Cells, to_move: int) -> int:
    """A 63-bit key of the board and the seat to move, the same on every machine and run (C13
    repetition). Two different positions share a key with a chance of about 2**-63."""
    key = _mix(to_move + len(cells) * 2)
    for i, v in enumerate(cells):
        if v:
            code = (i + 1) << 32 | (v & 0xFFFFFFFF)
            part = _KEYS.get(code)
            if part is None:
                part = _KEYS[code] = _mix(code)
            key ^= part
    return key & _MASK
