"""What every game's pictures do alike (`python -m climbers.<game>.devtools.pictures`): the
games screen's tile or a README screenshot, made from the real table in the window of its size,
and written once the table has settled."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from climbers.io.language import LANGUAGES

SIZES = {"tile": (640, 400), "screenshot": (1280, 720)}
"""The window's size for each kind of picture."""


def picture_parser(description: str) -> argparse.ArgumentParser:
    """The arguments every game's pictures take (the kind of picture, the file it goes to and
    the language of its words); a game adds those of its position."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("kind", choices=tuple(SIZES))
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    return parser


def picture_window(kind: str, title: str) -> Any:
    """The one Ursina app of this process, its window the size of a `kind` picture."""
    from climbers.app.main import open_window

    return open_window(SIZES[kind], title)


def frame_tile(rig: Any, distance: float) -> None:
    """Frame the tile: no HUD, the camera `distance` times its view's distance away, and the
    pointer in the window's corner, over no piece."""
    from ursina import application, camera

    camera.ui.enabled = False
    rig.distance = rig.view[1] * distance
    application.base.win.move_pointer(0, 2, 2)


def settle_and_take(app: Any, frames: int, out: Path) -> None:
    """Let the table settle for `frames` frames, then write the window's picture to `out`."""
    from climbers.app.pictures import take_picture

    for _ in range(frames):
        app.step()
    take_picture(out)
