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
from climbers.app.table.camera import screen_pixel
from climbers.klettermax.core import Action, Aim, Flick, State
from climbers.klettermax.core.events import Event, Flicked
from climbers.klettermax.physics.castle import TILE_SIZE, spot
from climbers.klettermax.physics.flick import FlickResult, FlickRun, Pose
from climbers.klettermax.physics.recorded import physical
from climbers.klettermax.physics.world import STEP, pose
from climbers.klettermax.table.geometry import SCALE, spot_point
from climbers.klettermax.table.view import KlettermaxView

FLIGHT_VIEW = 30.0
"""The camera's distance while a tower is framed and a knight flies."""
AHEAD = 0.6
"""How far beyond the third of the way from the tower to the castle the view framing a tower
looks (window units): the side spots nearest the castle's back stand below the panels at the
top."""
WIDEST_VIEW = 64.0
"""The farthest the view framing a tower steps back to keep the spots clear of the panels."""
ASIDES = (0.0, -0.8, 0.8, -1.6, 1.6, -2.4, 2.4)
"""How far to the side of the line from the tower to the castle the view framing a tower may
look, in order of preference (window units)."""
Box = tuple[float, float, float, float]
"""A panel's left, top, right and bottom in window pixels."""
FOLLOW = 0.15
"""How far the camera's pivot moves towards the flying knight each frame."""
SPOTS = range(1, 13)
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


def frame_tower(
    rig: Any, state: State, at_once: bool = False, clear_of: Sequence[Box] = ()
) -> None:
    """Look from behind the active tower over it at the castle (a flick to come), from as
    close as leaves every tower spot in the window and clear of the panels `clear_of`."""
    s = spot(state.active.spot)
    (fx, fy), (x, y) = s.facing, (s.x * SCALE * 0.3, s.y * SCALE * 0.3)
    middle = Vec3(x + fx * AHEAD, 1.0, y + fy * AHEAD)
    heading = math.degrees(math.atan2(fx, fy))
    pivot, distance = _clear_view(rig, middle, Vec3(fy, 0, -fx), heading, clear_of)
    if at_once:
        rig.glide = None
        rig.pivot.position = pivot
        rig.distance = distance
        rig.pivot.rotation_y = heading
    else:
        rig.ease_to(pivot, distance, heading)


def _clear_view(
    rig: Any, middle: Vec3, right: Vec3, heading: float, clear_of: Sequence[Box]
) -> tuple[Vec3, float]:
    """The closest view from `heading`, from FLIGHT_VIEW on, looking at `middle` or a little
    to its side (`right`, ASIDES), that shows every tower spot in the window and none under a
    panel of `clear_of` (the rig is left as it was)."""
    saved = Vec3(rig.pivot.position), rig.distance, float(rig.pivot.rotation_y)
    distance = FLIGHT_VIEW
    try:
        rig.pivot.rotation_y = heading
        while distance < WIDEST_VIEW:
            rig.distance = distance
            for aside in ASIDES:
                rig.pivot.position = middle + right * aside
                boxes = [spot_box(n) for n in SPOTS]
                if all(b is not None and not _overlaps(b, p) for b in boxes for p in clear_of):
                    return middle + right * aside, distance
            distance *= 1.04
        return middle, WIDEST_VIEW
    finally:
        rig.pivot.position, rig.distance, rig.pivot.rotation_y = saved


def spot_box(number: int) -> Box | None:
    """The window pixels a tower spot's square covers (None when part of it is off screen)."""
    x, y, z = spot_point(number)
    half = TILE_SIZE[0] * SCALE / 2
    corners = [
        screen_pixel(Vec3(x + dx, y, z + dz)) for dx in (-half, half) for dz in (-half, half)
    ]
    if any(c is None for c in corners):
        return None
    xs, ys = [c[0] for c in corners if c], [c[1] for c in corners if c]
    return min(xs), min(ys), max(xs), max(ys)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def fly(
    view: KlettermaxView,
    rig: Any,
    state: State,
    aim: Aim,
    then: Callable[[FlickResult], None],
    clear_of: Sequence[Box] = (),
) -> Flight:
    """Flick the top knight of `state`'s active tower with `aim` on the table: the camera frames
    the tower (clear of the panels `clear_of`) and follows the knight, `then(result)` once it
    rests (the flight gone)."""
    seat = state.turn.seat

    def follow(at: Pose) -> None:
        view.fly(seat, at)
        x, y, z = at.pos
        goal = Vec3(x * SCALE, z * SCALE, y * SCALE)
        rig.pivot.position = Vec3(rig.pivot.position) * (1 - FOLLOW) + goal * FOLLOW

    def rest(result: FlickResult) -> None:
        destroy(flight)
        then(result)

    frame_tower(rig, state, at_once=True, clear_of=clear_of)
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
