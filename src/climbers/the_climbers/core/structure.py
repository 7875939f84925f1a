"""The mountain as geometry: height and top-block maps, surfaces, support, touch and placement.

Blocks are the truth; every array here is derived from them (R5: columns are solid, so a
height map and a top-block map describe what can be stood on and built upon).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from climbers.the_climbers.core.components import Colour, ComponentSet, Look
from climbers.the_climbers.core.errors import IllegalAction, Reason
from climbers.the_climbers.core.geometry import (
    FACES,
    NEIGHBOURS,
    ROTATIONS,
    TOP_FACE,
    Square,
    Vec3,
    box_cells,
    extent,
    footprint,
    local_face,
)

IntGrid = npt.NDArray[np.int64]
Push = tuple[int, Square, Square]
"""A Climber pushed aside (R17): player index, old square, new square."""


def _squares_text(squares: list[Square]) -> str:
    """A short list of squares for a file's problem, e.g. '(3,4), (3,5)'."""
    shown = sorted(set(squares))
    text = ", ".join(f"({x},{y})" for x, y in shown[:6])
    return text + (f" and {len(shown) - 6} more" if len(shown) > 6 else "")


class BlockTables:
    """Per-block facts of a component set that never change: extents and top colour by rotation."""

    def __init__(self, components: ComponentSet) -> None:
        self.components = components
        self.names: tuple[str, ...] = tuple(b.name for b in components.blocks)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        n_rot = len(ROTATIONS)
        self.extents: list[list[Vec3]] = [
            [extent(b.dims, r) for r in range(n_rot)] for b in components.blocks
        ]
        self.top_colour: list[list[Colour]] = [
            [b.faces[TOP_FACE[r]] for r in range(n_rot)] for b in components.blocks
        ]
        looks = [
            [
                (extent(b.dims, r), tuple(b.faces[local_face(r, w)] for w in FACES))
                for r in range(n_rot)
            ]
            for b in components.blocks
        ]
        self.same_look: list[list[tuple[int, ...]]] = [
            [tuple(r2 for r2 in range(n_rot) if look[r2] == look[r]) for r in range(n_rot)]
            for look in looks
        ]
        """same_look[b][r]: rotations that leave block b looking exactly as in r (R18)."""
        self.rotation_groups: list[dict[Vec3, list[int]]] = []
        for exts in self.extents:
            groups: dict[Vec3, list[int]] = {}
            for r, e in enumerate(exts):
                groups.setdefault(e, []).append(r)
            self.rotation_groups.append(groups)


_TABLES: dict[int, BlockTables] = {}


def block_tables(components: ComponentSet) -> BlockTables:
    """The (cached) per-block tables of a component set."""
    key = id(components)
    if key not in _TABLES:
        _TABLES[key] = BlockTables(components)
    return _TABLES[key]


class Structure:
    """The blocks in play with derived maps. Raises ValueError when the blocks overlap or float."""

    def __init__(
        self, tables: BlockTables, poses: Mapping[int, tuple[int, Vec3]], size: int
    ) -> None:
        self.tables = tables
        self.size = size
        self.poses = dict(poses)
        self.height: IntGrid = np.zeros((size, size), dtype=np.int64)
        self.top: IntGrid = np.full((size, size), -1, dtype=np.int64)
        ordered = sorted(self.poses.items(), key=lambda item: item[1][1][2])
        tops = [at[2] + tables.extents[b][rot][2] for b, (rot, at) in ordered]
        # no column is taller than all the blocks stacked: a block above that floats
        depth = min(max(tops, default=0), sum(tables.extents[b][rot][2] for b, (rot, _) in ordered))
        self._owner = np.full((size, size, depth + 1), -1, dtype=np.int16)
        """The block filling each unit cell (x, y, z), -1 for none."""
        self._lifted: dict[int, tuple[IntGrid, IntGrid]] = {}
        """Height and top-block maps with one block taken out, by block (see `lifted`)."""
        for b, (rot, at) in ordered:
            self._add(b, rot, at)

    def _add(self, b: int, rot: int, at: Vec3) -> None:
        name = self.tables.names[b]
        ex, ey, ez = self.tables.extents[b][rot]
        x, y, z = at
        if x < 0 or y < 0 or z < 0 or x + ex > self.size or y + ey > self.size:
            raise ValueError(f"block {name} at {at} lies outside the {self.size}x{self.size} table")
        if z + ez > self._owner.shape[2]:  # nothing can hold it up there
            holes = footprint(at, (ex, ey, ez))
            raise ValueError(
                f"block {name} at {at} overhangs or leaves a hole under {_squares_text(holes)}"
            )
        room = self._owner[x : x + ex, y : y + ey, z : z + ez]
        if (room >= 0).any():
            cell = next(c for c in box_cells(at, (ex, ey, ez)) if self._owner[c] >= 0)
            other = self.tables.names[int(self._owner[cell])]
            raise ValueError(f"blocks {name} and {other} overlap at {cell}")
        if z > 0 and (self._owner[x : x + ex, y : y + ey, z - 1] < 0).any():
            holes = [sq for sq in footprint(at, (ex, ey, ez)) if self._owner[(*sq, z - 1)] < 0]
            raise ValueError(
                f"block {name} at {at} overhangs or leaves a hole under {_squares_text(holes)}"
            )
        room[...] = b
        self.height[x : x + ex, y : y + ey] = z + ez
        self.top[x : x + ex, y : y + ey] = b

    def _cell(self, x: int, y: int, z: int) -> int:
        """The block filling unit cell (x, y, z), -1 for none."""
        owner = self._owner
        if 0 <= x < self.size and 0 <= y < self.size and 0 <= z < owner.shape[2]:
            cell: int = owner.item(x, y, z)
            return cell
        return -1

    # ----- facts about blocks -------------------------------------------------------------

    def extent(self, b: int) -> Vec3:
        """World size of block b in its pose."""
        return self.tables.extents[b][self.poses[b][0]]

    def top_z(self, b: int) -> int:
        """The level of block b's top (R7)."""
        return self.poses[b][1][2] + self.extent(b)[2]

    def top_colour(self, b: int) -> Colour:
        """The colour of the face pointing up (R4)."""
        return self.tables.top_colour[b][self.poses[b][0]]

    def look(self, b: int, rot: int | None = None) -> Look:
        """Block b as players tell it: its kind and top colour in its pose (or rotation
        `rot`)."""
        spec = self.tables.components.blocks[b]
        return Look(spec.size, spec.faces[TOP_FACE[self.poses[b][0] if rot is None else rot]])

    def known_look(self, b: int, rot: int) -> Look:
        """Block b being moved, as players know it: by its top colour where it lies now (it
        stays that block while it is turned or tipped in the hand), or, from the tray, in
        rotation `rot`."""
        return self.look(b) if b in self.poses else self.look(b, rot)

    def looks_apart(self, a: int, b: int, rot: int | None = None) -> tuple[Look, Look]:
        """Blocks a and b as players tell them apart in one sentence (a, being moved, as it is
        known: see `known_look`, when `rot` is given): by kind and top colour, and by the level
        of their tops as well when those alone look alike."""
        first = self.look(a) if rot is None else self.known_look(a, rot)
        second = self.look(b)
        if first != second or a not in self.poses:
            return first, second
        return first._replace(level=self.top_z(a)), second._replace(level=self.top_z(b))

    def footprint(self, b: int) -> list[Square]:
        """Squares under block b."""
        return footprint(self.poses[b][1], self.extent(b))

    @cached_property
    def surfaces(self) -> dict[int, list[Square]]:
        """R6: each block's uncovered top squares (empty lists for covered-all blocks)."""
        result: dict[int, list[Square]] = {b: [] for b in self.poses}
        for x, y in zip(*np.nonzero(self.top >= 0), strict=True):
            result[int(self.top[x, y])].append((int(x), int(y)))
        return result

    def covering(self, b: int) -> list[int]:
        """Blocks resting on block b's top (R14)."""
        at, ext = self.poses[b][1], self.extent(b)
        z = at[2] + ext[2]
        found = {self._cell(x, y, z) for x, y in footprint(at, ext)}
        found.discard(-1)
        return sorted(found)

    def block_below(self, square: Square, z: int) -> int:
        """The block whose cell lies just under height z in a column (-1 for the table)."""
        return -1 if z == 0 else self._cell(square[0], square[1], z - 1)

    def height_at(self, square: Square) -> int:
        """The column's height H(x, y) (R5)."""
        return int(self.height[square])

    def block_at(self, square: Square) -> int:
        """The block owning the column's top square, -1 for the table."""
        return int(self.top[square])

    def in_area(self, square: Square) -> bool:
        """Whether a square lies on the table."""
        return 0 <= square[0] < self.size and 0 <= square[1] < self.size

    # ----- derived maps for movement ------------------------------------------------------

    @cached_property
    def height_rows(self) -> list[list[int]]:
        """The height map as nested lists, for fast scalar lookups."""
        rows: list[list[int]] = self.height.tolist()
        return rows

    @cached_property
    def top_rows(self) -> list[list[int]]:
        """The top-block map as nested lists."""
        rows: list[list[int]] = self.top.tolist()
        return rows

    @cached_property
    def open_table(self) -> npt.NDArray[np.bool_]:
        """R11: table squares connected to the edge of the play area through table squares."""
        free = self.height == 0
        reach = np.zeros_like(free)
        reach[0, :], reach[-1, :], reach[:, 0], reach[:, -1] = (
            free[0, :],
            free[-1, :],
            free[:, 0],
            free[:, -1],
        )
        while True:
            grown = reach.copy()
            grown[1:, :] |= reach[:-1, :]
            grown[:-1, :] |= reach[1:, :]
            grown[:, 1:] |= reach[:, :-1]
            grown[:, :-1] |= reach[:, 1:]
            grown &= free
            if np.array_equal(grown, reach):
                result: npt.NDArray[np.bool_] = reach
                return result
            reach = grown

    @cached_property
    def table_entries(self) -> list[tuple[Square, Square]]:
        """Pairs (open table square, block square) a Climber can step between from the table."""
        pairs = []
        open_table = self.open_table
        for x, y in zip(*np.nonzero(self.height > 0), strict=True):
            for dx, dy in NEIGHBOURS:
                t = (int(x) + dx, int(y) + dy)
                if self.in_area(t) and open_table[t]:
                    pairs.append((t, (int(x), int(y))))
        return pairs

    # ----- lifting and placing (R14–R17) --------------------------------------------------

    def lifted(self, b: int) -> tuple[IntGrid, IntGrid]:
        """Height and top-block maps with block b taken out (b must be uncovered).

        For a block not in play (one about to be added) the maps are the structure's own.
        """
        if b not in self._lifted:
            height, top = self.height.copy(), self.top.copy()
            if b in self.poses:
                at, ext = self.poses[b][1], self.extent(b)
                for sq in footprint(at, ext):
                    height[sq] = at[2]
                    top[sq] = self.block_below(sq, at[2])
            self._lifted[b] = (height, top)
        return self._lifted[b]

    def check_placement(
        self,
        b: int,
        rot: int,
        at: Vec3,
        disks: Iterable[int],
        climbers: Mapping[Square, int],
    ) -> list[Push]:
        """R16/R17: the Climbers pushed aside by putting block b in pose (rot, at); else raise."""
        name = self.tables.names[b]
        ex, ey, ez = self.tables.extents[b][rot]
        x, y, z = at
        squares = footprint(at, (ex, ey, ez))
        outside = [sq for sq in squares if not self.in_area(sq)]
        if outside or z < 0:
            raise IllegalAction(
                Reason.OUT_OF_AREA,
                tuple(outside),
                (name,),
                "" if outside else "below",
                block=self.known_look(b, rot),
            )
        height, top = self.lifted(b)
        window = height[x : x + ex, y : y + ey]
        for reason, wrong in ((Reason.OVERLAP, window > z), (Reason.UNSUPPORTED, window < z)):
            cells = np.argwhere(wrong)
            if len(cells):
                raise IllegalAction(
                    reason,
                    tuple((x + int(i), y + int(j)) for i, j in cells),
                    (name,),
                    block=self.known_look(b, rot),
                )
        disk_set = set(disks)
        if z > 0 and disk_set:
            on_disk = [sq for sq in squares if int(top[sq]) in disk_set]
            if on_disk:
                disked = int(top[on_disk[0]])
                named, other = self.looks_apart(b, disked, rot)
                raise IllegalAction(
                    Reason.ON_DISK,
                    tuple(on_disk),
                    (name, self.tables.names[disked]),
                    block=named,
                    other=other,
                )
        if z == 0 and not self._touches_on_table(height, squares):
            raise IllegalAction(
                Reason.NO_CONTACT, tuple(squares), (name,), block=self.known_look(b, rot)
            )
        return self._pushes(top, squares, climbers, b, rot)

    def _touches_on_table(self, height: IntGrid, squares: list[Square]) -> bool:
        inside = set(squares)
        for sx, sy in squares:
            for dx, dy in NEIGHBOURS:
                n = (sx + dx, sy + dy)
                if n not in inside and self.in_area(n) and height[n] > 0:
                    return True
        return False

    def _pushes(
        self, top: IntGrid, squares: list[Square], climbers: Mapping[Square, int], b: int, rot: int
    ) -> list[Push]:
        covered = [sq for sq in squares if sq in climbers]
        if not covered:
            return []
        inside = set(squares)
        pushes: list[Push] = []
        for owner in sorted({int(top[sq]) for sq in covered}):
            if owner < 0:
                continue  # R17: Climbers on the table are simply moved aside.
            surface = [(int(i), int(j)) for i, j in np.argwhere(top == owner)]
            taken = {sq for sq in surface if sq in climbers and sq not in inside}
            free = [sq for sq in surface if sq not in inside and sq not in taken]
            movers = sorted((climbers[sq], sq) for sq in covered if int(top[sq]) == owner)
            if len(free) < len(movers):
                named, other = self.looks_apart(b, owner, rot)
                raise IllegalAction(
                    Reason.NO_ROOM_TO_PUSH,
                    tuple(sq for _, sq in movers),
                    (self.tables.names[b], self.tables.names[owner]),
                    block=named,
                    other=other,
                    count=len(movers),
                )
            for player, sq in movers:
                best = min(free, key=lambda f: ((f[0] - sq[0]) ** 2 + (f[1] - sq[1]) ** 2, f))
                free.remove(best)
                pushes.append((player, sq, best))
        return pushes

    def legal_placements(
        self, b: int, disks: Iterable[int], climbers: Mapping[Square, int]
    ) -> npt.NDArray[np.int64]:
        """Legal poses of block b as rows (block, rot, x, y, z), vectorised; old pose excluded."""
        return self.all_legal_placements([b], disks, climbers)

    def all_legal_placements(
        self, blocks: Iterable[int], disks: Iterable[int], climbers: Mapping[Square, int]
    ) -> npt.NDArray[np.int64]:
        """R16/R17 for many blocks at once: rows (block, rot, x, y, z), each block lifted in turn.

        The same set as calling check_placement on every pose (each block's old pose left out),
        ordered by block, then rotation, then x, then y.
        """
        search = _PlacementSearch(self, disks, climbers)
        groups = [g for b in blocks for g in search.groups(b)]
        out = np.empty((sum(g.count for g in groups), 5), dtype=np.int64)
        start = 0
        for g in groups:
            start = g.fill(out, start)
        return out


@dataclass(frozen=True)
class _Group:
    """The legal corners of one block for one footprint shape, shared by its rotations."""

    block: int
    rots: npt.NDArray[np.int64]
    corners: npt.NDArray[np.int64]
    """Rows (x, y, z) in x, then y order."""
    old: tuple[int, ...]
    """Indices in the rows (rotation-major) of poses that look like the old one, left out (R18)."""

    @property
    def count(self) -> int:
        """How many rows the group writes."""
        return len(self.rots) * len(self.corners) - len(self.old)

    def fill(self, out: npt.NDArray[np.int64], start: int) -> int:
        """Write the rows (block, rot, x, y, z) into out from `start`; returns the next start."""
        k, m = len(self.rots), len(self.corners)
        if not self.old:
            rows = out[start : start + k * m].reshape(k, m, 5)
        else:
            rows = np.empty((k, m, 5), dtype=np.int64)
        rows[:, :, 0] = self.block
        rows[:, :, 1] = self.rots[:, None]
        rows[:, :, 2:] = self.corners
        if self.old:
            out[start : start + self.count] = np.delete(rows.reshape(k * m, 5), self.old, axis=0)
        return start + self.count


def _prefix(a: npt.NDArray[np.int64] | npt.NDArray[np.bool_]) -> IntGrid:
    """Prefix sums over the last two axes with a leading zero row and column."""
    p = np.zeros((*a.shape[:-2], a.shape[-2] + 1, a.shape[-1] + 1), dtype=np.int64)
    np.cumsum(a, axis=-2, dtype=np.int64, out=p[..., 1:, 1:])
    np.cumsum(p[..., 1:, 1:], axis=-1, out=p[..., 1:, 1:])
    return p


def _window_sum(p: IntGrid, ex: int, ey: int) -> IntGrid:
    """Sums over every ex×ey window (by min corner) of the array(s) behind prefix sums p."""
    ni, nj = p.shape[-2] - ex, p.shape[-1] - ey
    result: IntGrid = p[..., ex:, ey:] - p[..., :ni, ey:]
    result -= p[..., ex:, :nj]
    result += p[..., :ni, :nj]
    return result


class _PlacementSearch:
    """Window tests over prefix sums for the placement search: one per call, shared by blocks.

    A window of a pose's footprint is legal when the lifted height map is flat over it (R5, no
    overlap: with A squares, heights summing to S1 and squares of heights to S2, flat exactly
    when A·S2 = S1²), when above the table it lies on no disk block (R16), when on the table it
    touches a block (R16), and when the Climbers it covers can all be pushed aside (R17).
    """

    def __init__(self, s: Structure, disks: Iterable[int], climbers: Mapping[Square, int]) -> None:
        self.s = s
        self.disk_flag = np.zeros(len(s.tables.names) + 1, dtype=np.int64)  # last slot: table
        for d in disks:
            self.disk_flag[d] = 1
        squares = [sq for sq in climbers if s.in_area(sq)]
        self.cx = np.array([sq[0] for sq in squares], dtype=np.int64)
        self.cy = np.array([sq[1] for sq in squares], dtype=np.int64)
        self._owner_sums: dict[int, tuple[IntGrid, int, int]] = {}
        self._push_bad: dict[tuple[int, int, int], npt.NDArray[np.bool_]] = {}
        self.maps = np.zeros((4, s.size, s.size), dtype=np.int64)

    def _owner(self, top: IntGrid, owner: int) -> tuple[IntGrid, int, int]:
        """Prefix sums of owner's surface and of the Climbers on it, with their totals."""
        stack = np.zeros((2, *top.shape), dtype=np.int64)
        stack[0] = top == owner
        mine = top[self.cx, self.cy] == owner
        stack[1, self.cx[mine], self.cy[mine]] = 1
        return _prefix(stack), int(stack[0].sum()), int(mine.sum())

    def _push_refused(
        self, top: IntGrid, owners: list[int], fresh: set[int], ex: int, ey: int
    ) -> npt.NDArray[np.bool_] | None:
        """R17: windows covering Climbers of a block whose other free squares are too few.

        Covering m of the n Climbers on a block with S surface squares, k of them under the
        window, leaves S - k - (n - m) free squares for m movers: enough iff S - k >= n.
        """
        bad: npt.NDArray[np.bool_] | None = None
        for owner in owners:
            key = (owner, ex, ey)
            refused = None if owner in fresh else self._push_bad.get(key)
            if refused is None:
                if owner in fresh:
                    sums, total, count = self._owner(top, owner)
                else:
                    if owner not in self._owner_sums:
                        self._owner_sums[owner] = self._owner(self.s.top, owner)
                    sums, total, count = self._owner_sums[owner]
                within = _window_sum(sums, ex, ey)
                refused = (within[1] > 0) & (total - within[0] < count)
                if owner not in fresh:
                    self._push_bad[key] = refused
            bad = refused if bad is None else bad | refused
        return bad

    def groups(self, b: int) -> list[_Group]:
        """The legal poses of block b, one group per footprint shape."""
        s = self.s
        height, top = s.lifted(b)
        own_rot, (ox, oy, oz) = s.poses[b]
        oex, oey, _ = s.extent(b)
        maps = self.maps
        maps[0] = height
        np.multiply(height, height, out=maps[1])
        solid = height > 0
        near = maps[2]
        near[...] = 0
        near[1:, :] |= solid[:-1, :]
        near[:-1, :] |= solid[1:, :]
        near[:, 1:] |= solid[:, :-1]
        near[:, :-1] |= solid[:, 1:]
        maps[3] = self.disk_flag[top]
        sums = _prefix(maps)
        owners: list[int] = []
        fresh: set[int] = set()
        if len(self.cx):
            owner_at = top[self.cx, self.cy]
            owners = sorted({int(o) for o in owner_at if o >= 0})
            exposed = set(top[ox : ox + oex, oy : oy + oey].ravel().tolist())
            moved = bool((owner_at != s.top[self.cx, self.cy]).any())
            fresh = {o for o in owners if moved or o in exposed}
        result: list[_Group] = []
        for (ex, ey, _), rots in s.tables.rotation_groups[b].items():
            if ex > s.size or ey > s.size:
                continue
            w = _window_sum(sums, ex, ey)
            z = height[: w.shape[1], : w.shape[2]]
            ok = w[0] * w[0] == (ex * ey) * w[1]
            ok &= np.where(z > 0, w[3] == 0, w[2] > 0)
            if owners:
                bad = self._push_refused(top, owners, fresh, ex, ey)
                if bad is not None:
                    ok &= ~bad
            xs, ys = np.nonzero(ok)
            if len(xs) == 0:
                continue
            old: tuple[int, ...] = ()
            if (ex, ey) == (oex, oey) and ok[ox, oy] and z[ox, oy] == oz:
                at = int(np.searchsorted(xs * s.size + ys, ox * s.size + oy))
                alike = s.tables.same_look[b][own_rot]
                old = tuple(i * len(xs) + at for i, r in enumerate(rots) if r in alike)
            corners = np.stack((xs, ys, z[xs, ys]), axis=1)
            result.append(_Group(b, np.asarray(rots, dtype=np.int64), corners, old))
        return result
