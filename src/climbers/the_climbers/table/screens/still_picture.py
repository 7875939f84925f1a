"""A still picture of a position (`climbers render`): the table as the play window opens on it,
without the HUD, written to a PNG once the shadows are drawn."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from ursina import time

from climbers.app.pictures import take_picture
from climbers.the_climbers.core import GameState
from climbers.the_climbers.table.screens.table_screen import SHADOW_FIT_DELAY, TableScreen

SHOOT_AT = 8
"""Frames drawn before the picture is taken, and at least twice the shadow's fitting delay."""


class StillPicture(TableScreen):
    """Draws `state`, writes `out`, then calls `on_done(written)`."""

    def __init__(self, state: GameState, out: Path, on_done: Callable[[bool], None]) -> None:
        super().__init__(state, name="still-picture")
        self.out = out
        self.on_done = on_done
        self.frames = 0
        self.age = 0.0
        self.written: bool | None = None

    def again(self) -> tuple[object, ...]:
        """The same picture, to the same file."""
        return (self.view.state, self.out, self.on_done)

    def update(self) -> None:
        self.frames += 1
        self.age += time.dt
        if self.written is not None:
            self.on_done(self.written)
        elif self.frames >= SHOOT_AT and self.age >= 2 * SHADOW_FIT_DELAY:
            try:
                take_picture(self.out)
                self.written = True
            except OSError as exc:
                print(f"climbers: cannot write {self.out}: {exc.strerror or exc}", file=sys.stderr)
                self.written = False
