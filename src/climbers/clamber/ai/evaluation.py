"""How good a position looks to a player without searching: material, and the captures each
player has on hand (a stone that can be taken next turn is worth less than its height)."""

from __future__ import annotations

from climbers.clamber.core.position import Cells, Nbrs

WIN = 1_000_000
"""A won position's value; a win found `ply` turns ahead scores WIN - ply."""


def material(cells: Cells, sign: int) -> int:
    """The `sign` player's stones in stacks minus the opponent's (their heights' balance)."""
    return sign * sum(cells)


def _groups(cells: Cells, nbrs: Nbrs) -> tuple[list[int], list[int], list[dict[int, int]]]:
    """Each cell's group (C5) by number, the size of its subgroup, and per group its largest
    subgroup of each height."""
    n = len(cells)
    group, sub = [-1] * n, [0] * n
    largest: list[dict[int, int]] = []
    for i in range(n):
        v = cells[i]
        if not v or group[i] >= 0:
            continue
        group[i] = len(largest)
        members = [i]
        for a in members:
            for b in nbrs[a]:
                if group[b] < 0 and cells[b] * v > 0:
                    group[b] = group[i]
                    members.append(b)
        sizes: dict[int, int] = {}
        for a in members:
            if sub[a]:
                continue
            part, sub[a] = [a], 1
            for c in part:
                for b in nbrs[c]:
                    if not sub[b] and cells[b] == cells[a]:
                        sub[b] = 1
                        part.append(b)
            for c in part:
                sub[c] = len(part)
            h = abs(cells[a])
            sizes[h] = max(sizes.get(h, 0), len(part))
        largest.append(sizes)
    return group, sub, largest


def captures(cells: Cells, nbrs: Nbrs) -> tuple[int, int]:
    """The most material Blue, and Red, gains by one capture (a chain's first): a captured
    stack of height h turns from -h to h + 1 and the rest of its subgroup, of height h each,
    goes (C7); a lower capture takes a lower neighbour (C8), an equal one any stack of its
    height in an enemy group next to it (C9)."""
    group, sub, largest = _groups(cells, nbrs)
    blue = red = 0
    for i, v in enumerate(cells):
        if not v:
            continue
        h, top, seen = abs(v), 0, -1
        for j in nbrs[i]:
            w = cells[j]
            if w * v >= 0:
                continue
            if -h < w < h:
                gain = abs(w) * (sub[j] + 1) + 1
                if gain > top:
                    top = gain
            g = group[j]
            if g != seen:  # a cell's enemy neighbours mostly share a group: skip the repeats
                seen = g
                k = largest[g].get(h, 0)
                if k and h * (k + 1) + 1 > top:
                    top = h * (k + 1) + 1
        if v > 0:
            blue = top if top > blue else blue
        elif top > red:
            red = top
    return blue, red


_NEAR: dict[int, list[int]] = {}
"""Per board (by its number of cells): each cell's neighbours as a bit mask."""


def room(cells: Cells, nbrs: Nbrs) -> tuple[int, int]:
    """The empty cells where Blue, and Red, may place a stone with no enemy stack next to it:
    the places left to play without handing the opponent a capture."""
    near = _NEAR.get(len(cells))
    if near is None:
        near = _NEAR[len(cells)] = [sum(1 << j for j in nbrs[i]) for i in range(len(cells))]
    empty = near_blue = near_red = 0
    for i, v in enumerate(cells):
        if v > 0:
            near_blue |= near[i]
        elif v < 0:
            near_red |= near[i]
        else:
            empty |= 1 << i
    return (empty & ~near_red).bit_count(), (empty & ~near_blue).bit_count()


def evaluate(cells: Cells, nbrs: Nbrs, sign: int) -> int:
    """The position's value to the `sign` player, who is to move (in half stones): its
    material, plus the best capture it can make now (the opponent's best capture waits a turn
    and counts half), plus its room to place safely against the opponent's."""
    blue, red = captures(cells, nbrs)
    safe_blue, safe_red = room(cells, nbrs)
    mine, theirs = (blue, red) if sign > 0 else (red, blue)
    return 2 * material(cells, sign) + 2 * mine - theirs + ROOM * sign * (safe_blue - safe_red)


ROOM = 2
"""Half stones per cell of room to place safely."""
