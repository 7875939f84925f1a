"""The one proportional font of the client, at any pixel size."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import ursina
from PIL import ImageFont

FONT_FILE = Path(ursina.__file__).parent / "fonts" / "OpenSans-Regular.ttf"


@cache
def font_at(px: int) -> ImageFont.FreeTypeFont:
    """The font at `px` pixels."""
    return ImageFont.truetype(str(FONT_FILE), max(8, px))
