"""The one proportional font of the client, at any pixel size: the bundled Noto Sans TC subset,
which draws English and Traditional Chinese alike, for the Pillow-drawn panels and Ursina's Text
(importing this module makes it the default font of every Text made after)."""

from __future__ import annotations

from functools import cache

import ursina
from panda3d.core import Filename
from PIL import ImageFont

from climbers.io.resources import font_file

FONT_FILE = font_file()

ursina.Text.default_font = Filename.fromOsSpecific(str(FONT_FILE)).getFullpath()


@cache
def font_at(px: int) -> ImageFont.FreeTypeFont:
    """The font at `px` pixels."""
    return ImageFont.truetype(str(FONT_FILE), max(8, px))
