"""The flick's physics (K1, K5, K11, K12, K14): castle and spots, a standing stack, the rest
classification, aimed flicks, determinism within and across processes."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from panda3d.core import loadPrcFileData, unloadPrcFile

from climbers.klettermax.physics import (
    OUTSIDE,
    OVER,
    SHORT,
    WALL,
    Aim,
    FlickRun,
    Outcome,
    simulate_flick,
)
from climbers.klettermax.physics.castle import (
    FLOOR_TOP,
    HALF,
    INSIDE,
    KNIGHT_SIZE,
    LANES,
    PINNACLE_HEIGHT,
    PINNACLE_WIDTH,
    PINNACLES_PER_SIDE,
    SPOT_DISTANCE,
    WALL_TOP,
    castle_boxes,
    chamber_at,
    chamber_centre,
    spot,
)
from climbers.klettermax.physics.flick import FRAME_STEPS, launch_velocity
from climbers.klettermax.physics.person import air_time
from climbers.klettermax.physics.speed import speed_rows
from climbers.klettermax.physics.world import STEP, FlickWorld, pose

MIDDLE_SPOTS = (2, 5, 8, 11)

AIMED = [
    # (spot, angle, strength, chamber): lattice aims (`grid.lattice`) whose 3×3 neighbourhood
    # (±2.5°, ±0.01) all lands in the one chamber.
    (2, 5.0, 0.2, 5),
    (2, 27.5, 0.21, 6),
    (5, 25.0, 0.17, 9),
    (5, -15.0, 0.26, 1),
    (8, 2.5, 0.17, 8),
    (8, 27.5, 0.21, 4),
    (11, 35.0, 0.16, 1),
    (11, 15.0, 0.26, 3),
    (1, 27.5, 0.16, 2),
    (3, -30.0, 0.28, 7),
    (6, -5.0, 0.16, 9),
    (9, -12.5, 0.27, 2),
]


def settle(scene: FlickWorld, seconds: float = 1.5) -> None:
    for _ in range(round(seconds / STEP)):
        scene.step()


def tilt(qx: float, qy: float) -> float:
    """The degrees a body's z axis leans from upright, given its rotation's x and y parts; a
    float32 rotation of a body turned upside down can give qx² + qy² a little above 1."""
    return math.degrees(math.acos(max(-1.0, 1 - 2 * (qx * qx + qy * qy))))


# --- castle and spots (K1, K5) ---


def test_k1_castle_has_nine_floors_walls_and_pinnacles() -> None:
    boxes = castle_boxes()
    assert [b.chamber for b in boxes if b.part == "floor"] == list(range(1, 10))
    assert sum(b.part == "pinnacle" for b in boxes) == 4 * (PINNACLES_PER_SIDE - 1)
    assert max(b.centre[2] + b.half[2] for b in boxes) == WALL_TOP + PINNACLE_HEIGHT
    for n in range(1, 10):
        assert chamber_at(*chamber_centre(n)) == n
    assert chamber_centre(1)[0] < 0 < chamber_centre(1)[1]
    assert chamber_centre(9)[1] < 0 < chamber_centre(9)[0]
    assert chamber_at(LANES[0] + 4.0, 0.0) is None
    assert chamber_at(0.0, HALF + 1) is None


def test_k5_spots_run_clockwise_and_face_their_chambers() -> None:
    bearings = []
    for n in range(1, 13):
        s = spot(n)
        assert max(abs(s.x), abs(s.y)) == SPOT_DISTANCE
        cx, cy = chamber_centre(s.chamber)
        along = (cx - s.x) * s.facing[0] + (cy - s.y) * s.facing[1]
        across = (cx - s.x) * s.facing[1] - (cy - s.y) * s.facing[0]
        assert along > 0 and abs(across) < 1e-9
        bearings.append(math.atan2(s.x, s.y) % (2 * math.pi))
    assert [spot(n).chamber for n in (1, 2, 3, 4, 6, 9, 12)] == [1, 2, 3, 3, 9, 7, 1]
    turned = [(b - bearings[0]) % (2 * math.pi) for b in bearings]
    assert turned == sorted(turned)


# --- the tower (K14) ---


@pytest.mark.parametrize("number", range(1, 13))
def test_k14_a_resting_stack_of_five_stays_standing_for_3_s(number: int) -> None:
    scene = FlickWorld(number, 5)
    start = [pose(k)[0] for k in scene.knights]
    settle(scene, 3.0)
    for k, (x, y, z) in zip(scene.knights, start, strict=True):
        (x1, y1, z1), (_, qx, qy, _) = pose(k)
        assert math.hypot(x1 - x, y1 - y) < 0.05
        assert abs(z1 - z) < 0.05
        assert tilt(qx, qy) < 0.5


# --- the outcome (K12) ---


def test_k12_outcome_text_forms() -> None:
    for text in ("chamber 1", "chamber 9", "wall", "short", "over", "outside"):
        assert str(Outcome.parse(text)) == text
    assert Outcome.parse("chamber 5") == Outcome("chamber", 5)
    assert (WALL, SHORT, OVER, OUTSIDE) == (
        Outcome("wall"),
        Outcome("outside", away="short"),
        Outcome("outside", away="over"),
        Outcome("outside"),
    )

    for bad in ("chamber 0", "chamber 10", "chamber 12", "chamber", " wall", "wall 2", "table", ""):
        with pytest.raises(ValueError):
            Outcome.parse(bad)
    with pytest.raises(ValueError):
        Outcome("wall", 3)


def test_k12_a_miss_short_or_over_is_outside_for_the_core() -> None:
    # Issue 31: the physics names the miss; the core and its records keep `outside`.
    assert [o.kind for o in (SHORT, OVER, OUTSIDE, WALL)] == ["outside"] * 3 + ["wall"]
    assert [o.miss for o in (SHORT, OVER, OUTSIDE, WALL)] == ["short", "over", None, "wall"]
    assert OVER.recorded() == OUTSIDE and Outcome("chamber", 4).recorded() == Outcome("chamber", 4)
    for kind in ("wall", "chamber"):
        with pytest.raises(ValueError):
            Outcome(kind, 4 if kind == "chamber" else None, away="short")


LYING = (math.cos(math.pi / 4), math.sin(math.pi / 4), 0.0, 0.0)
"""A quarter turn about x: the knight lies along y."""
TILT = math.radians(35)
"""Past the 31° at which a knight tips over: it leans on a wall."""
TILT_IN = (math.cos(TILT / 2), 0.0, math.sin(TILT / 2), 0.0)
TILT_OUT = (math.cos(TILT / 2), 0.0, -math.sin(TILT / 2), 0.0)
TILT_NORTH = (math.cos(TILT / 2), math.sin(TILT / 2), 0.0, 0.0)
"""The knight's top leans east or west, or south against the north wall (spot 1's side)."""
REACH = KNIGHT_SIZE[2] / 2 * math.sin(TILT) + KNIGHT_SIZE[0] / 2 * math.cos(TILT) + 0.01
DROP = KNIGHT_SIZE[2] / 2 * math.cos(TILT) + KNIGHT_SIZE[0] / 2 * math.sin(TILT) + 0.01
"""How far a tilted knight reaches sideways and down from its centre, and a little more."""
CRENEL = (2 * HALF - PINNACLE_WIDTH) / (PINNACLES_PER_SIDE - 1) / 2
"""x of the crenel east of the north wall's middle pinnacle."""


@pytest.mark.parametrize(
    ("pos", "quat", "touching", "expected"),
    [
        ((0.0, 0.0, FLOOR_TOP + KNIGHT_SIZE[2] / 2), None, {"chamber 5"}, "chamber 5"),
        ((LANES[0], LANES[2], FLOOR_TOP + KNIGHT_SIZE[0] / 2), LYING, {"chamber 1"}, "chamber 1"),
        (
            (INSIDE - REACH, LANES[0], FLOOR_TOP + DROP),
            TILT_IN,
            {"chamber 9", "wall"},
            "chamber 9",
        ),
        ((CRENEL, INSIDE + 0.5, WALL_TOP + KNIGHT_SIZE[0] / 2 + 0.01), LYING, {"wall"}, "wall"),
        ((30.0, 5.0, KNIGHT_SIZE[2] / 2), None, {"table"}, "short"),
        ((7.0, HALF + 3.0, KNIGHT_SIZE[2] / 2), None, {"table"}, "short"),
        ((0.0, -HALF - 3.0, KNIGHT_SIZE[2] / 2), None, {"table"}, "over"),
        ((HALF + REACH, 0.0, DROP), TILT_OUT, {"table", "wall"}, "short"),
        ((0.0, HALF + REACH, DROP), TILT_NORTH, {"table", "wall"}, "short"),
    ],
    ids=[
        "floor",
        "lying",
        "leaning in",
        "wall top",
        "beside",
        "before",
        "past the far wall",
        "leaning out",
        "bounced",
    ],
)
def test_k12_a_resting_knight_is_classified_by_what_it_lies_on(
    pos: tuple[float, float, float],
    quat: tuple[float, float, float, float] | None,
    touching: set[str],
    expected: str,
) -> None:
    scene = FlickWorld(1, 1)
    knight = scene.add_knight(pos, quat=quat)
    settle(scene)
    assert knight.get_linear_velocity().length() < 0.5
    assert scene.touching(knight) == touching
    assert str(scene.classify(knight)) == expected
    if expected == "short":  # the same place after crossing above the chambers
        assert scene.classify(knight, crossed=True) == OVER


# --- the flick (K11, K12) ---


def test_aim_is_bounded() -> None:
    for angle, strength in ((0.0, -0.01), (0.0, 1.01), (91.0, 0.5), (math.nan, 0.5)):
        with pytest.raises(ValueError):
            Aim(angle, strength)


def test_launch_turns_left_for_a_positive_angle_and_tumbles_forward() -> None:
    (vx, vy, vz), (wx, wy, _) = launch_velocity(spot(2).facing, Aim(30.0, 0.5))
    assert vy < 0 < vx and vz > 0
    assert math.isclose(math.degrees(math.atan2(vx, -vy)), 30.0)
    assert wx * vy - wy * vx < 0  # spin axis z × v: the top moves ahead


@pytest.mark.parametrize("number", range(1, 13))
def test_k12_a_weak_flick_falls_short_beside_the_tower(number: int) -> None:
    result = simulate_flick(number, Aim(0.0, 0.02))
    s = spot(number)
    assert result.outcome == SHORT and result.rested
    assert math.hypot(result.rest[0] - s.x, result.rest[1] - s.y) < 8.0


@pytest.mark.parametrize("number", range(1, 13))
def test_k12_a_full_strength_flick_sails_over_the_castle_after_0_6_s_in_the_air(
    number: int,
) -> None:
    # Issue 31, items 2 and 3: too hard sails over; a full flick is long enough in the air for
    # the window to show its whole flight.
    result = simulate_flick(number, Aim(0.0, 1.0))
    s = spot(number)
    along = (result.rest[0] - s.x) * s.facing[0] + (result.rest[1] - s.y) * s.facing[1]
    assert result.outcome == OVER
    assert along > SPOT_DISTANCE + HALF
    assert air_time(number, Aim(0.0, 1.0)) >= 0.6


MISSES_SEEN = [
    # (spot, angle, strength, kind, how): issue 31, item 2, each kind of miss of the box
    (2, 0.0, 0.04, "short", "falls before the wall"),
    (2, 0.0, 0.12, "short", "bounces back off the wall"),
    (2, 0.0, 0.35, "over", "sails over the castle"),
    (1, -12.5, 0.11, "wall", "rests on the wall"),
    (2, -7.5, 0.11, "wall", "rests on the wall"),
]


@pytest.mark.parametrize(("number", "angle", "strength", "kind", "how"), MISSES_SEEN)
def test_k12_each_kind_of_miss_happens(
    number: int, angle: float, strength: float, kind: str, how: str
) -> None:
    result = simulate_flick(number, Aim(angle, strength))
    fx, fy = spot(number).facing
    ahead = [f.pos[0] * fx + f.pos[1] * fy for f in result.frames]
    assert str(result.outcome) == kind and result.rested
    if how == "falls before the wall":
        assert max(ahead) < -HALF - KNIGHT_SIZE[2] / 2  # never within reach of the wall
    elif how == "bounces back off the wall":
        assert max(ahead) > -HALF - KNIGHT_SIZE[0] / 2 and ahead[-1] < -HALF
    elif how == "sails over the castle":
        over = [f.pos[2] for f, a in zip(result.frames, ahead, strict=True) if abs(a) < INSIDE]
        assert min(over) > WALL_TOP and ahead[-1] > HALF
    else:
        assert result.rest[2] > WALL_TOP and chamber_at(result.rest[0], result.rest[1]) is None


@pytest.mark.parametrize(("number", "angle", "strength", "chamber"), AIMED)
def test_k12_an_aimed_flick_reaches_its_chamber(
    number: int, angle: float, strength: float, chamber: int
) -> None:
    result = simulate_flick(number, Aim(angle, strength))
    assert result.outcome == Outcome("chamber", chamber)
    assert chamber_at(result.rest[0], result.rest[1]) == chamber
    assert result.rest[2] < FLOOR_TOP + KNIGHT_SIZE[2]


def test_each_middle_spot_reaches_its_own_chamber_with_a_little_slack() -> None:
    for number in MIDDLE_SPOTS:
        for angle in (-2.5, 0.0, 2.5):
            for strength in (0.16, 0.17, 0.18):
                result = simulate_flick(number, Aim(angle, strength))
                assert result.outcome == Outcome("chamber", spot(number).chamber)


def test_frames_replay_the_flight_from_launch_to_rest() -> None:
    result = simulate_flick(2, Aim(5.0, 0.2))
    start = spot(2)
    assert result.frames[0].pos == pytest.approx((start.x, start.y, 0.3 + 4.5 * KNIGHT_SIZE[2]))
    assert result.frames[-1].pos == result.rest
    assert len(result.frames) == math.ceil(result.steps / FRAME_STEPS) + 1
    over_wall = next(f for f in result.frames if f.pos[1] < HALF)
    assert over_wall.pos[2] > WALL_TOP + PINNACLE_HEIGHT + KNIGHT_SIZE[2] / 2
    assert result.rested and result.steps * STEP < 3.0


def test_a_lower_tower_flicks_its_top_knight_from_lower_down() -> None:
    scene = FlickWorld(3, 3)
    assert len(scene.knights) == 3
    result = simulate_flick(3, Aim(0.0, 0.2), tower_height=3)
    assert result.frames[0].pos[2] == pytest.approx(0.3 + 2.5 * KNIGHT_SIZE[2])
    assert result.rested
    for height in (0, 6):
        with pytest.raises(ValueError):
            FlickWorld(3, height)


def test_a_run_stepped_by_the_window_matches_the_simulation() -> None:
    aim = Aim(12.5, 0.6)
    run = FlickRun(7, aim)
    while not run.done:
        run.step()
    assert run.step() and run.result() == simulate_flick(7, aim)


# --- determinism ---

PROBE = (4, Aim(-7.25, 0.1875))


def test_the_same_flick_rests_in_the_same_place_100_times() -> None:
    first = simulate_flick(*PROBE)
    for _ in range(99):
        assert simulate_flick(*PROBE) == first


def test_another_process_finds_the_same_flight() -> None:
    code = (
        "from climbers.klettermax.physics import Aim, simulate_flick\n"
        f"r = simulate_flick({PROBE[0]}, Aim({PROBE[1].angle!r}, {PROBE[1].strength!r}))\n"
        "print(repr((str(r.outcome), r.rest, r.steps, r.frames)))\n"
    )
    src = Path(__file__).resolve().parents[3] / "src"
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    here = simulate_flick(*PROBE)
    assert done.stdout.strip() == repr((str(here.outcome), here.rest, here.steps, here.frames))


FINGERPRINT = """
from climbers.klettermax.physics import Aim, simulate_flick
from climbers.klettermax.physics.world import STEP, FlickWorld, pose


def fingerprint():
    flicks = ((4, -7.25, 0.1875), (1, 10.0, 0.15), (7, -20.0, 0.23), (10, 0.0, 0.1))
    flights = [simulate_flick(n, Aim(angle, strength)) for n, angle, strength in flicks]
    stacks = []
    for n in (1, 4, 7, 10):
        scene = FlickWorld(n, 5)
        for _ in range(round(3.0 / STEP)):
            scene.step()
        stacks.append([pose(k) for k in scene.knights])
    return repr((flights, stacks))
"""
"""Flicks and 3 s stacks on one spot of each side (the towers face four ways), exactly."""


def test_an_ursina_window_in_the_process_changes_no_flight_and_no_stack(tmp_path: Path) -> None:
    # The window sets Panda3D config (coordinate-system y-up-left among others) for the whole
    # process: the same flicks and stacks, before and after it opens, match this process's.
    code = FINGERPRINT + (
        "print('@headless', fingerprint())\n"
        "from ursina import Ursina\n"
        "from panda3d.core import CS_zup_right, get_default_coordinate_system\n"
        "app = Ursina(window_type='offscreen', development_mode=False)\n"
        "app.step()\n"
        "assert get_default_coordinate_system() != CS_zup_right\n"
        "print('@window', fingerprint())\n"
    )
    src = Path(__file__).resolve().parents[3] / "src"
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
        timeout=300,
    )
    found = dict(line.split(" ", 1) for line in done.stdout.splitlines() if line[:1] == "@")
    here: dict[str, object] = {}
    exec(FINGERPRINT, here)
    expected = here["fingerprint"]()  # type: ignore[operator]
    assert found.get("@headless") == expected
    assert found.get("@window") == expected


@contextmanager
def prc(*lines: str) -> Iterator[None]:
    """Panda3D config `lines` in force for this process, as a window's `loadPrcFileData`."""
    pages = [loadPrcFileData("", line) for line in lines]
    try:
        yield
    finally:
        for page in reversed(pages):
            unloadPrcFile(page)


SIDES = (1, 4, 7, 10)


def test_a_tower_faces_the_castle_in_any_default_coordinate_system() -> None:
    towers = {}
    for cs in ("zup-right", "yup-left", "yup-right", "zup-left"):
        with prc(f"coordinate-system {cs}"):
            towers[cs] = [[pose(k) for k in FlickWorld(n, 5).knights] for n in SIDES]
    for tower in towers.values():
        for n, knights in zip(SIDES, tower, strict=True):
            fx, fy = spot(n).facing
            for _, (w, qx, qy, qz) in knights:
                assert qx == qy == 0.0  # turned about z only: upright
                assert w * w - qz * qz == pytest.approx(fx, abs=1e-6)  # x axis faces the castle
                assert 2 * w * qz == pytest.approx(fy, abs=1e-6)
    assert all(tower == towers["zup-right"] for tower in towers.values())


def test_bullet_settings_of_the_process_change_no_flight() -> None:
    def flight_and_stack() -> tuple[object, ...]:
        scene = FlickWorld(PROBE[0], 5)
        settle(scene, 1.0)
        return simulate_flick(*PROBE), [pose(k) for k in scene.knights]

    expected = flight_and_stack()
    with prc(
        "bullet-additional-damping 1",
        "bullet-solver-iterations 10",
        "bullet-split-impulse 1",
        "bullet-broadphase-algorithm sap",
        "bullet-filter-algorithm groups-mask",
    ):
        assert flight_and_stack() == expected


def test_speed_rows_report_a_flick() -> None:
    (row,) = speed_rows(flicks=3)
    assert row.name == "a flick to rest, headless" and 0 < row.median_ms <= row.p95_ms
