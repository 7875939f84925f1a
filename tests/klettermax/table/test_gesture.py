"""The flick gesture's strength: the pointer's speed over the last stretch before the release,
in window heights a second (K11: a person's flick varies as a hand does)."""

from __future__ import annotations

import pytest

from climbers.klettermax.table.gesture import (
    FULL,
    GENTLE,
    GRACE,
    STRETCH,
    PullGesture,
    strength_from_speed,
)

pytestmark = pytest.mark.rule("K11")


def test_faster_is_stronger_from_too_gentle_to_full() -> None:
    assert strength_from_speed(0.0) is None
    assert strength_from_speed(GENTLE) is None, "at the gentle speed nothing flies"
    assert strength_from_speed(FULL) == 1.0
    assert strength_from_speed(FULL * 3) == 1.0, "a faster flick than full is full"
    middle = strength_from_speed((GENTLE + FULL) / 2)
    assert middle == pytest.approx(0.25), "the castle's strengths lie mid-way in speed"
    third, half = (strength_from_speed(GENTLE + (FULL - GENTLE) * k) for k in (1 / 3, 0.55))
    assert third is not None and half is not None and third < 0.12 and 0.28 < half
    speeds = [GENTLE + 0.01 + k * 0.2 for k in range(14)]
    strengths = [strength_from_speed(v) for v in speeds]
    assert all(s is not None for s in strengths)
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)


def pull(speeds: list[float], frame: float = 1 / 60, height: float = 720.0) -> PullGesture:
    """A pull straight down, one sample a frame, at each frame's speed (heights a second)."""
    gesture = PullGesture(height)
    t, y = 0.0, 100.0
    gesture.add(t, 400.0, y)
    for speed in speeds:
        t += frame
        y += speed * height * frame
        gesture.add(t, 400.0, y)
    return gesture


def test_the_speed_is_the_last_stretchs_not_the_pulls_length() -> None:
    long_slow = pull([0.1] * 120)  # two seconds of slow pulling: a long pull
    short_fast = pull([2.0] * 8)
    assert long_slow.strength() is None, "a long pull let go slowly is too gentle"
    assert short_fast.speed() == pytest.approx(2.0)
    assert short_fast.strength() == strength_from_speed(2.0)


def test_only_the_last_stretch_counts() -> None:
    """A fast start held still before the release is too gentle; a slow start that speeds up
    at the end is a flick of the end's speed."""
    stopped = pull([2.5] * 20 + [0.0] * round(GRACE * 60 + 2))
    assert stopped.strength() is None
    sped_up = pull([0.1] * 40 + [1.5] * round(STRETCH * 60 + 1))
    assert sped_up.speed() == pytest.approx(1.5)


def test_the_same_flick_at_any_frame_rate_or_window_size() -> None:
    """Slow frames (fewer samples in the stretch) and a larger window read the same speed."""
    want = pull([1.2] * 30).speed()
    assert pull([1.2] * 6, frame=1 / 8).speed() == pytest.approx(want)
    assert pull([1.2] * 30, height=1080.0).speed() == pytest.approx(want)


def test_past_the_windows_edge_the_pixels_still_count() -> None:
    """Samples below the window's bottom (pixels beyond its height) read like any other."""
    gesture = pull([1.0] * 60)
    last = gesture.last
    assert last is not None and last.y > 720
    assert gesture.speed() == pytest.approx(1.0)


def test_one_sample_is_no_flick() -> None:
    gesture = PullGesture(720.0)
    assert gesture.strength() is None
    gesture.add(0.0, 10.0, 10.0)
    assert gesture.strength() is None


def test_a_release_just_after_the_last_move_is_the_flick_the_label_showed() -> None:
    """The button's event may come a frame or two after the pointer's last move (and a hand
    stops as it lets go): within GRACE the release keeps the speed the label showed."""
    gesture = pull([1.5] * 10)
    shown = gesture.strength()
    last = gesture.last
    assert shown is not None and last is not None
    gesture.add(last.time + GRACE * 0.9, last.x, last.y)
    assert gesture.strength() == shown
    gesture.add(last.time + GRACE * 1.1, last.x, last.y)
    assert gesture.strength() is None, "held still longer: too gentle"
