"""One turn of a puzzle, compiled: can it reach the target? (`one_turn`, numba).

The position is a compact copy: a pose (rotation, corner) per block in play, the Climbers'
squares, the player's ladders. `one_turn` answers for every way to play the turn: a first walk
to every square and ladder set, every block move that plays differently (same cells and top
colour class: `distinct_poses`), and a walk after it, breadth-first over (square, ladders left).
The rules are those of the core (R9–R12 walks, R14–R18 block moves, R17 pushes), for positions
without bridges or disks on the mountain (`fast_search.FastSearch` asks the reference there).

What the compiled turn saves, each without losing a solution:

- Every first walk from whose end the block move plays alike (it does not cover the player,
  pushes no Climber off the player's block, and the player's block lets the player in as it
  lets anyone in) leads into one breadth-first walk from all such ends at once; only the others
  are walked one by one.
- A block move is walked after only when the walk after it must differ from a walk before it:
  when it touches (on or beside) a square the first walk may step on, or changes who may enter
  a block, or pushes a Climber, or (from the table) takes a block off the table or puts one on
  it; and when, with no square at the target level on the mountain, it builds one.

The walks, pushes and placements here are shared with the compiled layers (`layers`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from climbers.the_climbers.puzzles.solver import OTHER, OWN

Ints = npt.NDArray[np.int64]
Mountain = tuple[Ints, Ints, Ints, Ints, Ints, Ints]
"""`_mountain`'s maps: height, top block, bounds, box, top colour classes, uncovered squares."""
Turn = tuple[int, Ints, Ints, Ints, Ints, Ints, int, int]
"""A position at the player's turn as the compiled turn takes it (`one_turn`, `layers.turn_ends`):
the table's size; per block in play its pose (rotation, x, y, z); per block and rotation its
world extent and top colour class (OWN, NEUTRAL, OTHER); per block the rotations that play
differently (-1 after the last); the Climbers' rows (x, y, seat), the others on the mountain;
the player's row (x -1: on the table); the player's ladders left (short 1, tall 2)."""
Ground = tuple[Ints, Ints, Ints, Ints, Ints, Ints, Ints]
"""What `_walk` walks on: height and top block per square; per block its top colour class, the
others standing on it and its uncovered squares; the box (x0, x1, y0, y1) holding the mountain
and a ring of table round it; per square the other Climbers on it."""
Scratch = tuple[Ints, Ints, Ints]
"""`_walk`'s scratch rows: per state the stamp of the walk that saw it, the queue, and per
square whether it is open table."""
FOUND_BY_WALK, FOUND_BY_MOVE = 1, 2
"""`one_turn`'s verdicts besides 0 (no turn reaches the target)."""
SAME, NEAR, APART = 0, 1, 2
"""`block_moves`'s verdict on how a move changes the walks: not at all (it changes nothing the
walk before the block step may step on), by touching squares near that walk only, or otherwise
(it pushes a Climber, changes who may enter a block, or from the table takes a block off it or
puts one on it)."""
LIFT_H, LIFT_T, WORK_H, WORK_T = 0, 1, 2, 3
"""`_scratch`'s grids: height and top block with the moved block lifted, and with it put down."""
LSURF, WCLS, WSURF, WHELD = 0, 1, 2, 3
"""`_scratch`'s per-block rows: uncovered squares with the block lifted, and with it put down
its top colour class, uncovered squares and the others standing on it."""


@njit(cache=True)
def _enterable(u: int, own: int, cls: Ints, held: Ints, surf: Ints) -> bool:
    """R10: may the player step onto block u (own: the block it starts the walk on)?"""
    if cls[u] == 2:
        return False
    if u == own:
        return True
    if cls[u] == 1:
        return bool(held[u] < surf[u])
    return bool(held[u] == 0)


@njit(cache=True)
def _walk(
    size: int,
    ground: Ground,
    own: int,
    sources: Ints,
    n_sources: int,
    table_mask: int,
    target: int,
    scratch: Scratch,
    stamp: int,
) -> int:
    """A walk (R9–R12, no bridges) from `sources` (states square * 4 + ladders) and, when
    `table_mask` >= 0, from the table with those ladders: the first state found standing at
    `target` or higher on a square no other Climber holds, or -1. The states it sees are marked
    `stamp` in the scratch's first row."""
    height, top, cls, held, surf, box, taken = ground
    seen, queue, open_table = scratch
    n = 0
    for i in range(n_sources):
        s = sources[i]
        if seen[s] != stamp:
            seen[s] = stamp
            queue[n] = s
            n += 1
    if table_mask >= 0:
        # R11: table squares joined to the edge through table squares; the box (x0, x1, y0,
        # y1) holds the mountain and a ring of table round it, open table on its border.
        x0, x1, y0, y1 = box[0], box[1], box[2], box[3]
        m = 0
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                open_table[x * size + y] = 0
                if (x == x0 or x == x1 or y == y0 or y == y1) and height[x, y] == 0:
                    open_table[x * size + y] = 1
                    queue[n + m] = x * size + y
                    m += 1
        k = 0
        while k < m:
            q = queue[n + k]
            k += 1
            qx, qy = q // size, q % size
            for d in range(4):
                nx = qx + (1 if d == 0 else -1 if d == 1 else 0)
                ny = qy + (1 if d == 2 else -1 if d == 3 else 0)
                if nx < x0 or nx > x1 or ny < y0 or ny > y1:
                    continue
                if height[nx, ny] == 0 and open_table[nx * size + ny] == 0:
                    open_table[nx * size + ny] = 1
                    queue[n + m] = nx * size + ny
                    m += 1
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                h = height[x, y]
                if h == 0:
                    continue
                u = top[x, y]
                if not _enterable(u, -2, cls, held, surf):
                    continue
                beside = False
                for d in range(4):
                    nx = x + (1 if d == 0 else -1 if d == 1 else 0)
                    ny = y + (1 if d == 2 else -1 if d == 3 else 0)
                    if 0 <= nx < size and 0 <= ny < size:
                        if nx < x0 or nx > x1 or ny < y0 or ny > y1:
                            beside = True
                        elif open_table[nx * size + ny] == 1:
                            beside = True
                if not beside:
                    continue
                for leave in range(3):
                    if leave == 0 and h != 1:
                        continue
                    if leave == 1 and not (h == 2 and table_mask & 1):
                        continue
                    if leave == 2 and not (2 <= h <= 4 and table_mask & 2):
                        continue
                    s = (x * size + y) * 4 + (table_mask & ~leave)
                    if seen[s] != stamp:
                        seen[s] = stamp
                        queue[n] = s
                        n += 1
    k = 0
    while k < n:
        s = queue[k]
        k += 1
        q, m = s // 4, s % 4
        qx, qy = q // size, q % size
        h = height[qx, qy]
        if h >= target and taken[q] == 0:
            return int(s)
        for d in range(4):
            nx = qx + (1 if d == 0 else -1 if d == 1 else 0)
            ny = qy + (1 if d == 2 else -1 if d == 3 else 0)
            if nx < 0 or nx >= size or ny < 0 or ny >= size:
                continue
            u = top[nx, ny]
            if u < 0 or not _enterable(u, own, cls, held, surf):
                continue
            rise = height[nx, ny] - h
            base = (nx * size + ny) * 4
            for leave in range(3):
                if leave == 0 and not (rise == 0 or rise == 1):
                    continue
                if leave == 1 and not (rise == 2 and m & 1):
                    continue
                if leave == 2 and not (2 <= rise <= 4 and m & 2):
                    continue
                t = base + (m & ~leave)
                if seen[t] != stamp:
                    seen[t] = stamp
                    queue[n] = t
                    n += 1
    return -1


@njit(cache=True)
def _from_player(
    size: int,
    mountain: Mountain,
    held: Ints,
    taken: Ints,
    climbers: Ints,
    me: int,
    mask: int,
    target: int,
    scratch: Scratch,
    stamp: int,
) -> int:
    """`_walk` from where the player stands (or from the table) with ladders `mask`."""
    height, top, _, box, cls, surf = mountain
    mx, my = climbers[me, 0], climbers[me, 1]
    sources = np.empty(1, dtype=np.int64)
    sources[0] = (mx * size + my) * 4 + mask
    ground = (height, top, cls, held, surf, box, taken)
    on_table = mx < 0
    own = -2 if on_table else top[mx, my]
    table_mask = mask if on_table else -1
    return _walk(
        size, ground, own, sources, 0 if on_table else 1, table_mask, target, scratch, stamp
    )


@njit(cache=True)
def _push(
    size: int,
    top: Ints,
    box: Ints,
    x: int,
    y: int,
    ex: int,
    ey: int,
    climbers: Ints,
    moved: Ints,
) -> bool:
    """R17: the Climbers (rows x, y, seat) a block over the window (x, y, ex, ey) pushes aside,
    each to the free square of the same block nearest to it (then the least); their new squares
    go to `moved` (x, y). False when a block lacks the room."""
    k = len(climbers)
    for i in range(k):
        moved[i, 0] = climbers[i, 0]
        moved[i, 1] = climbers[i, 1]
    for i in range(k):
        cx, cy = climbers[i, 0], climbers[i, 1]
        if cx < 0 or not (x <= cx < x + ex and y <= cy < y + ey):
            continue
        owner = top[cx, cy]
        if owner < 0 or moved[i, 0] != cx or moved[i, 1] != cy:
            continue
        if i > 0 and _owner_done(climbers, top, x, y, ex, ey, owner, i):
            continue
        # this owner's movers, by seat then square (the core's order)
        order = np.empty(k, dtype=np.int64)
        count = 0
        for j in range(k):
            jx, jy = climbers[j, 0], climbers[j, 1]
            if jx >= 0 and x <= jx < x + ex and y <= jy < y + ey and top[jx, jy] == owner:
                order[count] = j
                count += 1
        for a in range(count):
            for b in range(a + 1, count):
                ja, jb = order[a], order[b]
                if (climbers[jb, 2], climbers[jb, 0], climbers[jb, 1]) < (
                    climbers[ja, 2],
                    climbers[ja, 0],
                    climbers[ja, 1],
                ):
                    order[a], order[b] = jb, ja
        free = np.empty((box[1] - box[0] + 1) * (box[3] - box[2] + 1), dtype=np.int64)
        n_free = 0
        for fx in range(box[0], box[1] + 1):
            for fy in range(box[2], box[3] + 1):
                if top[fx, fy] != owner or (x <= fx < x + ex and y <= fy < y + ey):
                    continue
                held = False
                for j in range(k):
                    if climbers[j, 0] == fx and climbers[j, 1] == fy:
                        held = True
                if not held:
                    free[n_free] = fx * size + fy
                    n_free += 1
        if n_free < count:
            return False
        for a in range(count):
            j = order[a]
            best, best_at = -1, 0
            for f in range(n_free):
                q = free[f]
                if q < 0:
                    continue
                dx, dy = q // size - climbers[j, 0], q % size - climbers[j, 1]
                d = dx * dx + dy * dy
                if best < 0 or d < best or (d == best and q < free[best_at]):
                    best, best_at = d, f
            moved[j, 0], moved[j, 1] = free[best_at] // size, free[best_at] % size
            free[best_at] = -1
    return True


@njit(cache=True)
def _owner_done(
    climbers: Ints, top: Ints, x: int, y: int, ex: int, ey: int, owner: int, i: int
) -> bool:
    """Whether an earlier covered Climber (row before i) stands on the same block."""
    for j in range(i):
        jx, jy = climbers[j, 0], climbers[j, 1]
        if jx >= 0 and x <= jx < x + ex and y <= jy < y + ey and top[jx, jy] == owner:
            return True
    return False


@njit(cache=True)
def _step(x: int, y: int, d: int) -> tuple[int, int]:
    """The square beside (x, y) in direction d (0-3), or (x, y) itself for d = 4."""
    return x + (1 if d == 0 else -1 if d == 1 else 0), y + (1 if d == 2 else -1 if d == 3 else 0)


@njit(cache=True)
def _census(
    size: int, top: Ints, climbers: Ints, me: int, held: Ints, taken: Ints, sign: int
) -> None:
    """Add (sign 1) or take away (-1) the other Climbers' squares and blocks they stand on."""
    for i in range(len(climbers)):
        if i != me and climbers[i, 0] >= 0:
            taken[climbers[i, 0] * size + climbers[i, 1]] += sign
            held[top[climbers[i, 0], climbers[i, 1]]] += sign


@njit(cache=True)
def _after_move(
    size: int,
    height: Ints,
    top: Ints,
    cls: Ints,
    surf: Ints,
    box: Ints,
    target: int,
    climbers: Ints,
    me: int,
    pushed: Ints,
    window: Ints,
    stops: Ints,
    n_stops: int,
    mask: int,
    lifted_top: Ints,
    work: Ints,
    stamp: Ints,
) -> int:
    """After a block move (already made in height/top, the others pushed to `pushed` when the
    player is out of the way): the first walk's end (square * 4 + ladders, -1: the table) from
    which the move is legal and the walk after it reaches the target, or -2. The stops exclude
    the moved block's squares (R14: the player may not stand on it).

    window: the new footprint (x, y, ex, ey); lifted_top: the top blocks before the block was
    put down (to find who is pushed); work: scratch rows (seen, queue, open table, sources,
    held, taken, moved) as one array per row.
    """
    n = len(cls)
    scratch, sources = (work[0], work[1], work[2]), work[3]
    x, y, ex, ey = window[0], window[1], window[2], window[3]
    held = np.zeros(n, dtype=np.int64)
    taken = np.zeros(size * size, dtype=np.int64)
    _census(size, top, pushed, me, held, taken, 1)
    ground = (height, top, cls, held, surf, box, taken)
    # which blocks pushed Climbers stand on: a player on one of them changes the pushes
    owners = np.zeros(n + 1, dtype=np.int64)
    for i in range(len(climbers)):
        cx, cy = climbers[i, 0], climbers[i, 1]
        if i != me and cx >= 0 and x <= cx < x + ex and y <= cy < y + ey:
            if lifted_top[cx, cy] >= 0:
                owners[lifted_top[cx, cy]] = 1
    n_src = 0
    table = False
    special = np.zeros(n_stops, dtype=np.int64)
    for j in range(n_stops):
        s = stops[j]
        if s < 0:
            table = True
            continue
        q = s // 4
        qx, qy = q // size, q % size
        under = lifted_top[qx, qy]
        if (x <= qx < x + ex and y <= qy < y + ey) or (under >= 0 and owners[under] == 1):
            special[j] = 1
        elif special[j] == 0 and top[qx, qy] >= 0:
            own = top[qx, qy]
            if cls[own] == OWN and held[own] > 0:
                special[j] = 1
        if special[j] == 0:
            sources[n_src] = s
            n_src += 1
    if n_src > 0 or table:
        stamp[0] += 1
        table_mask = mask if table else -1
        hit = _walk(size, ground, -2, sources, n_src, table_mask, target, scratch, stamp[0])
        if hit >= 0:
            # which first walk: each on its own (-1: the table)
            for j in range(n_stops):
                if special[j] != 0:
                    continue
                one = stops[j : j + 1]
                stamp[0] += 1
                n_one, table_mask = (0, mask) if stops[j] < 0 else (1, -1)
                found = _walk(size, ground, -2, one, n_one, table_mask, target, scratch, stamp[0])
                if found >= 0:
                    return int(stops[j])
    moved = np.empty_like(climbers)
    mine = climbers.copy()
    for j in range(n_stops):
        if special[j] != 1:
            continue
        s = stops[j]
        q = s // 4
        qx, qy = q // size, q % size
        mine[me, 0], mine[me, 1] = qx, qy
        if not _push(size, lifted_top, box, x, y, ex, ey, mine, moved):
            continue  # R17: no room to push the Climbers aside
        held[:] = 0
        taken[:] = 0
        _census(size, top, moved, me, held, taken, 1)
        px, py = moved[me, 0], moved[me, 1]
        sources[0] = (px * size + py) * 4 + s % 4
        stamp[0] += 1
        found = _walk(size, ground, top[px, py], sources, 1, -1, target, scratch, stamp[0])
        if found >= 0:
            return int(s)
    return -2


@njit(cache=True)
def _mountain(
    size: int, poses: Ints, extents: Ints, classes: Ints
) -> tuple[Ints, Ints, Ints, Ints, Ints, Ints]:
    """A position's maps: height and top block per square, the mountain's bounds (lo x, hi x,
    lo y, hi y), the box of the mountain and a ring of table round it (R11: the ring is open
    table), and per block its top colour class and uncovered squares."""
    n = len(poses)
    height = np.zeros((size, size), dtype=np.int64)
    top = np.full((size, size), -1, dtype=np.int64)
    for b in range(n):  # columns are solid (R5): a square's top block is the highest over it
        r, bx, by, bz = poses[b, 0], poses[b, 1], poses[b, 2], poses[b, 3]
        for x in range(bx, bx + extents[b, r, 0]):
            for y in range(by, by + extents[b, r, 1]):
                if bz + extents[b, r, 2] > height[x, y]:
                    height[x, y] = bz + extents[b, r, 2]
                    top[x, y] = b
    lo_x, hi_x, lo_y, hi_y = size, -1, size, -1
    for x in range(size):
        for y in range(size):
            if height[x, y] > 0:
                lo_x, hi_x = min(lo_x, x), max(hi_x, x)
                lo_y, hi_y = min(lo_y, y), max(hi_y, y)
    bounds = np.array([lo_x, hi_x, lo_y, hi_y], dtype=np.int64)
    box = np.array(
        [max(0, lo_x - 1), min(size - 1, hi_x + 1), max(0, lo_y - 1), min(size - 1, hi_y + 1)],
        dtype=np.int64,
    )
    cls = np.empty(n, dtype=np.int64)
    surf = np.zeros(n, dtype=np.int64)
    for b in range(n):
        cls[b] = classes[b, poses[b, 0]]
    for x in range(lo_x, hi_x + 1):
        for y in range(lo_y, hi_y + 1):
            if top[x, y] >= 0:
                surf[top[x, y]] += 1
    return height, top, bounds, box, cls, surf


@njit(cache=True)
def _position(
    size: int, poses: Ints, extents: Ints, classes: Ints, climbers: Ints, me: int
) -> tuple[Mountain, Ints, Ints]:
    """A position's maps (`_mountain`), and the others' blocks and squares (`_census`): per
    block the other Climbers standing on it, per square whether one stands there."""
    mountain = _mountain(size, poses, extents, classes)
    held = np.zeros(len(poses), dtype=np.int64)
    taken = np.zeros(size * size, dtype=np.int64)
    _census(size, mountain[1], climbers, me, held, taken, 1)
    return mountain, held, taken


@njit(cache=True)
def one_turn(turn: Turn, first_walk: bool, target: int, out: Ints) -> int:
    """Whether the turn (see `Turn`) reaches `target`: 0 no, FOUND_BY_WALK by walking alone,
    FOUND_BY_MOVE after a block move, whose first walk's end (square * 4 + ladders left, -1:
    the table) and pose (block, rotation, x, y, z) go to `out` (whose last entry counts the
    block moves walked after, to add to the search's nodes). first_walk: False when the block
    step has come (the walk before it is over).
    """
    size, poses, extents, classes, reps, climbers, me, mask = turn
    out[6] = 0
    mountain, held, taken = _position(size, poses, extents, classes, climbers, me)
    height, top, bounds, box, cls, surf = mountain
    work = np.zeros((4, size * size * 8), dtype=np.int64)
    seen, queue = work[0], work[1]
    stamp = np.ones(1, dtype=np.int64)
    mx, my = climbers[me, 0], climbers[me, 1]
    at = -1 if mx < 0 else mx * size + my
    scratch = (seen, queue, work[2])
    if _from_player(size, mountain, held, taken, climbers, me, mask, target, scratch, 1) >= 0:
        return FOUND_BY_WALK
    # where the block step may come: every end of the first walk (or where the player is)
    stops = np.empty(size * size * 4 + 1, dtype=np.int64)
    stops[0] = -1 if at < 0 else at * 4 + mask
    n_stops = 1
    for s in range(size * size * 4):
        if first_walk and seen[s] == 1 and taken[s // 4] == 0 and s // 4 != at:
            stops[n_stops] = s
            n_stops += 1
    near = _near(size, seen, 1, at, box, height)
    onward = _onward(size, height, top, cls, taken, box, mask, target, queue)
    moves = block_moves(
        size, poses, extents, classes, reps, climbers, me, mountain, held, near, at, target
    )
    grids, per = _scratch(height, top, cls, surf, held)
    apart = climbers.copy()
    apart[me, 0] = -1
    pushed = np.empty_like(climbers)
    spot, window = np.empty(6, dtype=np.int64), np.empty(4, dtype=np.int64)
    mine = np.empty(n_stops, dtype=np.int64)
    lifted, n_mine = -1, 0
    for m in range(len(moves)):
        b, r, x, y, z = moves[m, 0], moves[m, 1], moves[m, 2], moves[m, 3], moves[m, 4]
        if b != lifted:
            _switch(poses, extents, b, lifted, mountain, grids, per)
            lifted = b
            n_mine = 0  # the first walk's ends off it (R14: the player may not stand on it)
            for j in range(n_stops):
                s = stops[j]
                if s < 0 or top[(s // 4) // size, (s // 4) % size] != b:
                    mine[n_mine] = s
                    n_mine += 1
        spot[0], spot[1], spot[2] = x, y, z
        spot[3], spot[4], spot[5] = extents[b, r, 0], extents[b, r, 1], extents[b, r, 2]
        if moves[m, 6] == SAME or (
            moves[m, 6] == NEAR
            and at >= 0
            and not _leads_on(size, onward, poses, extents, b, spot, grids[LIFT_H], target)
        ):
            continue
        _around(size, bounds, spot, box)
        _push(size, grids[LIFT_T], box, x, y, spot[3], spot[4], apart, pushed)
        _set_down(b, classes[b, r], spot, grids, per, pushed, me)
        window[0], window[1], window[2], window[3] = x, y, spot[3], spot[4]
        out[6] += 1
        hit = _after_move(
            size,
            grids[WORK_H],
            grids[WORK_T],
            per[WCLS],
            per[WSURF],
            box,
            target,
            climbers,
            me,
            pushed,
            window,
            mine,
            n_mine,
            mask,
            grids[LIFT_T],
            work,
            stamp,
        )
        _take_off(spot, grids)
        if hit > -2:
            out[0] = hit
            out[1], out[2], out[3], out[4], out[5] = b, r, x, y, z
            return FOUND_BY_MOVE
    return 0


@njit(cache=True)
def _onward(
    size: int,
    height: Ints,
    top: Ints,
    cls: Ints,
    taken: Ints,
    box: Ints,
    mask: int,
    target: int,
    queue: Ints,
) -> Ints:
    """Per square of the mountain, 1 when a walk from it may reach the target level: walking
    backwards from every free square at the target level or higher, stepping down as a walk
    steps up, onto any top not of another player's colour (one level, or with the ladders left
    as many as they climb, each as often as needed: more than a walk may, never less)."""
    rise = 4 if mask & 2 else 2 if mask & 1 else 1
    onward = np.zeros(size * size, dtype=np.int64)
    n = 0
    for x in range(box[0], box[1] + 1):
        for y in range(box[2], box[3] + 1):
            u = top[x, y]
            if height[x, y] >= target and taken[x * size + y] == 0 and u >= 0 and cls[u] != 2:
                onward[x * size + y] = 1
                queue[n] = x * size + y
                n += 1
    k = 0
    while k < n:
        q = queue[k]
        k += 1
        qx, qy = q // size, q % size
        for d in range(4):
            px, py = _step(qx, qy, d)
            if px < 0 or px >= size or py < 0 or py >= size or onward[px * size + py] == 1:
                continue
            u = top[px, py]
            if u < 0 or cls[u] == 2:
                continue
            if 0 <= height[qx, qy] - height[px, py] <= rise:
                onward[px * size + py] = 1
                queue[n] = px * size + py
                n += 1
    return onward


@njit(cache=True)
def _leads_on(
    size: int,
    onward: Ints,
    poses: Ints,
    extents: Ints,
    b: int,
    spot: Ints,
    lift_h: Ints,
    target: int,
) -> bool:
    """Whether a walk after moving block b to `spot` may reach the target: it must step on a
    square the move changed (where the block goes or where it was) and from the last one go on
    over unchanged squares, so one of them lies on or beside a square from which a walk may go
    on to the target (`_onward`), or is at the target level (the block put up to it, or lifted
    from above it)."""
    if spot[2] + spot[5] >= target:
        return True
    r0 = poses[b, 0]
    for x, y, ex, ey in (
        (spot[0], spot[1], spot[3], spot[4]),
        (poses[b, 1], poses[b, 2], extents[b, r0, 0], extents[b, r0, 1]),
    ):
        for wx in range(x, x + ex):
            for wy in range(y, y + ey):
                if lift_h[wx, wy] >= target:
                    return True
                for d in range(5):
                    nx, ny = _step(wx, wy, d)
                    if 0 <= nx < size and 0 <= ny < size and onward[nx * size + ny] == 1:
                        return True
    return False


@njit(cache=True)
def block_moves(
    size: int,
    poses: Ints,
    extents: Ints,
    classes: Ints,
    reps: Ints,
    climbers: Ints,
    me: int,
    mountain: Mountain,
    held: Ints,
    near: Ints,
    at: int,
    target: int,
) -> Ints:
    """Every block move that plays differently (R14–R18: a block no one stands on and none
    rests on, in each pose with other cells or another top colour class, flat and beside the
    mountain), with room to push the others aside (R17, the player out of the way); rows
    (block, rotation, x, y, z, pushes 0/1, SAME/NEAR/APART), grouped by block. With a target
    above 0 and no square at it yet, only the moves that may leave one there (lifting a block
    from that level, or putting one up to it)."""
    height, top, bounds, _, cls, surf = mountain
    n, k = len(poses), len(climbers)
    lo_x, hi_x, lo_y, hi_y = bounds[0], bounds[1], bounds[2], bounds[3]
    goal_now = height.max() >= target
    grids, per = _scratch(height, top, cls, surf, held)
    apart = climbers.copy()
    apart[me, 0], apart[me, 1] = -1, -1
    pushed = np.empty_like(climbers)
    spot, box = np.empty(6, dtype=np.int64), np.empty(4, dtype=np.int64)
    area = (hi_x - lo_x + 3) * (hi_y - lo_y + 3)
    rows = np.empty((n * reps.shape[1] * area, 7), dtype=np.int64)
    count, lifted = 0, -1
    for b in range(n):
        r0, bx, by, bz = poses[b, 0], poses[b, 1], poses[b, 2], poses[b, 3]
        bex, bey = extents[b, r0, 0], extents[b, r0, 1]
        if held[b] > 0 or _resting(poses, extents, b):
            continue  # R14: a Climber stands on it, or a block rests on it
        _switch(poses, extents, b, lifted, mountain, grids, per)
        lifted = b
        for ri in range(reps.shape[1]):
            r = reps[b, ri]
            if r < 0:
                break
            ex, ey, ez = extents[b, r, 0], extents[b, r, 1], extents[b, r, 2]
            c = classes[b, r]
            for x in range(max(0, lo_x - ex), min(size - ex, hi_x + 1) + 1):
                for y in range(max(0, lo_y - ey), min(size - ey, hi_y + 1) + 1):
                    z = grids[LIFT_H, x, y]
                    if x == bx and y == by and z == bz and ex == bex and ey == bey and c == cls[b]:
                        continue  # it would play as where it was
                    if not (goal_now or bz >= target or (z + ez >= target and c != OTHER)):
                        continue  # nothing at the target level to stand on
                    if not _fits(size, grids[LIFT_H], x, y, ex, ey, z):
                        continue
                    spot[0], spot[1], spot[2], spot[3], spot[4], spot[5] = x, y, z, ex, ey, ez
                    _around(size, bounds, spot, box)
                    if not _push(size, grids[LIFT_T], box, x, y, ex, ey, apart, pushed):
                        continue  # R17: no room to push the others aside
                    pushes = False
                    for i in range(k):
                        if pushed[i, 0] != apart[i, 0] or pushed[i, 1] != apart[i, 1]:
                            pushes = True
                    _set_down(b, c, spot, grids, per, pushed, me)
                    # from the table: lifting a block off the table may open a pocket of it
                    # (R11), and a block put on the table offers new ways up
                    why = APART if pushes or (at < 0 and (bz == 0 or z == 0)) else SAME
                    for u in range(n):
                        if (held[u] > 0 or per[WHELD, u] > 0) and _enterable(
                            u, -2, per[WCLS], per[WHELD], per[WSURF]
                        ) != _enterable(u, -2, cls, held, surf):
                            why = APART
                    if why == SAME:
                        for wx in range(min(x, bx), max(x + ex, bx + bex)):
                            for wy in range(min(y, by), max(y + ey, by + bey)):
                                inside = (x <= wx < x + ex and y <= wy < y + ey) or (
                                    bx <= wx < bx + bex and by <= wy < by + bey
                                )
                                if inside and near[wx * size + wy] == 1:
                                    why = NEAR
                    _take_off(spot, grids)
                    rows[count, 0], rows[count, 1], rows[count, 2] = b, r, x
                    rows[count, 3], rows[count, 4] = y, z
                    rows[count, 5], rows[count, 6] = 1 if pushes else 0, why
                    count += 1
    return rows[:count]


@njit(cache=True)
def _resting(poses: Ints, extents: Ints, b: int) -> bool:
    """R14: whether a block rests on block b."""
    r0, bx, by, bz = poses[b, 0], poses[b, 1], poses[b, 2], poses[b, 3]
    bex, bey, bez = extents[b, r0, 0], extents[b, r0, 1], extents[b, r0, 2]
    for u in range(len(poses)):
        if u != b and poses[u, 3] == bz + bez:
            ux, uy, ur = poses[u, 1], poses[u, 2], poses[u, 0]
            if (
                ux < bx + bex
                and bx < ux + extents[u, ur, 0]
                and uy < by + bey
                and by < uy + extents[u, ur, 1]
            ):
                return True
    return False


@njit(cache=True)
def _scratch(height: Ints, top: Ints, cls: Ints, surf: Ints, held: Ints) -> tuple[Ints, Ints]:
    """The maps a block move is tried on (see LIFT_H and LSURF), as the mountain stands."""
    grids = np.stack((height, top, height, top))
    per = np.stack((surf, cls, surf, held))
    return grids, per


@njit(cache=True)
def _switch(
    poses: Ints, extents: Ints, b: int, lifted: int, mountain: Mountain, grids: Ints, per: Ints
) -> None:
    """Put the block `lifted` back (none: -1) and lift block b: the squares under it show the
    block below (or the table)."""
    height, top, _, _, cls, surf = mountain
    if lifted >= 0:
        r0, bx, by = poses[lifted, 0], poses[lifted, 1], poses[lifted, 2]
        for x in range(bx, bx + extents[lifted, r0, 0]):
            for y in range(by, by + extents[lifted, r0, 1]):
                for g in range(4):
                    grids[g, x, y] = height[x, y] if g % 2 == 0 else top[x, y]
        per[LSURF, :] = surf
        per[WCLS, lifted] = cls[lifted]
    r0, bx, by, bz = poses[b, 0], poses[b, 1], poses[b, 2], poses[b, 3]
    for x in range(bx, bx + extents[b, r0, 0]):
        for y in range(by, by + extents[b, r0, 1]):
            under = _below(poses, extents, len(poses), b, x, y, bz)
            grids[LIFT_H, x, y], grids[LIFT_T, x, y] = bz, under
            grids[WORK_H, x, y], grids[WORK_T, x, y] = bz, under
            if under >= 0:
                per[LSURF, under] += 1
    per[LSURF, b] = 0
    per[WCLS, b] = -1


@njit(cache=True)
def _set_down(b: int, c: int, spot: Ints, grids: Ints, per: Ints, pushed: Ints, me: int) -> None:
    """Put the lifted block b down on `spot` (x, y, z, ex, ey, ez) in the working maps, top
    colour class c, with each block's uncovered squares and the others (at `pushed`) on each."""
    x, y, z, ex, ey, ez = spot[0], spot[1], spot[2], spot[3], spot[4], spot[5]
    per[WSURF, :] = per[LSURF]
    per[WHELD, :] = 0
    for wx in range(x, x + ex):
        for wy in range(y, y + ey):
            grids[WORK_H, wx, wy], grids[WORK_T, wx, wy] = z + ez, b
            if grids[LIFT_T, wx, wy] >= 0:
                per[WSURF, grids[LIFT_T, wx, wy]] -= 1
    per[WSURF, b] = ex * ey
    per[WCLS, b] = c
    for i in range(len(pushed)):
        if i != me and pushed[i, 0] >= 0:
            per[WHELD, grids[WORK_T, pushed[i, 0], pushed[i, 1]]] += 1


@njit(cache=True)
def _take_off(spot: Ints, grids: Ints) -> None:
    """Undo `_set_down`'s footprint: the working maps as lifted there."""
    for wx in range(spot[0], spot[0] + spot[3]):
        for wy in range(spot[1], spot[1] + spot[4]):
            grids[WORK_H, wx, wy], grids[WORK_T, wx, wy] = (
                grids[LIFT_H, wx, wy],
                grids[LIFT_T, wx, wy],
            )


@njit(cache=True)
def _around(size: int, bounds: Ints, spot: Ints, box: Ints) -> None:
    """The box of the mountain with a block on `spot` (x, y, z, ex, ey, ez) added, and a ring
    round it."""
    x, y, ex, ey = spot[0], spot[1], spot[3], spot[4]
    box[0] = max(0, min(bounds[0], x) - 1)
    box[1] = min(size - 1, max(bounds[1] + 1, x + ex))
    box[2] = max(0, min(bounds[2], y) - 1)
    box[3] = min(size - 1, max(bounds[3] + 1, y + ey))


@njit(cache=True)
def _near(size: int, seen: Ints, stamp: int, at: int, box: Ints, height: Ints) -> Ints:
    """Squares on or beside one that a walk (the states of `seen` marked `stamp`) may step on,
    or the player's square (`at`); from the table, every block square beside the table."""
    near = np.zeros(size * size, dtype=np.int64)
    for s in range(size * size * 4):
        if seen[s] == stamp:
            q = s // 4
            for d in range(5):
                nx, ny = _step(q // size, q % size, d)
                if 0 <= nx < size and 0 <= ny < size:
                    near[nx * size + ny] = 1
    if at >= 0:
        for d in range(5):
            nx, ny = _step(at // size, at % size, d)
            if 0 <= nx < size and 0 <= ny < size:
                near[nx * size + ny] = 1
    else:
        for x in range(box[0], box[1] + 1):
            for y in range(box[2], box[3] + 1):
                if height[x, y] > 0:
                    for d in range(4):
                        nx, ny = _step(x, y, d)
                        if 0 <= nx < size and 0 <= ny < size and height[nx, ny] == 0:
                            near[x * size + y] = 1
    return near


@njit(cache=True)
def _fits(size: int, height: Ints, x: int, y: int, ex: int, ey: int, z: int) -> bool:
    """R16: a footprint flat at level z (no overhang, hole or cut), and on the table beside
    a block."""
    for wx in range(x, x + ex):
        for wy in range(y, y + ey):
            if height[wx, wy] != z:
                return False
    if z > 0:
        return True
    for wx in range(x, x + ex):
        for wy in range(y, y + ey):
            for d in range(4):
                nx, ny = _step(wx, wy, d)
                if (
                    0 <= nx < size
                    and 0 <= ny < size
                    and not (x <= nx < x + ex and y <= ny < y + ey)
                    and height[nx, ny] > 0
                ):
                    return True
    return False


@njit(cache=True)
def _below(poses: Ints, extents: Ints, n: int, b: int, x: int, y: int, z: int) -> int:
    """The block other than b whose cell lies just under level z over square (x, y) (-1: the
    table)."""
    if z == 0:
        return -1
    for u in range(n):
        ur = poses[u, 0]
        if (
            u != b
            and poses[u, 1] <= x < poses[u, 1] + extents[u, ur, 0]
            and poses[u, 2] <= y < poses[u, 2] + extents[u, ur, 1]
            and poses[u, 3] <= z - 1 < poses[u, 3] + extents[u, ur, 2]
        ):
            return u
    return -1
