"""`climbers play --idle-probe`: what a still table of any game costs. With the pointer parked in
a corner of the window, the process's CPU time is measured over FULL_SECONDS with every frame
run and drawn at full rate (as the window did before it was paced), then over STILL_SECONDS once
the pacer finds the table still; then the probe prints both shares of a core and quits."""

from __future__ import annotations

import os
import time as clock
from typing import Any

from ursina import Entity, application

from climbers.app import pacing

FULL_SECONDS = 5.0
"""How long the table is timed with frames kept at full rate."""
STILL_SECONDS = 10.0
"""How long the still table is timed."""


class IdleProbe(Entity):  # type: ignore[misc]
    """Settles the table at full rate, times it there, lets it go still, times it again."""

    def __init__(self, screen: Any) -> None:
        """`screen`: a game's play screen (with `view.tweens`, `view.sun` and `rig`)."""
        super().__init__(eternal=True)
        self.screen = screen
        self.phase = "settle"
        self.started = 0.0
        self.cpu = 0.0
        self.frames = 0
        self.drawn = 0
        self.full: tuple[float, float] = (0.0, 0.0)
        """Share of a core and frames drawn per second at full rate."""
        self.last_stir = 0.0
        self.went_still = 0.0

    def settled(self) -> bool:
        s = self.screen
        sun = s.view.sun
        return not s.view.tweens.busy and s.rig.glide is None and (sun is None or sun.settled)

    def begin(self, phase: str, pacer: pacing.Pacer) -> None:
        self.phase = phase
        self.started, self.cpu = clock.perf_counter(), clock.process_time()
        self.frames, self.drawn = pacer.frames, pacer.drawn

    def measured(self, pacer: pacing.Pacer) -> tuple[float, float, float]:
        """Share of a core, frames run and drawn per second since `begin`."""
        spent = clock.perf_counter() - self.started
        share = (clock.process_time() - self.cpu) / spent
        return share, (pacer.frames - self.frames) / spent, (pacer.drawn - self.drawn) / spent

    def update(self) -> None:
        pacer = pacing.installed()
        if pacer is None:
            print("climbers: the idle probe needs the paced window (climbers play)", flush=True)
            application.quit()
            return
        now = clock.perf_counter()
        if self.phase == "settle":
            pacing.stir()
            if self.started == 0.0:
                application.base.win.move_pointer(0, 3, 3)  # a corner of the sky
                self.started = now
            elif now - self.started > 1.0 and self.settled():
                self.begin("full", pacer)
        elif self.phase == "full":
            pacing.stir()
            if now - self.started >= FULL_SECONDS:
                share, _, drawn = self.measured(pacer)
                self.full = (share, drawn)
                self.phase = "letting go"
                self.last_stir = now
        elif self.phase == "letting go":
            if pacer.still:
                self.went_still = now - self.last_stir
                self.begin("still", pacer)
        elif now - self.started >= STILL_SECONDS:
            self.report(*self.measured(pacer))

    def report(self, share: float, run: float, drawn: float) -> None:
        """Print both shares of a core and the frame rates, then quit."""
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        full, full_drawn = self.full
        print(
            f"cpu of a still table: {share * 100:.1f}% of a core over {STILL_SECONDS:.0f} s "
            f"({run:.1f} frames run and {drawn:.1f} drawn per second, still "
            f"{self.went_still:.2f} s after the last movement); at full rate: "
            f"{full * 100:.1f}% ({full_drawn:.1f} fps); load average {load}",
            flush=True,
        )
        application.quit()
