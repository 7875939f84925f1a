"""Clips (climbers export and the Export clip buttons), recorded in the real window (Xvfb): a
seeded game and a puzzle's solution as MP4 and GIF, their frames, size and time, and chosen
frames against the window's settled picture of the same point."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import imageio.v2 as iio
import numpy as np
import pytest
from PIL import Image, ImageSequence
from ursina import Vec3, camera, destroy, window

from app.settled import TOLERANCE, differing, frame, settle
from climbers.app.clips import cards, encoders
from climbers.app.clips.recorder import (
    BEAT,
    END_SECONDS,
    TITLE_SECONDS,
    ClipJob,
    Outcome,
    Recorder,
)
from climbers.app.clips.reel import Reel
from climbers.io.messages import short_path
from climbers.the_climbers.devtools.clip_bench import greedy_game
from climbers.the_climbers.io import load_saved
from climbers.the_climbers.table.board import replay as climbers_replay
from climbers.the_climbers.table.clip import CLIPS
from climbers.the_climbers.table.screens.table_screen import TableScreen, clear_scene

pytestmark = pytest.mark.display

PUZZLE = "band2-0000-level4"


@pytest.fixture
def clean(app: Any) -> Iterator[None]:
    yield
    clear_scene()
    for entity in list(camera.ui.children):
        destroy(entity)
    app.step()


def record(app: Any, reel: Reel, job: ClipJob) -> tuple[Recorder, Outcome]:
    """Record the clip, frame by frame, in the window."""
    done: list[Outcome] = []
    recorder = Recorder(reel, job, done.append, bar=False)
    for _ in range(20_000):
        if done:
            break
        app.step()
    assert done, "the clip was not finished"
    clear_scene()
    return recorder, done[0]


def settled_picture(app: Any, screen: TableScreen, pose: tuple[Any, Any, float]) -> np.ndarray:
    """The window's picture of `screen` settled, its camera where the clip's was."""
    screen.rig.glide = None
    pivot, rotation, distance = pose
    screen.rig.pivot.position, screen.rig.pivot.rotation = Vec3(pivot), Vec3(rotation)
    screen.rig.distance = distance
    settle(screen, app)
    return frame(app, 3)


def as_mp4_keeps(picture: np.ndarray, job: ClipJob, path: Path) -> np.ndarray:
    """The picture as an MP4 of the job's keeps it (its colours at half the resolution)."""
    mp4 = encoders.Mp4(path, job.size, job.fps)
    mp4.add(picture.astype(np.uint8))
    mp4.close()
    return np.asarray(iio.get_reader(path, format="FFMPEG").get_data(0))


def outside(picture: np.ndarray, overlay: cards.Overlay | None) -> np.ndarray:
    """The picture with the words laid over it blanked out."""
    kept = picture.astype(np.int16).copy()
    if overlay is not None:
        (x, y), (w, h) = overlay.at, overlay.image.size
        kept[y : y + h, x : x + w] = 0
    return kept


def test_a_seeded_game_as_mp4(app: Any, clean: None, tmp_path: Path) -> None:
    saved_path = greedy_game(tmp_path / "game.json")
    reel = CLIPS.recorded(saved_path)
    size = (int(window.size[0]), int(window.size[1]))
    job = ClipJob(tmp_path / "clip.mp4", size, 10, 0, 6)
    recorder, outcome = record(app, reel, job)
    assert outcome.written and outcome.pace == pytest.approx(1.0), "a short part at its own pace"
    data = job.out.read_bytes()
    assert data.index(b"moov") < data.index(b"mdat"), "the index is at the front (faststart)"
    assert sorted(job.out.parent.iterdir()) == sorted([job.out, saved_path]), "no leftovers"
    reader = iio.get_reader(job.out, format="FFMPEG")
    meta = reader.get_meta_data()
    assert meta["codec"] == "h264" and meta["pix_fmt"].startswith("yuv420p")
    assert meta["size"] == job.size and meta["fps"] == job.fps
    frames = reader.count_frames()
    assert frames == outcome.frames == recorder.frames
    assert meta["duration"] == pytest.approx(frames / job.fps, abs=1 / job.fps)
    cards_only = (TITLE_SECONDS + END_SECONDS) * job.fps
    assert frames > cards_only + 6 * job.fps * BEAT, "every action is played, with its beat"
    assert sorted(recorder.stills) == list(range(1, 7))
    saved = load_saved(saved_path)
    for point in (2, 6):
        still = recorder.stills[point]
        clip = reader.get_data(still.frame)
        screen = climbers_replay(saved)
        screen.jump(point)
        live = settled_picture(app, screen, still.pose)
        kept = as_mp4_keeps(live, job, tmp_path / f"live-{point}.mp4")
        share = differing(outside(clip, still.shown), outside(kept, still.shown))
        assert share <= TOLERANCE, f"point {point}: {share:.2%} of the pixels differ"
        clear_scene()


def gif_frames(path: Path) -> tuple[list[np.ndarray], list[int], Image.Image]:
    """A GIF's frames (RGB), each frame's time in milliseconds, and the GIF itself."""
    gif = Image.open(path)
    pictures, times = [], []
    for part in ImageSequence.Iterator(gif):
        pictures.append(np.asarray(part.convert("RGB")))
        times.append(part.info["duration"])
    return pictures, times, gif


def frame_at(times: list[int], moment: float) -> int:
    """Which frame of a GIF shows at `moment` seconds."""
    ends = np.cumsum(times) / 1000
    return int(np.searchsorted(ends, moment, side="right"))


@pytest.fixture
def gif_window(app: Any) -> Iterator[tuple[int, int]]:
    """The window at a GIF's size, for its settled pictures (then back to 1280x720)."""
    window.size = (480, 270)
    for _ in range(3):
        app.step()
    yield (480, 270)
    window.size = (1280, 720)
    for _ in range(3):
        app.step()


def test_a_puzzles_solution_as_gif(
    app: Any, clean: None, gif_window: tuple[int, int], tmp_path: Path
) -> None:
    reel = CLIPS.puzzle(PUZZLE)
    job = ClipJob(tmp_path / "solution.gif", gif_window, 12, 0, reel.actions)
    recorder, outcome = record(app, reel, job)
    assert outcome.written
    pictures, times, gif = gif_frames(job.out)
    assert gif.size == job.size and gif.info["loop"] == 0
    assert sum(times) == round(100 * outcome.frames / job.fps) * 10, "the clip's time, exactly"
    assert len(pictures) <= outcome.frames, "frames that stand still are kept once"
    assert colour_tables(job.out) == (True, 0), "one palette for the whole clip"
    assert reel.caption(0).count("\n") == 1, "a heading over the caption: the action's number"
    last = reel.actions
    for point in sorted({1, last}):
        still = recorder.stills[point]
        clip = pictures[frame_at(times, (still.frame + 0.5) / job.fps)]
        screen = TableScreen(reel.point(point))
        live = settled_picture(app, screen, still.pose)
        kept = as_gif_keeps(live, job.out)
        share = differing(outside(clip, still.shown), outside(kept, still.shown))
        assert share <= TOLERANCE, f"point {point}: {share:.2%} of the pixels differ"
        clear_scene()


def as_gif_keeps(picture: np.ndarray, gif: Path) -> np.ndarray:
    """The picture in the colours of the GIF's one palette."""
    palette = Image.open(gif)
    palette.seek(0)
    mapped = Image.fromarray(picture.astype(np.uint8)).quantize(
        palette=palette, dither=Image.Dither.NONE
    )
    return np.asarray(mapped.convert("RGB"))


def colour_tables(path: Path) -> tuple[bool, int]:
    """Whether a GIF has a global colour table, and how many of its frames bring their own."""
    data = path.read_bytes()
    flags = data[10]
    at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    local = 0
    while data[at] != 0x3B:  # the trailer
        if data[at] == 0x21:  # an extension: its label, then sub-blocks
            at += 2
        else:  # an image: its descriptor, its own colour table if any, the LZW code size
            packed = data[at + 9]
            local += bool(packed & 0x80)
            at += 10 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0) + 1
        while data[at]:
            at += data[at] + 1
        at += 1
    return bool(flags & 0x80), local


def test_a_typical_game_as_gif_stays_small(
    app: Any, clean: None, gif_window: tuple[int, int], tmp_path: Path
) -> None:
    reel = CLIPS.recorded(greedy_game(tmp_path / "game.json"))
    job = ClipJob(tmp_path / "game.gif", gif_window, 12, 0, reel.actions)
    recorder, outcome = record(app, reel, job)
    assert outcome.written and outcome.pace > 1, "a whole game is played faster"
    play = outcome.frames / job.fps - TITLE_SECONDS - END_SECONDS
    assert play <= job.longest_play * 1.2, "the pace keeps the play near its length"
    assert job.out.stat().st_size < 5_000_000
    assert len(recorder.stills) == reel.actions


def test_a_puzzles_solution_as_mp4(app: Any, clean: None, tmp_path: Path) -> None:
    reel = CLIPS.puzzle(PUZZLE)
    job = ClipJob(tmp_path / "solution.mp4", (480, 270), 10, 0, reel.actions)
    recorder, outcome = record(app, reel, job)
    reader = iio.get_reader(job.out, format="FFMPEG")
    meta = reader.get_meta_data()
    assert meta["size"] == job.size and meta["codec"] == "h264"
    assert reader.count_frames() == outcome.frames
    assert meta["duration"] == pytest.approx(outcome.frames / job.fps, abs=1 / job.fps)
    assert sorted(recorder.stills) == list(range(1, reel.actions + 1))


def test_a_write_that_fails_midway_leaves_no_file(
    app: Any, clean: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reel = CLIPS.puzzle(PUZZLE)
    added = 0

    def full(self: encoders.Mp4, picture: np.ndarray) -> None:
        nonlocal added
        added += 1
        if added == 20:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(encoders.Mp4, "add", full)
    job = ClipJob(tmp_path / "solution.mp4", (480, 270), 10, 0, reel.actions)
    _, outcome = record(app, reel, job)
    assert not outcome.written and not outcome.cancelled
    assert outcome.line == f"Cannot write the clip {job.out}: no space left on device"
    assert list(tmp_path.iterdir()) == [], "no clip, no temporary file"


def test_esc_cancels_and_writes_nothing(app: Any, clean: None, tmp_path: Path) -> None:
    reel = CLIPS.puzzle(PUZZLE)
    job = ClipJob(tmp_path / "solution.gif", (480, 270), 12, 0, reel.actions)
    done: list[Outcome] = []
    recorder = Recorder(reel, job, done.append)
    for _ in range(10):
        app.step()
    assert recorder.bar is not None and recorder.bar.enabled, "the progress bar shows"
    recorder.input("escape")
    app.step()
    assert done and done[0].cancelled and not done[0].written
    assert done[0].line == "The clip was cancelled; nothing was written."
    assert list(tmp_path.iterdir()) == []
    assert not recorder.bar.enabled


@pytest.fixture
def shell_with_pictures(shell: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("CLIMBERS_PICTURES_DIR", str(tmp_path / "pictures"))
    return shell


def run_until(app: Any, done: Any, frames: int = 20_000) -> None:
    for _ in range(frames):
        if done():
            return
        app.step()
    raise AssertionError("never happened")


def test_export_clip_in_replay_writes_the_range_marked(
    app: Any, shell_with_pictures: Any, tmp_path: Path
) -> None:
    shell = shell_with_pictures
    saved = load_saved(greedy_game(tmp_path / "game.json"))
    shell.show_replay(saved)
    replay = shell.replay
    replay.jump(3)
    replay.input("[")
    replay.jump(5)
    replay.input("]")
    assert replay.clip_range == (3, 5)
    replay.clip_button.on_click()
    assert shell.screens.current == "Clip"
    recorder = shell.screens.screen
    assert (recorder.job.first, recorder.job.last) == (3, 5) and recorder.job.size == (1280, 720)
    run_until(app, lambda: shell.screens.current == "Replay")
    assert shell.replay.driver.index == 5 and shell.replay.clip_range == (3, 5)
    clips = list((tmp_path / "pictures").glob("climbers-*.mp4"))
    assert len(clips) == 1 and shell.notice.text == f"Clip written: {short_path(str(clips[0]))}"
    assert iio.get_reader(clips[0], format="FFMPEG").count_frames() == recorder.frames


def test_export_clip_of_a_puzzles_solution_and_esc(
    app: Any, shell_with_pictures: Any, tmp_path: Path
) -> None:
    shell = shell_with_pictures
    shell.show_puzzles(PUZZLE)
    shell.puzzle.show_solution()
    shell.puzzle.clip_button.on_click()
    assert shell.screens.current == "Clip"
    for _ in range(5):
        app.step()
    shell.screens.screen.input("escape")
    run_until(app, lambda: shell.screens.current == "Puzzle")
    assert shell.puzzle.showing is not None, "back to the solution shown"
    assert shell.notice.text == "The clip was cancelled; nothing was written."
    assert not (tmp_path / "pictures").exists() or not list((tmp_path / "pictures").iterdir())


def test_a_clamber_game_as_gif(
    app: Any, clean: None, gif_window: tuple[int, int], tmp_path: Path
) -> None:
    from climbers.clamber.ai.tournament import make_bot as clamber_bot
    from climbers.clamber.core import RULES
    from climbers.clamber.game.session import ClamberSession, read_saved
    from climbers.clamber.game.session import save_to as clamber_save_to
    from climbers.clamber.table.board import replay as ClamberReplay
    from climbers.clamber.table.clip import CLIPS as CLAMBER_CLIPS

    session = ClamberSession(RULES.new_state(2, 3))
    bots = [clamber_bot("random", 1), clamber_bot("random", 2)]
    while len(session.log) < 6 and not session.state.over:
        session.act(bots[session.state.to_move].choose(session.state))
    path = tmp_path / "clamber.json"
    clamber_save_to(path)(session)
    reel = CLAMBER_CLIPS.recorded(path)
    assert reel.game == "Clamber" and reel.players == "Blue and Red"
    job = ClipJob(tmp_path / "clamber.gif", gif_window, 12, 0, reel.actions)
    recorder, outcome = record(app, reel, job)
    pictures, times, gif = gif_frames(job.out)
    assert outcome.written and gif.size == job.size
    assert sum(times) == round(100 * outcome.frames / job.fps) * 10
    assert reel.actions >= 4 and sorted(recorder.stills) == list(range(1, reel.actions + 1))
    for point in (reel.actions // 2, reel.actions):
        still = recorder.stills[point]
        clip = pictures[frame_at(times, (still.frame + 0.5) / job.fps)]
        screen = ClamberReplay(read_saved(path))
        screen.jump(point)
        live = settled_picture(app, screen, still.pose)
        kept = as_gif_keeps(live, job.out)
        share = differing(outside(clip, still.shown), outside(kept, still.shown))
        assert share <= TOLERANCE, f"point {point}: {share:.2%} of the pixels differ"
        clear_scene()


def test_a_klettermax_game_with_flicks_flown_again(
    app: Any, clean: None, gif_window: tuple[int, int], tmp_path: Path
) -> None:
    from climbers.klettermax.contest import make_bot as klettermax_bot
    from climbers.klettermax.contest import start
    from climbers.klettermax.core import Flick
    from climbers.klettermax.game.session import KlettermaxSession, read_saved
    from climbers.klettermax.game.session import save_to as klettermax_save_to
    from climbers.klettermax.table.board import replay as KlettermaxReplay
    from climbers.klettermax.table.clip import CLIPS as KLETTERMAX_CLIPS

    session = KlettermaxSession(start(2, 5))
    bots = [klettermax_bot("hard", 1), klettermax_bot("medium", 2)]
    while not any(isinstance(a, Flick) and a.aim is not None for a in session.actions):
        session.act(bots[session.state.turn.seat].choose(session.state))
    path = tmp_path / "klettermax.json"
    klettermax_save_to(path)(session)
    reel = KLETTERMAX_CLIPS.recorded(path)
    job = ClipJob(tmp_path / "klettermax.gif", gif_window, 12, 0, reel.actions)
    recorder, outcome = record(app, reel, job)
    pictures, times, gif = gif_frames(job.out)
    assert outcome.written and gif.size == job.size
    assert sum(times) == round(100 * outcome.frames / job.fps) * 10
    flick = reel.actions  # the last action is the first flick with its aim
    still = recorder.stills[flick]
    clip = pictures[frame_at(times, (still.frame + 0.5) / job.fps)]
    screen = KlettermaxReplay(read_saved(path))
    screen.jump(flick)
    live = settled_picture(app, screen, still.pose)
    kept = as_gif_keeps(live, job.out)
    share = differing(outside(clip, still.shown), outside(kept, still.shown))
    assert share <= TOLERANCE, f"{share:.2%} of the pixels differ after the flight"


def test_a_klettermax_game_whose_flick_the_physics_brings_elsewhere_is_no_clip(
    app: Any, tmp_path: Path
) -> None:
    """Issue 32, item 8: `climbers export` of a saved flick that, flown again with its aim,
    comes to rest elsewhere is refused in one line naming the file and the flick."""
    import json

    from climbers.app.clips.reel import ClipProblem
    from climbers.klettermax.core import Flick, action_text, apply, legal_actions, new_state
    from climbers.klettermax.table.clip import CLIPS as KLETTERMAX_CLIPS

    state, actions = new_state(2, 5, first=0), []
    while not any(isinstance(a, Flick) for a in legal_actions(state)):
        action = next(a for a in legal_actions(state) if a.kind != "move_tower")
        state, _ = apply(state, action)
        actions.append(action_text(action))
    path = tmp_path / "flicked.json"
    saved = {"format": "klettermax-saved-game", "version": 1, "players": 2, "seed": 5}
    actions.append("flick chamber 9 aim -90.0 0.000")
    path.write_text(json.dumps({**saved, "first": 0, "physics": 2, "actions": actions}))
    with pytest.raises(ClipProblem) as problem:
        KLETTERMAX_CLIPS.recorded(path)
    line = str(problem.value)
    assert path.name in line and "\n" not in line
    assert line.endswith("does not fit: Its aim drops the knight short of the castle.")


def three_actions(game: str) -> Any:
    """A saved game of `game` after three actions of its weakest bots (fewer if it ends)."""
    if game == "clamber":
        from climbers.clamber.game.session import ClamberSession as Played
        from climbers.clamber.game.session import SavedGame
    else:
        from climbers.klettermax.game.session import KlettermaxSession as Played  # type: ignore[assignment]
        from climbers.klettermax.game.session import SavedGame  # type: ignore[assignment]
    from climbers.games.registry import game as entry
    from climbers.games.registry import load

    rules, bots = entry(game).rules, load(entry(game).bots)
    session = Played(bots.start(2, 3))
    players = [bots.make(bots.levels[0], seat, bots.budget) for seat in (1, 2)]
    while len(session.log) < 3 and not rules.is_over(session.state):
        session.act(players[rules.to_act(session.state)].choose(session.state))
    return SavedGame.of(session)


@pytest.mark.parametrize("game", ["clamber", "klettermax"])
def test_export_clip_in_every_games_replay(
    app: Any, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from climbers.app import game_shell
    from climbers.app.pictures import new_picture_path
    from climbers.app.settings import Settings
    from climbers.games.registry import game as entry
    from climbers.games.registry import load

    for folder in ("CONFIG", "DATA", "PICTURES"):
        monkeypatch.setenv(f"CLIMBERS_{folder}_DIR", str(tmp_path / folder.lower()))
    small = lambda first, last: ClipJob(new_picture_path(".mp4"), (320, 180), 10, first, last)  # noqa: E731
    monkeypatch.setattr(game_shell, "window_job", small)  # the size is the replay test's
    shell = load(entry(game).table)(Settings(animation_speed=4.0, bot_pace=0.0))
    try:
        saved = three_actions(game)
        shell.show_replay(saved)
        replay = shell.replay
        assert replay.clip_button is not None and replay.clip_range == (0, replay.driver.last)
        replay.clip_button.on_click()
        assert shell.screens.current == "Clip"
        run_until(app, lambda: shell.screens.current == "Replay")
        clips = list((tmp_path / "pictures").glob("climbers-*.mp4"))
        assert len(clips) == 1 and shell.notice.text.startswith("Clip written: ")
    finally:
        shell.close()
        app.step()
