"""Recording a clip: the game's table is played through, one frame at a time, in the window's
scene, and every frame is drawn a second time off-screen at the clip's size by a camera that
sits where the window's camera is and sees what it sees; the words go on with Pillow and the
encoder writes the file atomically (a cancelled or failed clip leaves no file).

The clock runs on the clip's time, not the wall's: every frame moves the pieces and the camera
on by the same step, however long it took to draw. A long game is played faster (its pace), so
that its clip keeps to the length its format allows; the cards stay as long."""

from __future__ import annotations

import atexit
import math
from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from ursina import Entity, Vec3, application

from climbers.app.clips import GIF_FPS, MP4_FPS, MP4_SIZE, cards
from climbers.app.clips.encoders import Encoder, encoder
from climbers.app.clips.reel import ClipProblem, FilmTable, Reel
from climbers.app.pacing import stir
from climbers.app.panels.canvas import MUTED, Canvas, Line, centred_above_bottom, scale, text_panel
from climbers.app.pictures import new_picture_path
from climbers.app.table.camera import EASE_SECONDS
from climbers.io.atomic import atomic_file
from climbers.io.language import N_, say
from climbers.io.messages import short_path

TITLE_SECONDS = 3.0
END_SECONDS = 4.0
"""Clip seconds of the title card and of the final standings."""
BEAT = 0.3
TURN_PAUSE = 1.0
"""Table seconds after each action, and on each turn's result."""
ACTION_GUESS = 0.9
"""Table seconds an action's animation takes, about (for the pace)."""
LONGEST_PLAY = {"mp4": 120.0, "gif": 40.0}
"""Clip seconds the play may take, by format (a GIF at 12 frames a second): a longer game is
played faster."""
SHORTEST_ACTION = 0.2
"""Clip seconds an action keeps at least, however long the game."""
CANCEL_KEY = "escape"
PROGRESS_BEFORE_END = 0.99
"""The progress shown until the file is written (the frames are only guessed)."""
BAR_ABOVE = 40
"""Reference pixels between the window's progress bar and its bottom."""
WRITING = N_("Writing the clip: {percent}% · Esc cancels")
CANCELLED = N_("The clip was cancelled; nothing was written.")
WRITTEN = N_("Clip written: {path}")
CANNOT_WRITE = N_("Cannot write the clip {path}: {reason}")
CANNOT_DRAW = N_("Cannot draw the clip off-screen: the graphics driver has no off-screen buffers.")


@dataclass(frozen=True)
class ClipJob:
    """What to write: the file (its suffix chooses MP4 or GIF), the picture's size, frames a
    second, and the actions the clip shows (from the point after `first` actions to the point
    after `last`)."""

    out: Path
    size: tuple[int, int]
    fps: int
    first: int
    last: int

    @property
    def kind(self) -> str:
        """'mp4' or 'gif'."""
        return self.out.suffix.lower().lstrip(".")

    @property
    def longest_play(self) -> float:
        """Clip seconds the actions may take: a GIF keeps to as many frames at any frame rate
        (so to as large a file)."""
        if self.kind == "gif":
            return LONGEST_PLAY["gif"] * GIF_FPS / self.fps
        return LONGEST_PLAY[self.kind]


def window_job(first: int, last: int) -> ClipJob:
    """Actions `first` to `last` as an MP4 clip of the usual size, in the pictures folder (the
    window's Export clip)."""
    return ClipJob(new_picture_path(".mp4"), MP4_SIZE, MP4_FPS, first, last)


@dataclass(frozen=True)
class Outcome:
    """How a clip ended: written (with its frames), cancelled, or failed with a line."""

    written: bool
    line: str
    frames: int = 0
    pace: float = 1.0
    """How many times faster than the table the actions were played, on average."""
    cancelled: bool = False


def play_seconds(reel: Reel, job: ClipJob) -> float:
    """About how long the table takes to play the clip's actions at its own speed."""
    actions = job.last - job.first
    turns = len({reel.turn(i) for i in range(job.first, job.last)})
    return turns * (EASE_SECONDS + TURN_PAUSE) + actions * (ACTION_GUESS + BEAT)


def pace_of(reel: Reel, job: ClipJob) -> float:
    """How much faster than the table's own speed the clip plays the game: 1, or whatever keeps
    the play within LONGEST_PLAY."""
    return max(1.0, play_seconds(reel, job) / job.longest_play)


class OffscreenCamera:
    """A second camera on the window's camera, drawing into a buffer of `size` that is copied
    to memory after every frame (the same lens across, any height)."""

    def __init__(self, size: tuple[int, int]) -> None:
        from panda3d.core import (
            FrameBufferProperties,
            GraphicsOutput,
            GraphicsPipe,
            Texture,
            WindowProperties,
        )

        base = application.base
        self.size = size
        wanted = FrameBufferProperties()
        wanted.setRgbColor(True)
        wanted.setRgbaBits(8, 8, 8, 8)
        wanted.setDepthBits(24)
        self.buffer = base.graphicsEngine.makeOutput(
            base.pipe,
            "clip",
            10,
            wanted,
            WindowProperties.size(*size),
            GraphicsPipe.BFRefuseWindow,
            base.win.getGsg(),
            base.win,
        )
        if self.buffer is None:
            raise ClipProblem(say(CANNOT_DRAW))
        self.texture = Texture("clip")
        self.buffer.addRenderTexture(self.texture, GraphicsOutput.RTMCopyRam)
        lens = base.camLens.makeCopy()
        lens.setAspectRatio(size[0] / size[1])
        self.camera = base.makeCamera(self.buffer, lens=lens)
        self.camera.reparentTo(base.cam)
        self.follow()

    def follow(self) -> None:
        """See what the window's camera sees, against the window's sky (before a frame)."""
        base = application.base
        self.camera.node().setCameraMask(base.cam.node().getCameraMask())
        self.buffer.setClearColor(base.win.getClearColor())

    def picture(self) -> np.ndarray:
        """The last frame drawn (rows top to bottom, RGB)."""
        w, h = self.size
        data = np.frombuffer(bytes(self.texture.getRamImageAs("RGB")), dtype=np.uint8)
        return data.reshape(h, w, 3)[::-1]

    def close(self) -> None:
        base = application.base
        if self.camera in base.camList:
            base.camList.remove(self.camera)
        self.camera.removeNode()
        base.graphicsEngine.removeWindow(self.buffer)


class ClipClock:
    """Panda3D's clock on the clip's time while a clip is recorded: every frame `step` seconds
    (the wall's time again after `release`)."""

    def __init__(self) -> None:
        from panda3d.core import ClockObject

        self.clock = ClockObject.getGlobalClock()
        self.mode = self.clock.getMode()

    def run(self, step: float) -> None:
        from panda3d.core import ClockObject

        self.clock.setMode(ClockObject.MNonRealTime)
        self.clock.setFrameRate(1 / step)

    def release(self) -> None:
        self.clock.setMode(self.mode)


@dataclass(frozen=True)
class Still:
    """A frame of the clip that shows a point of the game settled: its number, the camera's
    pose (the pivot, its rotation, the distance) and the words over it."""

    frame: int
    pose: tuple[Any, Any, float]
    shown: cards.Overlay | None


Frame = cards.Overlay | None
"""What a frame of the script shows over the table (None: nothing); SKIP: not part of the
clip (the table settling before it starts)."""
SKIP: Any = object()


class Recorder(Entity):  # type: ignore[misc]
    """Records `reel` as `job` says, a frame each time round the window's loop, then calls
    `on_done(outcome)`; `on_progress(share)` hears how far it got (0 to 1). In the window it
    shows a progress bar; Esc cancels."""

    def __init__(
        self,
        reel: Reel,
        job: ClipJob,
        on_done: Callable[[Outcome], None],
        on_progress: Callable[[float], None] | None = None,
        bar: bool = True,
    ) -> None:
        super().__init__(name="clip-recorder")
        self.reel = reel
        self.job = job
        self.on_done = on_done
        self.on_progress = on_progress
        self.pace = pace_of(reel, job)
        cards_seconds = TITLE_SECONDS + END_SECONDS
        self.expected = job.fps * (cards_seconds + play_seconds(reel, job) / self.pace)
        """About how many frames the clip will have (for the progress)."""
        self.frames = 0
        """Frames written so far."""
        self.share = 0.0
        self.played = 1.0
        """How many times faster than the table the actions were played, on average."""
        self.table_time = 0.0
        """Seconds of the table's own time the frames written so far show."""
        self.stills: dict[int, Still] = {}
        """The last frame of each point of the game shown settled, by the point."""
        self.outcome: Outcome | None = None
        self.table: FilmTable = reel.film.table(reel.point(job.first))
        self.clock = ClipClock()
        self.bar = Canvas(z=-35, name="clip-progress") if bar else None
        self._file: AbstractContextManager[Path] | None = atomic_file(job.out)
        self.lens: OffscreenCamera | None = None
        self.encoder: Encoder | None = None
        try:
            temp = self._file.__enter__()
            self.lens = OffscreenCamera(job.size)
            self.encoder = encoder(job.kind, temp, job.size, job.fps)
        except (OSError, ClipProblem) as exc:
            self._end(False, exc)
            return
        atexit.register(self._end, False, None, False)  # the window closed: no file
        self.clock.run(self.pace / job.fps)
        self.script = self._script()
        self.wanted: Frame = SKIP
        self._show_progress()

    # -- the script -----------------------------------------------------------------------

    def _hold(self, seconds: float, shown: Frame, point: int | None = None) -> Iterator[Frame]:
        """`shown` for `seconds` of table time; the last frame is kept as `point`'s still."""
        for _ in range(max(1, round(seconds * self.job.fps / self.pace)) - 1):
            yield shown
        if point is not None:
            rig = self.table.rig
            pose = (Vec3(rig.pivot.position), Vec3(rig.pivot.rotation), rig.distance)
            self.stills[point] = Still(self.frames, pose, shown)
        yield shown

    def _settle(self, shown: Frame) -> Iterator[Frame]:
        """`shown` until the table is still."""
        while self.table.moving():
            yield shown

    def _script(self) -> Iterator[Frame]:
        """Every frame of the clip, in order: what it shows over the table."""
        reel, job, size, table = self.reel, self.job, self.job.size, self.table
        table.rig.reset()
        while self.table.moving():
            yield SKIP
        title = cards.title_card(reel.game, reel.subtitle, reel.players, reel.when, size)
        for _ in range(round(TITLE_SECONDS * job.fps)):
            yield title
        turn: Hashable = object()
        start = (self.frames, self.table_time)
        for i in range(job.first, job.last):
            before = reel.point(i)
            action, events = reel.action(i)
            caption = cards.caption(reel.caption(i), size)
            pending = reel.film.pending(before, action)
            playing = caption if pending is None else cards.caption(pending, size)
            if reel.turn(i) != turn:
                turn = reel.turn(i)
                end = next((j for j in range(i, job.last) if reel.turn(j) != turn), job.last)
                actions = [reel.action(j)[0] for j in range(i, end)]
                table.frame_turn(before, actions)
                yield from self._settle(playing)
            table.play(before, action, reel.point(i + 1), events)
            yield playing
            yield from self._settle(playing)
            last_of_turn = i + 1 == job.last or reel.turn(i + 1) != turn
            yield from self._hold(TURN_PAUSE if last_of_turn else BEAT, caption, i + 1)
            self._keep_pace(i + 1 - job.first, job.last - i - 1, start)
        frames, table_time = start
        self.played = (self.table_time - table_time) * job.fps / max(1, self.frames - frames)
        end = reel.point(job.last)
        final = reel.ending if job.last == reel.actions and reel.film.over(end) else None
        standings = cards.standings_card(reel.film.standings(end), final, job.last, size)
        for _ in range(round(END_SECONDS * job.fps)):
            yield standings

    def _keep_pace(self, done: int, left: int, start: tuple[int, float]) -> None:
        """Play the rest at the pace that keeps the play to its length, going by how long the
        actions so far took the table (a flick's flight takes longer than a step)."""
        if not left:
            return
        frames, table_time = start
        per_action = (self.table_time - table_time) / done
        budget = self.job.longest_play - (self.frames - frames) / self.job.fps
        self.pace = max(1.0, per_action * left / max(budget, left * SHORTEST_ACTION))
        self.clock.run(self.pace / self.job.fps)

    # -- each frame -----------------------------------------------------------------------

    def update(self) -> None:
        if self.outcome is not None or self.encoder is None or self.lens is None:
            return
        stir()
        try:
            if self.wanted is not SKIP:
                picture = self.lens.picture()
                self.encoder.add(picture if self.wanted is None else self.wanted.over(picture))
                self.frames += 1
                self.table_time += self.pace / self.job.fps
            try:
                self.wanted = next(self.script)
            except StopIteration:
                self.encoder.close()
                self._end(True)
                return
        except OSError as exc:
            self._end(False, exc)
            return
        self.lens.follow()
        self.share = min(self.frames / self.expected, PROGRESS_BEFORE_END)
        self._show_progress()

    def cancel(self) -> None:
        """Stop at once and write nothing."""
        if self.outcome is None:
            self._end(False)

    def input(self, key: str) -> None:
        if key == CANCEL_KEY:
            self.cancel()

    def on_destroy(self) -> None:
        """Taken away before the end (the table cleared): stop, write nothing, tell nobody."""
        if self.outcome is None:
            self._end(False, report=False)

    # -- as a screen of a game's table (climbers.app.screen_machine) ------------------------

    def apply_settings(self, settings: Any) -> None:
        """The clip is drawn as it began: settings wait for it."""

    def again(self) -> tuple[object, ...]:
        """The same clip from its start (its words stay in the language it began in)."""
        return (self.reel, self.job, self.on_done, self.on_progress)

    def recover(self) -> None:
        """After an unexpected fault: the clip stops, and nothing is written."""
        self.cancel()

    def _show_progress(self) -> None:
        if self.on_progress is not None:
            self.on_progress(self.share)
        if self.bar is not None:
            centred_above_bottom(self.bar, progress_bar(self.share), BAR_ABOVE)

    def _end(self, written: bool, problem: Exception | None = None, report: bool = True) -> None:
        """Finish the file (or remove it), give the window its clock back, and report (unless
        not to)."""
        atexit.unregister(self._end)
        if self.encoder is not None and not written:
            self.encoder.abort()
        if self._file is not None:
            failed = None if written else (problem or KeyboardInterrupt())
            try:
                self._file.__exit__(type(failed) if failed else None, failed, None)
            except OSError as exc:
                written, problem = False, exc
            self._file = None
        self.clock.release()
        if self.lens is not None:
            self.lens.close()
            self.lens = None
        if written:
            self.share = 1.0
            self._show_progress()
            line = say(WRITTEN, path=short_path(str(self.job.out)))
        elif problem is None:
            line = say(CANCELLED)
        elif isinstance(problem, ClipProblem):
            line = str(problem)
        else:
            line = say(CANNOT_WRITE, path=short_path(str(self.job.out)), reason=reason(problem))
        cancelled = not written and problem is None
        self.outcome = Outcome(written, line, self.frames, self.played, cancelled)
        if report:
            if self.bar is not None:
                self.bar.clear()
            self.on_done(self.outcome)


def reason(problem: Exception) -> str:
    """Why a write failed, in a few words."""
    if isinstance(problem, OSError) and problem.strerror:
        return str(problem.strerror).lower()
    return str(problem) or type(problem).__name__


def progress_bar(share: float, width: float = 520) -> Any:
    """The window's progress panel: the line and a bar filled to `share`."""
    from PIL import ImageDraw

    percent = math.floor(100 * share)
    image = text_panel([Line(say(WRITING, percent=percent), 16), Line(" ", 12, MUTED)], width)
    k = scale()
    draw = ImageDraw.Draw(image)
    left, right = 10 * k, image.width - 10 * k
    top, bottom = image.height - 22 * k, image.height - 12 * k
    draw.rounded_rectangle([left, top, right, bottom], 4 * k, fill=(60, 64, 74, 255))
    filled = left + (right - left) * share
    if filled > left + 1:
        draw.rounded_rectangle([left, top, filled, bottom], 4 * k, fill=(150, 230, 170, 255))
    return image
