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
    Ints,
    _below,
    _census,
    _enterable,
    _fits,
    _mountain,
    _push,
    _step,
    _walk,
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
def turn_ends(
    size: int,
    poses: Ints,
    extents: Ints,
    classes: Ints,
    reps: Ints,
    climbers: Ints,
    me: int,
    mask: int,
    first_walk: bool,
    kids: Ints,
    info: Ints,
) -> int:
    """The positions at the start of the next turn (see the module's text), written to `kids`
    (per row: each block's rotation, x, y, z; each Climber's x + 1, y + 1; the player's ladders
    left) with, in `info`, how each came (the first walk's end: square * 4 + ladders left,
    HOME or TABLE; the block moved, its rotation, x, y, z). Returns how many, or -1 when `kids`
    has too few rows. The arguments are those of `fast.one_turn`."""
    n = len(poses)
    k = len(climbers)
    height, top, bounds, box, cls, surf = _mountain(size, poses, extents, classes)
    lo_x, hi_x, lo_y, hi_y = bounds[0], bounds[1], bounds[2], bounds[3]
    held = np.zeros(n, dtype=np.int64)
    taken = np.zeros(size * size, dtype=np.int64)
    _census(size, top, climbers, me, held, taken, 1)
    cells = size * size * 4
    seen = np.zeros(cells, dtype=np.int64)
    after = np.zeros(cells, dtype=np.int64)
    covered = np.zeros(cells, dtype=np.int64)
    queue = np.zeros(cells + size * size, dtype=np.int64)
    open_table = np.zeros(size * size, dtype=np.int64)
    sources = np.zeros(cells, dtype=np.int64)
    mx, my = climbers[me, 0], climbers[me, 1]
    at = -1 if mx < 0 else mx * size + my
    own = -2 if at < 0 else top[mx, my]
    if at >= 0:
        sources[0] = at * 4 + mask
    if first_walk:
        _walk(
            size,
            height,
            top,
            cls,
            held,
            surf,
            own,
            sources,
            1 if at >= 0 else 0,
            mask if at < 0 else -1,
            box,
            taken,
            EVERYWHERE,
            seen,
            1,
            queue,
            open_table,
        )
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
    near = np.zeros(size * size, dtype=np.int64)
    for s in range(cells):
        if seen[s] == 1:
            q = s // 4
            for d in range(5):
                nx, ny = _step(q // size, q % size, d)
                if 0 <= nx < size and 0 <= ny < size:
                    near[nx * size + ny] = 1
    if at >= 0:
        for d in range(5):
            nx, ny = _step(mx, my, d)
            if 0 <= nx < size and 0 <= ny < size:
                near[nx * size + ny] = 1
    else:  # from the table: every block square beside the table may be stepped on
        for x in range(box[0], box[1] + 1):
            for y in range(box[2], box[3] + 1):
                if height[x, y] > 0:
                    for d in range(4):
                        nx, ny = _step(x, y, d)
                        if 0 <= nx < size and 0 <= ny < size and height[nx, ny] == 0:
                            near[x * size + y] = 1
    work_h, work_t = height.copy(), top.copy()
    lift_h, lift_t = height.copy(), top.copy()
    wcls, wsurf, lsurf, wheld = cls.copy(), surf.copy(), surf.copy(), held.copy()
    apart = climbers.copy()
    apart[me, 0], apart[me, 1] = -1, -1
    pushed = np.empty_like(climbers)
    mine = climbers.copy()
    moved = np.empty_like(climbers)
    mbox = box.copy()
    count = 0
    stamp = 1
    round_ = 0
    for b in range(n):
        r0, bx, by, bz = poses[b, 0], poses[b, 1], poses[b, 2], poses[b, 3]
        bex, bey, bez = extents[b, r0, 0], extents[b, r0, 1], extents[b, r0, 2]
        if held[b] > 0:
            continue  # R14: a Climber stands on it
        resting = False
        for u in range(n):
            if u != b and poses[u, 3] == bz + bez:
                ux, uy, ur = poses[u, 1], poses[u, 2], poses[u, 0]
                if (
                    ux < bx + bex
                    and bx < ux + extents[u, ur, 0]
                    and uy < by + bey
                    and by < uy + extents[u, ur, 1]
                ):
                    resting = True
        if resting:
            continue  # R14: a block rests on it
        for x in range(bx, bx + bex):
            for y in range(by, by + bey):
                lift_h[x, y] = bz
                lift_t[x, y] = _below(poses, extents, n, b, x, y, bz)
                if lift_t[x, y] >= 0:
                    lsurf[lift_t[x, y]] += 1
                work_h[x, y], work_t[x, y] = lift_h[x, y], lift_t[x, y]
        lsurf[b] = 0
        wcls[b] = -1
        for ri in range(reps.shape[1]):
            r = reps[b, ri]
            if r < 0:
                break
            ex, ey, ez = extents[b, r, 0], extents[b, r, 1], extents[b, r, 2]
            c = classes[b, r]
            for x in range(max(0, lo_x - ex), min(size - ex, hi_x + 1) + 1):
                for y in range(max(0, lo_y - ey), min(size - ey, hi_y + 1) + 1):
                    z = lift_h[x, y]
                    if x == bx and y == by and z == bz and ex == bex and ey == bey and c == cls[b]:
                        continue  # it would play as where it was
                    if not _fits(size, lift_h, x, y, ex, ey, z):
                        continue
                    mbox[0] = max(0, min(lo_x, x) - 1)
                    mbox[1] = min(size - 1, max(hi_x + 1, x + ex))
                    mbox[2] = max(0, min(lo_y, y) - 1)
                    mbox[3] = min(size - 1, max(hi_y + 1, y + ey))
                    if not _push(size, lift_t, mbox, x, y, ex, ey, apart, pushed):
                        continue  # R17: no room to push the others aside
                    pushes = False
                    for i in range(k):
                        if pushed[i, 0] != apart[i, 0] or pushed[i, 1] != apart[i, 1]:
                            pushes = True
                    for wx in range(x, x + ex):
                        for wy in range(y, y + ey):
                            work_h[wx, wy] = z + ez
                            work_t[wx, wy] = b
                    for u in range(n):
                        wsurf[u] = lsurf[u]
                        wheld[u] = 0
                    for wx in range(x, x + ex):
                        for wy in range(y, y + ey):
                            if lift_t[wx, wy] >= 0:
                                wsurf[lift_t[wx, wy]] -= 1
                    wsurf[b] = ex * ey
                    wcls[b] = c
                    for i in range(k):
                        if i != me and pushed[i, 0] >= 0:
                            wheld[work_t[pushed[i, 0], pushed[i, 1]]] += 1
                    differs = pushes or (at < 0 and (bz == 0 or z == 0))
                    for u in range(n):
                        if (held[u] > 0 or wheld[u] > 0) and _enterable(
                            u, -2, wcls, wheld, wsurf
                        ) != _enterable(u, -2, cls, held, surf):
                            differs = True
                    if not differs:
                        for wx in range(min(x, bx), max(x + ex, bx + bex)):
                            for wy in range(min(y, by), max(y + ey, by + bey)):
                                inside = (x <= wx < x + ex and y <= wy < y + ey) or (
                                    bx <= wx < bx + bex and by <= wy < by + bey
                                )
                                if inside and near[wx * size + wy] == 1:
                                    differs = True
                    round_ += 1
                    for j in range(n_stops if differs else 1):
                        s = stops[j]
                        if s >= 0:
                            q = s // 4
                            if top[q // size, q % size] == b:
                                continue  # R14: the player stands on it
                            if not pushes and covered[s] == round_:
                                continue  # an earlier end's walk after it goes there
                            mine[me, 0], mine[me, 1] = q // size, q % size
                        else:
                            mine[me, 0], mine[me, 1] = -1, -1
                        if not _push(size, lift_t, mbox, x, y, ex, ey, mine, moved):
                            continue
                        if count >= len(kids):
                            return -1
                        row = kids[count]
                        for u in range(n):
                            if u == b:
                                row[4 * u], row[4 * u + 1] = r, x
                                row[4 * u + 2], row[4 * u + 3] = y, z
                            else:
                                row[4 * u], row[4 * u + 1] = poses[u, 0], poses[u, 1]
                                row[4 * u + 2], row[4 * u + 3] = poses[u, 2], poses[u, 3]
                        for i in range(k):
                            row[4 * n + 2 * i] = moved[i, 0] + 1
                            row[4 * n + 2 * i + 1] = moved[i, 1] + 1
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
                        _walk(
                            size,
                            work_h,
                            work_t,
                            wcls,
                            wheld,
                            wsurf,
                            work_t[q // size, q % size],
                            sources,
                            1,
                            -1,
                            mbox,
                            taken,
                            EVERYWHERE,
                            after,
                            stamp,
                            queue,
                            open_table,
                        )
                        for wx in range(mbox[0], mbox[1] + 1):
                            for wy in range(mbox[2], mbox[3] + 1):
                                base = (wx * size + wy) * 4
                                for m in range(4):
                                    if after[base + m] == stamp:
                                        for m2 in range(4):
                                            if m2 & m == m2:
                                                covered[base + m2] = round_
                    for wx in range(x, x + ex):
                        for wy in range(y, y + ey):
                            work_h[wx, wy], work_t[wx, wy] = lift_h[wx, wy], lift_t[wx, wy]
        for x in range(bx, bx + bex):
            for y in range(by, by + bey):
                lift_h[x, y], lift_t[x, y] = height[x, y], top[x, y]
                work_h[x, y], work_t[x, y] = height[x, y], top[x, y]
        for u in range(n):
            lsurf[u] = surf[u]
        wcls[b] = cls[b]
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


@njit(cache=True)
def walk_keys(
    size: int, rows: Ints, n: int, me: int, extents: Ints, classes: Ints, keys: Ints
) -> None:
    """Per row of `turn_ends`, what its turn plays like: the row with the player's square and
    ladders replaced by every (square, ladders left) its first walk may end on, as bits
    (`keys`: one row each, 64 bits an entry). Two positions alike in this play alike: a
    turn's options follow from its first walk's ends."""
    k = (rows.shape[1] - 1 - 4 * n) // 2
    cells = size * size * 4
    seen = np.zeros(cells, dtype=np.int64)
    queue = np.zeros(cells + size * size, dtype=np.int64)
    open_table = np.zeros(size * size, dtype=np.int64)
    sources = np.zeros(1, dtype=np.int64)
    poses = np.empty((n, 4), dtype=np.int64)
    climbers = np.empty((k, 3), dtype=np.int64)
    for i in range(len(rows)):
        row = rows[i]
        for b in range(n):
            for j in range(4):
                poses[b, j] = row[4 * b + j]
        for c in range(k):
            climbers[c, 0], climbers[c, 1] = row[4 * n + 2 * c] - 1, row[4 * n + 2 * c + 1] - 1
            climbers[c, 2] = c
        mask = row[4 * n + 2 * k]
        height, top, bounds, box, cls, surf = _mountain(size, poses, extents, classes)
        held = np.zeros(n, dtype=np.int64)
        taken = np.zeros(size * size, dtype=np.int64)
        _census(size, top, climbers, me, held, taken, 1)
        mx, my = climbers[me, 0], climbers[me, 1]
        stamp = i + 1
        if mx >= 0:
            sources[0] = (mx * size + my) * 4 + mask
        _walk(
            size,
            height,
            top,
            cls,
            held,
            surf,
            -2 if mx < 0 else top[mx, my],
            sources,
            1 if mx >= 0 else 0,
            mask if mx < 0 else -1,
            box,
            taken,
            EVERYWHERE,
            seen,
            stamp,
            queue,
            open_table,
        )
        out = keys[i]
        out[:] = 0
        w = 0
        for j in range(4 * n + 2 * k):
            if j != 4 * n + 2 * me and j != 4 * n + 2 * me + 1:
                out[w // 8] |= row[j] << (8 * (w % 8))
                w += 1
        base = (w + 7) // 8
        if mx < 0:
            out[base] |= 1 << 63 | mask  # on the table: the table is a start of its own
        for s in range(cells):
            if seen[s] == stamp:
                out[base + 1 + s // 63] |= 1 << (s % 63)
