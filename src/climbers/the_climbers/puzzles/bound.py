"""A lower bound on the block moves a puzzle still needs, compiled (`moves_needed`, numba).

The bound plays a looser game than the rules, one in which everything the real game allows is
still allowed, so it never says more moves than the real game needs:

- The player walks (R9–R12, ladders counted) on the blocks that have not moved, at their level
  and colour, or at the foot of a block that can be lifted off within the moves left (every
  block above it first).
- Each move puts one block down. The player may climb onto its top from a square beside it and
  step off to any square the block's length away (two steps, ladders counted), or stand on it
  at the end; a block put beside one put before may be climbed onto from it and stepped off
  anywhere; R17 may push the player to any square of the same block.
- A block's top is at a level it can have: the block is one that can be lifted, in a pose whose
  top the player may enter, resting flat on a level every square under it has, or on blocks
  put down before it.
- The other Climbers, full neutral blocks and R16's touching are ignored.

The answer is the fewest moves after which this game stands the player on the target level: 0
when a walk reaches it, `moves + 1` when more than `moves` are needed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from climbers.the_climbers.puzzles.fast import Ints, _position

DEEP = 8
"""Levels kept per square: its top, then the feet of the blocks beneath, down to the table."""
ONE_STEP = np.array([[0, 1], [2, 2], [2, 4], [99, -99]], dtype=np.int64)
"""Per ladders used on one step (none, short, tall, both: never on one step) the rise allowed."""
PAD = 6
"""The longest side of a block, and the greatest height."""
TWO_STEPS = np.array([[0, 2], [2, 3], [2, 5], [4, 6]], dtype=np.int64)
"""Per ladders used over two steps the rise allowed."""
Board = tuple[int, int, Ints, Ints, Ints, Ints, int]
"""What the looser game is walked on: the box's width and height; per square (local) its levels
top down and the block whose top each is (`_columns`), and how many of them may be stood on;
per block its top colour class; and the levels a square has in a state's number (square, level,
ladders left)."""


@njit(cache=True)
def _columns(
    poses: Ints, extents: Ints, box: Ints, moves: int, held: Ints
) -> tuple[Ints, Ints, Ints, Ints]:
    """Per square of the box (local index), its levels top down (each with the block whose top
    it is, -1 the table) and the moves it takes to bare each: every block above it lifted, each
    after those resting on it (more than `moves`: never); and per block the moves its lifting
    takes (0: never, a Climber stands on it or on one that must go first)."""
    n = len(poses)
    above = np.zeros(n, dtype=np.int64)  # per block, a bit per block that must go first
    tops = np.empty(n, dtype=np.int64)
    for b in range(n):
        tops[b] = poses[b, 3] + extents[b, poses[b, 0], 2]
    order = np.argsort(-tops)
    for b in order:
        rb, tb = poses[b, 0], tops[b]
        for c in range(n):
            rc = poses[c, 0]
            if poses[c, 3] != tb:
                continue
            if (
                poses[c, 1] < poses[b, 1] + extents[b, rb, 0]
                and poses[b, 1] < poses[c, 1] + extents[c, rc, 0]
                and poses[c, 2] < poses[b, 2] + extents[b, rb, 1]
                and poses[b, 2] < poses[c, 2] + extents[c, rc, 1]
            ):
                above[b] |= (1 << c) | above[c]
    lift = np.zeros(n, dtype=np.int64)  # per block the moves its lifting takes (0: never)
    for b in range(n):
        count, free = 0, held[b] == 0
        for c in range(n):
            if above[b] >> c & 1:
                count += 1
                if held[c] > 0:
                    free = False
        lift[b] = count + 1 if free else 0
    w, h = box[1] - box[0] + 1, box[3] - box[2] + 1
    level = np.zeros((w * h, DEEP), dtype=np.int64)
    block = np.full((w * h, DEEP), -1, dtype=np.int64)
    depth = np.zeros(w * h, dtype=np.int64)
    for b in range(n):
        r, bx, by, bz = poses[b, 0], poses[b, 1], poses[b, 2], poses[b, 3]
        for x in range(bx, bx + extents[b, r, 0]):
            for y in range(by, by + extents[b, r, 1]):
                q = (x - box[0]) * h + (y - box[2])
                d = depth[q]
                if d < DEEP - 1:
                    level[q, d], block[q, d] = bz + extents[b, r, 2], b
                    depth[q] = d + 1
    cost = np.full((w * h, DEEP), moves + 1, dtype=np.int64)
    for q in range(w * h):
        d = depth[q]
        for i in range(d):  # top down
            for j in range(i + 1, d):
                if level[q, j] > level[q, i]:
                    level[q, i], level[q, j] = level[q, j], level[q, i]
                    block[q, i], block[q, j] = block[q, j], block[q, i]
        level[q, d], block[q, d] = 0, -1
        cost[q, 0] = 0
        for i in range(1, d + 1):
            b = block[q, i - 1]
            if lift[b] == 0:
                break
            cost[q, i] = max(cost[q, i - 1], i, lift[b])
    return level, block, cost, lift


@njit(cache=True)
def _enter(cls: Ints, block: Ints, q: int, i: int) -> bool:
    """R10, by colour: the table and neutral or own tops may be entered."""
    u = block[q, i]
    return bool(u < 0 or cls[u] != 2)


@njit(cache=True, inline="always")
def _next(s: int, board: Board, backward: bool, out: Ints) -> int:
    """The states (square, level, ladders left) one step of a walk (R9, R12) after state `s`,
    or with `backward` before it, written to `out`; how many."""
    w, h, level, block, usable, cls, deep = board
    m, i, q = s % 4, s // 4 % deep, s // 4 // deep
    lq = level[q, i]
    x, y = q // h, q % h
    n = 0
    for d in range(4):
        px = x + (1 if d == 0 else -1 if d == 1 else 0)
        py = y + (1 if d == 2 else -1 if d == 3 else 0)
        if px < 0 or px >= w or py < 0 or py >= h:
            continue
        p = px * h + py
        for ip in range(usable[p]):
            if not _enter(cls, block, p, ip):
                continue
            rise = lq - level[p, ip] if backward else level[p, ip] - lq
            for used in range(3):
                spent = m & used if backward else used & ~m
                if spent or not ONE_STEP[used, 0] <= rise <= ONE_STEP[used, 1]:
                    continue
                out[n] = (p * deep + ip) * 4 + (m | used if backward else m & ~used)
                n += 1
    return n


@njit(cache=True)
def _goal(board: Board, target: int, queue: Ints, goal: Ints) -> None:
    """Per state (square, level, ladders left) 1 when a walk from it reaches the target level,
    found walking backwards from every state at the target level (written to `goal`)."""
    w, h, level, block, usable, cls, deep = board
    goal[:] = 0
    steps = np.empty(4 * deep * 3, dtype=np.int64)
    n = 0
    for q in range(w * h):
        for i in range(usable[q]):
            if level[q, i] >= target and _enter(cls, block, q, i):
                for m in range(4):
                    s = (q * deep + i) * 4 + m
                    goal[s] = 1
                    queue[n] = s
                    n += 1
    k = 0
    while k < n:
        s = queue[k]
        k += 1
        for e in range(_next(s, board, True, steps)):
            t = steps[e]
            if goal[t] == 0:
                goal[t] = 1
                queue[n] = t
                n += 1


@njit(cache=True)
def moves_needed(
    size: int,
    poses: Ints,
    extents: Ints,
    classes: Ints,
    climbers: Ints,
    me: int,
    mask: int,
    target: int,
    moves: int,
    fewest: bool = True,
) -> int:
    """The fewest block moves after which the looser game (see the module's text) stands the
    player (row `me` of `climbers`, x -1 on the table, ladders `mask`) on `target` or higher;
    `moves + 1` when more than `moves` are needed. With `fewest` False only whether `moves`
    are enough is asked (then `moves` or `moves + 1`). The
    arguments are those of `fast.one_turn`."""
    mountain, held, _ = _position(size, poses, extents, classes, climbers, me)
    _, _, _, box, cls, _ = mountain
    w, h = box[1] - box[0] + 1, box[3] - box[2] + 1
    level, block, cost, lift = _columns(poses, extents, box, moves, held)
    deep = moves + 1  # levels a square may be stood on at (a state's number: square, level,
    # ladders)
    states = w * h * deep * 4
    work = np.empty((4, states), dtype=np.int64)
    usable, beside = np.zeros(w * h, dtype=np.int64), np.zeros(w * h, dtype=np.int64)
    at = -1 if climbers[me, 0] < 0 else (climbers[me, 0] - box[0]) * h + climbers[me, 1] - box[2]
    board = (w, h, level, block, usable, cls, deep)
    # whether `moves` are enough first (mostly they are not), then the fewest
    for j in [moves, *range(moves if fewest else 0)]:
        for q in range(w * h):
            usable[q] = 0
            while usable[q] < DEEP and cost[q, usable[q]] <= j:
                usable[q] += 1
        # first loosely, as if a block of any height could be put beside every square: that
        # is mostly enough to say no, and far quicker
        beside[:] = -1
        span = _beside(board, extents, classes, lift, j, beside, False)
        if _within(j, board, span, beside, at, mask, target, work):
            _beside(board, extents, classes, lift, j, beside, True)
            if _within(j, board, span, beside, at, mask, target, work):
                if j < moves:
                    return int(j)
                continue
        if j == moves:
            return moves + 1
    return moves


@njit(cache=True)
def _beside(
    board: Board, extents: Ints, classes: Ints, lift: Ints, moves: int, beside: Ints, tops: bool
) -> int:
    """How far apart two squares beside one block put down may lie (0: none can be moved);
    with `tops`, also per square (local) the levels (bits) of the tops of blocks that may be
    put down beside it, written to `beside`: each block liftable within `moves`, in each pose
    whose top may be entered, flat on a level every square under it has (R5; off the box, the
    table's), or on blocks put down before it (`moves` - 1 tiers of them, loosely: in any
    pose, and off the box anywhere)."""
    w, h, level, _, usable, _, _ = board
    heights = np.zeros((PAD + 1, PAD + 1), dtype=np.int64)  # per footprint, its blocks' heights
    entered = np.zeros((PAD + 1, PAD + 1), dtype=np.int64)  # those whose top may be entered
    span = 0
    for b in range(len(extents)):
        if not 0 < lift[b] <= moves:
            continue
        for r in range(24):
            ex, ey, ez = extents[b, r, 0], extents[b, r, 1], extents[b, r, 2]
            heights[ex, ey] |= 1 << ez
            if classes[b, r] != 2:
                entered[ex, ey] |= 1 << ez
            span = max(span, ex + ey)
    if not tops:
        return span
    support = np.zeros(w * h, dtype=np.int64)  # per square the levels (bits) a block may rest on
    for q in range(w * h):
        for i in range(usable[q]):
            support[q] |= 1 << level[q, i]
    outside = 1  # off the box: the table
    raised = np.zeros(w * h, dtype=np.int64)
    tiers = max(1, moves)
    for tier in range(tiers):  # a block may rest on blocks put down before it
        last = tier == tiers - 1
        beside[:] = 0
        raised[:] = 0
        beyond = outside
        for ex in range(1, PAD + 1):
            for ey in range(1, PAD + 1):
                kinds, shown = heights[ex, ey], entered[ex, ey]
                if kinds == 0 or (last and shown == 0):
                    continue
                for z in range(PAD + 1):
                    if kinds >> z & 1:
                        beyond |= outside << z
                for x in range(-ex, w + 1):
                    for y in range(-ey, h + 1):
                        flat = -1  # the levels under every square of it
                        for fx in range(x, x + ex):
                            for fy in range(y, y + ey):
                                inside = 0 <= fx < w and 0 <= fy < h
                                flat &= support[fx * h + fy] if inside else outside
                            if flat == 0:
                                break
                        if flat == 0:
                            continue
                        over, under = 0, 0
                        while flat:  # each level under it, as a bit: the tops over it
                            low = flat & -flat
                            over |= shown * low
                            under |= kinds * low
                            flat ^= low
                        if over:
                            for fy in range(max(0, y), min(h, y + ey)):
                                if x > 0:
                                    beside[(x - 1) * h + fy] |= over
                                if x + ex < w:
                                    beside[(x + ex) * h + fy] |= over
                            for fx in range(max(0, x), min(w, x + ex)):
                                if y > 0:
                                    beside[fx * h + y - 1] |= over
                                if y + ey < h:
                                    beside[fx * h + y + ey] |= over
                        if not last:
                            for fx in range(max(0, x), min(w, x + ex)):
                                for fy in range(max(0, y), min(h, y + ey)):
                                    raised[fx * h + fy] |= under
        for q in range(w * h):
            support[q] |= raised[q]
        outside = beyond
    return span


@njit(cache=True)
def _grow(marks: Ints, w: int, h: int, steps: int, grown: Ints, spare: Ints) -> None:
    """Per square (local), the bits of `marks` of every square no more than `steps` steps (edge
    to edge) from it, written to `grown`."""
    grown[:] = marks
    for _ in range(steps):
        for x in range(w):
            for y in range(h):
                q = x * h + y
                g = grown[q]
                if x > 0:
                    g |= grown[q - h]
                if x < w - 1:
                    g |= grown[q + h]
                if y > 0:
                    g |= grown[q - 1]
                if y < h - 1:
                    g |= grown[q + 1]
                spare[q] = g
        grown[:] = spare


@njit(cache=True)
def _within(
    moves: int,
    board: Board,
    span: int,
    beside: Ints,
    at: int,
    mask: int,
    target: int,
    work: Ints,
) -> bool:
    """Whether the looser game reaches the target with at most `moves` blocks put down, on the
    levels `usable` per square (those bared within `moves` moves); `at`: the player's square
    (local, -1 the table); `span`: how far apart two squares beside a block put down may lie
    (0: no block can be moved); `beside`: per square the levels (bits) of the tops of blocks
    that may be put down beside it. `work`: four rows of scratch, one entry per state."""
    w, h, level, block, usable, cls, deep = board
    queue, back, goal, dist = work[0], work[1], work[2], work[3]
    _goal(board, target, back, goal)
    dist[:] = -1
    n_q = 0
    if at < 0:  # R11, loosely: any square of the box at the table's level
        for q in range(w * h):
            if level[q, 0] == 0:
                s = q * deep * 4 + mask
                dist[s] = 0
                queue[n_q] = s
                n_q += 1
    else:
        s = at * deep * 4 + mask
        dist[s] = 0
        queue[n_q] = s
        n_q += 1
    tops = target + 1
    stacked = np.full((tops, 4), -1, dtype=np.int64)
    """Per level and ladders left: the blocks put down after which the player may stand on a
    block put beside one put before (so on any square's side)."""
    first = np.full((tops, 4), -1, dtype=np.int64)
    """The same for the first block put down on the way (climbed onto from a square)."""
    anywhere = 0
    for q in range(w * h):
        anywhere |= beside[q]
    climb = np.zeros((4, w * h), dtype=np.int64)
    """Per ladders left and square, the levels (bits) at which a block put down this time is
    climbed onto from it."""
    grown, spare = np.empty(w * h, dtype=np.int64), np.empty(w * h, dtype=np.int64)
    steps = np.empty(4 * deep * 3, dtype=np.int64)
    standing = np.zeros((block.max() + 1, 4), dtype=np.uint8)
    """Per block and ladders left: whether the player stands on it (R17 may push them to any
    square of it)."""
    start = 0
    for j in range(moves + 1):
        # from blocks put beside others: step off onto any square
        for t in range(tops):
            for m in range(4):
                if stacked[t, m] != j:
                    continue
                for q in range(w * h):
                    for i in range(usable[q]):
                        if not _enter(cls, block, q, i):
                            continue
                        rise = level[q, i] - t
                        for used in range(3):
                            if used & ~m or not ONE_STEP[used, 0] <= rise <= ONE_STEP[used, 1]:
                                continue
                            s = (q * deep + i) * 4 + (m & ~used)
                            if dist[s] < 0:
                                dist[s] = j
                                queue[n_q] = s
                                n_q += 1
        # walks
        k = start
        while k < n_q:
            s = queue[k]
            k += 1
            if goal[s] == 1:
                return True
            for e in range(_next(s, board, False, steps)):
                t = steps[e]
                if dist[t] < 0:
                    dist[t] = j
                    queue[n_q] = t
                    n_q += 1
        if j == moves or span == 0:
            break
        end = n_q
        # one more block put down beside a square reached (or over it: R17 pushes the player
        # to another square of the same block)
        climb[:] = 0
        standing[:] = 0
        for k in range(start, end):
            s = queue[k]
            m, i, q = s % 4, s // 4 % deep, s // 4 // deep
            lq = level[q, i]
            for used in range(3):
                if used & ~m:
                    continue
                m1 = m & ~used
                for t in range(lq + ONE_STEP[used, 0], lq + ONE_STEP[used, 1] + 1):
                    if not beside[q] >> t & 1:
                        continue
                    if t >= target:
                        return True
                    if stacked[t, m1] < 0 and first[t, m1] < 0:
                        first[t, m1] = j + 1
                    climb[m1, q] |= 1 << t
            if block[q, i] >= 0:
                standing[block[q, i], m] = 1
        # and off it again, onto a square beside it (no farther than `span` from where it was
        # climbed onto)
        for m1 in range(4):
            if not climb[m1].any():
                continue
            _grow(climb[m1], w, h, span, grown, spare)
            for p in range(w * h):
                if grown[p] == 0:
                    continue
                for ip in range(usable[p]):
                    if not _enter(cls, block, p, ip):
                        continue
                    lv = level[p, ip]
                    for off in range(3):
                        if off & ~m1:
                            continue
                        # from a block whose top is at lv - high ... lv - low
                        low = max(lv - ONE_STEP[off, 1], 0)
                        high = lv - ONE_STEP[off, 0]
                        if high < low or not grown[p] >> low & ((1 << (high - low + 1)) - 1):
                            continue
                        s = (p * deep + ip) * 4 + (m1 & ~off)
                        if dist[s] < 0:
                            dist[s] = j + 1
                            queue[n_q] = s
                            n_q += 1
        for u in range(len(standing)):
            for m in range(4):
                if standing[u, m] == 0:
                    continue
                for p in range(w * h):
                    if block[p, 0] == u:
                        s = p * deep * 4 + m
                        if dist[s] < 0:
                            dist[s] = j + 1
                            queue[n_q] = s
                            n_q += 1
        # a block put beside one put before
        for t in range(tops):
            for m in range(4):
                if not (first[t, m] == j or stacked[t, m] == j):
                    continue
                for used in range(3):
                    if used & ~m:
                        continue
                    for t2 in range(t + ONE_STEP[used, 0], t + ONE_STEP[used, 1] + 1):
                        if not anywhere >> t2 & 1:
                            continue
                        if t2 >= target:
                            return True
                        if stacked[t2, m & ~used] < 0:
                            stacked[t2, m & ~used] = j + 1
        start = end
    return False


@njit(cache=True)
def rows_needed(
    size: int,
    rows: Ints,
    n: int,
    extents: Ints,
    classes: Ints,
    me: int,
    target: int,
    moves: int,
) -> Ints:
    """`moves_needed` (the fewest) of each of `layers.turn_ends`'s rows: per block in play its
    rotation, x, y, z; per Climber x + 1, y + 1; the player's ladders."""
    k = (rows.shape[1] - 4 * n - 1) // 2
    out = np.empty(len(rows), dtype=np.int64)
    poses = np.empty((n, 4), dtype=np.int64)
    climbers = np.empty((k, 3), dtype=np.int64)
    for i in range(len(rows)):
        row = rows[i]
        for b in range(n):
            for c in range(4):
                poses[b, c] = row[4 * b + c]
        for j in range(k):
            climbers[j, 0], climbers[j, 1] = row[4 * n + 2 * j] - 1, row[4 * n + 2 * j + 1] - 1
            climbers[j, 2] = j
        mask = row[4 * n + 2 * k]
        out[i] = moves_needed(size, poses, extents, classes, climbers, me, mask, target, moves)
    return out
