"""The positions one turn on, compiled: the layers of the compiled proof (`fast.FastSearch`).

`turn_ends` lists, from a position at the start of the player's turn (or at its block step),
the positions at the start of the player's next turn: one per block move and first walk that
play differently. The second walk of a turn is left to the next turn's first walk (nothing
changes in between: the others pass, the disk does nothing), so a next position is the mountain
after the block move with the player where the block step found them (pushed aside, R17, when
the block was put over them). Three savings keep every shortest solution:

- Of two ends of the first walk on one square only the one with more ladders left is kept.
- A block move that changes nothing the first walk may step on (no square it goes over or
  leaves within one step of that walk, no block anyone may enter or not, no Climber pushed)
  is made from where the player stands: the next turn's first walk from there goes wherever
  the walk to another end and the walk after that could.
- Otherwise, walking the ends from the lowest, an end that the walk after the same move from an
  earlier end reaches with as many ladders is left out: the next turn's first walk from the
  earlier end goes there and on. Moves that push a Climber are made from every end.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from climbers.the_climbers.puzzles.fast import (
    LIFT_T,
    SAME,
    WCLS,
    WHELD,
    WORK_H,
    WORK_T,
    WSURF,
    Ints,
    Turn,
    _around,
    _from_player,
    _near,
    _position,
    _push,
    _scratch,
    _set_down,
    _switch,
    _take_off,
    _walk,
    block_moves,
)

HOME, TABLE = -2, -1
"""A next position's first walk in `turn_ends`'s info: none (the move is made from where the
player stands), or staying on the table."""
EVERYWHERE = 1 << 30
"""A target no walk reaches: the walk goes everywhere it can."""


@njit(cache=True)
def _ladder_rank(mask: int) -> int:
    """More ladders first among ends at one height."""
    return -((mask & 1) + (mask >> 1 & 1))


@njit(cache=True)
def turn_ends(turn: Turn, first_walk: bool, kids: Ints, info: Ints) -> int:
    """The positions at the start of the turn after `turn` (see the module's text and
    `fast.Turn`; first_walk as `fast.one_turn`'s), written to `kids` (per row: each block's
    rotation, x, y, z; each Climber's x + 1, y + 1; the player's ladders left) with, in `info`,
    how each came (the first walk's end: square * 4 + ladders left, HOME or TABLE; the block
    moved, its rotation, x, y, z). Returns how many, or -1 when `kids` has too few rows."""
    size, poses, extents, classes, reps, climbers, me, mask = turn
    n = len(poses)
    k = len(climbers)
    mountain, held, taken = _position(size, poses, extents, classes, climbers, me)
    height, top, bounds, box, cls, surf = mountain
    cells = size * size * 4
    seen = np.zeros(cells, dtype=np.int64)
    after = np.zeros(cells, dtype=np.int64)
    covered = np.zeros(cells, dtype=np.int64)
    queue = np.zeros(cells + size * size, dtype=np.int64)
    open_table = np.zeros(size * size, dtype=np.int64)
    sources = np.zeros(cells, dtype=np.int64)
    mx, my = climbers[me, 0], climbers[me, 1]
    at = -1 if mx < 0 else mx * size + my
    if first_walk:
        scratch = (seen, queue, open_table)
        _from_player(size, mountain, held, taken, climbers, me, mask, EVERYWHERE, scratch, 1)
    elif at >= 0:
        seen[at * 4 + mask] = 1
    # the ends of the first walk, lowest first, more ladders first
    stops = np.empty(cells + 1, dtype=np.int64)
    n_stops = 1
    stops[0] = TABLE if at < 0 else at * 4 + mask
    if first_walk:
        for s in range(cells):
            q, m = s // 4, s % 4
            if seen[s] != 1 or taken[q] != 0 or s == stops[0]:
                continue
            dominated = False
            for m2 in range(4):
                if m2 != m and m2 & m == m and seen[q * 4 + m2] == 1:
                    dominated = True
            if not dominated:
                stops[n_stops] = s
                n_stops += 1
    for a in range(1, n_stops):
        for b2 in range(a + 1, n_stops):
            sa, sb = stops[a], stops[b2]
            ha, hb = (
                height[(sa // 4) // size, (sa // 4) % size],
                height[(sb // 4) // size, (sb // 4) % size],
            )
            if (hb, _ladder_rank(sb % 4), sb) < (ha, _ladder_rank(sa % 4), sa):
                stops[a], stops[b2] = sb, sa
    near = _near(size, seen, 1, at, box, height)
    moves = block_moves(
        size, poses, extents, classes, reps, climbers, me, mountain, held, near, at, 0
    )
    grids, per = _scratch(height, top, cls, surf, held)
    apart = climbers.copy()
    apart[me, 0], apart[me, 1] = -1, -1
    pushed, mine, moved = np.empty_like(climbers), climbers.copy(), np.empty_like(climbers)
    spot, mbox = np.empty(6, dtype=np.int64), box.copy()
    count, stamp, lifted = 0, 1, -1
    for m in range(len(moves)):
        b, r, x, y, z = moves[m, 0], moves[m, 1], moves[m, 2], moves[m, 3], moves[m, 4]
        pushes, differs = moves[m, 5] == 1, moves[m, 6] != SAME
        if b != lifted:
            _switch(poses, extents, b, lifted, mountain, grids, per)
            lifted = b
        spot[0], spot[1], spot[2] = x, y, z
        spot[3], spot[4], spot[5] = extents[b, r, 0], extents[b, r, 1], extents[b, r, 2]
        _around(size, bounds, spot, mbox)
        _push(size, grids[LIFT_T], mbox, x, y, spot[3], spot[4], apart, pushed)
        _set_down(b, classes[b, r], spot, grids, per, pushed, me)
        for j in range(n_stops if differs else 1):
            s = stops[j]
            if s >= 0:
                q = s // 4
                if top[q // size, q % size] == b:
                    continue  # R14: the player stands on it
                if not pushes and covered[s] == m + 1:
                    continue  # an earlier end's walk after it goes there
                mine[me, 0], mine[me, 1] = q // size, q % size
            else:
                mine[me, 0], mine[me, 1] = -1, -1
            if not _push(size, grids[LIFT_T], mbox, x, y, spot[3], spot[4], mine, moved):
                continue
            if count >= len(kids):
                return -1
            row = kids[count]
            row[: 4 * n] = poses.ravel()
            row[4 * b], row[4 * b + 1], row[4 * b + 2], row[4 * b + 3] = r, x, y, z
            for i in range(k):
                row[4 * n + 2 * i], row[4 * n + 2 * i + 1] = moved[i, 0] + 1, moved[i, 1] + 1
            row[4 * n + 2 * k] = mask if s < 0 else s % 4
            info[count, 0] = s if differs else HOME
            info[count, 1], info[count, 2], info[count, 3] = b, r, x
            info[count, 4], info[count, 5] = y, z
            count += 1
            if not differs or pushes or s < 0:
                continue
            if moved[me, 0] != mine[me, 0] or moved[me, 1] != mine[me, 1]:
                continue  # the player was pushed: no walk from the end
            # the walk after the move from this end: the ends it reaches are covered
            sources[0] = s
            stamp += 1
            ground = (grids[WORK_H], grids[WORK_T], per[WCLS], per[WHELD], per[WSURF], mbox, taken)
            own = grids[WORK_T, q // size, q % size]
            _walk(size, ground, own, sources, 1, -1, EVERYWHERE, (after, queue, open_table), stamp)
            for wx in range(mbox[0], mbox[1] + 1):
                for wy in range(mbox[2], mbox[3] + 1):
                    base = (wx * size + wy) * 4
                    for ms in range(4):
                        if after[base + ms] == stamp:
                            for m2 in range(4):
                                if m2 & ms == m2:
                                    covered[base + m2] = m + 1
        _take_off(spot, grids)
    return count


@njit(cache=True)
def promise(rows: Ints, n: int, me: int, extents: Ints, target: int) -> Ints:
    """Per row of `turn_ends` (rows of positions), how promising its turn looks for the target:
    the level the player stands on plus the mountain's top level (at most the target)."""
    out = np.empty(len(rows), dtype=np.int64)
    for i in range(len(rows)):
        row = rows[i]
        px, py = row[4 * n + 2 * me] - 1, row[4 * n + 2 * me + 1] - 1
        tallest, standing = 0, 0
        for b in range(n):
            r, x, y, z = row[4 * b], row[4 * b + 1], row[4 * b + 2], row[4 * b + 3]
            up = z + extents[b, r, 2]
            tallest = max(tallest, up)
            if x <= px < x + extents[b, r, 0] and y <= py < y + extents[b, r, 1]:
                standing = max(standing, up)
        out[i] = standing + min(tallest, target)
    return out
