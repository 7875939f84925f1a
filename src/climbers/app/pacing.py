"""How often the window draws: every frame while something moves, seldom once all is still.

Panda3D runs its task loop as fast as it can and draws a frame (the `igLoop` task) every time
round, so a still table under a software renderer cost a whole core. The pacer sits on either
side of `igLoop`. While something moves it changes nothing: every frame is run and drawn, at
full rate. Once nothing has moved for STILL_AFTER seconds the table is still: frames are run
STILL_FRAMES times a second (tasks, entities' updates and timers go on, time passes as it does),
and each is drawn only when something moved in it, or REFRESH seconds after the last one drawn.
Between still frames the pacer naps, and looks at the window every NAP seconds: the first
pointer move, button, key or character ends the nap at once, and the frame that reads it is
drawn at full rate again.

Moving, to the pacer, is any of: input (a button, key, character, the pointer, a window event, a
key or button held), the camera, a running Ursina sequence (animations, `invoke`), an active
off-screen buffer (a shadow map to redraw), or `stir()`, called by whatever moves or changes in
ways the pacer cannot see (the tweens, a panel shown or taken away, a bot on turn, a pulsing
outline, a probe that times frames). A movement that starts in a still frame advances by
`motion_step(dt)`, so the wait for the still rate does not make it jump. Only `run` in
climbers.app.main installs a pacer: tests step frames themselves and draw every one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from direct.showbase.DirectObject import DirectObject

STILL_AFTER = 0.5
"""Seconds without movement after which the table counts as still."""
STILL_FRAMES = 10.0
"""Frames run per second while still (each drawn only when something moved, or to refresh)."""
REFRESH = 1.0
"""A still window is drawn at least this often (seconds), whatever the pacer could not see."""
NAP = 0.01
"""While still, how often the window is looked at for input between frames (seconds)."""
FULL_RATE_STEP = 1 / 30
"""The most a movement advances in the frame after a still one (seconds)."""
INPUT_EVENTS = ("buttonDown", "buttonUp", "buttonHold", "keystroke", "window-event")
"""Ursina's generic input events (set on the button thrower) and the window's own."""

_installed: Pacer | None = None


def stir() -> None:
    """Something moves that the pacer cannot see: run and draw frames at full rate for at least
    STILL_AFTER seconds more (a no-op without a pacer)."""
    if _installed is not None:
        _installed.stirred = True


def motion_step(dt: float) -> float:
    """The seconds a movement advances this frame: `dt`, but no more than FULL_RATE_STEP right
    after a still frame, whose wait is in `dt`, so that what starts moving now starts from its
    first step (timers count the whole of `dt`)."""
    if _installed is not None and _installed.still:
        return min(dt, FULL_RATE_STEP)
    return dt


def installed() -> Pacer | None:
    """The pacer of the window, if one is installed."""
    return _installed


def fresh_frame() -> None:
    """Before reading the window's pixels: draw the scene as it is now if the last frame drawn
    may no longer be in the back buffer (frames were skipped or naps looked at the window)."""
    if _installed is not None and _installed.stale:
        with _installed.clock_held():
            _installed.base.graphicsEngine.renderFrame()
        _installed.stale = False


class Pacer(DirectObject):  # type: ignore[misc]
    """Paces the frames of ShowBase `base` (see the module); `install()` puts it round
    `igLoop`, `remove()` takes it away."""

    def __init__(
        self,
        base: Any,
        still_after: float = STILL_AFTER,
        still_frames: float = STILL_FRAMES,
        refresh: float = REFRESH,
        nap: float = NAP,
    ) -> None:
        from panda3d.core import ClockObject

        self.base = base
        self.clock = ClockObject.getGlobalClock()
        self.still_after = still_after
        self.still_frames = still_frames
        self.refresh = refresh
        self.nap = nap
        self.stirred = False
        """Set by stir() and by input; read (and cleared) once a frame."""
        self.still = False
        """Whether this frame runs at the still rate."""
        self.stale = False
        """Whether the window was updated without drawing since the last frame drawn."""
        self.frames = 0
        """Frames run while installed."""
        self.drawn = 0
        """Frames drawn while installed."""
        self.woken = 0
        """Naps ended early by input."""
        self.napped = 0.0
        """How long the last nap lasted (seconds)."""
        self.moved_by: list[str] = []
        """What moved in the last frame anything did (for tests and probes)."""
        now = self.clock.getRealTime()
        self.moved_at = now
        self.drawn_at = now
        self._pointer: tuple[float, float, bool] | None = None
        self._camera: Any = None
        self._off: list[Any] = []
        self._began = 0.0

    # -- installing ---------------------------------------------------------------------------

    def install(self) -> Pacer:
        """Pace the window from the next frame on (one pacer per window)."""
        global _installed
        if _installed is not None:
            _installed.remove()
        tasks = self.base.taskMgr
        tasks.add(self._before_draw, "pace-before-draw", sort=49)
        tasks.add(self._after_draw, "pace-after-draw", sort=51)
        for event in INPUT_EVENTS:
            self.accept(event, self._on_input)
        self.moved_at = self.clock.getRealTime()
        _installed = self
        return self

    def remove(self) -> None:
        """Back to a frame drawn every time round, as fast as the loop goes."""
        global _installed
        self.base.taskMgr.remove("pace-before-draw")
        self.base.taskMgr.remove("pace-after-draw")
        self.ignoreAll()
        self._switch_on()
        self.still = False
        if _installed is self:
            _installed = None

    # -- each frame ---------------------------------------------------------------------------

    def _on_input(self, *args: object) -> None:
        self.stirred = True

    def _before_draw(self, task: Any) -> Any:
        """After every update, just before `igLoop`: did anything move? While still, nap until
        the next still frame is due (or input comes); then is this frame drawn? An undrawn
        frame switches the windows off, so that `igLoop` only reads their events (and ticks
        the clock: the nap's time is in the next frame's `dt`)."""
        now = self.clock.getRealTime()
        self.frames += 1
        if self.moving():
            self.moved_at = now
        self.still = now - self.moved_at >= self.still_after
        if self.still:
            self._nap_until(self._began + 1.0 / self.still_frames)
        if not self.still or self.clock.getRealTime() - self.drawn_at >= self.refresh:
            self.drawn += 1
            self.drawn_at = self.clock.getRealTime()
            self.stale = False
        else:
            self._switch_off()
            self.stale = True
        return task.cont

    def _after_draw(self, task: Any) -> Any:
        """Just after `igLoop`: the windows back on; the next frame begins."""
        self._switch_on()
        self._began = self.clock.getRealTime()
        return task.cont

    def moving(self) -> bool:
        """Whether anything moved since the last frame (see the module; `moved_by` names what
        did). Every check runs, so the pointer and the camera are compared with this frame's
        next time."""
        from ursina import application, held_keys

        moved = []
        if self.stirred:
            moved.append("stir or input")
        self.stirred = False
        pointer = self._read_pointer()
        if pointer != self._pointer:
            self._pointer = pointer
            moved.append("pointer")
        camera = self.base.cam.getMat(self.base.render) if self.base.cam else None
        if camera != self._camera:
            self._camera = camera
            moved.append("camera")
        if any(v and not k.startswith("gamepad") for k, v in held_keys.items()):
            moved.append("held key")  # (a gamepad's sticks never rest at exactly 0)
        if any(_running(s) for s in application.sequences):
            moved.append("sequence")
        if self._buffer_to_draw():
            moved.append("buffer")
        if moved:
            self.moved_by = moved
        return bool(moved)

    # -- the window ---------------------------------------------------------------------------

    def _read_pointer(self) -> tuple[float, float, bool] | None:
        """Where the pointer is as the window last read it (no round trip to the display)."""
        win = self.base.win
        if win is None or not hasattr(win, "getInputDevice"):
            return None
        data = win.getInputDevice(0).getPointer()
        return (data.getX(), data.getY(), bool(data.getInWindow()))

    def _input_waiting(self) -> bool:
        """Whether the window has read a button, key or character not yet handled, or the
        pointer has moved, since the last frame."""
        win = self.base.win
        if win is None or not hasattr(win, "getInputDevice"):
            return False
        pointer = self._read_pointer()
        return bool(win.getInputDevice(0).hasButtonEvent()) or pointer != self._pointer

    def _outputs(self) -> list[Any]:
        engine = self.base.graphicsEngine
        return [engine.getWindow(i) for i in range(engine.getNumWindows())]

    def _buffer_to_draw(self) -> bool:
        """Whether an off-screen buffer is switched on (someone wants it drawn this frame)."""
        from panda3d.core import GraphicsWindow

        return any(o.isActive() and not isinstance(o, GraphicsWindow) for o in self._outputs())

    def _switch_off(self) -> None:
        """Switch every active output off: a frame then draws nothing, but still reads the
        windows' events and shows the frame drawn last."""
        for output in self._outputs():
            if output.isActive():
                output.setActive(False)
                self._off.append(output)

    def _switch_on(self) -> None:
        for output in self._off:
            output.setActive(True)
        self._off = []

    @contextmanager
    def clock_held(self) -> Iterator[None]:
        """Render frames out of turn: the engine ticks the global clock in every frame it
        renders, and the frames of a nap or a fresh picture must not count as frames (their
        time goes to the frame in which they happen)."""
        from panda3d.core import ClockObject

        mode = self.clock.getMode()
        self.clock.setMode(ClockObject.MSlave)
        try:
            yield
        finally:
            self.clock.setMode(mode)

    def _nap_until(self, until: float) -> None:
        """Sleep until `until` (the clock's real time), looking at the window every NAP seconds;
        input ends the nap, and the frame that reads it then counts its time from now (the
        time spent still is not added to it), so what the input starts moves from its first
        step."""
        start = self.clock.getRealTime()
        engine = self.base.graphicsEngine
        self._switch_off()
        with self.clock_held():
            try:
                while True:
                    now = self.clock.getRealTime()
                    if now >= until:
                        self.napped = now - start
                        return
                    time.sleep(min(self.nap, until - now))
                    engine.renderFrame()  # nothing is active: reads the window's events only
                    self.stale = True
                    if self._input_waiting():
                        self.woken += 1
                        self.stirred = True
                        self.napped = self.clock.getRealTime() - start
                        self.clock.setFrameTime(self.clock.getFrameTime() + self.napped)
                        return
            finally:
                self._switch_on()


def _running(sequence: Any) -> bool:
    """Whether an Ursina sequence (an animation, an `invoke`) is under way."""
    started = getattr(sequence, "started", False)
    paused = getattr(sequence, "paused", False)
    return bool(started and not paused and (sequence.loop or sequence.t < sequence.duration))
