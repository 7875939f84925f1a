"""A flick in flight in the window: the physics' own `FlickRun` (the code path of the headless
flick, a fixed step of `world.STEP`) advanced by as many steps as the frame's time holds, the
knight drawn where the physics has it. How many steps a frame takes changes only the pace, never
the flight: the window's outcome is the headless one for the same aim."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ursina import Entity, Vec3, destroy, time

from climbers.app.pacing import motion_step, stir
from climbers.klettermax.core import Action, Aim, Flick, State
from climbers.klettermax.core.events import Event, Flicked
from climbers.klettermax.physics.castle import spot
from climbers.klettermax.physics.flick import FlickResult, FlickRun, Pose
from climbers.klettermax.physics.recorded import physical
from climbers.klettermax.physics.world import STEP, pose
from climbers.klettermax.table.geometry import SCALE
from climbers.klettermax.table.view import KlettermaxView

FLIGHT_VIEW = 30.0
"""The camera's distance while a tower is framed and a knight flies."""
FOLLOW = 0.15
"""How far the camera's pivot moves towards the flying knight each frame."""
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


def frame_tower(rig: Any, state: State, at_once: bool = False) -> None:
    """Look from behind the active tower over it at the castle (a flick to come)."""
    s = spot(state.active.spot)
    middle = Vec3(s.x * SCALE * 0.3, 1.0, s.y * SCALE * 0.3)
    heading = math.degrees(math.atan2(s.facing[0], s.facing[1]))
    if at_once:
        rig.glide = None
        rig.pivot.position = middle
        rig.distance = FLIGHT_VIEW
        rig.pivot.rotation_y = heading
    else:
        rig.ease_to(middle, FLIGHT_VIEW, heading)


def fly(
    view: KlettermaxView,
    rig: Any,
    state: State,
    aim: Aim,
    then: Callable[[FlickResult], None],
) -> Flight:
    """Flick the top knight of `state`'s active tower with `aim` on the table: the camera frames
    the tower and follows the knight, `then(result)` once it rests (the flight gone)."""
    seat = state.turn.seat

    def follow(at: Pose) -> None:
        view.fly(seat, at)
        x, y, z = at.pos
        goal = Vec3(x * SCALE, z * SCALE, y * SCALE)
        rig.pivot.position = Vec3(rig.pivot.position) * (1 - FOLLOW) + goal * FOLLOW

    def rest(result: FlickResult) -> None:
        destroy(flight)
        then(result)

    frame_tower(rig, state, at_once=True)
    tower = state.active
    flight = Flight(tower.spot, len(tower.tower), aim, follow, rest, speed=view.tweens.speed)
    return flight


def replay_action(
    view: KlettermaxView,
    rig: Any,
    before: State,
    action: Action,
    after: State,
    events: Sequence[Event],
    home: tuple[Any, float, float],
    then: Callable[[], None],
) -> Flight | None:
    """A recorded action on the table: a flick with its aim flies again from `before` by the
    physics, then its events play and the camera eases back `home` (pivot, distance, heading),
    and `then()` is called; any other action's events play at once. Returns the flight under
    way, if any."""
    aimed = any(isinstance(ev, Flicked) for ev in events)
    if not (isinstance(action, Flick) and action.aim is not None and aimed):
        view.play(after, events)
        return None

    def rested(_result: FlickResult) -> None:
        then()
        view.play(after, events)
        pivot, distance, heading = home
        rig.ease_to(pivot, distance, heading=heading)

    return fly(view, rig, before, action.aim, rested)
