"""Burg Klettermax's colours and pictures: the knights' and players' colours, the castle's
wood, the treasure tiles' faces, the dice's faces and the marks of the tower spots, drawn with
Pillow once each."""

from __future__ import annotations

import math
import random
from functools import cache

from PIL import Image, ImageDraw, ImageFilter
from ursina import Color, Texture

from climbers.app.fonts import font_at
from climbers.app.table.pictures import RGB, rgb_colour, smooth_texture
from climbers.klettermax.core.components import Colour

KNIGHT_RGB: dict[Colour, RGB] = {
    Colour.RED: (200, 48, 40),
    Colour.YELLOW: (236, 190, 40),
    Colour.GREEN: (52, 150, 64),
    Colour.BLUE: (40, 92, 190),
    Colour.WHITE: (236, 232, 222),
}
SEAT_RGB: tuple[RGB, ...] = ((128, 76, 168), (232, 128, 36), (24, 150, 150), (222, 104, 160))
"""The players' tower tiles by seat: purple, orange, teal, pink (none a knight's colour)."""
WOOD: RGB = (190, 146, 98)
FAULT: RGB = (220, 40, 40)


def knight_colour(colour: Colour) -> Color:
    return rgb_colour(KNIGHT_RGB[colour])


def seat_colour(seat: int, alpha: float = 1.0) -> Color:
    return rgb_colour(SEAT_RGB[seat], alpha)


@cache
def wood() -> Texture:
    """Light wood with a fine grain along u, tiling in both directions (the castle's boxes map
    it by their size, one tile to 10 cm)."""
    size = 256
    rng = random.Random(11)
    img = Image.new("RGBA", (size, size), (*WOOD, 255))
    d = ImageDraw.Draw(img)
    for _ in range(70):
        y = rng.randint(0, size)
        phase, amp = rng.uniform(0, 6.3), rng.uniform(0.5, 3.0)
        dark = rng.randint(10, 28)
        points = [(x, y + amp * math.sin(x / 29 + phase)) for x in range(0, size + 8, 8)]
        fill = (WOOD[0] - dark, WOOD[1] - dark, WOOD[2] - dark, 255)
        d.line(points, fill=fill, width=1)
    return smooth_texture(img.filter(ImageFilter.GaussianBlur(0.7)))


TILE_PX = 128


def treasure_image(treasures: int | None) -> Image.Image:
    """A treasure tile's top: parchment with 1-3 gold coins and their number; None: the back,
    plain wood with a crest."""
    img = Image.new("RGBA", (TILE_PX, TILE_PX), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if treasures is None:
        d.rounded_rectangle([2, 2, TILE_PX - 3, TILE_PX - 3], 12, fill=(120, 84, 52, 255))
        d.rounded_rectangle(
            [14, 14, TILE_PX - 15, TILE_PX - 15], 8, outline=(170, 128, 80), width=5
        )
        return img
    d.rounded_rectangle([2, 2, TILE_PX - 3, TILE_PX - 3], 12, fill=(236, 222, 186, 255))
    d.rounded_rectangle([2, 2, TILE_PX - 3, TILE_PX - 3], 12, outline=(150, 110, 60), width=5)
    places = {1: [(64, 52)], 2: [(40, 52), (88, 52)], 3: [(30, 52), (64, 52), (98, 52)]}
    for x, y in places[treasures]:
        d.ellipse(
            [x - 16, y - 16, x + 16, y + 16], fill=(238, 184, 30), outline=(150, 100, 10), width=3
        )
        d.ellipse([x - 8, y - 8, x + 8, y + 8], outline=(190, 140, 20), width=2)
    face = font_at(44)
    d.text((64, 100), str(treasures), font=face, fill=(90, 60, 20), anchor="mm")
    return img


@cache
def treasure_texture(treasures: int | None) -> Texture:
    return smooth_texture(treasure_image(treasures))


DIE_PX = 96


def die_face_image(face: str) -> Image.Image:
    """One face of a die: a shield of a knight's colour on ivory, or the jester's cap."""
    img = Image.new("RGBA", (DIE_PX, DIE_PX), (242, 236, 220, 255))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, DIE_PX - 1, DIE_PX - 1], outline=(200, 190, 170), width=4)
    if face == "jester":
        cap = [(18, 70), (26, 26), (40, 56), (48, 16), (56, 56), (70, 26), (78, 70)]
        d.polygon(cap, fill=(128, 60, 160), outline=(70, 30, 90))
        for x, y in ((26, 26), (48, 16), (70, 26)):
            d.ellipse([x - 6, y - 6, x + 6, y + 6], fill=(238, 184, 30))
        d.rectangle([18, 70, 78, 80], fill=(70, 30, 90))
        return img
    rgb = KNIGHT_RGB[Colour(face)]
    shield = [(20, 18), (76, 18), (76, 48), (48, 82), (20, 48)]
    d.polygon(shield, fill=(*rgb, 255), outline=(60, 50, 40))
    d.line(shield + [shield[0]], fill=(60, 50, 40), width=3)
    return img


@cache
def die_face_texture(face: str) -> Texture:
    return smooth_texture(die_face_image(face))


@cache
def spot_texture(number: int) -> Texture:
    """A free tower spot: a dashed square and its number, light on the cloth."""
    px = 128
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    ink = (235, 240, 230, 170)
    for k in range(0, px - 8, 16):
        for a, b in (((k, 4), (k + 8, 4)), ((k, px - 5), (k + 8, px - 5))):
            d.line([a, b], fill=ink, width=4)
        for a, b in (((4, k), (4, k + 8)), ((px - 5, k), (px - 5, k + 8))):
            d.line([a, b], fill=ink, width=4)
    d.text((px / 2, px / 2), str(number), font=font_at(52), fill=ink, anchor="mm")
    return smooth_texture(img)


@cache
def mark_texture(kind: str) -> Texture:
    """A mark on the table: 'fault' a red frame (a place a refusal names), 'free' a green one (a
    spot a carried tower tile may go to), 'choose' a gold ring (a colour to choose)."""
    px = 128
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rgb = {"fault": FAULT, "free": (90, 210, 110), "choose": (250, 206, 60)}[kind]
    if kind == "choose":
        d.ellipse([6, 6, px - 7, px - 7], outline=(*rgb, 255), width=12)
    else:
        d.rounded_rectangle([6, 6, px - 7, px - 7], 14, outline=(*rgb, 255), width=12)
        d.rounded_rectangle([18, 18, px - 19, px - 19], 8, fill=(*rgb, 60))
    return smooth_texture(img)
