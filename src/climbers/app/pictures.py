"""Pictures of the window (F2 in play, P in the sandbox), written whole or not at all."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from ursina import application


def pictures_dir() -> Path:
    """Where pictures go: $CLIMBERS_PICTURES_DIR, $XDG_PICTURES_DIR, or ~/Pictures."""
    for var in ("CLIMBERS_PICTURES_DIR", "XDG_PICTURES_DIR"):
        if os.environ.get(var):
            return Path(os.environ[var]).expanduser()
    return Path.home() / "Pictures"


def picture_bytes() -> bytes:
    """The window as it is drawn now, as PNG."""
    from panda3d.core import PNMImage, StringStream

    image = PNMImage()
    application.base.win.getScreenshot().store(image)
    stream = StringStream()
    image.write(stream, "picture.png")
    return bytes(stream.getData())


def take_picture(path: Path | None = None) -> Path:
    """Write the window to `path`, or to a new numbered file in the pictures folder; OSError
    when it cannot be written."""
    if path is None:
        folder = pictures_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"climbers-{stamp}.png"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"climbers-{stamp}-{n}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(picture_bytes())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
