"""The scene of a Clamber game: the table, the wooden board and the stacks on it, mirroring the
stacks of a state; `show` jumps to stacks, `play` animates a turn's events to them (a placed
stone drops onto its cell, a capturing stone hops from the capturing stack onto the captured
one, a removed subgroup lifts away). Once the animations end, the picture is the state."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
from panda3d.core import NodePath
from ursina import Entity, Mesh, Vec3, camera, color, destroy, window

from climbers.app.table.camera import Box, home_axes, pointer_pixel, pointer_ray, screen_pixel
from climbers.app.table.lighting import CASTS_SHADOW, Sun, light_scene, open_ground_light
from climbers.app.table.shading import opaque, shade, unshaded
from climbers.app.table.tweens import Leg, Tweens
from climbers.clamber.core import Captured, ClamberState, Event, Placed, Removed, Stack
from climbers.clamber.table.geometry import (
    BOARD_TOP,
    CELL_RADIUS,
    STONE_HEIGHT,
    STONE_RADIUS,
    Layout,
    layout,
)
from climbers.clamber.table.meshes import board_mesh, ground, stack_mesh
from climbers.clamber.table.stone_shader import shade_stones
from climbers.clamber.table.textures import (
    MARKED,
    badge,
    board_texture,
    mark_texture,
    seat_colour,
)

BADGE_SIZE = 0.44
BADGE_LIFT = 0.34
"""How far over a stack's top stone the centre of its number floats."""
STALK, STALK_WIDTH = color.rgba(0.08, 0.08, 0.1, 0.85), 0.035
"""The line from a number slid clear of another back to its stack: its colour and width."""
RING = (-STONE_RADIUS, STONE_RADIUS)
"""Either side of a stack's axis, along the table's axes: the corners of the box about it."""
DROP = 0.3
HOP = 0.42
LIFT = 0.45
"""Seconds: a placed stone's fall, a capturing stone's hop, a removed stack's lift."""
RISE = 1.8
"""How high a removed stack lifts before it is gone."""
CLOTH = color.rgb(0.16, 0.34, 0.27)
"""The table the board stands on: green baize."""
TABLE_HALF = 40.0
"""Half the table's side."""
FRAMED = ("lower", "equal", "chosen")
LIFTS = {"gone": 2.0, "fault": 2.0, "last": 0.5}
"""How many times MARK_LIFT a mark of these kinds lies over the board (others: once): a cross
over a frame, the last turn's frame under the others."""
"""The marks that also frame the number over the stack on their cell."""
MARK_LIFT = 0.006
"""Marks lie this far over the board, clear of its top."""
STONES_BIN = "clamber-stones"
"""Where the stacks are drawn: before the board, the nearest first, so that a software renderer
skips the pixels of what they hide."""
GROUND_BIN = "clamber-ground"
"""Where the table is drawn: after everything solid on it, for the same reason."""


BINS = {STONES_BIN: ("BT_front_to_back", -1), GROUND_BIN: ("BT_unsorted", 1)}
"""Each of the table's own bins: how it sorts, and where it comes against the solid pieces' own
bin ('opaque')."""


def bin_for(name: str) -> str:
    """The name of one of the table's own BINS, made the first time it is asked for."""
    from panda3d.core import CullBinEnums, CullBinManager

    bins = CullBinManager.getGlobalPtr()
    if bins.findBin(name) < 0:
        kind, after = BINS[name]
        sort = bins.getBinSort(bins.findBin("opaque")) + after
        bins.addBin(name, getattr(CullBinEnums, kind), sort)
    return name


def piece_model(mesh: Mesh) -> NodePath:
    """A model of its own for an entity, sharing `mesh`'s geometry (an entity takes its model
    node for itself, so a cached mesh is never handed out)."""
    return mesh.copyTo(NodePath("model"))


def top_of(height: int) -> float:
    """The height of the top of a stack of `height` stones above the table."""
    return BOARD_TOP + height * STONE_HEIGHT


class StackPiece(Entity):  # type: ignore[misc]
    """The stones on one cell, in the owner's colour, with their number over them (drawn over
    everything, facing the camera)."""

    def __init__(self, cell: str, seat: int, height: int, **kwargs: object) -> None:
        super().__init__(name=f"stack:{cell}", **kwargs)
        shade_stones(self)
        self.set_bin(bin_for(STONES_BIN), 0)
        self.cell = cell
        self.seat = -1
        self.height = 0
        self.marked = ""
        self.badge = overlay_quad(self, f"badge:{cell}", scale=BADGE_SIZE)
        self.stalk = overlay_quad(self, f"stalk:{cell}", color=STALK)
        """A line from a number slid clear of another back to its place over the stack."""
        self.stalk.enabled = False
        self.set(seat, height)

    def set(self, seat: int, height: int) -> None:
        """Show `height` stones of `seat`."""
        if height != self.height:
            self.model = piece_model(stack_mesh(height))
            opaque(self)
            self.badge.y = height * STONE_HEIGHT + BADGE_LIFT
        self.seat, self.height = seat, height
        self.color = seat_colour(seat)
        self._draw_badge()

    def show_stalk(self, home: Vec3, slide: Vec3, half: float) -> None:
        """The line from the number, slid by `slide` from `home`, back to `home` (none when the
        number still covers its home)."""
        length = slide.length() - half
        self.stalk.enabled = length > 0
        if length > 0:
            towards = slide.normalized()
            self.stalk.world_position = home + towards * (length / 2)
            self.stalk.world_scale = Vec3(STALK_WIDTH, length, 1)

    def set_mark(self, mark: str) -> None:
        """Frame the number: 'lower', 'equal', 'chosen', or '' for none."""
        if mark != self.marked:
            self.marked = mark
            self._draw_badge()

    def _draw_badge(self) -> None:
        self.badge.texture = badge(self.seat, self.height, self.marked)
        self.badge.scale = BADGE_SIZE * (MARKED if self.marked else 1.0)

    @property
    def stack(self) -> Stack:
        return Stack(self.seat, self.height)


class CellMarks:
    """Marks laid on cells, by kind (see textures.mark_image); `items` holds every mark shown."""

    def __init__(self, view: ClamberView) -> None:
        self.view = view
        self.items: dict[tuple[str, str], Entity] = {}

    def paint(self, kind: str, cells: Iterable[str]) -> None:
        """Lay the `kind` mark on `cells` (in addition to what is there)."""
        centres = self.view.layout.centres
        for cell in cells:
            if (kind, cell) in self.items or cell not in centres:
                continue
            x, z = centres[cell]
            piece = self.view.stacks.get(cell)
            lift = BOARD_TOP + MARK_LIFT * LIFTS.get(kind, 1)
            if kind in ("gone", "fault") and piece is not None:
                lift += piece.height * STONE_HEIGHT  # on the stack, where it can be seen
            mark = Entity(
                parent=self.view.root,
                name=f"mark:{kind}:{cell}",
                model="quad",
                texture=mark_texture(kind),
                rotation_x=90,
                scale=2 * CELL_RADIUS,
                position=(x, lift, z),
            )
            mark.hide(CASTS_SHADOW)
            mark.setLightOff(1)
            unshaded(mark)
            self.items[(kind, cell)] = mark
            if kind in FRAMED and piece is not None:
                piece.set_mark(kind)
        self.view.lay_numbers()  # a framed number is larger

    def cells(self, kind: str) -> list[str]:
        """The cells that show a `kind` mark."""
        return sorted(cell for k, cell in self.items if k == kind)

    def clear(self, *kinds: str) -> None:
        """Take the marks of `kinds` away (all marks when none are named)."""
        for key in [k for k in self.items if not kinds or k[0] in kinds]:
            destroy(self.items.pop(key))
            piece = self.view.stacks.get(key[1])
            if key[0] in FRAMED and piece is not None and piece.marked == key[0]:
                piece.set_mark("")
        self.view.lay_numbers()


class ClamberView:
    """Everything on the table of a Clamber game (see the module)."""

    def __init__(self, state: ClamberState, lights: bool = True) -> None:
        self.root = Entity(name="clamber-root")
        shade(self.root)
        self.size = state.size
        self.layout: Layout = layout(state.size)
        self.tweens = Tweens(parent=self.root)
        window.color = color.rgb(0.70, 0.77, 0.84)
        self.board = Entity(
            parent=self.root,
            name="board",
            model=piece_model(board_mesh(state.size)),
            texture=board_texture(state.size),
        )
        opaque(self.board)
        self.board.hide(CASTS_SHADOW)  # it takes the shadows of the stones, casts none itself
        # the table: flat, lit as in the open (the stones' shadows fall on the board), drawn
        # without the piece shader, which a software renderer pays for at every pixel
        light = open_ground_light()
        self.table = Entity(
            parent=self.root,
            name="table",
            model=ground([(-TABLE_HALF, -TABLE_HALF, TABLE_HALF, TABLE_HALF)]),
            color=color.rgb(CLOTH.r * light.r, CLOTH.g * light.g, CLOTH.b * light.b),
            y=-0.001,
        )
        self.table.hide(CASTS_SHADOW)
        unshaded(self.table)
        opaque(self.table)
        self.table.set_bin(bin_for(GROUND_BIN), 0)
        self.stacks: dict[str, StackPiece] = {}
        self.leaving: list[Entity] = []
        """Pieces on their way off the table (removed stacks, capturing stones in flight)."""
        self.shown: dict[str, Stack] = {}
        """The stacks the table shows once the animations end."""
        self.marks = CellMarks(self)
        self._laid: object = None
        """What the numbers were last laid out for (see `lay_numbers`)."""
        self.keep_off: Callable[[], Iterable[Box]] = tuple
        """The panels over the table (window rectangles) the numbers keep clear of."""
        self.root.update = self.lay_numbers
        self.ghost: Entity | None = None
        self.sun: Sun | None = None
        self.show(state.stacks)
        if lights:
            self.sun = light_scene(self.shadow_region, self.shadow_casters)
            self.sun.update_bounds()

    # ----- where things are ------------------------------------------------------------------

    def foot(self, cell: str) -> Vec3:
        """The centre of a cell on the board's top."""
        x, z = self.layout.centres[cell]
        return Vec3(x, BOARD_TOP, z)

    def top(self, cell: str, height: int) -> Vec3:
        """The centre of the top of a stack of `height` stones on `cell`."""
        x, z = self.layout.centres[cell]
        return Vec3(x, top_of(height), z)

    def home_view(self) -> tuple[Vec3, float]:
        """The opening view: the whole board, a little below the panels at the top."""
        radius = self.layout.radius
        return Vec3(0, BOARD_TOP, -0.35 - 0.05 * radius), radius * 3.9

    def outline(self, heights: Mapping[str, int] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """What the opening view of the board must show, for `CameraRig.clear_view`: each cell
        (its foot and, under a stack, the stack's top and its number where it floats, with room
        above it for a number slid clear of another) as points, and the board's corners; which
        of them are the cells. `heights`: the stacks' heights by cell (by default those shown once
        the animations end)."""
        if heights is None:
            heights = {cell: stack.height for cell, stack in self.shown.items()}
        right, up, _ahead = home_axes()
        half = BADGE_SIZE / 2
        shapes = []
        for cell in self.layout.centres:
            foot = np.array(tuple(self.foot(cell)), float)
            points = [foot + (dx, 0.0, dz) for dx in RING for dz in RING]
            if heights.get(cell):
                top = foot + (0.0, heights[cell] * STONE_HEIGHT, 0.0)
                points += [top + (dx, 0.0, dz) for dx in RING for dz in RING]
                number = top + (0.0, BADGE_LIFT, 0.0)
                points += [number + (a * right + b * up) * half for a in (-1, 1) for b in (-1, 3)]
            shapes.append(points + [points[-1]] * (12 - len(points)))
        cells = len(shapes)
        for x, z in self.layout.corners:
            shapes.append([np.array((x, y, z)) for y in (0.0, BOARD_TOP)] * 6)
        clear = np.arange(len(shapes)) < cells
        return np.array(shapes, float), clear

    def lay_numbers(self) -> None:
        """Keep the stacks' numbers apart in the window: the nearest stack's first, each at its
        place over its stack or, where it would overlap a number laid before or a panel
        (`keep_off`), slid up the window (and so away from the nearer stacks) until it is clear,
        else down; off the window or under a panel only when no place in it is clear. Done
        again only when the camera, the window, a panel or a stack changed."""
        pieces = [(c, p) for c, p in self.stacks.items() if p.enabled]
        panels = list(self.keep_off())
        key = (
            tuple(camera.world_position),
            tuple(camera.world_rotation),
            tuple(window.size),
            tuple(panels),
            tuple((c, p.height, p.marked, tuple(p.position)) for c, p in pieces),
        )
        if key == self._laid:
            return
        self._laid = key
        right, up, eye = Vec3(camera.right), Vec3(camera.up), Vec3(camera.world_position)
        placed: list[Box] = []
        for _cell, piece in sorted(pieces, key=lambda cp: (self.number_home(cp[1]) - eye).length()):
            home = self.number_home(piece)
            half = float(piece.badge.world_scale_x) / 2
            centre, across, above = (
                screen_pixel(p) for p in (home, home + right * half, home + up * half)
            )
            if centre is None or across is None or above is None or above[1] >= centre[1]:
                piece.badge.world_position = home
                piece.stalk.enabled = False
                continue
            px, py = centre
            r = max(math.dist(centre, across), math.dist(centre, above)) + 1  # a pixel apart
            lift = free_lift(px, py, r, placed, panels)
            placed.append((px - r, py - lift - r, px + r, py - lift + r))
            per_unit = (centre[1] - above[1]) / half  # pixels up the window per world unit
            piece.badge.world_position = home + up * (lift / per_unit)
            piece.show_stalk(home, up * (lift / per_unit), half)

    def number_home(self, piece: StackPiece) -> Vec3:
        """Where the number of `piece` floats when no other is in its way: over its top."""
        return Vec3(piece.world_position) + Vec3(0, piece.height * STONE_HEIGHT + BADGE_LIFT, 0)

    def badge_point(self, cell: str) -> Vec3:
        """Where the number over the stack on `cell` floats (the cell's foot when it is
        empty)."""
        piece = self.stacks.get(cell)
        if piece is None:
            return self.foot(cell)
        return Vec3(piece.badge.world_position)

    # ----- state -----------------------------------------------------------------------------

    def show(self, stacks: Mapping[str, Stack]) -> None:
        """Put every stack where `stacks` says, without animation."""
        self.tweens.finish()
        for entity in self.leaving:
            destroy(entity)
        self.leaving.clear()
        for cell in [c for c in self.stacks if c not in stacks]:
            destroy(self.stacks.pop(cell))
        for cell, stack in stacks.items():
            self._put(cell, stack).enabled = True
        self.shown = dict(stacks)
        self.lay_numbers()

    def _put(self, cell: str, stack: Stack) -> StackPiece:
        """The piece on `cell`, made or changed to show `stack`, standing on its cell."""
        piece = self.stacks.get(cell)
        if piece is None:
            piece = self.stacks[cell] = StackPiece(
                cell, stack.owner, stack.height, parent=self.root
            )
        elif piece.stack != stack:
            piece.set(stack.owner, stack.height)
        piece.position = self.foot(cell)
        return piece

    def play(self, stacks: Mapping[str, Stack], events: Sequence[Event]) -> None:
        """Animate `events` one after the other, ending in `stacks`."""
        self.tweens.finish()
        working = {cell: piece.stack for cell, piece in self.stacks.items()}
        clock = 0.0
        for ev in events:
            if isinstance(ev, Placed):
                piece = self._put(ev.cell, Stack(ev.seat, 1))
                piece.enabled = False
                piece.position = self.foot(ev.cell) + Vec3(0, 1.4, 0)
                self.tweens.glide(
                    piece,
                    [
                        Leg(Vec3(piece.position), clock),
                        Leg(self.foot(ev.cell), DROP, on_start=_enable(piece)),
                    ],
                )
                working[ev.cell] = Stack(ev.seat, 1)
                clock += DROP
            elif isinstance(ev, Captured):
                clock = self._hop(ev, working, clock)
            elif isinstance(ev, Removed):
                for cell in ev.cells:
                    lifted = self.stacks.pop(cell, None)
                    if lifted is None:
                        continue
                    working.pop(cell, None)
                    self.leaving.append(lifted)
                    up = Vec3(lifted.position) + Vec3(0, RISE, 0)
                    self.tweens.glide(
                        lifted,
                        [
                            Leg(Vec3(lifted.position), clock),
                            Leg(up, LIFT, on_end=self._gone(lifted)),
                        ],
                    )
                clock += LIFT * 0.4
        for cell in [c for c in self.stacks if c not in stacks]:
            destroy(self.stacks.pop(cell))
        for cell, stack in stacks.items():
            standing = self.stacks.get(cell)
            if standing is None or (
                standing not in self.tweens.tracks and working.get(cell) != stack
            ):
                self._put(cell, stack).enabled = True
        self.shown = dict(stacks)

    def _hop(self, ev: Captured, working: dict[str, Stack], clock: float) -> float:
        """A stone of the capturer's hops from the capturing stack onto the captured one, which
        then shows its new owner and height; returns when the next animation begins."""
        source = working.get(ev.by)
        target = self.stacks.get(ev.cell)
        if source is None or target is None:
            return clock
        stone = Entity(
            parent=self.root,
            name=f"stone:{ev.by}>{ev.cell}",
            model=piece_model(stack_mesh(1)),
            color=seat_colour(ev.seat),
            position=self.top(ev.by, source.height) + Vec3(0, 0.02, 0),
            enabled=False,
        )
        shade_stones(stone)
        opaque(stone)
        self.leaving.append(stone)
        land = self.top(ev.cell, ev.height - 1)
        hop = max(0.5, abs(ev.height - source.height) * STONE_HEIGHT + 0.5)

        def landed() -> None:
            target.set(ev.seat, ev.height)
            self._gone(stone)()

        self.tweens.glide(
            stone,
            [
                Leg(Vec3(stone.position), clock),
                Leg(land, HOP, hop=hop, on_start=_enable(stone), on_end=landed),
            ],
        )
        working[ev.cell] = Stack(ev.seat, ev.height)
        return clock + HOP

    def _gone(self, entity: Entity) -> Callable[[], None]:
        def gone() -> None:
            if entity in self.leaving:
                self.leaving.remove(entity)
            destroy(entity)

        return gone

    # ----- the pointer -----------------------------------------------------------------------

    def cell_at(self, pixel: tuple[float, float] | None = None) -> str | None:
        """The cell the player points at (under the pointer, or at a window `pixel`): a stack's
        number first (numbers are drawn over everything), then the nearest stack or board cell
        the ray meets; None off the board."""
        for cell in self._badges_at(pixel or pointer_pixel()):
            return cell
        ray = pointer_ray(None if pixel is None else (int(pixel[0]), int(pixel[1])))
        if ray is None:
            return None
        a, b = ray
        d = (b - a).normalized()
        found, nearest = None, math.inf
        for cell, piece in self.stacks.items():
            if not piece.enabled:
                continue
            t = _cylinder_hit(a, d, self.foot(cell), STONE_RADIUS, piece.height * STONE_HEIGHT)
            if t is not None and t < nearest:
                found, nearest = cell, t
        if abs(d.y) > 1e-9:
            t = (BOARD_TOP - a.y) / d.y
            if 0 < t < nearest:
                p = a + d * t
                return self.layout.cell_at(p.x, p.z)
        return found

    def _badges_at(self, pixel: tuple[float, float]) -> list[str]:
        """The cells whose number is drawn at a window pixel, nearest to the camera first."""
        hits = []
        right = Vec3(camera.right) * (BADGE_SIZE * 0.45)
        eye = Vec3(camera.world_position)
        for cell, piece in self.stacks.items():
            if not piece.enabled:
                continue
            centre = Vec3(piece.badge.world_position)
            a, b = screen_pixel(centre), screen_pixel(centre + right)
            if a is not None and b is not None and math.dist(a, pixel) <= math.dist(a, b):
                hits.append(((centre - eye).length(), cell))
        return [cell for _, cell in sorted(hits)]

    # ----- the placing ghost -----------------------------------------------------------------

    def show_ghost(self, cell: str | None, seat: int) -> None:
        """A see-through stone of `seat` on the empty `cell` (None takes it away)."""
        if cell is None:
            if self.ghost is not None:
                self.ghost.enabled = False
            return
        if self.ghost is None:
            self.ghost = Entity(parent=self.root, name="ghost", model=piece_model(stack_mesh(1)))
            self.ghost.hide(CASTS_SHADOW)
            shade_stones(self.ghost)
        self.ghost.color = seat_colour(seat, 0.7)
        self.ghost.position = self.foot(cell)
        self.ghost.enabled = True

    # ----- light -----------------------------------------------------------------------------

    def shadow_region(self) -> tuple[Vec3, Vec3]:
        """The box whose shadows matter: the board and the tallest stack over it."""
        r = self.layout.radius
        tallest = max((p.height for p in self.stacks.values()), default=1)
        return Vec3(-r, 0, -r), Vec3(r, top_of(tallest) + RISE + 0.5, r)

    def shadow_casters(self) -> tuple[object, ...]:
        """Changes whenever a stone moves, appears or goes."""
        items: list[object] = [
            (cell, p.height, tuple(p.position), p.enabled) for cell, p in self.stacks.items()
        ]
        items += [(id(e), tuple(e.position), e.enabled) for e in self.leaving]
        return tuple(items)

    def pieces(self) -> dict[str, tuple[int, int, tuple[float, ...]]]:
        """What the table draws: each stack's owner, height and place, by cell."""
        return {
            cell: (p.seat, p.height, tuple(round(float(c), 3) for c in p.world_position))
            for cell, p in sorted(self.stacks.items())
            if p.enabled
        }


def free_lift(x: float, y: float, r: float, placed: list[Box], panels: list[Box]) -> float:
    """How many pixels up the window (down when negative) a number of radius `r` at (x, y) is
    slid to overlap neither a number `placed` before nor a panel, inside the window: the
    first clear place going up, else going down; when the window has none, the first place up
    clear of the numbers."""

    def box(lift: float) -> Box:
        return (x - r, y - lift - r, x + r, y - lift + r)

    step = r / 4
    ups = itertools.takewhile(lambda u: y - u - r >= 0, itertools.count(0.0, step))
    downs = itertools.takewhile(lambda d: y + d + r <= window.size[1], itertools.count(step, step))
    for lift in itertools.chain(ups, (-d for d in downs)):
        if clear_of(box(lift), placed + panels):
            return lift
    return next(u for u in itertools.count(0.0, step) if clear_of(box(u), placed))


def clear_of(box: Box, others: Iterable[Box]) -> bool:
    """Whether a window rectangle overlaps none of `others`."""
    x0, y0, x1, y1 = box
    return all(not (x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1) for b in others)


def _enable(entity: Entity) -> Callable[[], None]:
    def show() -> None:
        entity.enabled = True

    return show


def _cylinder_hit(a: Vec3, d: Vec3, foot: Vec3, radius: float, height: float) -> float | None:
    """How far along the ray from `a` in direction `d` (a unit vector) it first meets the
    upright cylinder standing on `foot` (its side or its top), or None."""
    ox, oz = a.x - foot.x, a.z - foot.z
    best = None
    flat = d.x * d.x + d.z * d.z
    if flat > 1e-12:
        half = (ox * d.x + oz * d.z) / flat
        gap = (ox * ox + oz * oz - radius * radius) / flat
        if half * half >= gap:
            t = -half - math.sqrt(half * half - gap)
            y = a.y + d.y * t - foot.y
            if t > 0 and 0 <= y <= height:
                best = t
    if abs(d.y) > 1e-9:
        t = (foot.y + height - a.y) / d.y
        if t > 0 and math.hypot(ox + d.x * t, oz + d.z * t) <= radius:
            best = t if best is None else min(best, t)
    return best


def overlay_quad(parent: Entity, name: str, **kwargs: object) -> Entity:
    """A quad facing the camera drawn over everything, as bright from every side and casting
    no shadow (a stack's number, its stalk)."""
    quad = Entity(parent=parent, name=name, model="quad", billboard=True, **kwargs)
    quad.hide(CASTS_SHADOW)
    quad.set_bin("transparent", 0)
    quad.set_depth_test(False)
    quad.set_depth_write(False)
    quad.setLightOff(1)
    unshaded(quad)
    return quad
