"""Face colours, their symbols and the texture atlas the block meshes index into."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw
from ursina import Color, Texture, color

from climbers.core import Colour

TILE = 64
ORDER: tuple[Colour, ...] = (
    Colour.TEAL,
    Colour.PURPLE,
    Colour.YELLOW,
    Colour.RED,
    Colour.PINK,
    Colour.NEUTRAL,
)
"""Tile i of the atlas shows ORDER[i]."""

RGB: dict[Colour, tuple[int, int, int]] = {
    Colour.TEAL: (22, 160, 160),
    Colour.PURPLE: (125, 78, 185),
    Colour.YELLOW: (240, 196, 48),
    Colour.RED: (214, 58, 52),
    Colour.PINK: (240, 128, 178),
    Colour.NEUTRAL: (170, 170, 166),
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
    r, g, b = RGB[colour]
    return color.rgba(r / 255, g / 255, b / 255, alpha)


def _draw_symbol(d: ImageDraw.ImageDraw, kind: str, x0: int, ink: tuple[int, ...]) -> None:
    cx, cy, r = x0 + TILE // 2, TILE // 2, TILE // 5
    if kind == "circle":
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ink, width=5)
    elif kind == "square":
        d.rectangle([cx - r, cy - r, cx + r, cy + r], outline=ink, width=5)
    elif kind == "triangle":
        d.polygon([(cx, cy - r - 2), (cx + r + 2, cy + r), (cx - r - 2, cy + r)], fill=ink)
    elif kind == "cross":
        d.line([cx - r, cy - r, cx + r, cy + r], fill=ink, width=6)
        d.line([cx - r, cy + r, cx + r, cy - r], fill=ink, width=6)
    else:
        d.polygon(
            [(cx, cy - r - 3), (cx + r + 3, cy), (cx, cy + r + 3), (cx - r - 3, cy)], fill=ink
        )


def atlas_image(symbols: bool) -> Image.Image:
    """One row of tiles (power-of-two wide): face colour, a soft cell edge, optionally a symbol."""
    img = Image.new("RGBA", (TILE * 8, TILE), (0, 0, 0, 255))
    d = ImageDraw.Draw(img)
    for i, colour in enumerate(ORDER):
        rgb = RGB[colour]
        x0 = i * TILE
        edge = tuple(int(c * 0.72) for c in rgb)
        d.rectangle([x0, 0, x0 + TILE - 1, TILE - 1], fill=(*rgb, 255))
        d.rectangle([x0, 0, x0 + TILE - 1, TILE - 1], outline=(*edge, 255), width=2)
        if symbols and colour in SYMBOL:
            ink = tuple(int(c * 0.45) for c in rgb) + (255,)
            _draw_symbol(d, SYMBOL[colour], x0, ink)
    return img


@cache
def atlas(symbols: bool = True) -> Texture:
    """The shared block texture, with or without colour symbols (same layout)."""
    return Texture(atlas_image(symbols))


def tile_uv(colour: Colour) -> tuple[float, float, float, float]:
    """UV rectangle (u0, v0, u1, v1) of a colour's tile, inset against bleeding."""
    i = ORDER.index(colour)
    pad = 1.0 / (TILE * 8)
    return i / 8 + pad, pad, (i + 1) / 8 - pad, 1 - pad
