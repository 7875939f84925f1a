"""Clamber's pictures drawn with Pillow: the wooden board with its carved cells and the cell
names along its edges, the number over each stack, and the marks on cells (targets, removals,
faults). Made once per size and cached."""

from __future__ import annotations

import math
import random
from functools import cache

from PIL import Image, ImageDraw, ImageFilter
from ursina import Color, Texture

from climbers.app.fonts import font_at
from climbers.app.table.pictures import RGB, rgb_colour, ringed_disc, smooth_texture
from climbers.clamber.table.geometry import CELL_RADIUS, Point, hexagon, layout

SEAT_RGB: tuple[RGB, RGB] = ((40, 108, 204), (208, 52, 44))
"""Blue (seat 0) and Red (seat 1), as the stones are coloured."""
BOARD_PX = 1024
"""Pixels across the board's picture."""
WOOD: RGB = (196, 146, 92)
SIDE: RGB = (120, 78, 44)
INK: RGB = (66, 38, 18)
"""Burnt into the wood: the lines of the cells and the names."""
NAME_SIZE, NAME_AT = 0.28, 0.3
"""A cell's name in its south corner: its letters' size and how far south of the cell's centre
it stands, in steps between neighbours (large enough to read on the 37-cell board from the
opening view)."""
LABEL_SIZE = 0.36
"""The letters' size of the row letters and numbers along the board's edges."""


def seat_colour(seat: int, alpha: float = 1.0) -> Color:
    """An Ursina colour for a seat's stones."""
    return rgb_colour(SEAT_RGB[seat], alpha)


def board_uv(size: int, x: float, z: float) -> tuple[float, float]:
    """Where a point of the board's top lies in its picture (u east, v north)."""
    r = layout(size).radius
    return (x + r) / (2 * r), (z + r) / (2 * r)


def board_names(size: int) -> list[tuple[str, Point, float]]:
    """Every name burnt into the `size`-board: each cell's in its south corner and the row
    letters and numbers along the edges, with where it stands and its letters' size (board
    units)."""
    lay = layout(size)
    cells = [(name, (cx, cz - NAME_AT), NAME_SIZE) for name, (cx, cz) in lay.centres.items()]
    return cells + [(text, point, LABEL_SIZE) for text, point in lay.labels]


@cache
def board_image(size: int) -> Image.Image:
    """The board's top as seen from above, north up: oak with its grain, a bevel round the
    edge, every cell carved in, the row letters beyond the rows' east ends and the numbers
    beyond their south-west ends, each cell's name small in its south corner; around the
    hexagon, the darker wood of the board's sides."""
    lay = layout(size)
    radius = lay.radius
    k = BOARD_PX / (2 * radius)

    def px(point: Point) -> tuple[float, float]:
        return (point[0] + radius) * k, (radius - point[1]) * k

    img = Image.new("RGBA", (BOARD_PX, BOARD_PX), (*SIDE, 255))
    grain = Image.new("RGBA", (BOARD_PX, BOARD_PX), (*WOOD, 255))
    d = ImageDraw.Draw(grain)
    rng = random.Random(11 + size)
    for _ in range(260):
        y = rng.uniform(0, BOARD_PX)
        phase, amp, wave = rng.uniform(0, 6.3), rng.uniform(1, 5), rng.uniform(60, 160)
        dark = rng.randint(10, 30)
        points = [(x, y + amp * math.sin(x / wave + phase)) for x in range(0, BOARD_PX + 9, 8)]
        d.line(points, fill=(WOOD[0] - dark, WOOD[1] - dark, WOOD[2] - dark, 255), width=1)
    grain = grain.filter(ImageFilter.GaussianBlur(0.8))
    mask = Image.new("L", (BOARD_PX, BOARD_PX), 0)
    outline = [px(p) for p in lay.corners]
    ImageDraw.Draw(mask).polygon(outline, fill=255)
    img.paste(grain, (0, 0), mask)
    d = ImageDraw.Draw(img)
    d.polygon(outline, outline=(*INK, 255), width=3)
    inner = [px(p) for p in hexagon(0, 0, radius - 0.06, flat=True)]
    d.line([*inner, inner[0]], fill=(226, 186, 136, 255), width=3)
    for cx, cz in lay.centres.values():
        cell = [px(p) for p in hexagon(cx, cz, CELL_RADIUS - 0.035, flat=False)]
        d.polygon(cell, fill=(176, 126, 76, 255), outline=(*INK, 255), width=3)
        lit = [px(p) for p in hexagon(cx, cz + 0.025, CELL_RADIUS - 0.09, flat=False)]
        d.line([lit[3], lit[4], lit[5], lit[0]], fill=(208, 162, 110, 255), width=2)
    for text, point, letters in board_names(size):
        d.text(px(point), text, font=font_at(round(letters * k)), fill=(*INK, 255), anchor="mm")
    return img


@cache
def board_texture(size: int) -> Texture:
    """The board's top (see `board_image`)."""
    return smooth_texture(board_image(size))


@cache
def badge_image(seat: int, height: int | None, px: int = 128) -> Image.Image:
    """The number over a stack: its height in white on a disc of the owner's colour, in a white
    ring with a dark edge, readable on the board and on either colour's stones (`height` None:
    the disc alone, the player's sign in the panels)."""
    img = ringed_disc(px, SEAT_RGB[seat], (18, 18, 22), 16)
    if height is None:
        return img
    d = ImageDraw.Draw(img)
    k = px / 128
    text = str(height)
    face = font_at(round(px * (0.56 if len(text) == 1 else 0.44)))
    d.text((px / 2, px / 2 + 3 * k), text, font=face, fill=(255, 255, 255, 255), anchor="mm")
    return img


MARKED = 1.6
"""A marked number's picture is this much larger than a plain one: the frame goes round it."""


@cache
def marked_badge_image(seat: int, height: int, mark: str) -> Image.Image:
    """The number over a stack inside a frame that says what it is to the player: 'lower' a
    ring (it may be captured as a lower stack), 'equal' a hexagon (as an equal one), 'chosen' a
    white hexagon (the stack chosen to capture with) — the same shapes as the marks on the
    cells, seen from any side."""
    px = round(128 * MARKED)
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = px / 2
    edge = (*EDGE, 235)
    if mark == "lower":
        for r, fill in ((101, edge), (95, (*LOWER_BAND, 255)), (76, edge)):
            d.ellipse([c - r, c - r, c + r, c + r], fill=fill)
    else:
        band = EQUAL_BAND if mark == "equal" else CHOSEN_BAND

        def hexa(r: float) -> list[tuple[float, float]]:
            return [(x + c, c - y) for x, y in hexagon(0, 0, r, flat=False)]

        for r, fill in ((103, edge), (97, (*band, 255)), (78, edge)):
            d.polygon(hexa(r), fill=fill)
    inner = badge_image(seat, height)
    img.alpha_composite(inner, (round(c - 64), round(c - 64)))
    return img


@cache
def badge(seat: int, height: int, mark: str = "") -> Texture:
    """The number over a stack (see `badge_image`), framed when `mark` is given (see
    `marked_badge_image`)."""
    if mark:
        return smooth_texture(marked_badge_image(seat, height, mark))
    return smooth_texture(badge_image(seat, height))


EDGE: RGB = (16, 16, 20)
LOWER_BAND: RGB = (255, 214, 70)
"""A stack that may be captured as a lower one: a round ring."""
EQUAL_BAND: RGB = (110, 230, 255)
"""A stack that may be captured as an equal one: a hexagonal frame with an '=' sign."""
CHOSEN_BAND: RGB = (250, 250, 245)
FAULT_BAND: RGB = (255, 200, 190)
CROSS_RED: RGB = (235, 50, 40)
LAST_BAND: RGB = (250, 214, 90)


@cache
def mark_image(kind: str, px: int = 256) -> Image.Image:
    """A mark laid on a cell, seen from above, as large as the cell: 'lower' a ring, 'equal' a
    hexagonal frame with an '=' in its south corner, 'chosen' a white hexagonal frame, 'gone' a
    red cross (a stack the capture hovered would remove), 'fault' a light frame with a red
    cross, 'last' a thin yellow frame (a cell the last turn changed). Every shape has a dark
    edge, so it shows on wood and on both colours."""
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = px / 2
    k = px / 256
    edge = (*EDGE, 235)

    def hexa(r: float) -> list[tuple[float, float]]:
        return [(x * k + c, c - y * k) for x, y in hexagon(0, 0, r, flat=False)]

    if kind == "lower":
        d.ellipse([c - 118 * k, c - 118 * k, c + 118 * k, c + 118 * k], fill=edge)
        d.ellipse([c - 110 * k, c - 110 * k, c + 110 * k, c + 110 * k], fill=(*LOWER_BAND, 255))
        d.ellipse([c - 92 * k, c - 92 * k, c + 92 * k, c + 92 * k], fill=edge)
        d.ellipse([c - 85 * k, c - 85 * k, c + 85 * k, c + 85 * k], fill=(0, 0, 0, 0))
        return img
    if kind == "last":
        d.polygon(hexa(124), fill=edge)
        d.polygon(hexa(119), fill=(*LAST_BAND, 255))
        d.polygon(hexa(110), fill=edge)
        d.polygon(hexa(106), fill=(0, 0, 0, 0))
        return img
    band = {"equal": EQUAL_BAND, "chosen": CHOSEN_BAND, "fault": FAULT_BAND}.get(kind)
    if band is not None:
        d.polygon(hexa(126), fill=edge)
        d.polygon(hexa(119), fill=(*band, 255))
        d.polygon(hexa(98), fill=edge)
        d.polygon(hexa(91), fill=(0, 0, 0, 0))
    if kind == "equal":
        for dy in (-7, 7):
            y = c + 96 * k + dy * k
            d.rectangle([c - 26 * k, y - 5 * k, c + 26 * k, y + 5 * k], fill=edge)
            d.rectangle([c - 22 * k, y - 2 * k, c + 22 * k, y + 2 * k], fill=(*EQUAL_BAND, 255))
    if kind in ("gone", "fault"):
        s = 62 * k
        for a, b in (((c - s, c - s), (c + s, c + s)), ((c - s, c + s), (c + s, c - s))):
            d.line([a, b], fill=edge, width=int(30 * k))
            d.line([a, b], fill=(*CROSS_RED, 255), width=int(18 * k))
    return img


@cache
def mark_texture(kind: str) -> Texture:
    """A mark on a cell (see `mark_image`)."""
    return smooth_texture(mark_image(kind))
