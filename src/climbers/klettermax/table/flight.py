"""A flick in flight in the window: the physics' own `FlickRun` (the code path of the headless
flick, a fixed step of `world.STEP`) advanced by as many steps as the frame's time holds, the
knight drawn where the physics has it. How many steps a frame takes changes only the pace, never
the flight: the window's outcome is the headless one for the same aim."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Entity, time

from climbers.app.pacing import motion_step, stir
from climbers.klettermax.core import Aim
from climbers.klettermax.physics.flick import FlickResult, FlickRun, Pose
from climbers.klettermax.physics.recorded import physical
from climbers.klettermax.physics.world import STEP, pose

MAX_STEPS_PER_FRAME = 240
"""A slow frame catches up at most this many steps (half a second of flight)."""


class Flight(Entity):  # type: ignore[misc]
    """One flick from a tower of `height` on `spot` with `aim`, shown as it happens:
    `on_pose(pose)` every frame, `on_rest(result)` once every body rests."""

    def __init__(
        self,
        spot: int,
        height: int,
        aim: Aim,
        on_pose: Callable[[Pose], None],
        on_rest: Callable[[FlickResult], None],
        speed: float = 1.0,
    ) -> None:
        super().__init__(name="flight")
        self.aim = aim
        self.run = FlickRun(spot, physical(aim), height)
        self.on_pose = on_pose
        self.on_rest = on_rest
        self.speed = speed
        self.owed = 0.0
        """Simulated seconds the frames so far have asked for and the steps not yet taken."""
        self.result: FlickResult | None = None

    def advance(self, seconds: float) -> None:
        """Take the fixed steps `seconds` of flight hold (carrying the remainder on)."""
        if self.result is not None:
            return
        self.owed += seconds
        steps = min(int(self.owed / STEP), MAX_STEPS_PER_FRAME)
        self.owed -= steps * STEP
        for _ in range(steps):
            if self.run.step():
                break
        self.on_pose(Pose(*pose(self.run.knight)))
        if self.run.done:
            self.result = self.run.result()
            self.on_rest(self.result)

    def finish(self) -> FlickResult:
        """Fly to the end at once (a hurry, or a test)."""
        while self.result is None:
            self.advance(MAX_STEPS_PER_FRAME * STEP)
        return self.result

    def update(self) -> None:
        stir()
        self.advance(motion_step(time.dt) * self.speed)
