"""The one proportional font of the client, at any pixel size: the bundled Noto Sans TC subset,
which draws English and Traditional Chinese alike, for the Pillow-drawn panels and Ursina's Text
(importing this module makes it the default font of every Text made after). A character the font
lacks would be drawn as an empty box: `undrawable` finds such characters, so that a text box
refuses them (`typed_refusal`) rather than drawing boxes."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import ursina
from fontTools.ttLib import TTFont
from panda3d.core import Filename
from PIL import ImageFont

from climbers.io.language import N_, say
from climbers.io.resources import font_file

FONT_FILE = font_file()

ursina.Text.default_font = Filename.fromOsSpecific(str(FONT_FILE)).getFullpath()

CANNOT_TYPE = N_("The game's font cannot draw {char}: type another character.")
"""Why a text box refuses a character: `char` is the character and its code point (`code_point`):
the character for a reader whose own screen draws it, the code point where the game's font draws
a box."""


@cache
def font_at(px: int) -> ImageFont.FreeTypeFont:
    """The font at `px` pixels."""
    return ImageFont.truetype(str(FONT_FILE), max(8, px))


def undrawable(text: str) -> set[str]:
    """The characters of `text` (one line) that the bundled font has no glyph for."""
    have = code_points(FONT_FILE)
    return {ch for ch in text if ord(ch) not in have}


def code_point(ch: str) -> str:
    """A character as a text names one it cannot draw: itself and its code point ('X (U+20000)'
    for the character X of that code point), or only the code point for a character that shows
    nothing (a control, a space)."""
    point = f"U+{ord(ch):04X}"
    return f"{ch} ({point})" if ch.isprintable() and not ch.isspace() else point


def first_undrawable(text: str) -> str | None:
    """The first character of `text` the font cannot draw, or None when it draws them all."""
    missing = undrawable(text)
    return next((ch for ch in text if ch in missing), None)


def typed_refusal(ch: str) -> str | None:
    """Why a text box does not take the typed character `ch` (None when it does), in the
    current language: one line naming it (`code_point`)."""
    if not undrawable(ch):
        return None
    return say(CANNOT_TYPE, char=code_point(ch))


@cache
def code_points(path: Path) -> frozenset[int]:
    """The characters the font at `path` maps to a glyph (its best Unicode 'cmap' subtable,
    read with fontTools)."""
    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())
