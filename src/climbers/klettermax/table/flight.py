"""A flick in flight in the window: the physics' own flight (`simulate_flick`, the headless
flick itself, so the window's outcome is the headless one for the same aim) played back from its
recorded frames (60 a second), the knight and the knights below it (a tower struck or knocked
wobbles) drawn between them.

The playback is for watching: a drawn frame shows at most `MOST_PER_FRAME` seconds of flight
(a slow window or a clip at 12 frames a second shows the flight in slow motion rather than in two
jumps), the landing of a close call (`FlightPath.close`: on a wall, by a chamber's rim) is played
at `SLOW` speed, each impact is heard (`on_impact`: the wall's knock, the floor's thud), and
`on_rest` hears the result only once the knight lies still."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, Literal

from ursina import Entity, Vec3, destroy, time, window

from climbers.app.pacing import motion_step, stir
from climbers.app.panels.canvas import scale
from climbers.app.table.camera import on_screen, screen_pixel
from climbers.klettermax.core import COLOURS, Action, Aim, Flick, State
from climbers.klettermax.core.events import Event, Flicked
from climbers.klettermax.physics.castle import (
    FLOOR_TOP,
    HALF,
    TILE_SIZE,
    castle_boxes,
    chamber_at,
    spot,
)
from climbers.klettermax.physics.flick import FRAME_INTERVAL, FlickResult, Pose, simulate_flick
from climbers.klettermax.physics.recorded import physical
from climbers.klettermax.physics.world import GRAVITY
from climbers.klettermax.table.geometry import (
    SCALE,
    dice_corners,
    knight_foot,
    spot_point,
    supply_corners,
    world,
)
from climbers.klettermax.table.view import KlettermaxView, between

FLIGHT_VIEW = 30.0
"""The camera's distance while a tower is framed and a knight flies."""
AHEAD = 0.6
"""How far beyond the third of the way from the tower to the castle the view framing a tower
looks (window units): the side spots nearest the castle's back stand below the panels at the
top."""
SUPPLY_VIEW = FLIGHT_VIEW * 1.2
"""The farthest the view framing a tower steps back to show the whole supply; farther, the
window's edge may cut it, but no panel hides it."""
WIDEST_VIEW = 64.0
"""The farthest the view framing a tower steps back to keep the spots clear of the panels."""
ASIDES = (0.0, -0.8, 0.8, -1.6, 1.6, -2.4, 2.4, -3.2, 3.2, -4.0, 4.0)
"""How far to the side of the line from the tower to the castle the view framing a tower may
look, in order of preference (window units)."""
BACKS = (0.0, 1.2, -1.2, 2.4, -2.4, 3.6, 4.8)
"""How far back towards the tower from there it may look (window units), in order of
preference: the supply behind a tower near it shows higher in the window."""
CASTLE_TOP = [
    Vec3(*world(x, y, max(b.centre[2] + b.half[2] for b in castle_boxes())))
    for x in (-HALF, HALF)
    for y in (-HALF, HALF)
]
"""The corners of the castle at the height of its highest solid (the pinnacles)."""
Box = tuple[float, float, float, float]
"""A panel's left, top, right and bottom in window pixels."""
FOLLOW = 0.35
"""Seconds in which the camera's pivot goes about two thirds of the way to the flying knight."""
IN_VIEW = 60
"""Window pixels the flying knight keeps from the window's edges (the camera steps back)."""
SPOTS = range(1, 13)
EDGE = 0.01
"""Share of the window's size the castle keeps from its edges in the view framing a tower."""
FOOT = 110
"""Reference pixels at the window's foot the supply keeps above in the view framing a tower:
the hint line and the key help below it."""
MOST_PER_FRAME = 1 / 24
"""Seconds of flight a drawn frame shows at most."""
IMPACT = 25.0
"""A change of velocity (cm/s) beyond gravity's within one recorded frame that is heard."""
QUIET = 0.06
"""Seconds after an impact in which the next is not heard again."""
LAUNCH = 0.05
"""Seconds after the launch in which the knight still leaves the tower (no impact)."""
STILL = 0.05
"""Centimetres from its resting place within which the knight no longer moves."""
CLOSE = 1.0
"""Centimetres from a wall (seen from above) within which a knight resting in the castle, or
leaning on it from outside, is a close call."""
LYING = 1.0
"""The height (cm) of a knight's centre lying on the table."""
SLOW = 0.35
"""The speed at which a close call's landing is played."""
LEAD = 0.12
"""Seconds of flight before the first impact from which a close call is slowed."""
SLOW_LONGEST = 0.9
"""Seconds of flight slowed at most."""
ABOVE_FLOOR = 2.5
"""The highest (cm) a knight's centre is over a floor it strikes (half its diagonal, and some)."""
Surface = Literal["wall", "floor"]


@dataclass(frozen=True)
class Impact:
    """The knight strikes a wall or a floor (a chamber's or the table) `time` s after launch."""

    time: float
    surface: Surface


def surface(at: tuple[float, float, float]) -> Surface:
    """What a knight whose centre is `at` strikes: the floor when it is low over the table or a
    chamber's floor, else the wall (or a pinnacle)."""
    x, y, z = at
    on_castle = max(abs(x), abs(y)) <= HALF
    if not on_castle:
        return "floor" if z < ABOVE_FLOOR else "wall"
    return "floor" if chamber_at(x, y) is not None and z < FLOOR_TOP + ABOVE_FLOOR else "wall"


def _wall_distance(x: float, y: float) -> float:
    """Centimetres from (x, y) to the nearest wall or pinnacle, seen from above."""
    best = math.inf
    for box in castle_boxes():
        if box.part == "floor":
            continue
        dx = max(abs(x - box.centre[0]) - box.half[0], 0.0)
        dy = max(abs(y - box.centre[1]) - box.half[1], 0.0)
        best = min(best, math.hypot(dx, dy))
    return best


@dataclass(frozen=True)
class FlightPath:
    """A simulated flick as the window plays it: the result, its impacts, when the knight
    stops moving, whether its resting place is a close call, and the stretch played slowly."""

    result: FlickResult
    impacts: tuple[Impact, ...]
    still: float
    """Seconds after launch from which the knight no longer moves."""
    close: bool
    slow: tuple[float, float] | None
    """The seconds of flight played at SLOW speed (a close call's landing)."""

    @property
    def length(self) -> float:
        """Seconds from the launch to the last recorded frame."""
        return (len(self.result.frames) - 1) * FRAME_INTERVAL

    @property
    def airborne(self) -> float:
        """Seconds from the launch to the first impact (the whole flight without one)."""
        return self.impacts[0].time if self.impacts else self.still

    @classmethod
    def of(cls, result: FlickResult) -> FlightPath:
        """The flight of `result` as the window plays it."""
        frames = [f.pos for f in result.frames]
        impacts = _impacts(frames)
        rest = result.rest
        moving = [i for i, p in enumerate(frames) if math.dist(p, rest) > STILL]
        still = (moving[-1] + 1) * FRAME_INTERVAL if moving else 0.0
        near = _wall_distance(rest[0], rest[1]) <= CLOSE
        inside = max(abs(rest[0]), abs(rest[1])) <= HALF
        close = result.outcome.kind == "wall" or (near and (inside or rest[2] > LYING))
        slow = None
        if close and impacts:
            begin = max(0.0, impacts[0].time - LEAD)
            slow = (begin, min(max(still, begin), begin + SLOW_LONGEST))
        return cls(result, tuple(impacts), still, close, slow)

    def pose(self, seconds: float) -> Pose:
        """The knight `seconds` after launch, between two recorded frames."""
        frames = self.result.frames
        at = seconds / FRAME_INTERVAL
        i = int(at)
        if i >= len(frames) - 1:
            return frames[-1]
        return between(frames[i], frames[i + 1], at - i)

    def tower(self, seconds: float) -> tuple[Pose, ...]:
        """The knights below the flicked one `seconds` after launch, between two recorded
        frames (none for a result without them)."""
        frames = self.result.tower
        at = seconds / FRAME_INTERVAL
        i = int(at)
        if i >= len(frames) - 1:
            return frames[-1] if frames else ()
        a, b = frames[i], frames[i + 1]
        if a is b:
            return a
        return tuple(between(p, q, at - i) for p, q in zip(a, b, strict=True))

    def rate(self, seconds: float) -> float:
        """The playback speed at `seconds` after launch (SLOW in the slowed stretch)."""
        if self.slow is not None and self.slow[0] <= seconds < self.slow[1]:
            return SLOW
        return 1.0


def _impacts(frames: Sequence[tuple[float, float, float]]) -> list[Impact]:
    """The impacts heard along recorded positions: a frame whose change of velocity is beyond
    gravity's by IMPACT, not within QUIET of the last, the launch aside (the surface judged
    from the frame after the impact)."""
    found: list[Impact] = []
    dt = FRAME_INTERVAL
    for i in range(1, len(frames) - 1):
        before = [(b - a) / dt for a, b in zip(frames[i - 1], frames[i], strict=True)]
        after = [(b - a) / dt for a, b in zip(frames[i], frames[i + 1], strict=True)]
        kick = math.dist([after[0], after[1], after[2] + GRAVITY * dt], before)
        seconds = i * dt
        if kick < IMPACT or seconds < LAUNCH or (found and seconds - found[-1].time < QUIET):
            continue
        found.append(Impact(seconds, surface(frames[i + 1])))
    return found


class Flight(Entity):  # type: ignore[misc]
    """One flick from a tower of `height` on `spot` with `aim`, played as it happened:
    `on_pose(pose)` every frame, and `on_tower(poses)` with the knights below it, bottom to top;
    `on_impact(surface)` as the knight strikes, `on_rest(result)` once it lies still."""

    def __init__(
        self,
        spot: int,
        height: int,
        aim: Aim,
        on_pose: Callable[[Pose], None],
        on_rest: Callable[[FlickResult], None],
        speed: float = 1.0,
        on_impact: Callable[[Surface], None] | None = None,
        on_tower: Callable[[tuple[Pose, ...]], None] | None = None,
    ) -> None:
        super().__init__(name="flight")
        self.aim = aim
        self.path = FlightPath.of(simulate_flick(spot, physical(aim), height))
        self.on_pose = on_pose
        self.on_rest = on_rest
        self.on_impact = on_impact
        self.on_tower = on_tower
        self.speed = speed
        self.seconds = 0.0
        """Seconds of flight shown so far."""
        self.heard = 0
        """Impacts heard so far."""
        self.result: FlickResult | None = None
        """The result, once the knight lies still."""

    def advance(self, seconds: float) -> None:
        """Show the flight `seconds` of play further on (at most MOST_PER_FRAME of flight,
        slowed in a close call's landing)."""
        if self.result is not None:
            return
        path = self.path
        self.seconds += min(seconds, MOST_PER_FRAME) * path.rate(self.seconds)
        impacts = path.impacts
        while self.heard < len(impacts) and impacts[self.heard].time <= self.seconds:
            if self.on_impact is not None:
                self.on_impact(impacts[self.heard].surface)
            self.heard += 1
        self.on_pose(path.pose(self.seconds))
        if self.on_tower is not None:
            self.on_tower(path.tower(self.seconds))
        if self.seconds >= path.length:
            self.result = path.result
            self.on_rest(self.result)

    def finish(self) -> FlickResult:
        """Fly to the end at once (a hurry, or a test)."""
        self.heard = len(self.path.impacts)
        self.seconds = self.path.length
        self.advance(0.0)
        assert self.result is not None
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
    pivot, distance = _clear_view(rig, middle, Vec3(fy, 0, -fx), Vec3(fx, 0, fy), heading, clear_of)
    if at_once:
        rig.glide = None
        rig.pivot.position = pivot
        rig.distance = distance
        rig.pivot.rotation_y = heading
    else:
        rig.ease_to(pivot, distance, heading)


def _clear_view(
    rig: Any, middle: Vec3, right: Vec3, ahead: Vec3, heading: float, clear_of: Sequence[Box]
) -> tuple[Vec3, float]:
    """The closest view from `heading`, from FLIGHT_VIEW on, looking at `middle` or a little
    to its side (`right`, ASIDES) or back towards the tower (`ahead`, BACKS), that is clear
    (`_clear`): first one with the whole supply and the dice in sight, up to SUPPLY_VIEW
    away, else one where the window's edge may cut them (the rig is left as it was)."""
    saved = Vec3(rig.pivot.position), rig.distance, float(rig.pivot.rotation_y)
    try:
        rig.pivot.rotation_y = heading
        for whole, farthest in ((True, SUPPLY_VIEW), (False, WIDEST_VIEW)):
            distance = FLIGHT_VIEW
            while distance < farthest:
                rig.distance = distance
                for back, aside in product(BACKS, ASIDES):
                    look = middle + right * aside - ahead * back
                    rig.pivot.position = look
                    if _clear(clear_of, whole):
                        return look, distance
                distance *= 1.04
        return middle, WIDEST_VIEW
    finally:
        rig.pivot.position, rig.distance, rig.pivot.rotation_y = saved


def _clear(clear_of: Sequence[Box], whole: bool) -> bool:
    """Whether the view shows the whole castle and every tower spot in the window, no spot
    under a panel of `clear_of`, and each colour of the supply and the dice in the window
    (unless `whole`: what of them is in the window), neither under a panel nor at the
    window's foot."""
    if not all(on_screen(corner, EDGE) for corner in CASTLE_TOP):
        return False
    spots = [spot_box(n) for n in SPOTS]
    if not all(b is not None and not _overlaps(b, p) for b in spots for p in clear_of):
        return False
    under = (*clear_of, foot_box())
    for group in [*(supply_corners(colour) for colour in COLOURS), dice_corners()]:
        pixels = [screen_pixel(Vec3(*corner)) for corner in group]
        if whole:
            box = _pixels_box(pixels)
            if box is None or any(_overlaps(box, p) for p in under):
                return False
        elif any(_inside(p, b) for p in pixels if p is not None for b in under):
            return False
    return True


def _inside(pixel: tuple[int, int], box: Box) -> bool:
    return box[0] <= pixel[0] <= box[2] and box[1] <= pixel[1] <= box[3]


def spot_box(number: int, height: int = 0) -> Box | None:
    """The window pixels a tower spot's square covers, and a tower of `height` knights on it
    (None when part of it is off screen)."""
    half = TILE_SIZE[0] * SCALE / 2
    ends = [spot_point(number), knight_foot(number, height)] if height else [spot_point(number)]
    return _pixels_box(
        [
            screen_pixel(Vec3(x + dx, y, z + dz))
            for x, y, z in ends
            for dx in (-half, half)
            for dz in (-half, half)
        ]
    )


def supply_boxes() -> list[Box | None]:
    """The window pixels the supply's knights of each colour cover (None for a colour part of
    whose knights is off screen)."""
    return [
        _pixels_box([screen_pixel(Vec3(*c)) for c in supply_corners(colour)]) for colour in COLOURS
    ]


def _pixels_box(corners: Sequence[tuple[int, int] | None]) -> Box | None:
    """The window pixels that `corners` cover (None when one is off screen)."""
    if any(c is None for c in corners):
        return None
    xs, ys = [c[0] for c in corners if c], [c[1] for c in corners if c]
    return min(xs), min(ys), max(xs), max(ys)


def foot_box() -> Box:
    """The window's foot, where the hint line and the key help lie."""
    w, h = window.size
    return 0.0, h - FOOT * scale(), w, h


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def fly(
    view: KlettermaxView,
    rig: Any,
    state: State,
    aim: Aim,
    then: Callable[[FlickResult], None],
    clear_of: Sequence[Box] = (),
    on_impact: Callable[[Surface], None] | None = None,
) -> Flight:
    """Flick the top knight of `state`'s active tower with `aim` on the table: the camera frames
    the tower (clear of the panels `clear_of`) and follows the knight, keeping it in the window
    and the other towers clear of the panels;
    `on_impact(surface)` as it strikes, `then(result)` once it rests (the flight gone)."""
    seat = state.turn.seat
    others = [(t.spot, len(t.tower)) for i, t in enumerate(state.seats) if t.tower and i != seat]

    def follow(at: Pose) -> None:
        view.fly(seat, at)
        x, y, z = at.pos
        goal = Vec3(x * SCALE, z * SCALE, y * SCALE)
        share = 1 - math.exp(-min(time.dt, MOST_PER_FRAME) / FOLLOW)
        rig.pivot.position = Vec3(rig.pivot.position) * (1 - share) + goal * share
        keep_in_view(rig, goal, clear_of, others)

    def rest(result: FlickResult) -> None:
        destroy(flight)
        then(result)

    def sway(poses: tuple[Pose, ...]) -> None:
        view.sway(seat, poses, flight.path.result.tower[0])

    frame_tower(rig, state, at_once=True, clear_of=clear_of)
    tower = state.active
    flight = Flight(
        tower.spot, len(tower.tower), aim, follow, rest, view.tweens.speed, on_impact, sway
    )
    return flight


def keep_in_view(
    rig: Any,
    point: Vec3,
    clear_of: Sequence[Box] = (),
    towers: Sequence[tuple[int, int]] = (),
) -> None:
    """Step the camera back until `point` shows IN_VIEW pixels inside the window's edges and
    no tower of `towers` (spot and height) under a panel of `clear_of`; as far back as the
    camera goes, it looks at the point itself."""
    w, h = window.size

    def shown() -> bool:
        pixel = screen_pixel(point)
        boxes = [spot_box(n, height) for n, height in towers]
        return (
            pixel is not None
            and IN_VIEW <= pixel[0] <= w - IN_VIEW
            and (IN_VIEW <= pixel[1] <= h - IN_VIEW)
            and not any(b is not None and _overlaps(b, p) for b in boxes for p in clear_of)
        )

    while not shown():
        before = rig.distance
        rig.distance = before * 1.04
        if rig.distance <= before:  # as far back as the camera goes
            rig.pivot.position = point
            return


def replay_action(
    view: KlettermaxView,
    rig: Any,
    before: State,
    action: Action,
    after: State,
    events: Sequence[Event],
    home: tuple[Any, float, float],
    then: Callable[[], None],
    on_impact: Callable[[Surface], None] | None = None,
) -> Flight | None:
    """A recorded action on the table: a flick with its aim flies again from `before` by the
    physics, then its events play and the camera eases back `home` (pivot, distance, heading),
    and `then()` is called; any other action's events play at once. Returns the flight under
    way, if any; `on_impact(surface)` as the knight strikes."""
    aimed = any(isinstance(ev, Flicked) for ev in events)
    if not (isinstance(action, Flick) and action.aim is not None and aimed):
        view.play(after, events)
        return None

    def rested(_result: FlickResult) -> None:
        then()
        view.play(after, events)
        pivot, distance, heading = home
        rig.ease_to(pivot, distance, heading=heading)

    return fly(view, rig, before, action.aim, rested, on_impact=on_impact)
