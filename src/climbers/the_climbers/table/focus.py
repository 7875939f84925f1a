"""Pulsing outlines on what a lesson or a puzzle's hint points at: frames on squares, edges round
blocks, a ring under a Climber, with the camera turned so that the mountain hides none of them."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from ursina import Entity, color, time

from climbers.app.pacing import stir
from climbers.app.panels.canvas import Canvas
from climbers.app.table import coords
from climbers.app.table.camera import CameraRig
from climbers.the_climbers.core import Colour, GameState
from climbers.the_climbers.core.geometry import Square, extent
from climbers.the_climbers.table.framing import frame_targets
from climbers.the_climbers.table.marks import HOVERED, TARGET, Marks, mark_texture
from climbers.the_climbers.table.shapes import box_edges
from climbers.the_climbers.table.view import BoardView

PULSE = 4.0
"""How fast the outlines pulse (radians per second)."""


class Focus:
    """The outlines on the table `view`, framed by `rig` clear of the `panels` showing."""

    def __init__(
        self, view: BoardView, rig: CameraRig, panels: Callable[[], Sequence[Canvas]]
    ) -> None:
        self.view = view
        self.rig = rig
        self.panels = panels
        self.marks = Marks(lift=0.04)
        """The frames on squares."""
        self.parts: list[Entity] = []
        """The edges round blocks and the ring under a Climber."""

    def outline(
        self,
        state: GameState,
        squares: Iterable[Square] = (),
        blocks: Iterable[str] = (),
        climber: Colour | None = None,
        frame: Iterable[Square] = (),
    ) -> None:
        """Pulsing marks on what to use: frames on squares, edges round blocks where `state`
        has them, a ring under a Climber (replacing the marks shown before); the camera turns
        and eases out so that the mountain hides none of them, nor the squares of `frame`."""
        self.clear()
        s = state.structure
        targets = [coords.square_centre(q, s.height_at(q)) for q in (*squares, *frame)]
        self.marks.paint(state, squares, HOVERED)
        for name in blocks:
            b = state.block_index(name)
            if b not in s.poses:
                continue
            rot, at = s.poses[b]
            ex, ey, ez = extent(state.components.blocks[b].dims, rot)
            targets.append(coords.world(at[0] + ex / 2, at[1] + ey / 2, at[2] + ez))
            self.parts.append(
                Entity(
                    model=box_edges((ex, ez, ey), thickness=4),
                    position=coords.world(*at),
                    color=color.rgb(1, 1, 0.5),
                    unlit=True,
                    always_on_top=True,
                )
            )
        if climber is not None:
            seat = next(i for i, p in enumerate(state.players) if p.colour == climber)
            targets.append(self.view.climber_position(state, seat))
            self.parts.append(
                Entity(
                    parent=self.view.pawns[seat],
                    model="quad",
                    texture=mark_texture(TARGET),
                    rotation_x=90,
                    y=0.03,
                    scale=1.1,
                    unlit=True,
                )
            )
        boxes = [p.box for p in self.panels() if p.enabled]
        frame_targets(self.rig, state, targets, clear_of=boxes)

    def clear(self) -> None:
        """Take the outlines away."""
        for part in self.parts:
            part.enabled = False
        self.parts.clear()
        self.marks.clear()

    def pulse(self) -> None:
        """Each frame: the outlines glow brighter and fainter."""
        glow = 0.55 + 0.45 * math.sin(time.time() * PULSE)
        parts = (*self.parts, *self.marks.parts)
        for part in parts:
            part.alpha = glow
        if parts:
            stir()  # the outlines pulse: every frame drawn
