"""Moving a block by hand, written once for the game and the sandbox: hover, lift, carry it on a
level plane at the height it was lifted to (over higher parts of the mountain it rides up), turn
and tip it (R/T/G), see where it would land as a ghost, drop it or put it back. The ghost rests
on the surface under the pointer: the table where the pointer is on the table, a top where it is
on that top (or on its column's side). A press that moves less than DRAG_THRESHOLD before the
release is a click: the block goes back and nothing is spent. A judge says what may be lifted,
whether a pose is legal, and what putting the block down means: the drop gives that to the table
to submit, and the tool is done with the block before it does."""

from __future__ import annotations

import math
from typing import Generic, TypeVar

from ursina import Entity, Vec3, color, destroy, mouse, scene

from climbers.app.table import coords
from climbers.app.table.camera import pointer_on_plane, pointer_spot
from climbers.app.table.lighting import CASTS_SHADOW
from climbers.io.language import _
from climbers.the_climbers.core import GameState, IllegalAction
from climbers.the_climbers.core.geometry import (
    TIP_ABOUT_X,
    TIP_ABOUT_Y,
    TURN_ABOUT_Z,
    compose,
    extent,
)
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.table.marks import FAULT, Marks
from climbers.the_climbers.table.meshes import block_mesh
from climbers.the_climbers.table.shapes import box_edges, corner_posts
from climbers.the_climbers.table.tools.host import Table
from climbers.the_climbers.table.tools.judges import PlacementJudge
from climbers.the_climbers.table.tools.pointing import Surface, spot_pixel, surface_under
from climbers.the_climbers.table.view import BlockEntity, Hand

Square = tuple[int, int]
Put = TypeVar("Put")
"""What a drop gives the table to submit: the game's action, or the sandbox's edit."""
TURN_KEYS = {"r": TURN_ABOUT_Z, "t": TIP_ABOUT_X, "g": TIP_ABOUT_Y}
GOOD = color.rgba(0.45, 1.0, 0.5, 0.45)
BAD = color.rgba(1.0, 0.35, 0.3, 0.45)
OUTLINE = color.rgba(1, 1, 1, 0.95)
POSTS = color.rgba(1, 1, 1, 0.6)
LIFT = 1.0
"""How far a lifted block rises above where it stood (or above the table, from the tray)."""
CLEARANCE = 0.4
"""Carried over a part of the mountain higher than its plane, the block keeps this far above
where it would land."""
SNAP_SLACK = 0.2
"""Hysteresis: the ghost moves to the next square only when the hand is this far past half-way."""
EDGE_SLACK = 0.007
"""Within this share of the window's height (5 pixels at 720) of the surface the ghost rests on,
the pointer leaves it there: a hand trembling over an edge does not flip between table and
tops."""
DRAG_THRESHOLD = 6 / 720
"""How far (a share of the window's height: 6 pixels at 720) the pointer must move from where
the button went down before the press is a drag; less, and the release makes it a click."""
CARRY_EASE = 0.5
"""Each frame the hand covers this share of the way to the pointer (a soft lift, no jumps)."""


def carry_plane(state: GameState, block: str) -> float:
    """The height of a lifted block's bottom while it is carried: LIFT above where it stood,
    or above the table when it comes from the tray."""
    poses = state.structure.poses
    b = state.block_index(block)
    return (float(poses[b][1][2]) if b in poses else 0.0) + LIFT


class PlacementTool(Generic[Put]):
    """Everything the mouse and keys do to a block. Press on a block to lift it, release to put it
    down; a block taken from the tray (`sticky`) follows the pointer until the next click."""

    def __init__(self, table: Table, judge: PlacementJudge[Put]) -> None:
        self.table = table
        self.judge = judge
        self.hand: Hand | None = None
        self.sticky = False
        self.rot = 0
        self.at: tuple[int, int, int] | None = None
        self.aim: Square | None = None
        self.grab = Vec3(0, 0, 0)
        """From the point of the block grabbed to its footprint's middle: the point that was
        grabbed stays under the pointer while the block is carried."""
        self.plane = 0.0
        """The height of the held block's bottom while it is carried."""
        self.target = Vec3(0, 0, 0)
        """Where the pointer carries the hand (its rise over the mountain comes on top)."""
        self.verdict: IllegalAction | None = None
        self.lifted_heights: object = None
        self.ghost: Entity | None = None
        self.outline: Entity | None = None
        self.posts: Entity | None = None
        """Lines from the carried block's corners down to the ghost."""
        self.hover_outline: Entity | None = None
        self.faults = Marks(lift=0.03)
        self._seen: tuple[object, object] = (None, None)
        """The entity and state last asked about (compared by identity)."""
        self._pointer: tuple[float, float] = (0.0, 0.0)
        self._pressed_at: tuple[float, float] = (0.0, 0.0)
        """Where the pointer was when the block was lifted."""
        self.travelled = False
        """Whether the pointer has gone DRAG_THRESHOLD from where the block was lifted (a block
        from the tray follows the pointer at once)."""
        self.lifted_pose: tuple[str, int, tuple[int, int, int]] | None = None
        """The pose the block was lifted from (None for a block from the tray)."""

    @property
    def dragging(self) -> bool:
        return self.hand is not None

    @property
    def pose(self) -> tuple[str, int, tuple[int, int, int]] | None:
        """The pose the ghost stands for: (block, rotation, min corner)."""
        if self.hand is None or self.at is None:
            return None
        return self.hand.block, self.rot, self.at

    # ----- hover ----------------------------------------------------------------------------

    def hover(self, entity: object) -> None:
        """Outline a block that may be lifted; otherwise say why not beside the pointer."""
        state = self.table.state
        if self._seen[0] is entity and self._seen[1] is state:
            return  # asked the judge about this block in this state already
        self._seen = (entity, state)
        self._clear_hover()
        if not isinstance(entity, BlockEntity):
            self.table.tip("")
            return
        refusal = self.judge.lift_refusal(entity.block)
        if refusal is None:
            size = extent(entity.spec.dims, entity.rot or 0)
            self.hover_outline = Entity(
                model=box_edges((size[0], size[2], size[1])),
                position=entity.position,
                color=OUTLINE,
                unlit=True,
                always_on_top=True,
            )
            self.table.tip("")
        else:
            self.table.tip(refusal_sentence(refusal))

    def _clear_hover(self) -> None:
        if self.hover_outline is not None:
            destroy(self.hover_outline)
            self.hover_outline = None

    # ----- holding --------------------------------------------------------------------------

    def begin(self, block: str, from_tray: bool = False) -> bool:
        """Lift `block` if the judge lets it move (or take it from the tray); False with the
        reason shown if not."""
        refusal = self.judge.lift_refusal(block)
        if refusal is not None:
            self.table.refuse(refusal)
            return False
        self.cancel()
        self._clear_hover()
        self.table.forget_refusal()
        self.table.tip("")
        self._seen = (None, None)
        state = self.table.state
        b = state.block_index(block)
        s = state.structure
        self.plane = carry_plane(state, block)
        self.lifted_heights = s.lifted(b)[0]
        if b in s.poses:
            self.rot, at = s.poses[b]
            start = coords.world(*at)
            ex, ey, _ez = extent(state.components.blocks[b].dims, self.rot)
            aim = (int(at[0]) + (ex - 1) // 2, int(at[1]) + (ey - 1) // 2)
        else:
            self.rot = 0
            aim = self._pointer_square() or (state.rules.table_size // 2,) * 2
            start = coords.square_centre(aim, self.plane)
        self.sticky = from_tray
        self.hand = self.table.pieces.hold(block, self.rot, start)
        mouse.traverse_target = None  # while carrying, the pointer meets only the HUD (faster)
        self.target = Vec3(start.x, self.plane, start.z)
        self._make_ghost()
        self.at = None
        self.aim = None
        self.place(aim)
        self.grab = Vec3(0, 0, 0)
        self._pointer = self._pressed_at = pointer_spot() or (0.0, 0.0)
        self.travelled = from_tray
        self.lifted_pose = self.pose if b in s.poses else None
        held = getattr(mouse.hovered_entity, "block", None) == block
        if held and mouse.world_point is not None and not from_tray:
            grabbed, centre = Vec3(mouse.world_point), self._centre()
            self.grab = Vec3(centre.x - grabbed.x, 0, centre.z - grabbed.z)
        return True

    def turn(self, key: str) -> None:
        """Turn the held block about the vertical (R), or tip it forward (T) or sideways (G)."""
        if self.hand is None:
            return
        self.rot = compose(TURN_KEYS[key], self.rot)
        self.hand.turn(self.rot)
        self._make_ghost()
        if self.aim is not None:
            self.place(self.aim, force=True)

    def landing(self, square: Square) -> tuple[int, int, int]:
        """Where the held block would rest with its footprint around `square`: its corner."""
        assert self.hand is not None
        ex, ey, _ez = extent(self.hand.spec.dims, self.rot)
        size = self.table.state.rules.table_size
        x = max(0, min(size - ex, square[0] - (ex - 1) // 2))
        y = max(0, min(size - ey, square[1] - (ey - 1) // 2))
        return x, y, int(self.lifted_heights[x : x + ex, y : y + ey].max())  # type: ignore[index]

    def place(self, square: Square, force: bool = False) -> None:
        """Aim the ghost with the block's footprint around `square`, resting on what is below."""
        if self.hand is None or (square == self.aim and not force):
            return
        ex, ey, _ez = extent(self.hand.spec.dims, self.rot)
        x, y, z = self.landing(square)
        self.aim = (x + (ex - 1) // 2, y + (ey - 1) // 2)
        self.at = (x, y, z)
        for part in (self.ghost, self.outline):
            if part is not None:
                part.position = coords.world(x, y, z)
        self.check()

    def check(self) -> None:
        """Ask the judge about the ghost's pose; colour it and mark the squares at fault."""
        pose = self.pose
        if pose is None or self.ghost is None:
            return
        self.verdict = self.judge.pose_refusal(*pose)
        if self.verdict is None:
            self.ghost.color = GOOD
            self.faults.clear()
            self.table.say(
                _("Click to set it down here.")
                if self.sticky
                else _("Release to put it down here.")
            )
        else:
            self.ghost.color = BAD
            self.faults.paint(self.table.state, self.verdict.squares, FAULT)
            self.table.say(refusal_sentence(self.verdict), bad=True)

    def drop(self) -> Put | None:
        """Let go of the block: a legal pose gives what the table is to submit (the tool is done
        with the block, which stays in the hand for the move to glide from; a refusal puts it
        back); otherwise it goes back now and None."""
        if self.hand is not None:
            self.carry()  # where the pointer is now, even if no frame has followed it there
        pose = self.pose
        if pose is None:
            return None
        if not self.sticky and not self.travelled and pose == self.lifted_pose:
            self.cancel()  # a click, not a move: the block is back and nothing is spent
            self.table.say(_("To move a block, hold the mouse button down and drag it."))
            return None
        if self.verdict is not None:
            refusal = self.verdict
            self.cancel()
            self.table.refuse(refusal)
            return None
        self._end()
        self.table.say("")  # no more "release to put it down here"; the next step says its own
        return self.judge.put(*pose)

    def cancel(self) -> None:
        """Put the held block back unchanged (R18); a tray block goes back to the tray."""
        if self.hand is None:
            return
        self._end()
        self.table.pieces.release()
        self.table.say("")

    def _end(self) -> None:
        for part in (self.ghost, self.outline, self.posts):
            if part is not None:
                destroy(part)
        self.ghost = self.outline = self.posts = None
        self.hand = None
        mouse.traverse_target = scene
        self.at = self.aim = None
        self.verdict = None
        self.sticky = False
        self.travelled = False
        self.lifted_pose = None
        self.faults.clear()

    def _make_ghost(self) -> None:
        """The landing pose: a see-through block with its edges drawn over everything."""
        assert self.hand is not None
        for part in (self.ghost, self.outline, self.posts):
            if part is not None:
                destroy(part)
        ex, ey, ez = extent(self.hand.spec.dims, self.rot)
        self.ghost = Entity(model=block_mesh(self.hand.spec, self.rot), unlit=True)
        self.ghost.hide(CASTS_SHADOW)
        self.outline = Entity(
            model=box_edges((ex, ez, ey)), color=OUTLINE, unlit=True, always_on_top=True
        )
        self.posts = Entity(model=corner_posts(ex, ey), color=POSTS, unlit=True)
        self.posts.hide(CASTS_SHADOW)

    # ----- carrying -------------------------------------------------------------------------

    def carry_height(self) -> float:
        """The level of the held block's top while it is carried."""
        assert self.hand is not None
        return self.plane + extent(self.hand.spec.dims, self.rot)[2]

    def _centre(self) -> Vec3:
        """The middle of the held block's top, as carried now."""
        assert self.hand is not None
        ex, ey, ez = extent(self.hand.spec.dims, self.rot)
        return self.hand.position + Vec3(ex / 2, ez, ey / 2)

    def _pointer_square(self) -> Square | None:
        point = pointer_on_plane(0.0)
        return None if point is None else coords.square_of(point)

    def carry(self) -> None:
        """Aim the ghost at the surface under the pointer (the top the pointer is on, or the top
        of the column whose side it is on, or the table), keeping where the block was grabbed;
        the hand floats above the ghost. The ghost follows with hysteresis, and nothing moves
        while the pointer rests (keys and `place` aim the ghost then), nor before the pointer
        has gone DRAG_THRESHOLD from where the block was lifted."""
        assert self.hand is not None
        now = pointer_spot()
        if now is None or now == self._pointer:
            return
        if not self.travelled:
            if math.dist(now, self._pressed_at) < DRAG_THRESHOLD:
                return  # still a click, not a drag
            self.travelled = True
        self._pointer = now
        under = surface_under(self.lifted_heights)  # type: ignore[arg-type]
        if under is None:
            return
        ex, ey, ez = extent(self.hand.spec.dims, self.rot)
        centre = under.point + self.grab
        self.target = Vec3(centre.x - ex / 2, self.plane, centre.z - ey / 2)
        if self.at is None:
            self.place(coords.square_of(centre))
            return
        corner = (centre.x - ex / 2, centre.z - ey / 2)
        snapped = [self.at[0], self.at[1]]
        for k in (0, 1):
            if abs(corner[k] - snapped[k]) > 0.5 + SNAP_SLACK:
                snapped[k] = round(corner[k])
        x, y = self._on_surface(under, (snapped[0], snapped[1]), corner)
        square = (x + (ex - 1) // 2, y + (ey - 1) // 2)
        if square == self.aim:
            return
        if self.landing(square)[2] != self.at[2] and self._near_level(self.at[2]):
            return  # a hand trembling over an edge does not flip between table and tops
        self.place(square)

    def _footprint(self, x: int, y: int) -> tuple[int, int, int]:
        """The corner where the held block's footprint from (x, y) would rest, kept on the
        table."""
        assert self.hand is not None
        ex, ey, _ez = extent(self.hand.spec.dims, self.rot)
        size = self.table.state.rules.table_size
        x, y = max(0, min(size - ex, x)), max(0, min(size - ey, y))
        return x, y, int(self.lifted_heights[x : x + ex, y : y + ey].max())  # type: ignore[index]

    def _on_surface(
        self, under: Surface, snapped: tuple[int, int], corner: tuple[float, float]
    ) -> tuple[int, int]:
        """The corner of the ghost's footprint: `snapped` (the grabbed point over the pointer)
        when the block would rest there on the surface under the pointer; otherwise a footprint
        over the square under the pointer that rests on that surface — the one the ghost has
        now if it is one, else the nearest to `corner` — so that at the foot of a taller
        column the ghost stays on the table, not on the column's top. `snapped` when there is
        no such footprint (a gap narrower than the block)."""
        assert self.hand is not None and self.at is not None
        if self._footprint(*snapped)[2] == under.level:
            return snapped
        ex, ey, _ez = extent(self.hand.spec.dims, self.rot)
        sx, sy = under.square
        fits = [
            (x, y)
            for x in range(sx - ex + 1, sx + 1)
            for y in range(sy - ey + 1, sy + 1)
            if self._footprint(x, y) == (x, y, under.level)
        ]
        if not fits:
            return snapped
        if (self.at[0], self.at[1]) in fits:
            return self.at[0], self.at[1]
        return min(fits, key=lambda f: math.dist(f, corner))

    def _near_level(self, level: int) -> bool:
        """Whether the surface at `level` lies within EDGE_SLACK of the pointer on the screen
        (so the pointer is at an edge of it, not clearly off it)."""
        from ursina import window

        pixel = spot_pixel()
        if pixel is None:
            return False
        reach = EDGE_SLACK * window.size[1]
        for k in range(8):
            angle = math.pi * k / 4
            around = (pixel[0] + reach * math.cos(angle), pixel[1] + reach * math.sin(angle))
            near = surface_under(self.lifted_heights, around)  # type: ignore[arg-type]
            if near is not None and near.level == level:
                return True
        return False

    # ----- frame and input ------------------------------------------------------------------

    def update(self, over_ui: bool = False) -> None:
        if self.hand is None:
            self.hover(None if over_ui else mouse.hovered_entity)
            return
        self.carry()
        rise = self.plane if self.at is None else max(self.plane, self.at[2] + CLEARANCE)
        goal = Vec3(self.target.x, rise, self.target.z)
        self.hand.position += (goal - self.hand.position) * CARRY_EASE
        if self.posts is not None and self.outline is not None:
            top = self.outline.y + extent(self.hand.spec.dims, self.rot)[2]
            self.posts.position = (self.outline.x, top, self.outline.z)
            self.posts.scale_y = max(0.001, self.hand.y - top)

    def input(self, key: str, over_ui: bool = False) -> Put | None:
        """Handle a key or button; a drop gives what the table is to submit."""
        if key == "left mouse down":
            if self.sticky:
                if not over_ui:
                    return self.drop()
            elif self.hand is None and isinstance(mouse.hovered_entity, BlockEntity):
                self.begin(mouse.hovered_entity.block)
        elif key == "left mouse up" and self.hand is not None and not self.sticky:
            return self.drop()
        elif key == "escape":
            self.cancel()
        elif key in TURN_KEYS:
            self.turn(key)
        return None

    def close(self) -> None:
        """Leave the tool: put back anything held and drop the highlights."""
        self.cancel()
        self._clear_hover()
        self._seen = (None, None)
        self.table.tip("")
