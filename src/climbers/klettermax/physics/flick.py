"""The flick (K11, K12): launch the top knight of a tower, step Bullet until everything rests,
record the flight (the flicked knight and the knights below it) and classify where the knight
lies.

The finger gives the knight a velocity at a fixed elevation of `ELEVATION` degrees above the
table, in the aimed direction, with a forward tumble proportional to the speed (the fingernail
strikes the knight above its base while the knight below holds its foot back). Strength 0–1 maps
linearly to 0–`SPEED_MAX` cm/s: the hardest flick a finger makes throws a knight metres, so the
castle 6–31 cm away takes a gentle one. Straight at the wall from a full tower (the lattice
of `grid.py`, every 0.01): up to 0.10 falls short of the wall or bounces back off it, 0.11–0.28
reaches the three chambers in a line (about 0.06 each, with hops into the neighbouring chamber
and a knight now and then on a wall), harder sails over the castle. A full-strength flick from
any tower spot is 0.765 s in the air (0.6 s asked, issue 31, item 3), lands about 3.3 m out
and slides to rest nearly 4 m from its tower.

The knights below the flicked one are recorded too (issue 31, item 2: a tower that is struck
or knocked may wobble). From a full tower (every spot, −70…70° in steps of 10°), a flick of
strength 0.02–0.12 that falls back onto or brushes its own tower leans the knights left standing
by up to 0.4–5.1° and turns them by up to 0.6–33° (mostly about the upright), shifting them up
to 0.1–1.1 cm, and knocks a knight off now and then (none to 3 of 180 flicks a strength, 21 at
0.10; K14: the tower is stacked again); from 0.15 on, the launch leans them 0.02° and turns them
0.14° at most. Recording them only reads the bodies: every flight is the same as without it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from panda3d.core import LVector3f, TransformState

from .castle import Vec3
from .world import STEP, FlickWorld, Outcome, Quat, pose

ELEVATION = 40.0
"""Launch elevation above the table (degrees)."""
SPEED_MAX = 560.0
"""Launch speed (cm/s) at strength 1; strength 0 is no speed."""
TUMBLE = 0.1
"""Forward tumble (rad/s) per cm/s of launch speed."""
FRAME_STEPS = round(1 / (60 * STEP))
"""Fixed steps between recorded frames (60 frames a second)."""
REST_LINEAR = 1.0
REST_ANGULAR = 0.5
"""Below these speeds (cm/s, rad/s) a knight is still."""
TOWER_SHIFT = 1e-3
TOWER_TURN = 1e-4
"""A knight below the flicked one that moved less than this (cm) and turned less than this (in
each component of its rotation, about 0.01°) since its last recorded pose keeps that pose in
the next frame: a tower standing still costs one shared entry a frame."""
REST_FRAMES = 12
"""Consecutive still frames (0.2 s) after which every knight counts as resting."""
TIME_LIMIT = 6.0
"""Simulated seconds after which the flight stops and the knight is classified where it is."""
MAX_STEPS = round(TIME_LIMIT / STEP)
FRAME_INTERVAL = FRAME_STEPS * STEP
"""Simulated seconds between recorded frames."""


@dataclass(frozen=True)
class Aim:
    """A pull: `angle` in degrees from the spot's straight-at-the-wall direction, positive
    counter-clockwise seen from above (to the flicker's left), within ±90; `strength` 0–1."""

    angle: float
    strength: float

    def __post_init__(self) -> None:
        if not -90.0 <= self.angle <= 90.0:
            raise ValueError(f"aim angle {self.angle} is not within ±90 degrees")
        if not 0.0 <= self.strength <= 1.0:
            raise ValueError(f"flick strength {self.strength} is not within 0–1")


class Pose(NamedTuple):
    """A knight's position (cm) and rotation (w, x, y, z) in one recorded frame."""

    pos: Vec3
    quat: Quat


@dataclass(frozen=True)
class FlickResult:
    """Where the knight came to rest, its pose every `FRAME_INTERVAL` s from launch to rest
    (the first frame is the launch, the last the resting pose), and the fixed steps taken.
    `rested` is False when the time limit stopped the flight. `tower` holds, for each frame,
    the poses of the knights below the flicked one, bottom to top (the first frame the tower
    as it stood, the last as it rests; a frame in which they did not move shares the last
    entry, `TOWER_SHIFT`); empty for a result made up without a tower."""

    outcome: Outcome
    rest: Vec3
    frames: tuple[Pose, ...]
    steps: int
    rested: bool
    tower: tuple[tuple[Pose, ...], ...] = ()


def launch_velocity(spot_facing: tuple[float, float], aim: Aim) -> tuple[Vec3, Vec3]:
    """The flicked knight's linear (cm/s) and angular (rad/s) velocity."""
    turn = math.radians(aim.angle)
    fx, fy = spot_facing
    dx = fx * math.cos(turn) - fy * math.sin(turn)
    dy = fx * math.sin(turn) + fy * math.cos(turn)
    speed = aim.strength * SPEED_MAX
    up = math.radians(ELEVATION)
    flat = speed * math.cos(up)
    spin = TUMBLE * speed
    return (dx * flat, dy * flat, speed * math.sin(up)), (-dy * spin, dx * spin, 0.0)


class FlickRun:
    """One flick in its own fresh world, advanced one fixed step per `step` call: the window may
    run it frame by frame; `simulate_flick` runs it to the end."""

    def __init__(self, spot: int, aim: Aim, tower_height: int = 5) -> None:
        self.scene = FlickWorld(spot, tower_height)
        self.knight = self.scene.knights[-1]
        linear, angular = launch_velocity(self.scene.spot.facing, aim)
        self.knight.set_linear_velocity(LVector3f(*linear))
        self.knight.set_angular_velocity(LVector3f(*angular))
        self.steps = 0
        self.frames: list[Pose] = [Pose(*pose(self.knight))]
        self.below = self.scene.knights[:-1]
        """The knights below the flicked one, bottom to top."""
        self.tower: list[tuple[Pose, ...]] = [self._tower_now()]
        self._still = 0
        self.rested = False
        self.crossed = False
        """Whether the knight has been above the chambers (a miss after that is over)."""

    @property
    def done(self) -> bool:
        """Whether every knight rests or the time limit is reached."""
        return self.rested or self.steps >= MAX_STEPS

    def step(self) -> bool:
        """One fixed step (none once done); returns `done`."""
        if self.done:
            return True
        self.scene.step()
        self.steps += 1
        self.crossed = self.crossed or self.scene.above_chambers(self.knight)
        if self.steps % FRAME_STEPS == 0:
            self.frames.append(Pose(*pose(self.knight)))
            self.tower.append(self._tower_moved())
            self._still = self._still + 1 if self._all_still() else 0
            self.rested = self._still >= REST_FRAMES
        return self.done

    def _tower_now(self) -> tuple[Pose, ...]:
        return tuple(Pose(*pose(k)) for k in self.below)

    def _tower_moved(self) -> tuple[Pose, ...]:
        """The tower's poses now, or its last recorded ones when no knight of it moved."""
        last = self.tower[-1]
        now = self._tower_now()
        for was, is_ in zip(last, now, strict=True):
            if any(abs(a - b) > TOWER_SHIFT for a, b in zip(was.pos, is_.pos, strict=True)) or any(
                abs(a - b) > TOWER_TURN for a, b in zip(was.quat, is_.quat, strict=True)
            ):
                return now
        return last

    def _all_still(self) -> bool:
        return all(
            k.get_linear_velocity().length() < REST_LINEAR
            and k.get_angular_velocity().length() < REST_ANGULAR
            for k in self.scene.knights
        )

    def result(self) -> FlickResult:
        """The outcome as things lie now (call when `done`)."""
        here = Pose(*pose(self.knight))
        frames = self.frames if self.frames[-1] == here else [*self.frames, here]
        tower = self.tower[: len(frames) - 1] + [self._tower_now()]
        return FlickResult(
            self.scene.classify(self.knight, self.crossed),
            here.pos,
            tuple(frames),
            self.steps,
            self.rested,
            tuple(tower),
        )


def simulate_flick(spot: int, aim: Aim, tower_height: int = 5) -> FlickResult:
    """Flick the top knight of a tower of `tower_height` on `spot` (1–12) and let it come to
    rest (K11, K12)."""
    run = FlickRun(spot, aim, tower_height)
    while not run.step():
        pass
    result = run.result()
    # Panda3D keeps every transform a body took in a global cache that the window's frame loop
    # prunes; headless, nobody does, and each flick would leave about 130 kB behind.
    TransformState.garbage_collect()
    return result
