"""`climbers play --fps-probe` for any game's table: the game's table is timed for a few seconds
while the real pointer circles over it (the game says what goes on meanwhile), then a plain
Ursina scene of 35 shaded boxes with one shadow-casting light is drawn in the same window for as
long, and both frame rates and their ratio are printed."""

from __future__ import annotations

import math
import os
import random
import time as clock
from dataclasses import dataclass
from typing import Any

from ursina import AmbientLight, DirectionalLight, Entity, Vec3, application, camera, color, window

from climbers.app.pacing import stir
from climbers.app.table.camera import screen_pixel
from climbers.app.table.scene import clear_scene

WARM_UP = 30
"""Frames before timing starts in each phase."""


@dataclass
class Phase:
    """Frames counted and time spent in one phase of the probe."""

    frames: int = 0
    started: float = 0.0
    cpu: float = 0.0
    fps: float = 0.0
    cpu_ms: float = 0.0

    def tick(self, seconds: float) -> bool:
        """Count a frame; True once `seconds` have been timed after the warm-up."""
        self.frames += 1
        if self.frames == WARM_UP:
            self.started, self.cpu = clock.perf_counter(), clock.process_time()
        elif self.frames > WARM_UP:
            spent = clock.perf_counter() - self.started
            if spent >= seconds:
                timed = self.frames - WARM_UP
                self.fps = timed / spent
                self.cpu_ms = (clock.process_time() - self.cpu) * 1000 / timed
                return True
        return False


def reference_scene() -> None:
    """What Ursina draws for the same pieces without the game: 35 shaded boxes on a plane, one
    sun with shadows, an ambient light, the camera at a like distance."""
    from ursina.shaders import lit_with_shadows_shader

    Entity.default_shader = lit_with_shadows_shader
    rng = random.Random(0)
    Entity(model="plane", scale=32, color=color.rgb(0.71, 0.54, 0.38))
    for _ in range(35):
        x, z = rng.randrange(-4, 4), rng.randrange(-4, 4)
        size = rng.choice((1, 2))
        Entity(
            model="cube",
            scale=(size, size, size),
            position=(x, rng.randrange(0, 8) + size / 2, z),
            color=color.hsv(rng.randrange(360), 0.6, 0.85),
        )
    sun = DirectionalLight(shadows=True)
    sun.look_at(Vec3(1.2, -2.2, 1.6))
    AmbientLight(color=color.rgba(0.5, 0.5, 0.55, 1))
    camera.parent = None
    camera.position = (-16, 22, -30)
    camera.look_at(Vec3(0, 3, 0))


class FpsProbe(Entity):  # type: ignore[misc]
    """Times the game's table, then the reference scene; prints; quits. A game's probe says
    what the table is timed doing (`doing`, for the printed line), what starts it (`begin`, on
    the third frame) and what ends it (`end`)."""

    doing = "on the table"

    def __init__(self, screen: Any, seconds: float = 4.0) -> None:
        """`screen`: a game's play screen (with `rig`)."""
        super().__init__(eternal=True)
        self.screen = screen
        self.seconds = seconds
        self.game = Phase()
        self.reference: Phase | None = None

    def begin(self) -> None:
        """What the table does while it is timed, started on the third frame."""

    def end(self) -> None:
        """Stop what `begin` started, before the table is cleared."""

    def update(self) -> None:
        stir()  # every frame is timed at full rate, the still reference scene's too
        if self.reference is not None:
            if self.reference.tick(self.seconds):
                self.report()
            return
        if self.game.frames == 3:
            self.begin()
        if self.game.frames > 3:
            self.move_pointer(self.game.frames)
        if self.game.tick(self.seconds):
            self.end()
            clear_scene()
            reference_scene()
            self.reference = Phase()

    def move_pointer(self, frame: int) -> None:
        """Circle the real pointer round the middle of the view, as a hand over the table."""
        middle = screen_pixel(self.screen.rig.pivot.position)
        if middle is None:
            return
        angle = frame * 0.08
        w, h = window.size
        x = middle[0] + math.cos(angle) * w * 0.18
        y = middle[1] + math.sin(angle) * h * 0.18
        application.base.win.move_pointer(0, int(x), int(y))

    def report(self) -> None:
        """Print both frame rates, their ratio and the machine's load, then quit."""
        assert self.reference is not None
        w, h = application.base.win.getXSize(), application.base.win.getYSize()
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        game, ref = self.game, self.reference
        print(
            f"fps {self.doing}: {game.fps:.1f} at {w}x{h} "
            f"({game.cpu_ms:.1f} ms of CPU per frame); reference scene of 35 shaded boxes: "
            f"{ref.fps:.1f} ({ref.cpu_ms:.1f} ms); ratio {game.fps / ref.fps:.2f}; "
            f"load average {load}",
            flush=True,
        )
        application.quit()
