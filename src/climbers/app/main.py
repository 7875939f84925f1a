"""The one composition root: opens the window once, builds the shell, and starts a mode in it
(play, sandbox, replay, demo, or a still picture). No other module starts Ursina or runs it; the
window it runs draws every frame while something moves and seldom once all is still
(climbers.app.pacing)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from climbers.app.display import (
    disable_debug_keys,
    ensure_display,
    have_sound_device,
    set_asset_folder,
)
from climbers.app.guard import Guard
from climbers.io.folders import data_dir
from climbers.io.language import N_
from climbers.io.resources import assets_dir

Mode = Callable[[Any], None]
"""Starts something in the shell of the game's table."""


GUARD = Guard(data_dir)
"""The client's one error boundary (see climbers.app.guard)."""


def ursina_class() -> Any:
    """The class behind `ursina.Ursina`, which Ursina wraps in a singleton factory."""
    import ursina

    cells = ursina.Ursina.__closure__ or ()
    return next(c.cell_contents for c in cells if isinstance(c.cell_contents, type))


POINTER_PRESSES = ("mouse1", "mouse2", "mouse3")
"""The pointer's buttons as the window reports them. Ursina finds what the pointer is on once a
frame, after the frame's events: a press read in the frame the pointer moved in would act on what
was under the pointer before it moved, so the press finds it anew first."""


def guarded_app_class() -> Any:
    """Ursina with every input, frame update and timer run inside GUARD."""
    from direct.task import Task
    from ursina import mouse

    base = ursina_class()

    class GuardedUrsina(base):  # type: ignore[misc,valid-type]
        def _update(self, task: Any) -> Any:
            try:
                return super()._update(task)
            except Exception:
                GUARD.catch()
                return Task.cont

        def input(self, key: str, is_raw: bool = False) -> None:
            try:
                if key in POINTER_PRESSES:  # what the pointer is on now, not a frame ago
                    mouse.update()
                super().input(key, is_raw)
            except Exception:
                GUARD.catch()

        def text_input(self, key: str) -> None:
            try:
                super().text_input(key)
            except Exception:
                GUARD.catch()

    return GuardedUrsina


def open_window(size: tuple[int, int] = (1280, 720), title: str = "The Climbers") -> Any:
    """Create the one Ursina app of this process."""
    ensure_display()
    from panda3d.core import loadPrcFileData

    if os.environ.get("DISPLAY"):
        loadPrcFileData("", f"display {os.environ['DISPLAY']}")
    if os.environ.get("CLIMBERS_NO_AUDIO") or not have_sound_device():
        loadPrcFileData("", "audio-library-name null")
    loadPrcFileData("", "sync-video false")
    set_asset_folder(assets_dir())
    app = guarded_app_class()(
        title=title, borderless=False, development_mode=False, size=size, vsync=False
    )
    ursina_class()._instance = app  # later calls of ursina.Ursina() find this app
    disable_debug_keys()
    from ursina import camera

    # a clear full-window quad for fades: blending it costs a software renderer a lot per frame
    camera.overlay.enabled = False
    return app


def run(
    game: str | None,
    mode: Mode,
    size: tuple[int, int] | None = None,
    save_path: Path | None = None,
    shot_path: Path | None = None,
    title: str = N_("The Climbers"),
) -> None:
    """Open the window with the table of `game` (a registered game's name) and start
    `mode(shell)` in its shell, or with `game` None show the choice of game; then run until the
    window quits the process.

    `save_path`: where games are saved after every action (default: the autosave file);
    `shot_path`: where F2 writes its picture (default: the pictures folder); `title` is said in
    the run's language.
    """
    from ursina import window

    from climbers.app.host import Host
    from climbers.app.pacing import Pacer
    from climbers.app.settings import load_settings
    from climbers.io.language import _, start_language

    settings = load_settings()
    start_language(settings.language)
    app = open_window(size or settings.window_size, _(title))
    if settings.fullscreen and size is None:
        window.fullscreen = True
    host = Host(settings, save_path=save_path, shot_path=shot_path)
    GUARD.on_fault = host.recover
    GUARD.saved = host.saved
    if game is None:
        host.choose()
    else:
        mode(host.open(game))
    Pacer(app).install()
    app.run()
