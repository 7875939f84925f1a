"""Burg Klettermax's flick in a real window (K11, K12): a flick by the real pointer (xdotool)
pulled past the window's bottom edge flies; the knight stays in the window while the camera
follows it, and the result is said only once it rests; a replay and a clip fly the same frames
and say the result after the flight."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from ursina import Vec3, application, window

from app.test_klettermax import check_settled, frames, full_tower, settle
from app.test_klettermax import table  # noqa: F401  (the fixture)
from climbers.app.clips import cards
from climbers.app.clips.recorder import ClipJob, Recorder
from climbers.app.table.camera import screen_pixel
from climbers.app.table.scene import clear_scene
from climbers.klettermax.core import Flick
from climbers.klettermax.physics import simulate_flick
from climbers.klettermax.physics.recorded import physical
from climbers.klettermax.table.flight import MOST_PER_FRAME, FlightPath
from climbers.klettermax.table.play_screen import PlayScreen
from climbers.klettermax.table.words import in_flight

pytestmark = [pytest.mark.display, pytest.mark.rule("K11"), pytest.mark.rule("K12")]


def xdo(*args: object) -> None:
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=10)


def window_origin(app: Any) -> tuple[int, int]:
    """Where the window's top-left pixel is on the X screen, as the pointer reports it."""
    props = application.base.win.getProperties()
    guess = props.getXOrigin(), props.getYOrigin()
    xdo("mousemove", guess[0] + 300, guess[1] + 300)
    frames(app, 3)
    pointer = application.base.win.getPointer(0)
    assert pointer.getInWindow(), "the pointer is in the window"
    return guess[0] + 300 - int(pointer.getX()), guess[1] + 300 - int(pointer.getY())


def knight_pixel(screen: PlayScreen) -> tuple[float, float] | None:
    """Where the flying knight shows in the window (None when off it)."""
    flying = screen.view.flying
    assert flying is not None
    return screen_pixel(Vec3(flying.world_position))


def test_a_flick_by_the_real_pointer_past_the_windows_bottom_edge_flies(table: Any) -> None:
    assert shutil.which("xdotool"), "needs xdotool (scripts/test installs it when run as root)"
    screen = table(full_tower())
    settle(screen)
    app = screen.app
    ox, oy = window_origin(app)
    seat = screen.state.active
    knight = screen.top_knight_pixel()
    assert knight is not None
    xdo("mousemove", ox + knight[0], oy + knight[1])
    frames(app, 2)
    xdo("mousedown", 1)
    frames(app, 2)
    gesture = screen.pulling
    assert gesture is not None, "a press on the top knight takes it"
    height = window.size[1]
    below = height + 80  # past the window's bottom edge
    for k in range(1, 8):
        xdo("mousemove", ox + knight[0], oy + knight[1] + (below - knight[1]) * k // 8)
        frames(app, 1)
    shown = screen.hud.tip_text
    assert "%" in shown, f"the label shows the strength a release now gives: {shown!r}"
    xdo("mousemove", ox + knight[0], oy + below, "mouseup", 1)  # let go while moving
    for _ in range(10):
        frames(app, 1)
        if screen.pulling is None:
            break
    assert max(s.y for s in gesture.samples) > height, "the pull went past the window's edge"
    assert screen.flight is not None, f"a flick, not a refusal: {screen.hud.note!r} ({shown})"
    assert screen.aim_line is None, "the aim line goes at the release"
    flight = screen.flight
    assert flight.aim.strength > 0
    assert "%" in screen.hud.note, "the strength of the flick is said"
    said, actions = screen.hud.note, len(screen.session.actions)
    w, h = window.size
    shown_at = [flight.seconds]
    while screen.flight is not None:
        pixel = knight_pixel(screen)
        assert pixel is not None and 0 <= pixel[0] <= w and 0 <= pixel[1] <= h, (
            f"the knight is in the window while it flies ({pixel} at {flight.seconds:.2f} s)"
        )
        assert len(screen.session.actions) == actions and screen.hud.note == said, (
            "nothing is said of the result before the knight rests"
        )
        app.step()
        shown_at.append(flight.seconds)
    steps = [b - a for a, b in zip(shown_at, shown_at[1:], strict=False)]
    assert max(steps) <= MOST_PER_FRAME + 1e-9, "every stretch of the flight is drawn"
    path = flight.path
    check_settled(screen)
    flick = screen.session.actions[-1]
    assert isinstance(flick, Flick) and flick.aim == flight.aim
    headless = simulate_flick(seat.spot, physical(flick.aim), 5)
    assert (flick.rest, flick.chamber) == (headless.outcome.kind, headless.outcome.chamber)
    assert flight.heard == len(path.impacts), "every impact was heard"


def first_aimed_flick(tmp_path: Path) -> tuple[Path, int]:
    """A saved bots' game up to its first flick with an aim, and that flick's index."""
    from climbers.klettermax.contest import make_bot, start
    from climbers.klettermax.game.session import KlettermaxSession, save_to

    session = KlettermaxSession(start(2, 5))
    bots = [make_bot("medium", 1), make_bot("medium", 2)]
    while not any(isinstance(a, Flick) and a.aim is not None for a in session.actions):
        session.act(bots[session.state.turn.seat].choose(session.state))
    path = tmp_path / "klettermax.json"
    save_to(path)(session)
    return path, len(session.actions) - 1


def test_a_replay_flies_the_recorded_flick_and_says_its_result_once_it_rests(
    app: Any, tmp_path: Path
) -> None:
    from climbers.klettermax.game.session import read_saved
    from climbers.klettermax.table.replay_screen import ReplayScreen

    saved_path, index = first_aimed_flick(tmp_path)
    saved = read_saved(saved_path)
    action = saved.session().actions[index]
    clear_scene()
    replay = ReplayScreen(saved)
    try:
        replay.jump(index)
        before = replay.driver.state
        assert isinstance(action, Flick) and action.aim is not None
        seat = before.active
        headless = simulate_flick(seat.spot, physical(action.aim), len(seat.tower))
        poses: list[Any] = []
        fly = replay.view.fly
        replay.view.fly = lambda s, at: (poses.append(at), fly(s, at))  # type: ignore[method-assign]
        replay.forward()
        flying = in_flight(before, action)
        while replay.flight is not None:
            assert replay.shown_caption == flying, "only who flicks, while the knight flies"
            app.step()
        assert replay.shown_caption == replay.caption_text != flying, "then the result"
        assert poses[-1] == headless.frames[-1], "the replay's knight rests as the physics has it"
        assert len(poses) >= FlightPath.of(headless).length / MOST_PER_FRAME - 1
    finally:
        clear_scene()
        app.step()


def test_a_clip_shows_the_flight_before_its_result(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from climbers.klettermax.table.clip import CLIPS

    saved_path, index = first_aimed_flick(tmp_path)
    reel = CLIPS.recorded(saved_path)
    said: dict[int, str] = {}
    caption = cards.caption

    def telling(text: str, size: tuple[int, int]) -> cards.Overlay:
        overlay = caption(text, size)
        said[id(overlay)] = text
        return overlay

    monkeypatch.setattr(cards, "caption", telling)
    clear_scene()
    job = ClipJob(tmp_path / "flick.gif", (480, 270), 12, index, index + 1)
    done: list[Any] = []
    recorder = Recorder(reel, job, done.append, bar=False)
    shown: list[tuple[bool, str | None]] = []
    for _ in range(3000):
        if done:
            break
        app.step()
        flying = getattr(recorder.table, "flight", None) is not None
        shown.append((flying, said.get(id(recorder.wanted))))
    clear_scene()
    assert done and done[0].written
    before, after = reel.point(index), reel.caption(index)
    action = reel.action(index)[0]
    pending = in_flight(before, action)
    assert pending is not None
    flight_frames = [text for flying, text in shown if flying]
    assert len(flight_frames) >= 10, f"the flight shows in {len(flight_frames)} frames"
    assert set(flight_frames) == {pending}, "while the knight flies, only who flicks"
    last_flight = max(i for i, (flying, _text) in enumerate(shown) if flying)
    first_result = min(i for i, (_flying, text) in enumerate(shown) if text == after)
    assert first_result > last_flight, "the result comes after the flight"
