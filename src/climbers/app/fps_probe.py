"""`climbers play --fps-probe`: drag a block round the mountain for a few seconds, print fps."""

from __future__ import annotations

import os
import time as clock

from ursina import Entity, application

from climbers.app.screens.play_screen import PlayScreen
from climbers.core import Step, free_blocks


class FpsProbe(Entity):  # type: ignore[misc]
    """Drags a block around the mountain for a few seconds and prints the frame rate."""

    def __init__(self, screen: PlayScreen, seconds: float = 4.0) -> None:
        super().__init__()
        self.screen = screen
        self.seconds = seconds
        self.n = 0
        self.t0 = 0.0
        self.squares: list[tuple[int, int]] = []

    def update(self) -> None:
        s = self.screen
        self.n += 1
        if self.n == 5:
            if s.state.step is not Step.BLOCK:
                s.skip()
            s.drag.begin(free_blocks(s.state)[0])
            x0, y0 = int(s.rig.pivot.x), int(s.rig.pivot.z)
            self.squares = [(x0 + dx, y0 + dy) for dx in range(-6, 7) for dy in (-3, 0, 3)]
        if self.n > 5 and self.squares:
            s.drag.place(self.squares[self.n % len(self.squares)])
            if self.n % 20 == 0:
                s.drag.turn("r")
        if self.n == 30:
            self.t0, self.cpu0 = clock.perf_counter(), clock.process_time()
        elif self.n > 30 and clock.perf_counter() - self.t0 >= self.seconds:
            frames = self.n - 30
            fps = frames / (clock.perf_counter() - self.t0)
            cpu = (clock.process_time() - self.cpu0) * 1000 / frames
            load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
            w, h = application.base.win.getXSize(), application.base.win.getYSize()
            print(
                f"fps while dragging a block: {fps:.1f} at {w}x{h} "
                f"({cpu:.1f} ms of CPU per frame; load average {load})",
                flush=True,
            )
            application.quit()
