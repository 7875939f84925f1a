"""The knights below a flicked one (issue 31, item 2: a tower that is struck or knocked may
wobble; K12, K14): recorded with the flight from the physics itself, moved by a soft flick that
falls back onto its tower and at rest after it, nearly still under a strong one, the same in
every process, and recorded without changing any flight."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from panda3d.core import LVector3f

from climbers.klettermax.physics import Aim, FlickRun, Pose, simulate_flick
from climbers.klettermax.physics.flick import (
    FRAME_STEPS,
    MAX_STEPS,
    REST_ANGULAR,
    REST_LINEAR,
    launch_velocity,
)
from climbers.klettermax.physics.world import FlickWorld, pose

pytestmark = [pytest.mark.rule("K12"), pytest.mark.rule("K14")]

SOFT = (1, Aim(0.0, 0.05))
"""Falls back onto its own tower (spot 1, straight at the wall)."""
SOFT_ASIDE = (1, Aim(40.0, 0.05))
STRONG = (8, Aim(0.0, 0.5))
"""Clears the tower and sails over the castle."""


def turn(a: Pose, b: Pose) -> float:
    """The degrees between two poses' rotations."""
    dot = abs(sum(p * q for p, q in zip(a.quat, b.quat, strict=True)))
    return math.degrees(2 * math.acos(min(1.0, dot)))


def lean(p: Pose) -> float:
    """The degrees a knight's long axis leans from upright."""
    _, x, y, _ = p.quat
    return math.degrees(math.acos(max(-1.0, min(1.0, 1 - 2 * (x * x + y * y)))))


def most(tower: tuple[tuple[Pose, ...], ...]) -> tuple[float, float, float]:
    """The largest lean, turn (degrees) and shift (cm) of any knight below the flicked one, from
    its pose before the flick, over a flight's frames."""
    first = tower[0]
    pairs = [(p, q) for frame in tower for p, q in zip(frame, first, strict=True)]
    return (
        max(lean(p) for p, _ in pairs),
        max(turn(p, q) for p, q in pairs),
        max(math.dist(p.pos, q.pos) for p, q in pairs),
    )


def test_every_frame_holds_the_knights_below_the_flicked_one_from_where_they_stood() -> None:
    result = simulate_flick(*SOFT_ASIDE)
    assert len(result.tower) == len(result.frames)
    assert all(len(frame) == 4 for frame in result.tower), "a full tower: four knights below"
    assert result.tower[0] == tuple(Pose(*pose(k)) for k in FlickWorld(1, 5).knights[:-1])
    assert len(simulate_flick(3, Aim(0.0, 0.2), 2).tower[0]) == 1


@pytest.mark.parametrize("spot,aim", [SOFT, SOFT_ASIDE])
def test_a_soft_flick_falling_back_on_its_tower_moves_the_knights_below_and_they_rest(
    spot: int, aim: Aim
) -> None:
    run = FlickRun(spot, aim, 5)
    while not run.step():
        pass
    result = run.result()
    assert str(result.outcome) == "short" and result.rested
    leaned, turned, shifted = most(result.tower)
    assert turned > 1.5 and shifted > 0.1, f"turned {turned:.2f}°, shifted {shifted:.3f} cm"
    assert leaned > 0.5, f"leaned {leaned:.2f}°"
    assert result.tower[-1] == tuple(Pose(*pose(k)) for k in run.below), "as they rest"
    for knight in run.below:
        assert knight.get_linear_velocity().length() < REST_LINEAR
        assert knight.get_angular_velocity().length() < REST_ANGULAR
    for _ in range(240):  # half a second more: they stay where they came to rest
        run.scene.step()
    for knight, rested in zip(run.below, result.tower[-1], strict=True):
        now = Pose(*pose(knight))
        assert math.dist(now.pos, rested.pos) < 0.01 and turn(now, rested) < 0.1


def test_a_strong_flick_leaves_the_knights_below_nearly_still() -> None:
    result = simulate_flick(*STRONG)
    assert str(result.outcome) == "over"
    leaned, turned, shifted = most(result.tower)
    assert leaned < 0.1 and turned < 0.2 and shifted < 0.1
    shared = len({id(frame) for frame in result.tower})
    assert shared < len(result.tower) / 4, "frames in which the tower stood still share a pose"


def test_a_soft_flick_may_knock_a_knight_off_its_tower() -> None:
    leaned, _turned, shifted = most(simulate_flick(4, Aim(40.0, 0.06)).tower)
    assert leaned > 60 and shifted > 2, "a tower that falls (K14: it is stacked again)"


def test_the_tower_frames_are_the_same_every_time_and_in_another_process() -> None:
    first = simulate_flick(*SOFT)
    for _ in range(20):
        assert simulate_flick(*SOFT).tower == first.tower
    code = (
        "from climbers.klettermax.physics import Aim, simulate_flick\n"
        f"print(repr(simulate_flick({SOFT[0]}, Aim({SOFT[1].angle!r}, {SOFT[1].strength!r}))"
        ".tower))\n"
    )
    src = Path(__file__).resolve().parents[3] / "src"
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "4321"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == repr(first.tower)


@pytest.mark.parametrize("spot,aim", [SOFT, SOFT_ASIDE, STRONG, (4, Aim(40.0, 0.06))])
def test_recording_the_tower_changes_no_flight(spot: int, aim: Aim) -> None:
    """The flicked knight's frames are those of the same world stepped without reading the
    knights below."""
    scene = FlickWorld(spot, 5)
    knight = scene.knights[-1]
    linear, angular = launch_velocity(scene.spot.facing, aim)
    knight.set_linear_velocity(LVector3f(*linear))
    knight.set_angular_velocity(LVector3f(*angular))
    result = simulate_flick(spot, aim)
    frames = [Pose(*pose(knight))]
    for step in range(1, min(result.steps, MAX_STEPS) + 1):
        scene.step()
        if step % FRAME_STEPS == 0:
            frames.append(Pose(*pose(knight)))
    assert tuple(frames) == result.frames
