"""The scene: table, blocks, Climbers and disks mirroring a GameState, animated from core events."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

import numpy as np
from panda3d.core import Plane, PlaneNode, Point3
from ursina import (
    BoxCollider,
    Entity,
    Mesh,
    Vec3,
    camera,
    color,
    destroy,
    window,
)

from climbers.app.settings import Settings
from climbers.app.table import coords
from climbers.app.table.camera import pointer_ray, screen_pixel
from climbers.app.table.lighting import (
    CASTS_SHADOW,
    SUN_DIRECTION,
    Sun,
    light_scene,
    open_ground_light,
)
from climbers.app.table.shading import shade, unshaded
from climbers.app.table.tweens import Leg, Tweens
from climbers.the_climbers.core import (
    Action,
    Colour,
    Event,
    GameState,
    MoveBlock,
    MoveClimber,
    PlaceDisk,
)
from climbers.the_climbers.core.components import BlockSpec
from climbers.the_climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    ClimberPushed,
    DiskPlaced,
    DiskRemoved,
)
from climbers.the_climbers.core.geometry import extent, rotation_from
from climbers.the_climbers.io.words import player_label
from climbers.the_climbers.table.batch import StillBatch
from climbers.the_climbers.table.meshes import (
    CLIMBER_PROFILE,
    MARKER_HEIGHT,
    MARKER_SIZE,
    OUTLINE_SCALE,
    block_mesh,
    disk,
    ladder,
    pawn,
)
from climbers.the_climbers.table.textures import WOOD_SQUARES, atlas, blot, marker_letters, wood

Square = tuple[int, int]
LIFT = 1.6
MARKER_DISC = 123 / 128
"""The share of a marker's picture that its disc fills across (textures.marker_image)."""
FIGURE_RADII = np.array([r for r, _ in CLIMBER_PROFILE]) * OUTLINE_SCALE
FIGURE_HEIGHTS = np.array([y for _, y in CLIMBER_PROFILE]) * OUTLINE_SCALE - 0.02
"""A Climber's outline as drawn, its dark rim included (meshes.pawn)."""


class BlockEntity(Entity):  # type: ignore[misc]
    """One block of the mountain; its model is rebuilt when its rotation changes."""

    def __init__(self, spec: BlockSpec, **kwargs: object) -> None:
        super().__init__(name=f"block:{spec.name}", collider=None, **kwargs)
        self.block = spec.name
        self.spec = spec
        self.rot: int | None = None

    def set_rot(self, rot: int) -> None:
        """Show the block in rotation `rot` (its place is set by the caller or a tween)."""
        if rot != self.rot:
            self.model = block_mesh(self.spec, rot)
            self.collider = "box"
            self.rot = rot


class Hand(Entity):  # type: ignore[misc]
    """The block a player holds: drawn on its own, casting no sun shadow, turned by the tool."""

    def __init__(
        self, spec: BlockSpec, rot: int, texture: object, position: Vec3, **kwargs: object
    ) -> None:
        super().__init__(name=f"hand:{spec.name}", texture=texture, position=position, **kwargs)
        self.block = spec.name
        self.spec = spec
        self.rot = rot
        self.model = block_mesh(spec, rot)
        self.hide(CASTS_SHADOW)

    def turn(self, rot: int) -> None:
        """Hold the block in rotation `rot`."""
        self.rot = rot
        self.model = block_mesh(self.spec, rot)


class BoardView:
    """Everything on the table: `show` jumps to a state, `play` animates the events to it.

    Besides those two, the view changes only by a hand taking a block (`hold`) and putting it
    back (`release`); a block moved from the hand glides from where the hand was.
    """

    def __init__(self, state: GameState, symbols: bool = True, lights: bool = True) -> None:
        self.root = Entity(name="table-root")
        """Every piece hangs under this node, drawn with the piece shader."""
        shade(self.root)
        self.state = state
        self.symbols = symbols
        self.grid_lines = False
        self.cut: int | None = None
        """Blocks are drawn up to this level, cut open where they reach above it (None: whole)."""
        self.cut_plane = self.root.attachNewNode(PlaneNode("cutaway"))
        self.tweens = Tweens(parent=self.root)
        size = state.rules.table_size
        window.color = color.rgb(0.70, 0.77, 0.84)
        self.table = Entity(
            parent=self.root,
            name="table",
            model="plane",
            scale=(size, 1, size),
            position=(size / 2, 0, size / 2),
            collider="box",
            visible=False,
        )
        self.near = Entity(parent=self.root, name="table-near", texture=wood())
        self.far = Entity(
            parent=self.root, name="table-far", texture=wood(), color=open_ground_light()
        )
        for part in (self.near, self.far):
            part.hide(CASTS_SHADOW)
        unshaded(self.far)
        rim = Entity(
            parent=self.root,
            model="cube",
            scale=(size + 1.2, 0.6, size + 1.2),
            position=(size / 2, -0.31, size / 2),
            color=color.rgb(0.42, 0.28, 0.18),
        )
        rim.hide(CASTS_SHADOW)
        self.blocks: dict[str, BlockEntity] = {
            spec.name: BlockEntity(spec, parent=self.root, texture=atlas(symbols), enabled=False)
            for spec in state.components.blocks
        }
        letters = marker_letters([player_label(pl) for pl in state.players])
        self.pawns = [
            pawn(pl.colour, letter, parent=self.root, name=f"climber:{pl.colour.value}")
            for pl, letter in zip(state.players, letters, strict=True)
        ]
        for seat, entity in enumerate(self.pawns):
            entity.seat = seat
            # no wider than the figure's shoulders: beside it, the pointer reaches what is behind
            entity.collider = BoxCollider(
                entity, center=Vec3(0, 0.63, 0), size=Vec3(0.5, 1.27, 0.5)
            )
        for entity in self.pawns:
            foot = Entity(parent=entity, model="quad", texture=blot(), rotation_x=90, y=0.01)
            foot.scale = 0.9
            foot.hide(CASTS_SHADOW)
            unshaded(foot)
            unshaded(entity.marker)
        self.contact = Entity(parent=self.root, name="contact-shadows", texture=blot())
        self.contact.hide(CASTS_SHADOW)
        unshaded(self.contact)
        self.disks: dict[str, Entity] = {}
        self.ladders: list[Entity] = []
        self.hand: Hand | None = None
        self.batch = StillBatch(self.blocks.values, parent=self.root)
        self.sun: Sun | None = None
        self.show(state)
        if lights:
            self._lights()

    # ----- layout ---------------------------------------------------------------------------

    def climber_position(self, state: GameState, seat: int) -> Vec3:
        """Where seat's pawn stands in `state`: its square, or its place among the waiting."""
        at = state.players[seat].at
        if at is None:
            return waiting_spots(state)[seat]
        return coords.square_centre(at, state.structure.height_at(at))

    def square_top(self, state: GameState, square: Square) -> Vec3:
        """The centre of a square's top surface."""
        return coords.square_centre(square, state.structure.height_at(square))

    def disk_position(self, state: GameState, block: str) -> Vec3:
        """The middle of a block's visible top."""
        s = state.structure
        b = state.block_index(block)
        squares = s.surfaces[b] or s.footprint(b)
        x = sum(q[0] for q in squares) / len(squares) + 0.5
        y = sum(q[1] for q in squares) / len(squares) + 0.5
        return coords.world(x, y, s.top_z(b) + 0.01)

    def action_spot(self, state: GameState, action: Action) -> Vec3 | None:
        """Where `action`, taken in `state`, acts: the square a Climber goes to, the middle of
        a block's top where it is put, the block a disk is laid on; None for a pass."""
        if isinstance(action, MoveClimber):
            return self.square_top(state, action.to)
        if isinstance(action, MoveBlock):
            spec = next(b for b in state.components.blocks if b.name == action.block)
            ex, ey, ez = extent(spec.dims, rotation_from(action.up, action.north))
            x, y, z = action.at
            return coords.world(x + ex / 2, y + ey / 2, z + ez)
        if isinstance(action, PlaceDisk):
            return self.disk_position(state, action.block)
        return None

    def shown(self, state: GameState, block: str) -> bool:
        """Whether a block is drawn on the table: in play, not in the hand, not cut away."""
        in_play = block in {p.block for p in state.blocks}
        if not in_play or (self.hand is not None and self.hand.block == block):
            return False
        return self.cut is None or state.structure.poses[state.block_index(block)][1][2] < self.cut

    # ----- state ----------------------------------------------------------------------------

    def show(self, state: GameState) -> None:
        """Put every piece where `state` says, without animation; only a block in the hand
        glides from the hand to where `state` has it."""
        self.tweens.finish()
        held = self.hand.block if self.hand is not None else None
        start = self._take_from_hand(held) if held is not None else None
        self.state = state
        for p in state.blocks:
            entity = self.blocks[p.block]
            entity.set_rot(p.rot)
            entity.position = coords.world(*p.at)
            if p.block == held and start is not None:
                entity.position = start
                self.tweens.glide(entity, [Leg(coords.world(*p.at), 0.25)])
        for seat, entity in enumerate(self.pawns):
            entity.position = self.climber_position(state, seat)
        wanted = {pl.disk_on: pl.colour for pl in state.players if pl.disk_on is not None}
        for block in list(self.disks):
            if block not in wanted:
                destroy(self.disks.pop(block))
        for block, colour in wanted.items():
            if block not in self.disks:
                self.disks[block] = disk(colour, parent=self.root, name=f"disk:{block}")
            self.disks[block].position = self.disk_position(state, block)
        self._clear_ladders()
        self._show_cut()
        self._fit_shadow()
        self._shade_contacts(state)

    def play(self, before: GameState, after: GameState, events: Sequence[Event]) -> None:
        """Animate `events` (which turned `before` into `after`) and end in `after`."""
        self.tweens.finish()
        self.state = after
        touched: set[object] = set()
        for ev in events:
            if isinstance(ev, BlockMoved):
                entity = self.blocks[ev.block]
                target = coords.world(*ev.after.at)
                start = self._take_from_hand(ev.block)
                if start is None:
                    start = target + Vec3(0, LIFT, 0)
                entity.set_rot(ev.after.rot)
                entity.position = start
                self.tweens.glide(entity, [Leg(target, 0.35)])
                touched.add(entity)
            elif isinstance(ev, ClimberPushed):
                seat = self._seat(after, ev.player)
                target = self.climber_position(after, seat)
                self.tweens.glide(self.pawns[seat], [Leg(target, 0.3)])
                touched.add(self.pawns[seat])
            elif isinstance(ev, ClimberMoved):
                seat = self._seat(after, ev.player)
                self._walk(after, seat, ev.path)
                touched.add(self.pawns[seat])
            elif isinstance(ev, DiskPlaced):
                self.disks[ev.block] = disk(ev.player, parent=self.root, name=f"disk:{ev.block}")
                target = self.disk_position(after, ev.block)
                self.disks[ev.block].position = target + Vec3(0, 2, 0)
                self.tweens.glide(self.disks[ev.block], [Leg(target, 0.3)])
                touched.add(self.disks[ev.block])
            elif isinstance(ev, DiskRemoved) and ev.block in self.disks:
                destroy(self.disks.pop(ev.block))
        self._drop_hand()
        for p in after.blocks:
            entity = self.blocks[p.block]
            if entity not in touched:
                entity.set_rot(p.rot)
                entity.position = coords.world(*p.at)
        for seat, entity in enumerate(self.pawns):
            target = self.climber_position(after, seat)
            if entity not in touched and entity.position != target:
                self.tweens.glide(entity, [Leg(target, 0.3)])  # waiting Climbers make room
        self._show_cut()
        self._fit_shadow()
        self._shade_contacts(after)

    def marker_at(self, pixel: tuple[float, float]) -> int | None:
        """The seat whose marker's disc is drawn at a window pixel (markers lie over
        everything, so this is what the player sees there), or None."""
        right = Vec3(camera.right) * (MARKER_SIZE * MARKER_DISC / 2)
        for seat, figure in enumerate(self.pawns):
            if not figure.enabled:
                continue
            centre = figure.marker.world_position
            a, b = screen_pixel(centre), screen_pixel(centre + right)
            if a is not None and b is not None:
                radius = math.dist(a, b)
                if math.dist(a, pixel) <= radius:
                    return seat
        return None

    def figure_at(self, pixel: tuple[float, float], reach: float = math.inf) -> int | None:
        """The seat whose Climber's figure (its turned outline, not a box round it) the ray
        through a window pixel meets first, less than `reach` along the ray (what stands in
        front of the mountain there), or None."""
        ray = pointer_ray(pixel)  # type: ignore[arg-type]
        if ray is None:
            return None
        a, b = ray
        d = (b - a).normalized()
        found, nearest = None, reach
        for seat, figure in enumerate(self.pawns):
            if figure.enabled:
                t = figure_hit(a, d, Vec3(figure.world_position))
                if t is not None and t < nearest:
                    found, nearest = seat, t
        return found

    # ----- the hand -------------------------------------------------------------------------

    def hold(self, block: str, rot: int, position: Vec3) -> Hand:
        """Take `block` into the hand at `position` (a block off the table comes from the tray)."""
        self._drop_hand()
        entity = self.blocks[block]
        self.hand = Hand(entity.spec, rot, entity.texture, position, parent=self.root)
        self._show_cut()
        self._shade_contacts(self.state, without=block)
        return self.hand

    def release(self) -> None:
        """Put the held block back where the state has it (a tray block goes back to the tray)."""
        if self.hand is None:
            return
        block = self.hand.block
        start = self._take_from_hand(block)
        placed = next((p for p in self.state.blocks if p.block == block), None)
        if placed is not None and start is not None:
            entity = self.blocks[block]
            entity.set_rot(placed.rot)
            entity.position = start
            self.tweens.glide(entity, [Leg(coords.world(*placed.at), 0.3)])
        self._show_cut()
        self._shade_contacts(self.state)

    def _take_from_hand(self, block: str) -> Vec3 | None:
        """Where the hand holding `block` was, emptying it; None when it does not hold it."""
        if self.hand is None or self.hand.block != block:
            return None
        where = Vec3(self.hand.position)
        self._drop_hand()
        return where

    def _drop_hand(self) -> None:
        if self.hand is not None:
            destroy(self.hand)
            self.hand = None

    def set_cut(self, level: int | None) -> None:
        """Hide every block whose top lies above `level` (None shows all)."""
        self.cut = level
        self._show_cut()

    def _show_cut(self) -> None:
        state = self.state
        s = state.structure
        for name, entity in self.blocks.items():
            entity.enabled = self.shown(state, name)
            cut = self.cut if entity.enabled else None
            if cut is not None and s.top_z(state.block_index(name)) > cut:
                self.cut_plane.node().setPlane(Plane(Vec3(0, -1, 0), Point3(0, cut, 0)))
                entity.setClipPlane(self.cut_plane)  # drawn up to the cut, open above it
                entity.setTwoSided(True)
            else:
                entity.clearClipPlane()
                entity.setTwoSided(False)
        for seat, entity in enumerate(self.pawns):
            entity.enabled = self.cut is None or state.level(seat) <= self.cut
        for block, entity in self.disks.items():
            entity.enabled = self.cut is None or s.top_z(state.block_index(block)) <= self.cut

    def _shade_contacts(self, state: GameState, without: str | None = None) -> None:
        """A soft shade round the foot of every block standing on the table (but the block
        `without`, carried in the hand)."""
        verts: list[tuple[float, float, float]] = []
        uvs: list[tuple[float, float]] = []
        tris: list[tuple[int, int, int]] = []
        s = state.structure
        for p in state.blocks:
            if p.at[2] != 0 or p.block == without:
                continue
            squares = s.footprint(state.block_index(p.block))
            x0, x1 = min(q[0] for q in squares) - 0.3, max(q[0] for q in squares) + 1.3
            z0, z1 = min(q[1] for q in squares) - 0.3, max(q[1] for q in squares) + 1.3
            base = len(verts)
            verts += [(x0, 0.004, z0), (x1, 0.004, z0), (x1, 0.004, z1), (x0, 0.004, z1)]
            uvs += [(0, 0), (1, 0), (1, 1), (0, 1)]
            tris += [(base, base + 1, base + 2), (base, base + 2, base + 3)]
        self.contact.model = Mesh(vertices=verts, triangles=tris, uvs=uvs) if verts else None

    def _fit_shadow(self) -> None:
        if self.sun is not None:
            self.sun.update_bounds()
        self._lay_table()

    def _lay_table(self) -> None:
        """The table in two parts: near the pieces, where shadows fall, drawn with the piece
        shader; the rest, in the open, flat and cheap in the same light."""
        size = self.state.rules.table_size
        (x0, _, z0), (x1, top, z1) = self.shadow_region()
        sun = Vec3(SUN_DIRECTION)
        reach_x, reach_z = top * sun.x / -sun.y + 1, top * sun.z / -sun.y + 1  # the shadows' ends
        near = (max(0.0, x0), max(0.0, z0), min(size, x1 + reach_x), min(size, z1 + reach_z))
        if near == getattr(self, "_laid", None):
            return
        self._laid = near
        a, b, c, d = near
        self.near.model = ground([(a, b, c, d)])
        outside = [(0, 0, size, b), (0, d, size, size), (0, b, a, d), (c, b, size, d)]
        self.far.model = ground([r for r in outside if r[0] < r[2] and r[1] < r[3]])

    @staticmethod
    def _seat(state: GameState, colour: Colour) -> int:
        return next(i for i, p in enumerate(state.players) if p.colour == colour)

    def _walk(self, state: GameState, seat: int, path: Sequence[Square]) -> None:
        """Glide a pawn square by square; a ladder stands against every step of 2 or more."""
        legs: list[Leg] = []
        heights = [state.structure.height_at(sq) for sq in path]
        first = path[0]
        on_table = state.structure.height_at(first) == 0
        if on_table:
            legs.append(Leg(coords.square_centre(first, 0), 0.25))
        for i in range(1, len(path)):
            rise = heights[i] - heights[i - 1]
            target = coords.square_centre(path[i], heights[i])
            if rise >= 2:
                foot = (
                    coords.square_centre(path[i - 1], heights[i - 1]) * 0.8
                    + coords.square_centre(path[i], heights[i - 1]) * 0.2
                )
                foot.y = heights[i - 1]
                legs.append(
                    Leg(
                        foot,
                        0.15,
                        on_start=self._ladder_maker(path[i - 1], path[i], heights[i - 1], rise),
                    )
                )
                legs.append(Leg(Vec3(foot.x, heights[i], foot.z), 0.18 * rise))
                legs.append(Leg(target, 0.15))
            else:
                legs.append(Leg(target, 0.2, hop=0.25 if rise else 0.1))
        legs[-1].on_end = self._clear_ladders
        self.tweens.glide(self.pawns[seat], legs)

    def _ladder_maker(self, a: Square, b: Square, base: int, rise: int) -> Callable[[], None]:
        def make() -> None:
            mid = Vec3((a[0] + b[0]) / 2 + 0.5, base, (a[1] + b[1]) / 2 + 0.5)
            back = Vec3(b[0] - a[0], 0, b[1] - a[1]) * 0.06
            facing = 90 if a[1] == b[1] else 0
            self.ladders.append(
                ladder(rise + 0.3, parent=self.root, position=mid - back, rotation_y=facing)
            )

        return make

    def _clear_ladders(self) -> None:
        for entity in self.ladders:
            destroy(entity)
        self.ladders.clear()

    # ----- look -----------------------------------------------------------------------------

    def shadow_region(self) -> tuple[Vec3, Vec3]:
        """The box whose shadows matter: the mountain, the waiting Climbers and a lifted block."""
        homes = waiting_spots(self.state).values()
        xs = [p.at[0] for p in self.state.blocks] + [h.x for h in homes]
        ys = [p.at[1] for p in self.state.blocks] + [h.z for h in homes]
        top = float(self.state.structure.height.max()) + LIFT + 2
        return Vec3(min(xs) - 3, 0, min(ys) - 3), Vec3(max(xs) + 5, top, max(ys) + 5)

    def shadow_casters(self) -> tuple[object, ...]:
        """Changes whenever something that casts a shadow moves, turns, appears or goes."""
        items: list[object] = [
            (id(e.model), tuple(e.position), e.enabled) for e in self.blocks.values()
        ]
        items += [(tuple(e.position), e.enabled) for e in self.pawns]
        items += [(k, tuple(e.position), e.enabled) for k, e in self.disks.items()]
        return tuple(items)

    def _lights(self) -> None:
        self.sun = light_scene(self.shadow_region, self.shadow_casters)

    def set_symbols(self, on: bool) -> None:
        """Show or hide the colour symbols on block faces."""
        self.symbols = on
        self._retexture()

    def set_grid(self, on: bool) -> None:
        """Show or hide faint lines between the unit squares of every block face."""
        self.grid_lines = on
        self._retexture()

    def use_settings(self, settings: Settings) -> None:
        """Animation speed, colour symbols and grid lines, at once."""
        self.tweens.speed = settings.animation_speed
        if self.symbols != settings.colour_symbols:
            self.set_symbols(settings.colour_symbols)
        if self.grid_lines != settings.grid_lines:
            self.set_grid(settings.grid_lines)

    def _retexture(self) -> None:
        for entity in self.blocks.values():
            entity.texture = atlas(self.symbols, self.grid_lines)

    def marker_points(self, state: GameState) -> list[Vec3]:
        """Where every Climber's marker shows in `state` once the pieces have settled (what the
        camera keeps in view)."""
        lift = Vec3(0, MARKER_HEIGHT, 0)
        return [self.climber_position(state, seat) + lift for seat in range(len(state.players))]


def figure_hit(a: Vec3, d: Vec3, foot: Vec3, step: float = 0.005) -> float | None:
    """How far along the ray from `a` in direction `d` (a unit vector) it first meets a
    Climber's figure standing at `foot`, or None when it passes it by."""
    widest = float(FIGURE_RADII.max())
    ox, oz = a.x - foot.x, a.z - foot.z
    flat = d.x * d.x + d.z * d.z
    if flat < 1e-12:
        return None
    half = (ox * d.x + oz * d.z) / flat
    gap = (ox * ox + oz * oz - widest * widest) / flat
    if half * half < gap:
        return None  # it passes wider than the figure's widest part
    root = math.sqrt(half * half - gap)
    near, far = max(0.0, -half - root), -half + root
    if far <= near:
        return None
    t = np.arange(near, far + step, step)
    y = a.y + d.y * t - foot.y
    r = np.hypot(ox + d.x * t, oz + d.z * t)
    low, top = float(FIGURE_HEIGHTS[0]), float(FIGURE_HEIGHTS[-1])
    within = (y >= low) & (y <= top) & (r <= np.interp(y, FIGURE_HEIGHTS, FIGURE_RADII))
    hits = np.flatnonzero(within)
    return float(t[hits[0]]) if len(hits) else None


def ground(rects: list[tuple[float, float, float, float]]) -> Mesh:
    """Flat rectangles (x0, z0, x1, z1) on the table, the wood tiling WOOD_SQUARES per tile."""
    verts: list[tuple[float, float, float]] = []
    uvs: list[tuple[float, float]] = []
    tris: list[tuple[int, int, int]] = []
    for x0, z0, x1, z1 in rects:
        base = len(verts)
        corners = [(x0, z0), (x1, z0), (x1, z1), (x0, z1)]
        verts += [(x, 0.0, z) for x, z in corners]
        uvs += [(x / WOOD_SQUARES, z / WOOD_SQUARES) for x, z in corners]
        tris += [(base, base + 1, base + 2), (base, base + 2, base + 3)]
    return Mesh(vertices=verts, triangles=tris, uvs=uvs, normals=[(0, 1, 0)] * len(verts))


def waiting_spots(state: GameState) -> dict[int, Vec3]:
    """Where the Climbers still on the table wait, by seat: a row of table squares in front of
    the middle of the mountain (the median of the blocks, which one moved block hardly
    shifts), one free row before the front-most block in those columns, so they stay put while
    blocks move elsewhere and are never under a block."""
    waiting = [seat for seat, p in enumerate(state.players) if p.at is None]
    if not waiting:
        return {}
    s = state.structure
    middle = state.rules.table_size // 2
    mid_x = int(statistics.median_low([p.at[0] for p in state.blocks] or [middle]))
    mid_y = int(statistics.median_low([p.at[1] for p in state.blocks] or [middle]))
    columns = range(mid_x - len(waiting) // 2, mid_x - len(waiting) // 2 + len(waiting))
    size = state.rules.table_size
    blocked = {y for x in columns for y in range(size) if s.height_at((x, y)) > 0}
    front = min((y for y in blocked if y <= mid_y), default=mid_y)
    row = min((y for y in range(size) if y not in blocked), key=lambda y: abs(y - (front - 2)))
    return {
        seat: coords.square_centre((x, row), 0) for seat, x in zip(waiting, columns, strict=True)
    }
