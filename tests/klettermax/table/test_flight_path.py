"""A flight as the window plays it (K12): the recorded frames played back to the exact resting
pose, the impacts heard (wall or floor), and a close call's landing slowed."""

from __future__ import annotations

import pytest

from climbers.klettermax.physics.castle import HALF, WALL_TOP
from climbers.klettermax.physics.flick import FRAME_INTERVAL, FlickResult, Pose, simulate_flick
from climbers.klettermax.physics.world import Outcome
from climbers.klettermax.table.flight import SLOW, FlightPath, surface

pytestmark = pytest.mark.rule("K12")
UPRIGHT = (1.0, 0.0, 0.0, 0.0)


def thrown(
    start: tuple[float, float, float],
    velocity: tuple[float, float, float],
    lands: float,
    outcome: Outcome,
) -> FlickResult:
    """A knight thrown from `start` that flies freely until its centre comes down to `lands`,
    then lies still there for 0.3 s."""
    frames = []
    (x, y, z), (vx, vy, vz) = start, velocity
    while vz > 0 or z > lands:
        frames.append(Pose((x, y, z), UPRIGHT))
        x, y = x + vx * FRAME_INTERVAL, y + vy * FRAME_INTERVAL
        vz -= 981.0 * FRAME_INTERVAL
        z = z + vz * FRAME_INTERVAL if vz > 0 else max(lands, z + vz * FRAME_INTERVAL)
    rest = (x, y, lands)
    frames += [Pose(rest, UPRIGHT)] * 18
    return FlickResult(outcome, rest, tuple(frames), len(frames) * 8, True)


def test_a_knight_falling_on_the_table_is_heard_once_on_the_floor_and_not_slowed() -> None:
    path = FlightPath.of(thrown((0.0, -30.0, 12.0), (0.0, -20.0, 60.0), 0.9, Outcome("outside")))
    assert [i.surface for i in path.impacts] == ["floor"]
    assert path.airborne == pytest.approx(path.still, abs=2 * FRAME_INTERVAL)
    assert not path.close and path.slow is None
    assert path.rate(path.airborne) == 1.0


def test_a_knight_resting_on_the_wall_is_a_close_call_whose_landing_is_slowed() -> None:
    top = WALL_TOP + 0.9
    path = FlightPath.of(thrown((0.0, -30.0, 6.0), (0.0, 68.0, 150.0), top, Outcome("wall")))
    assert [i.surface for i in path.impacts] == ["wall"]
    assert path.result.rest[1] == pytest.approx(-HALF + 0.5, abs=0.5), "on the south wall"
    assert path.close and path.slow is not None
    begin, end = path.slow
    assert begin < path.airborne < end, "the landing itself is slowed"
    assert path.rate(path.airborne) == SLOW and path.rate(0.0) == 1.0


def test_the_surface_struck() -> None:
    assert surface((0.0, 0.0, 2.0)) == "floor", "a chamber's floor"
    assert surface((0.0, -HALF - 5.0, 1.0)) == "floor", "the table"
    assert surface((0.0, -HALF + 0.5, WALL_TOP + 1.0)) == "wall"
    assert surface((0.0, -HALF - 1.0, 6.0)) == "wall", "the wall's outer face"


@pytest.mark.parametrize("spot,angle,strength", [(8, 0.0, 0.5), (3, -20.0, 0.8), (11, 15.0, 0.3)])
def test_the_playback_passes_every_recorded_frame_and_ends_on_the_resting_pose(
    spot: int, angle: float, strength: float
) -> None:
    from climbers.klettermax.physics.flick import Aim

    result = simulate_flick(spot, Aim(angle, strength), 5)
    path = FlightPath.of(result)
    for k in (0, len(result.frames) // 3, len(result.frames) // 2):
        got = path.pose(k * FRAME_INTERVAL)
        assert got.pos == pytest.approx(result.frames[k].pos)
    assert path.pose(path.length) == result.frames[-1]
    assert path.pose(path.length + 1.0) == result.frames[-1]
    assert all(0 < i.time <= path.still for i in path.impacts)


def test_the_knights_below_play_every_recorded_frame_and_end_where_the_physics_left_them() -> None:
    from climbers.klettermax.physics.flick import Aim

    result = simulate_flick(1, Aim(0.0, 0.05), 5)
    path = FlightPath.of(result)
    moved = next(k for k in range(1, len(result.tower)) if result.tower[k] != result.tower[0])
    for k in (0, moved, len(result.tower) // 2):
        shown = path.tower(k * FRAME_INTERVAL)
        for got, want in zip(shown, result.tower[k], strict=True):
            assert got.pos == pytest.approx(want.pos) and got.quat == pytest.approx(want.quat)
    halfway = path.tower((moved - 0.5) * FRAME_INTERVAL)
    assert halfway != result.tower[moved - 1] and halfway != result.tower[moved], "in between"
    assert path.tower(path.length) == result.tower[-1]
    assert path.tower(path.length + 1.0) == result.tower[-1]


def test_a_flight_without_recorded_knights_below_sways_none() -> None:
    path = FlightPath.of(thrown((0.0, -30.0, 12.0), (0.0, -20.0, 60.0), 0.9, Outcome("outside")))
    assert path.tower(0.0) == () and path.tower(path.length) == ()
