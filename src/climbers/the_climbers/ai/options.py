"""Candidate actions for bots: grouped Climber moves and pruned, deduplicated block moves.

A step offers many walks and tens of thousands of block poses. Bots look at one walk per
(block reached, ladders spent), at one pose per group of gameplay-equal poses (same cells, same
top colour), and only at poses near where Climbers can walk, ranked by what they could change.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import sliding_window_view

from climbers.the_climbers.core import (
    Colour,
    GameState,
    Route,
    legal_placements,
    standard_components,
)
from climbers.the_climbers.core.geometry import Square
from climbers.the_climbers.core.structure import block_tables

Rows = npt.NDArray[np.int64]
Grid = npt.NDArray[np.int64]
Reach = dict[Square, list[Route]]
_COLOUR_INDEX = {c: i for i, c in enumerate(Colour)}


def walks(state: GameState, found: Reach) -> list[Route]:
    """One route per (block reached, ladders spent): highest first, then fewest ladders.

    Squares of one block surface lie at one level and are walked between freely, so the first
    square (in sorted order) stands for the others.
    """
    s = state.structure
    seen: set[tuple[int, tuple[str, ...]]] = set()
    result: list[Route] = []
    for sq, routes in found.items():
        b = s.block_at(sq)
        for r in routes:
            if (b, r.ladders) not in seen:
                seen.add((b, r.ladders))
                result.append(r)
    result.sort(key=lambda r: (-r.level, r.cost, r.to))
    return result


@cache
def _pose_tables() -> tuple[Grid, Grid]:
    """Per (block, rotation): world extent (ex, ey, ez) and top colour index."""
    tables = block_tables(standard_components())
    extents = np.array(tables.extents, dtype=np.int64)
    colours = np.array(
        [[_COLOUR_INDEX[c] for c in row] for row in tables.top_colour], dtype=np.int64
    )
    return extents, colours


def distinct_poses(rows: Rows, colours: Grid | None = None) -> Rows:
    """One row per gameplay-equal group: same block, same cells, same top colour (R3, R4).

    `colours` (block × rotation → a small code) may merge top colours that play alike for
    someone, e.g. every colour a player may not stand on; by default each colour is its own.
    """
    if len(rows) == 0:
        return rows
    extents, top_colours = _pose_tables()
    if colours is None:
        colours = top_colours
    b, rot = rows[:, 0], rows[:, 1]
    ext = extents[b, rot]
    key = b
    for column, bits in (
        (ext[:, 0], 3),
        (ext[:, 1], 3),
        (colours[b, rot], 3),
        (rows[:, 2], 7),
        (rows[:, 3], 7),
        (rows[:, 4], 7),
    ):
        key = (key << bits) | column
    _, first = np.unique(key, return_index=True)
    result: Rows = rows[np.sort(first)]
    return result


def _window_max(grid: Grid, rows: Rows) -> Grid:
    """The maximum of `grid` over each row's footprint."""
    extents, _ = _pose_tables()
    ext = extents[rows[:, 0], rows[:, 1]]
    out = np.zeros(len(rows), dtype=np.int64)
    shape = ext[:, 0] * 16 + ext[:, 1]
    for code in np.unique(shape).tolist():
        ex, ey = divmod(code, 16)
        pick = shape == code
        window = sliding_window_view(grid, (ex, ey)).max(axis=(2, 3))
        out[pick] = window[rows[pick, 2], rows[pick, 3]]
    return out


def _spread(grid: Grid) -> Grid:
    """Each square's value or its four neighbours' largest value, whichever is larger."""
    out = grid.copy()
    np.maximum(out[1:, :], grid[:-1, :], out=out[1:, :])
    np.maximum(out[:-1, :], grid[1:, :], out=out[:-1, :])
    np.maximum(out[:, 1:], grid[:, :-1], out=out[:, 1:])
    np.maximum(out[:, :-1], grid[:, 1:], out=out[:, :-1])
    return out


def reach_grid(state: GameState, seat: int, found: Reach) -> Grid:
    """Levels of the squares `seat` stands on or can walk to (level + 1, so the table counts),
    0 elsewhere."""
    s = state.structure
    grid = np.zeros((s.size, s.size), dtype=np.int64)
    at = state.players[seat].at
    squares = list(found) + ([at] if at is not None else [])
    if squares:
        xs, ys = zip(*squares, strict=True)
        grid[list(xs), list(ys)] = s.height[list(xs), list(ys)] + 1
    return grid


def placements(state: GameState) -> Rows:
    """Every distinct legal block move of the acting seat (all free blocks, R14–R17)."""
    return distinct_poses(legal_placements(state))


def climb_tops(state: GameState, seat: int, found: Reach, rows: Rows, rise: int) -> Grid:
    """For each row, the level of the new top if `seat` could step onto it from a square it can
    walk to (colour, R10; rise up to `rise`, R9), else -1."""
    extents, colours = _pose_tables()
    b, rot = rows[:, 0], rows[:, 1]
    top = rows[:, 4] + extents[b, rot, 2]
    colour = colours[b, rot]
    own = _COLOUR_INDEX[state.players[seat].colour]
    enterable = (colour == own) | (colour == _COLOUR_INDEX[Colour.NEUTRAL])
    stand = _window_max(_spread(reach_grid(state, seat, found)), rows) - 1
    ok = enterable & (stand >= 0) & (top - stand <= rise) & (top > stand)
    result: Grid = np.where(ok, top, -1)
    return result


def ladder_rise(state: GameState, seat: int) -> int:
    """The highest single step `seat` can still climb (R9, R12)."""
    ladders = state.players[seat].ladders
    return 4 if "tall" in ladders else 2 if "short" in ladders else 1


@dataclass(frozen=True)
class BlockChoices:
    """Block moves worth a full look, best guesses first."""

    build: Rows
    """Poses whose top the mover could step onto from where it can walk, highest top first."""
    cut: Rows
    """Poses that cover, or uncover, squares the rivals can reach, highest such square first."""
    deny: Rows
    """Poses that take away a block a rival could climb onto if it moved it (or turn it)."""


def block_choices(
    state: GameState, me: int, mine: Reach, rivals: dict[int, Reach], limit: int
) -> BlockChoices:
    """Up to `limit` build, cut and deny block moves for seat `me` (legal by the queries).

    `mine` and `rivals` are the routes already known for each seat.
    """
    rows = placements(state)
    empty = np.zeros((0, 5), dtype=np.int64)
    if len(rows) == 0:
        return BlockChoices(empty, empty, empty)
    s = state.structure
    mine_tops = climb_tops(state, me, mine, rows, ladder_rise(state, me))
    build = _best(rows, mine_tops, limit)
    rival = np.zeros((s.size, s.size), dtype=np.int64)
    wanted: dict[int, int] = {}
    for seat, found in rivals.items():
        np.maximum(rival, reach_grid(state, seat, found), out=rival)
        tops = climb_tops(state, seat, found, rows, ladder_rise(state, seat))
        for i in np.argsort(-tops, kind="stable")[:limit].tolist():
            if tops[i] > state.level(seat):
                blk = int(rows[i, 0])
                wanted[blk] = max(wanted.get(blk, 0), int(tops[i]))
    covered = _window_max(rival, rows)
    # Lifting a block away changes every square of its old footprint.
    lifted = np.zeros(len(s.tables.names), dtype=np.int64)
    for blk, (r, at) in s.poses.items():
        ex, ey, _ = s.tables.extents[blk][r]
        lifted[blk] = rival[at[0] : at[0] + ex, at[1] : at[1] + ey].max()
    b = rows[:, 0]
    top = rows[:, 4]
    touched = np.maximum(covered, lifted[b])
    cut = _best(rows, np.where(touched > 0, touched * 4 - (top > 0), -1), limit)
    want = np.zeros(len(s.tables.names), dtype=np.int64)
    for blk, level in wanted.items():
        want[blk] = level
    # Denials: a wanted block put where the mover can use it, else as low as it goes.
    deny_rank = np.where(want[b] > 0, want[b] * 64 + np.maximum(mine_tops, 0) * 2 - (top > 0), -1)
    deny = _best(rows, deny_rank, limit)
    return BlockChoices(build, cut, deny)


PER_BLOCK = 3
"""At most this many poses of one block in a list of choices, so several blocks get a look."""


def _best(rows: Rows, priority: Grid, limit: int) -> Rows:
    """Rows with priority ≥ 0, highest first (stable), at most `limit` and PER_BLOCK per block."""
    keep = np.flatnonzero(priority >= 0)
    order = keep[np.argsort(-priority[keep], kind="stable")]
    picked: list[int] = []
    count: dict[int, int] = {}
    for i in order.tolist():
        b = int(rows[i, 0])
        if count.get(b, 0) < PER_BLOCK:
            count[b] = count.get(b, 0) + 1
            picked.append(i)
            if len(picked) == limit:
                break
    result: Rows = rows[picked] if picked else np.zeros((0, 5), dtype=np.int64)
    return result
