"""Burg Klettermax's recorded flicks flown again in a real window (K12): a replay and a clip fly
the recorded flick frame by frame, the knights below it swaying as the physics moved them, and
say its result only after the flight."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from climbers.app.clips import cards
from climbers.app.clips.recorder import ClipJob, Recorder
from climbers.app.table.scene import clear_scene
from climbers.klettermax.core import Flick
from climbers.klettermax.physics import simulate_flick
from climbers.klettermax.physics.recorded import physical
from climbers.klettermax.table.flight import MOST_PER_FRAME, FlightPath
from climbers.klettermax.table.view import KlettermaxView
from climbers.klettermax.table.words import in_flight

pytestmark = [pytest.mark.display, pytest.mark.rule("K11"), pytest.mark.rule("K12")]


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
    from climbers.klettermax.table.board import replay as open_replay

    saved_path, index = first_aimed_flick(tmp_path)
    saved = read_saved(saved_path)
    action = saved.session().actions[index]
    clear_scene()
    replay = open_replay(saved)
    try:
        replay.jump(index)
        before = replay.driver.state
        assert isinstance(action, Flick) and action.aim is not None
        seat = before.active
        headless = simulate_flick(seat.spot, physical(action.aim), len(seat.tower))
        poses: list[Any] = []
        fly = replay.view.fly
        replay.view.fly = lambda s, at: (poses.append(at), fly(s, at))  # type: ignore[method-assign]
        towers: list[Any] = []
        sway = replay.view.sway

        def swaying(s: int, at: Any, stood: Any) -> None:
            towers.append(at)
            sway(s, at, stood)

        replay.view.sway = swaying  # type: ignore[method-assign]
        replay.forward()
        flying = in_flight(before, action)
        while replay.board.flight is not None:
            assert replay.shown_caption == flying, "only who flicks, while the knight flies"
            app.step()
        assert replay.shown_caption == replay.caption_text != flying, "then the result"
        assert poses[-1] == headless.frames[-1], "the replay's knight rests as the physics has it"
        assert len(towers) == len(poses) and towers[-1] == headless.tower[-1], "and its tower"
        assert len(poses) >= FlightPath.of(headless).length / MOST_PER_FRAME - 1
    finally:
        clear_scene()
        app.step()


def test_a_game_of_an_earlier_physics_replays_its_flicks_as_recorded_and_says_so(
    app: Any, tmp_path: Path
) -> None:
    """A game saved before the file named its physics: its flicks are not flown again (today's
    physics would carry their aims elsewhere) but shown where they rested, and the replay says
    so; no flick is called a mismatch."""
    from climbers.klettermax.game.session import read_saved
    from climbers.klettermax.table.board import EARLIER
    from climbers.klettermax.table.board import replay as open_replay

    saved_path, index = first_aimed_flick(tmp_path)
    data = json.loads(saved_path.read_text())
    del data["physics"]
    saved_path.write_text(json.dumps(data))
    saved = read_saved(saved_path)
    assert saved.physics == 1
    clear_scene()
    replay = open_replay(saved)
    try:
        assert replay.board.notice.text == EARLIER
        assert replay.board.mismatches and all(m.earlier for m in replay.board.mismatches)
        recorded = saved.session().actions[index]
        assert isinstance(recorded, Flick) and recorded.aim is None, "its aim is not flown"
        replay.jump(index)
        replay.forward()
        assert replay.board.flight is None, "shown where it rested, not flown"
        assert replay.shown_caption == replay.caption_text, "its result said at once"
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
    towers: list[Any] = []
    sway = KlettermaxView.sway

    def swaying(view: KlettermaxView, seat: int, poses: Any, stood: Any) -> None:
        towers.append(poses)
        sway(view, seat, poses, stood)

    monkeypatch.setattr(KlettermaxView, "sway", swaying)
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
    seat = before.active
    assert isinstance(action, Flick) and action.aim is not None
    headless = simulate_flick(seat.spot, physical(action.aim), len(seat.tower))
    assert len(towers) >= len(flight_frames) - 1, "the tower is posed with the flying knight"
    assert towers[-1] == headless.tower[-1], "the clip's tower rests as the physics left it"
