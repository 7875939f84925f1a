"""Face colours, their symbols, and the texture atlas: one tile per colour and face shape."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFilter
from ursina import Color, Texture

from climbers.app.fonts import font_at
from climbers.app.table.pictures import luminance, rgb_colour, ringed_disc, smooth_texture
from climbers.the_climbers.core import Colour

PX = 64
"""Texels per unit of block length."""
GUTTER = 4
"""Texels around every tile, filled with its edge colour, against bleeding between tiles."""
SHAPES: tuple[tuple[int, int], ...] = (
    (2, 1),
    (1, 2),
    (2, 2),
    (2, 4),
    (4, 2),
    (2, 6),
    (6, 2),
)
"""Every face a block can show, as (width, height) in units, height upwards on side faces."""
ORDER: tuple[Colour, ...] = (
    Colour.TEAL,
    Colour.PURPLE,
    Colour.YELLOW,
    Colour.RED,
    Colour.PINK,
    Colour.NEUTRAL,
)

RGB: dict[Colour, tuple[int, int, int]] = {
    Colour.TEAL: (22, 160, 160),
    Colour.PURPLE: (125, 78, 185),
    Colour.YELLOW: (240, 196, 48),
    Colour.RED: (214, 58, 52),
    Colour.PINK: (240, 128, 178),
    Colour.NEUTRAL: (172, 172, 168),
}
SYMBOL: dict[Colour, str] = {
    Colour.TEAL: "circle",
    Colour.PURPLE: "square",
    Colour.YELLOW: "triangle",
    Colour.RED: "cross",
    Colour.PINK: "diamond",
}


def tint(colour: Colour, alpha: float = 1.0) -> Color:
    """An Ursina colour for a player or face colour."""
    return rgb_colour(RGB[colour], alpha)


def _shade(rgb: tuple[int, int, int], k: float) -> tuple[int, int, int, int]:
    """`rgb` darkened (k < 1) or lightened towards white (k > 1)."""
    if k <= 1:
        return (*(int(c * k) for c in rgb), 255)  # type: ignore[return-value]
    return (*(int(c + (255 - c) * (k - 1)) for c in rgb), 255)  # type: ignore[return-value]


def draw_symbol(
    d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, ink: tuple[int, ...]
) -> None:
    """A colour's symbol centred on (cx, cy), `r` from the centre to its outside."""
    w = max(2, int(r * 0.3))
    if kind == "circle":
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ink, width=w)
    elif kind == "square":
        s = r * 0.86
        d.rectangle([cx - s, cy - s, cx + s, cy + s], outline=ink, width=w)
    elif kind == "triangle":
        d.polygon([(cx, cy - r), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)], ink)
    elif kind == "cross":
        s = r * 0.8
        d.line([cx - s, cy - s, cx + s, cy + s], fill=ink, width=w + 2)
        d.line([cx - s, cy + s, cx + s, cy - s], fill=ink, width=w + 2)
    else:
        d.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], ink)


def face_tile(
    colour: Colour, shape: tuple[int, int], symbol: bool, grid: bool = False
) -> Image.Image:
    """One whole face: its colour, a bevelled edge all round, one centred symbol, and optionally
    faint lines between its unit squares."""
    w, h = shape[0] * PX, shape[1] * PX
    rgb = RGB[colour]
    img = Image.new("RGBA", (w, h), _shade(rgb, 1.0))
    d = ImageDraw.Draw(img)
    if grid:
        line = _shade(rgb, 0.8)
        for i in range(1, shape[0]):
            d.line([(i * PX, 0), (i * PX, h)], fill=line, width=2)
        for j in range(1, shape[1]):
            d.line([(0, j * PX), (w, j * PX)], fill=line, width=2)
    edge = 5
    d.rectangle([0, 0, w - 1, h - 1], outline=_shade(rgb, 0.55), width=2)
    # bevel: light from the top left of the face, shade on the bottom right
    for i in range(2, edge):
        k = (edge - i) / edge
        d.line([(i, i), (w - 1 - i, i)], fill=_shade(rgb, 1 + 0.28 * k))
        d.line([(i, i), (i, h - 1 - i)], fill=_shade(rgb, 1 + 0.18 * k))
        d.line([(i, h - 1 - i), (w - 1 - i, h - 1 - i)], fill=_shade(rgb, 1 - 0.22 * k))
        d.line([(w - 1 - i, i), (w - 1 - i, h - 1 - i)], fill=_shade(rgb, 1 - 0.16 * k))
    if symbol and colour in SYMBOL:
        r = min(w, h) * 0.26
        ink = _shade(rgb, 0.42)
        draw_symbol(d, SYMBOL[colour], w / 2, h / 2, r, ink)
    return img


def _layout() -> tuple[dict[tuple[Colour, tuple[int, int]], tuple[int, int]], tuple[int, int]]:
    """Shelf packing of every (colour, shape) tile: top-left corners and the atlas size."""
    tiles = [(c, s) for s in sorted(SHAPES, key=lambda s: -s[1]) for c in ORDER]
    width = 2048
    x = y = shelf = 0
    where: dict[tuple[Colour, tuple[int, int]], tuple[int, int]] = {}
    for c, s in tiles:
        tw, th = s[0] * PX + 2 * GUTTER, s[1] * PX + 2 * GUTTER
        if x + tw > width:
            x, y, shelf = 0, y + shelf, 0
        where[(c, s)] = (x + GUTTER, y + GUTTER)
        x += tw
        shelf = max(shelf, th)
    height = 1
    while height < y + shelf:
        height *= 2
    return where, (width, height)


LAYOUT, ATLAS_SIZE = _layout()


def atlas_image(symbols: bool, grid: bool = False) -> Image.Image:
    """Every face tile, each surrounded by a gutter of its own edge colour."""
    img = Image.new("RGBA", ATLAS_SIZE, (0, 0, 0, 255))
    for (c, s), (x, y) in LAYOUT.items():
        tile = face_tile(c, s, symbols, grid)
        edge = _shade(RGB[c], 0.55)
        img.paste(edge, (x - GUTTER, y - GUTTER, x + tile.width + GUTTER, y + tile.height + GUTTER))
        img.paste(tile, (x, y))
    return img


def atlas(symbols: bool = True, grid: bool = False) -> Texture:
    """The shared block texture, with or without colour symbols and unit lines (same layout).

    Bilinear without mipmaps: trilinear filtering costs a software renderer more than it shows.
    """
    return _atlas(symbols, grid)


@cache
def _atlas(symbols: bool, grid: bool) -> Texture:
    return smooth_texture(atlas_image(symbols, grid))


def tile_uv(colour: Colour, shape: tuple[int, int]) -> tuple[float, float, float, float]:
    """UV rectangle (u0, v0, u1, v1) of a face tile; v grows upwards in the face."""
    x, y = LAYOUT[(colour, shape)]
    aw, ah = ATLAS_SIZE
    w, h = shape[0] * PX, shape[1] * PX
    # Texture() flips the image: image row 0 is v = 1
    return x / aw, 1 - (y + h) / ah, (x + w) / aw, 1 - y / ah


@cache
def blot() -> Texture:
    """A soft dark square with rounded corners: the shade where a piece stands on the table."""
    size = 128
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    inset = size * 0.14
    ImageDraw.Draw(img).rounded_rectangle(
        [inset, inset, size - inset, size - inset], radius=size * 0.1, fill=(20, 16, 12, 120)
    )
    return smooth_texture(img.filter(ImageFilter.GaussianBlur(size * 0.05)))


@cache
def marker(colour: Colour, letter: str) -> Texture:
    """A Climber's marker as a texture (see `marker_image`)."""
    return smooth_texture(marker_image(colour, letter))


@cache
def marker_image(colour: Colour, letter: str, size: int = 128) -> Image.Image:
    """A Climber's marker: a disc in the player's colour with a white ring, a dark outline and
    the player's initial, readable on any block colour."""
    img = ringed_disc(size, RGB[colour], (20, 20, 24), 17)
    d = ImageDraw.Draw(img)
    k = size / 128
    ink = (20, 20, 24, 255) if luminance(RGB[colour]) > 0.35 else (255, 255, 255, 255)
    face = font_at(round(size * (0.5, 0.36, 0.28)[min(len(letter), 3) - 1]))
    d.text((size / 2, size / 2 + 2 * k), letter, font=face, fill=ink, anchor="mm")
    return img


def marker_letters(labels: Sequence[str]) -> list[str]:
    """What each player's marker shows: the initial of their name, or as many of its first
    letters as set it apart from the others' ('Pi' and 'Pu' for Pink and Purple); the seat
    number when three letters are not enough."""

    def start(label: str, n: int) -> str:
        return label[:n].capitalize()

    letters = []
    for seat, label in enumerate(labels):
        others = [x for i, x in enumerate(labels) if i != seat]
        n = next(
            (n for n in (1, 2, 3) if all(start(label, n) != start(x, n) for x in others)), None
        )
        letters.append(start(label, n) if n is not None and label else str(seat + 1))
    return letters


WOOD_SQUARES = 4
"""Table squares along each side of one tile of the wood texture."""


@cache
def wood() -> Texture:
    """Light oak planks with a fine grain and the faint lines between the table's squares,
    tiling in both directions."""
    size = 512
    rng = random.Random(7)
    img = Image.new("RGBA", (size, size), (176, 134, 92, 255))
    d = ImageDraw.Draw(img)
    plank = size // 4
    for row in range(4):
        y0 = row * plank
        tone = rng.randint(-10, 10)
        d.rectangle([0, y0, size, y0 + plank], fill=(176 + tone, 134 + tone, 92 + tone, 255))
        for _ in range(40):
            y = y0 + rng.randint(2, plank - 3)
            phase, amp = rng.uniform(0, 6.3), rng.uniform(0.5, 2.5)
            dark = rng.randint(12, 26)
            points = [(x, y + amp * math.sin(x / 37 + phase)) for x in range(0, size + 8, 8)]
            d.line(points, fill=(176 - dark, 134 - dark, 92 - dark, 255), width=1)
        d.line([(0, y0), (size, y0)], fill=(120, 86, 56, 255), width=2)
    img = img.filter(ImageFilter.GaussianBlur(0.6))
    d = ImageDraw.Draw(img)
    square = size // WOOD_SQUARES
    for k in range(WOOD_SQUARES):
        d.line([(k * square, 0), (k * square, size)], fill=(140, 104, 70, 255), width=2)
        d.line([(0, k * square + 1), (size, k * square + 1)], fill=(140, 104, 70, 255), width=2)
    # drawn at twice the size it is used at: a tile of four squares spans about 150 pixels of
    # the window, and a smaller texture keeps the software renderer's sampling fast (+4 fps)
    return smooth_texture(img.resize((size // 2, size // 2), Image.Resampling.LANCZOS))
