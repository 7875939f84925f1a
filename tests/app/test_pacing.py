"""The paced window (climbers.app.pacing): once the table is still, frames come at the still rate
and are drawn only to refresh; the first input, a window event, a glide or a stir brings back
full rate, every frame drawn; a picture taken while still shows the table as it is now."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from direct.showbase.MessengerGlobal import messenger
from panda3d.core import ClockObject
from PIL import Image
from ursina import Vec3, application, camera, held_keys, time

from app.settled import TOLERANCE, differing, frame, pointer_away, settle
from climbers.app import pacing
from climbers.app.pictures import picture_bytes
from climbers.app.table.tweens import Leg

pytestmark = pytest.mark.display

STILL_FRAMES = 5.0
"""The test pacer's still rate: a still frame waits up to 0.2 s."""


@pytest.fixture
def still(app: Any, make_play: Any) -> Iterator[tuple[Any, pacing.Pacer]]:
    """A settled play screen under a pacer that has found it still; the pacer goes after."""
    screen = make_play()
    settle(screen, app)
    pointer_away(app)
    screen.hud.banner.clear()  # it would go by itself in a moment: a change, drawn at once
    for key in list(held_keys):
        held_keys[key] = 0  # keys other tests pressed and never let go
    pacer = pacing.Pacer(
        application.base, still_after=0.2, still_frames=STILL_FRAMES, refresh=0.5
    ).install()
    try:
        for _ in range(100):
            app.step()
            if pacer.still:
                break
        assert pacer.still, f"the table never counted as still: {pacer.moved_by}"
        yield screen, pacer
    finally:
        pacer.remove()
    assert pacing.installed() is None


def test_a_still_table_runs_at_the_still_rate_and_draws_only_to_refresh(
    app: Any, still: tuple[Any, pacing.Pacer]
) -> None:
    _, pacer = still
    clock = ClockObject.getGlobalClock()
    frames, drawn, began = pacer.frames, pacer.drawn, clock.getFrameTime()
    dts = []
    for _ in range(8):
        app.step()
        dts.append(time.dt)
        assert pacer.still, f"moved: {pacer.moved_by}"
    assert pacer.frames - frames == 8
    assert sum(dts) >= 0.9 * len(dts) / STILL_FRAMES, "frames at the still rate, time told"
    refreshes = (clock.getFrameTime() - began) / pacer.refresh
    assert 1 <= pacer.drawn - drawn <= refreshes + 1, "drawn every 0.5 s, not every frame"


def test_the_pointer_moving_during_a_nap_wakes_the_table_at_once(
    app: Any, still: tuple[Any, pacing.Pacer]
) -> None:
    _, pacer = still
    clock = ClockObject.getGlobalClock()
    woken, ticked = pacer.woken, clock.getFrameTime()
    win = application.base.win
    mover = threading.Timer(0.5 / STILL_FRAMES, win.move_pointer, (0, 200, 200))
    mover.start()
    try:
        app.step()  # naps in its end, until the pointer moves
    finally:
        mover.join()
    assert pacer.woken == woken + 1, "the nap ended on the pointer's move"
    # the next frame's time leaves the nap out: what the input starts moves from its first step
    between_ticks = clock.getFrameTime() - ticked
    assert clock.getDt() == pytest.approx(between_ticks - pacer.napped, abs=1e-6)
    assert pacer.napped > 0 and clock.getMode() == ClockObject.MNormal
    drawn = pacer.drawn
    app.step()
    assert not pacer.still and pacer.drawn == drawn + 1, "the next frame is drawn at full rate"


@pytest.mark.parametrize(
    "events",
    [
        [("buttonDown", "f12"), ("buttonUp", "f12")],  # a key pressed and let go at once
        [("keystroke", "a")],
        [("window-event", None)],
    ],
)
def test_input_and_window_events_bring_back_full_rate(
    app: Any, still: tuple[Any, pacing.Pacer], events: list[tuple[str, Any]]
) -> None:
    _, pacer = still
    for name, argument in events:  # as Ursina's button thrower and the window send them
        messenger.send(name, [application.base.win if argument is None else argument])
    drawn = pacer.drawn
    app.step()
    assert not pacer.still and pacer.drawn == drawn + 1
    assert pacer.moved_by == ["stir or input"]


def test_a_glide_runs_at_full_rate_every_frame_drawn_and_ends_where_it_did(
    app: Any, still: tuple[Any, pacing.Pacer]
) -> None:
    screen, pacer = still
    tweens = screen.view.tweens
    pawn = screen.view.pawns[0]
    home = Vec3(pawn.position)
    up = Leg(home + Vec3(0, 2, 0), 0.3)
    tweens.glide(pawn, [up, Leg(home, 0.3)])  # after a still frame, as a bot's move would
    frames, drawn = pacer.frames, pacer.drawn
    app.step()
    # the still frame's wait is in this frame's time, but the glide starts from its first step
    assert time.dt > pacing.FULL_RATE_STEP
    assert up.elapsed <= pacing.FULL_RATE_STEP * tweens.speed + 1e-9
    while tweens.busy:
        app.step()
        assert not pacer.still, "no frame of the glide waits for the still rate"
        assert pacing.motion_step(1.0) == 1.0, "nor is its step cut short"
    assert pacer.drawn - drawn == pacer.frames - frames, "every frame of the glide drawn"
    assert tuple(pawn.position) == pytest.approx(tuple(home))
    app.step()
    assert not pacer.still, "full rate goes on a moment after the last movement"


def test_a_stir_brings_back_full_rate(app: Any, still: tuple[Any, pacing.Pacer]) -> None:
    _, pacer = still
    pacing.stir()
    drawn = pacer.drawn
    app.step()
    assert not pacer.still and pacer.drawn == drawn + 1


def test_a_picture_taken_while_still_shows_the_window_as_it_is(
    app: Any, still: tuple[Any, pacing.Pacer]
) -> None:
    _, pacer = still
    pacer.refresh = 60.0  # no refresh comes while the test runs
    camera.ui.enabled = False  # the HUD goes: a change the pacer does not see
    try:
        drawn = pacer.drawn
        app.step()
        assert pacer.drawn == drawn and pacer.stale, f"a still frame, drawn: {pacer.moved_by}"
        picture = Image.open(io.BytesIO(picture_bytes())).convert("RGB")
        pacer.remove()
        drawn_now = frame(app, 2)  # every frame drawn again, the HUD hidden
    finally:
        camera.ui.enabled = True
    shot = np.asarray(picture, dtype=np.int16)
    assert differing(shot, drawn_now) <= TOLERANCE, "the picture is the window as it is now"
