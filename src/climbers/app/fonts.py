"""The one proportional font of the client, at any pixel size: the bundled Noto Sans TC subset,
which draws English and Traditional Chinese alike, for the Pillow-drawn panels and Ursina's Text
(importing this module makes it the default font of every Text made after). A character the font
lacks would be drawn as an empty box: `undrawable` finds such characters, so that a text box
refuses them (`typed_refusal`) rather than drawing boxes."""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path

import ursina
from panda3d.core import Filename
from PIL import ImageFont

from climbers.io.language import N_, say
from climbers.io.resources import font_file

FONT_FILE = font_file()

ursina.Text.default_font = Filename.fromOsSpecific(str(FONT_FILE)).getFullpath()

CANNOT_TYPE = N_("The game's font cannot draw {char}: type another character.")
"""Why a text box refuses a character: `char` is its code point (U+1F600), since the character
itself would be drawn as a box."""


@cache
def font_at(px: int) -> ImageFont.FreeTypeFont:
    """The font at `px` pixels."""
    return ImageFont.truetype(str(FONT_FILE), max(8, px))


def undrawable(text: str) -> set[str]:
    """The characters of `text` (one line) that the bundled font has no glyph for."""
    have = code_points(FONT_FILE)
    return {ch for ch in text if ord(ch) not in have}


def code_point(ch: str) -> str:
    """A character by its code point, as 'U+20000': how a text names a character it cannot draw."""
    return f"U+{ord(ch):04X}"


def first_undrawable(text: str) -> str | None:
    """The first character of `text` the font cannot draw, or None when it draws them all."""
    missing = undrawable(text)
    return next((ch for ch in text if ch in missing), None)


def typed_refusal(ch: str) -> str | None:
    """Why a text box does not take the typed character `ch` (None when it does), in the
    current language: one line naming it by its code point."""
    if not undrawable(ch):
        return None
    return say(CANNOT_TYPE, char=code_point(ch))


@cache
def code_points(path: Path) -> frozenset[int]:
    """The characters the TrueType font at `path` maps to a glyph: its Unicode 'cmap' subtable
    (format 4 for the Basic Multilingual Plane, format 12 beyond it)."""
    data = path.read_bytes()
    (tables,) = struct.unpack_from(">H", data, 4)
    cmap = next(
        offset
        for tag, _check, offset, _length in (
            struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(tables)
        )
        if tag == b"cmap"
    )
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    found: set[int] = set()
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) not in ((0, 3), (0, 4), (3, 1), (3, 10)):
            continue
        start = cmap + offset
        (kind,) = struct.unpack_from(">H", data, start)
        if kind == 4:
            found |= _format_4(data, start)
        elif kind == 12:
            found |= _format_12(data, start)
    return frozenset(found)


def _format_4(data: bytes, start: int) -> set[int]:
    (segments,) = struct.unpack_from(">H", data, start + 6)
    segments //= 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
    ranges_at = start + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    found: set[int] = set()
    for i, (first, last, delta, where) in enumerate(zip(starts, ends, deltas, ranges, strict=True)):
        for code in range(first, last + 1):
            if code == 0xFFFF:
                continue
            if where == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                (glyph,) = struct.unpack_from(
                    ">H", data, ranges_at + 2 * i + where + 2 * (code - first)
                )
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.add(code)
    return found


def _format_12(data: bytes, start: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, start + 12)
    found: set[int] = set()
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * i)
        found.update(code for code in range(first, last + 1) if glyph + code - first)
    return found
