"""Moving blocks by hand: hover, lift, a ghost snapped to the grid, turn, tip, drop or put back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from ursina import Entity, Vec3, color, destroy, mouse

from climbers.app.table import coords
from climbers.app.table.lighting import CASTS_SHADOW
from climbers.app.table.marks import Marks
from climbers.app.table.meshes import block_mesh
from climbers.app.table.textures import atlas, blot
from climbers.app.table.tweens import Leg
from climbers.app.table.view import LIFT, BlockEntity
from climbers.core import IllegalAction, MoveBlock, block_refusal, check_block_move
from climbers.core.geometry import (
    TIP_ABOUT_X,
    TIP_ABOUT_Y,
    TURN_ABOUT_Z,
    compose,
    extent,
    orientation,
)

if TYPE_CHECKING:
    from climbers.app.screens.play_screen import PlayScreen

Square = tuple[int, int]
TURN_KEYS = {"r": TURN_ABOUT_Z, "t": TIP_ABOUT_X, "g": TIP_ABOUT_Y}
GOOD = color.rgba(0.45, 1.0, 0.5, 0.55)
BAD = color.rgba(1.0, 0.35, 0.3, 0.55)
HOVER = color.rgb(1.0, 1.0, 0.78)


class DragTool:
    """The block step: everything the mouse and keys do to a block, judged by the core."""

    def __init__(self, screen: PlayScreen) -> None:
        self.screen = screen
        self.hovered: BlockEntity | None = None
        self.block: BlockEntity | None = None
        self.rot = 0
        self.at: tuple[int, int, int] | None = None
        self.aim: Square | None = None
        self.verdict: IllegalAction | None = None
        self.ghost: Entity | None = None
        self.blot: Entity | None = None
        self.faults = Marks(lift=0.03)
        self._seen: tuple[object, object] = (None, None)

    @property
    def dragging(self) -> bool:
        return self.block is not None

    # ----- hover ----------------------------------------------------------------------------

    def refusal_to_lift(self, name: str) -> IllegalAction | None:
        """Why the core will not let this block be picked up now (R14, R15), or None."""
        return block_refusal(self.screen.state, name)

    def hover(self, entity: object) -> None:
        """Highlight a block that may move; otherwise show the core's reason as a tooltip."""
        seen = (entity, self.screen.state)
        if seen == self._seen:
            return  # asked the core about this block in this state already
        self._seen = seen
        if self.hovered is not None and self.hovered is not entity:
            self.hovered.color = color.white
            self.hovered = None
        if not isinstance(entity, BlockEntity):
            self.screen.hud.show_tip("")
            return
        refusal = self.refusal_to_lift(entity.block)
        if refusal is None:
            entity.color = HOVER
            self.hovered = entity
            self.screen.hud.show_tip("")
        else:
            self.screen.hud.show_tip(refusal.message)

    # ----- dragging -------------------------------------------------------------------------

    def begin(self, name: str) -> bool:
        """Lift block `name` if the core lets it move; False (with the reason shown) if not."""
        state = self.screen.state
        refusal = block_refusal(state, name)
        if refusal is not None:
            self.screen.refuse(refusal)
            return False
        entity = self.screen.view.blocks[name]
        entity.color = color.white
        entity.collider = None
        entity.lift(True)
        self.screen.hud.show_tip("")  # the ghost's verdict speaks now, not the hover label
        self._seen = (None, None)
        self.block = entity
        b = state.block_index(name)
        self.rot, at = state.structure.poses[b]
        self.home = (self.rot, tuple(at))
        self.ghost = Entity(model=block_mesh(entity.spec, self.rot), texture=atlas(True))
        self.ghost.setLightOff()
        self.ghost.hide(CASTS_SHADOW)
        self.blot = Entity(model="quad", texture=blot(), rotation_x=90, unlit=True)
        self.blot.hide(CASTS_SHADOW)
        self.aim = None
        self.at = None
        self.lifted_heights, _ = state.structure.lifted(b)
        self.place(self._square_of(at))
        return True

    @staticmethod
    def _square_of(at: tuple[int, int, int] | np.ndarray) -> Square:
        return int(at[0]), int(at[1])

    def turn(self, key: str) -> None:
        """Turn the lifted block about the vertical, or tip it forward or sideways."""
        if self.block is None or self.ghost is None:
            return
        self.rot = compose(TURN_KEYS[key], self.rot)
        self.ghost.model = block_mesh(self.block.spec, self.rot)
        self.block.set_pose(self.screen.state, self.rot, self.home[1])
        if self.aim is not None:
            self.place(self.aim, force=True)

    def place(self, square: Square, force: bool = False) -> None:
        """Aim the ghost with the block's footprint around `square`, resting on what is below."""
        if self.block is None or self.ghost is None or (square == self.aim and not force):
            return
        self.aim = square
        ex, ey, _ = extent(self.block.spec.dims, self.rot)
        x, y = square[0] - (ex - 1) // 2, square[1] - (ey - 1) // 2
        size = self.screen.state.rules.table_size
        x, y = max(0, min(size - ex, x)), max(0, min(size - ey, y))
        z = int(self.lifted_heights[x : x + ex, y : y + ey].max())
        self.at = (x, y, z)
        self.ghost.position = coords.world(x, y, z)
        if self.blot is not None:
            self.blot.position = coords.world(x + ex / 2, y + ey / 2, z + 0.03)
            self.blot.scale = (ex * 1.35, ey * 1.35)
        self.check()

    def action(self) -> MoveBlock | None:
        """The block move the ghost stands for."""
        if self.block is None or self.at is None:
            return None
        up, north = orientation(self.rot)
        state = self.screen.state
        return MoveBlock(
            player=state.players[state.actor].colour,
            block=self.block.block,
            at=self.at,
            up=up,
            north=north,
        )

    def check(self) -> None:
        """Ask the core about the ghost's pose; colour it and paint the faulty squares."""
        action = self.action()
        if action is None or self.ghost is None:
            return
        try:
            check_block_move(self.screen.state, action)
        except IllegalAction as exc:
            self.verdict = exc
            self.ghost.color = BAD
            self.faults.paint(self.screen.state, exc.squares, color.rgba(0.9, 0.1, 0.1, 0.7))
            self.screen.hud.message(exc.message, bad=True)
            return
        self.verdict = None
        self.ghost.color = GOOD
        self.faults.clear()
        self.screen.hud.message("Release to put it down here.")

    def drop(self) -> bool:
        """Put the block down: the core applies a legal pose; otherwise it glides home."""
        action = self.action()
        if self.block is None or action is None:
            return False
        if self.verdict is None and self.screen.apply(action):
            self._end()
            return True
        return self.put_back_refused()

    def put_back_refused(self) -> bool:
        """An illegal drop: the block glides home and the core's reason is shown; False."""
        reason = self.verdict
        self.cancel()
        if reason is not None:
            self.screen.refuse(reason)
        return False

    def cancel(self) -> None:
        """Put the block back unchanged (R18)."""
        if self.block is None:
            return
        rot, at = self.home
        home = coords.world(*at)
        self.block.set_pose(self.screen.state, rot, at)
        self.screen.view.tweens.glide(self.block, [Leg(home, 0.3)])
        self._end()

    def _end(self) -> None:
        if self.block is not None:
            self.block.collider = "box"
            self.block.lift(False)
        if self.ghost is not None:
            destroy(self.ghost)
        if self.blot is not None:
            destroy(self.blot)
        self.ghost = None
        self.blot = None
        self.block = None
        self.aim = None
        self.at = None
        self.verdict = None
        self.faults.clear()

    # ----- frame and input ------------------------------------------------------------------

    def update(self) -> None:
        if self.block is None:
            self.hover(mouse.hovered_entity)
            return
        hit = mouse.hovered_entity
        if hit is not None and mouse.world_point is not None:
            p = Vec3(mouse.world_point)
            if mouse.world_normal is not None:
                p -= Vec3(mouse.world_normal) * 0.05
            self.place(coords.square_of(p))
        if self.ghost is not None:
            target = self.ghost.position + Vec3(0, LIFT, 0)
            self.block.position = self.block.position + (target - self.block.position) * 0.35

    def input(self, key: str) -> None:
        if key == "left mouse down" and not self.dragging:
            entity = mouse.hovered_entity
            if isinstance(entity, BlockEntity):
                self.begin(entity.block)
        elif key == "left mouse up" and self.dragging:
            self.drop()
        elif key == "escape":
            self.cancel()
        elif key in TURN_KEYS:
            self.turn(key)

    def close(self) -> None:
        """Leave the block step: put back anything held and drop highlights."""
        self.cancel()
        self._seen = (object(), None)
        self.hover(None)
