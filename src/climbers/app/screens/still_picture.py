"""A still picture of a position (`climbers render`): the table as the play window opens on it,
without the HUD, written to a PNG once the shadows are drawn."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ursina import Entity, application

from climbers.app.table.camera import CameraRig
from climbers.app.table.framing import mountain_view
from climbers.app.table.view import BoardView
from climbers.core import GameState

SHOOT_AT = 8
"""Frames drawn before the picture is taken (the shadow map is fitted at frame 3)."""


class StillPicture(Entity):  # type: ignore[misc]
    """Draws `state`, writes `out`, then calls `on_done`."""

    def __init__(self, state: GameState, out: Path, on_done: Callable[[], None]) -> None:
        super().__init__(name="still-picture")
        self.view = BoardView(state)
        self.rig = CameraRig(*mountain_view(state))
        self.out = out
        self.on_done = on_done
        self.frames = 0

    def update(self) -> None:
        self.frames += 1
        if self.frames == 3 and self.view.sun is not None:
            self.view.sun.update_bounds()
        if self.frames == SHOOT_AT:
            self.out.parent.mkdir(parents=True, exist_ok=True)
            application.base.screenshot(namePrefix=str(self.out.resolve()), defaultFilename=False)
        if self.frames == SHOOT_AT + 2:
            self.on_done()
