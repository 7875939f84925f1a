"""Pictures of the window (F2 in play, P in the sandbox), written whole or not at all, and where
pictures and clips go."""

from __future__ import annotations

import time
from pathlib import Path

from ursina import application

from climbers.app.pacing import fresh_frame
from climbers.io.atomic import write_atomic
from climbers.io.folders import pictures_dir


def picture_bytes() -> bytes:
    """The window as it is drawn now, as PNG."""
    from panda3d.core import PNMImage, StringStream

    image = PNMImage()
    fresh_frame()
    application.base.win.getScreenshot().store(image)
    stream = StringStream()
    image.write(stream, "picture.png")
    return bytes(stream.getData())


def new_picture_path(suffix: str = ".png") -> Path:
    """A new file in the pictures folder named after the time ('climbers-20261201-181500.png',
    numbered when that is taken)."""
    folder = pictures_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"climbers-{stamp}{suffix}"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"climbers-{stamp}-{n}{suffix}"
    return path


def take_picture(path: Path | None = None) -> Path:
    """Write the window to `path`, or to a new numbered file in the pictures folder; OSError
    when it cannot be written."""
    path = path or new_picture_path()
    write_atomic(path, picture_bytes())
    return path
