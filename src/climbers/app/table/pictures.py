"""What the games' pictures drawn with Pillow share: a picture as a smoothly filtered texture, an
Ursina colour of 0-255 channels, colours' luminance and contrast (WCAG), and a player's sign: a
disc of the player's colour in a white ring with a dark edge."""

from __future__ import annotations

from PIL import Image, ImageDraw
from ursina import Color, Texture, color

RGB = tuple[int, int, int]


def smooth_texture(image: Image.Image) -> Texture:
    """`image` as a texture filtered bilinearly (no hard pixels when it is scaled)."""
    texture = Texture(image)
    texture.filtering = "bilinear"
    return texture


def rgb_colour(rgb: RGB, alpha: float = 1.0) -> Color:
    """An Ursina colour of 0-255 channels."""
    return color.rgba(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, alpha)


def luminance(rgb: RGB) -> float:
    """Relative luminance of an sRGB colour (WCAG)."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ringed_disc(px: int, fill: RGB, edge: RGB, inset: int) -> Image.Image:
    """A disc of `fill` in a white ring with an `edge` outline on a clear `px`-pixel square; in
    a 128-pixel square the disc lies `inset` pixels in (the ring 9, the outline 2)."""
    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    k = px / 128
    d.ellipse([2 * k, 2 * k, px - 3 * k, px - 3 * k], fill=(*edge, 255))
    d.ellipse([9 * k, 9 * k, px - 10 * k, px - 10 * k], fill=(255, 255, 255, 255))
    d.ellipse([inset * k, inset * k, px - (inset + 1) * k, px - (inset + 1) * k], fill=(*fill, 255))
    return img
