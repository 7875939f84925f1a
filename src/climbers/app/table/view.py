"""The scene: table, blocks, Climbers and disks mirroring a GameState, animated from core events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ursina import (
    BoxCollider,
    Entity,
    Vec3,
    color,
    destroy,
    window,
)

from climbers.app.table import coords
from climbers.app.table.batch import StillBatch
from climbers.app.table.lighting import CASTS_SHADOW, Sun, light_scene
from climbers.app.table.meshes import block_mesh, disk, ladder, pawn
from climbers.app.table.textures import atlas
from climbers.app.table.tweens import Leg, Tweens
from climbers.core import Colour, Event, GameState
from climbers.core.components import BlockSpec
from climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    ClimberPushed,
    DiskPlaced,
    DiskRemoved,
)

Square = tuple[int, int]
LIFT = 1.6


def _grid_lines(size: int) -> Any:
    """The table's square lines as one line primitive (cheaper to draw than a textured table)."""
    from panda3d.core import (
        Geom,
        GeomLines,
        GeomNode,
        GeomVertexData,
        GeomVertexFormat,
        GeomVertexWriter,
        NodePath,
    )

    data = GeomVertexData("grid", GeomVertexFormat.getV3(), Geom.UH_static)
    writer = GeomVertexWriter(data, "vertex")
    lines = GeomLines(Geom.UH_static)
    n = 0
    for i in range(size + 1):
        for a, b in (((i, 0), (i, size)), ((0, i), (size, i))):
            writer.addData3(a[0], 0, a[1])
            writer.addData3(b[0], 0, b[1])
            lines.addVertices(n, n + 1)
            n += 2
    geom = Geom(data)
    geom.addPrimitive(lines)
    node = GeomNode("grid")
    node.addGeom(geom)
    return NodePath(node)


class BlockEntity(Entity):  # type: ignore[misc]
    """One block; rebuilt when its pose changes."""

    def __init__(self, spec: BlockSpec, **kwargs: object) -> None:
        super().__init__(name=f"block:{spec.name}", **kwargs)
        self.block = spec.name
        self.spec = spec
        self.pose: tuple[int, tuple[int, int, int]] | None = None
        self.lifted = False

    def lift(self, on: bool) -> None:
        """While lifted by the hand, a block casts no sun shadow (the hand shows its own blot)."""
        self.lifted = on
        if on:
            self.hide(CASTS_SHADOW)
        else:
            self.show(CASTS_SHADOW)

    def set_pose(self, state: GameState, rot: int, at: tuple[int, int, int]) -> None:
        """Show the block in a pose (the position is set by the caller or a tween)."""
        if self.pose and self.pose[0] == rot:
            self.pose = (rot, at)
            return
        self.model = block_mesh(self.spec, rot)
        self.collider = "box"
        self.pose = (rot, at)


class BoardView:
    """Everything on the table: `show` jumps to a state, `play` animates the events to it."""

    def __init__(self, state: GameState, symbols: bool = True, shadows: bool = True) -> None:
        self.state = state
        self.symbols = symbols
        self.grid_lines = False
        self.tweens = Tweens()
        size = state.rules.table_size
        window.color = color.rgb(0.70, 0.77, 0.84)
        self.table = Entity(
            name="table",
            model="plane",
            scale=(size, 1, size),
            position=(size / 2, 0, size / 2),
            color=color.rgb(0.71, 0.54, 0.38),
            collider="box",
        )
        self.table.hide(CASTS_SHADOW)
        self.grid = Entity(
            name="table-grid",
            model=_grid_lines(size),
            y=0.002,
            color=color.rgba(0.45, 0.31, 0.2, 0.35),
            unlit=True,
        )
        self.grid.hide(CASTS_SHADOW)
        rim = Entity(
            model="cube",
            scale=(size + 1.2, 0.6, size + 1.2),
            position=(size / 2, -0.31, size / 2),
            color=color.rgb(0.42, 0.28, 0.18),
        )
        rim.hide(CASTS_SHADOW)
        self.blocks: dict[str, BlockEntity] = {}
        specs = {spec.name: spec for spec in state.components.blocks}
        for p in state.blocks:
            self.blocks[p.block] = BlockEntity(specs[p.block], texture=atlas(symbols))
        self.pawns = [pawn(pl.colour, name=f"climber:{pl.colour.value}") for pl in state.players]
        for seat, entity in enumerate(self.pawns):
            entity.seat = seat
            entity.collider = BoxCollider(entity, center=Vec3(0, 0.42, 0), size=Vec3(0.6, 0.9, 0.6))
        self.disks: dict[str, Entity] = {}
        self.ladders: list[Entity] = []
        self.batch = StillBatch(self.blocks.values)
        self.home = self._home_squares(state)
        self.sun: Sun | None = None
        self.show(state)
        if shadows:
            self._lights()

    # ----- layout ---------------------------------------------------------------------------

    def _home_squares(self, state: GameState) -> list[Vec3]:
        """Where Climbers wait on the table: a row in front of the mountain."""
        xs = [p.at[0] for p in state.blocks]
        ys = [p.at[1] for p in state.blocks]
        cx = (min(xs) + max(xs) + 2) / 2
        y0 = max(0.5, min(ys) - 1.5)
        n = len(state.players)
        return [Vec3(cx + (i - (n - 1) / 2) * 1.3, 0, y0) for i in range(n)]

    def climber_position(self, state: GameState, seat: int) -> Vec3:
        """Where seat's pawn stands in `state`."""
        at = state.players[seat].at
        if at is None:
            return self.home[seat]
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
        return Vec3(x, s.top_z(b) + 0.01, y)

    # ----- state ----------------------------------------------------------------------------

    def show(self, state: GameState) -> None:
        """Put every piece where `state` says, without animation."""
        self.tweens.finish()
        self.state = state
        for p in state.blocks:
            entity = self.blocks[p.block]
            entity.set_pose(state, p.rot, p.at)
            entity.position = coords.world(*p.at)
        for seat, entity in enumerate(self.pawns):
            entity.position = self.climber_position(state, seat)
        wanted = {pl.disk_on: pl.colour for pl in state.players if pl.disk_on is not None}
        for block in list(self.disks):
            if block not in wanted:
                destroy(self.disks.pop(block))
        for block, colour in wanted.items():
            if block not in self.disks:
                self.disks[block] = disk(colour, name=f"disk:{block}")
            self.disks[block].position = self.disk_position(state, block)
        self._fit_shadow()

    def play(self, before: GameState, after: GameState, events: Sequence[Event]) -> None:
        """Animate `events` (which turned `before` into `after`) and end in `after`."""
        self.tweens.finish()
        self.state = after
        touched: set[object] = set()
        for ev in events:
            if isinstance(ev, BlockMoved):
                entity = self.blocks[ev.block]
                start = Vec3(entity.position)
                entity.set_pose(after, ev.after.rot, ev.after.at)
                target = coords.world(*ev.after.at)
                entity.position = start if start.y > target.y + 0.5 else target + Vec3(0, LIFT, 0)
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
                self.disks[ev.block] = disk(ev.player, name=f"disk:{ev.block}")
                target = self.disk_position(after, ev.block)
                self.disks[ev.block].position = target + Vec3(0, 2, 0)
                self.tweens.glide(self.disks[ev.block], [Leg(target, 0.3)])
                touched.add(self.disks[ev.block])
            elif isinstance(ev, DiskRemoved) and ev.block in self.disks:
                destroy(self.disks.pop(ev.block))
        for p in after.blocks:
            entity = self.blocks[p.block]
            if entity not in touched:
                entity.set_pose(after, p.rot, p.at)
                entity.position = coords.world(*p.at)
        for seat, entity in enumerate(self.pawns):
            if entity not in touched:
                entity.position = self.climber_position(after, seat)
        self._fit_shadow()

    def _fit_shadow(self) -> None:
        if self.sun is not None:
            self.sun.update_bounds()

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

    def _ladder_maker(self, a: Square, b: Square, base: int, rise: int) -> object:
        def make() -> None:
            mid = Vec3((a[0] + b[0]) / 2 + 0.5, base, (a[1] + b[1]) / 2 + 0.5)
            back = Vec3(b[0] - a[0], 0, b[1] - a[1]) * 0.06
            facing = 90 if a[1] == b[1] else 0
            self.ladders.append(ladder(rise + 0.3, position=mid - back, rotation_y=facing))

        return make

    def _clear_ladders(self) -> None:
        for entity in self.ladders:
            destroy(entity)
        self.ladders.clear()

    # ----- look -----------------------------------------------------------------------------

    def shadow_region(self) -> tuple[Vec3, Vec3]:
        """The box whose shadows matter: the mountain, the waiting Climbers and a lifted block."""
        xs = [p.at[0] for p in self.state.blocks] + [h.x for h in self.home]
        ys = [p.at[1] for p in self.state.blocks] + [h.z for h in self.home]
        top = float(self.state.structure.height.max()) + LIFT + 2
        return Vec3(min(xs) - 3, 0, min(ys) - 3), Vec3(max(xs) + 5, top, max(ys) + 5)

    def shadow_casters(self) -> tuple[object, ...]:
        """Changes whenever something that casts a shadow moves, turns, appears or goes."""
        items: list[object] = [
            (id(e.model), tuple(e.position), e.enabled, e.lifted) for e in self.blocks.values()
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

    def _retexture(self) -> None:
        for entity in self.blocks.values():
            entity.texture = atlas(self.symbols, self.grid_lines)
