"""Panels drawn with Pillow: each panel is one texture laid out to the pixel, so it costs one
draw call, its text is measured before it is placed, and nothing runs past its edge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont
from ursina import Entity, Texture, camera, time, window

from climbers.app.fonts import font_at
from climbers.app.pacing import stir
from climbers.app.panels.line_breaks import wrap

RGBA = tuple[int, int, int, int]
INK: RGBA = (242, 242, 238, 255)
MUTED: RGBA = (184, 189, 198, 255)
BAD: RGBA = (255, 150, 140, 255)
GOOD: RGBA = (150, 230, 170, 255)
PANEL: RGBA = (18, 20, 26, 224)
"""The HUD's background: white text on it has a contrast of about 16:1."""
REFERENCE_HEIGHT = 720
"""Sizes in this module are pixels of a 720-pixel-high window; other windows scale them."""


def scale() -> float:
    """Pixels of this window per pixel of the reference window."""
    return float(window.size[1]) / REFERENCE_HEIGHT


def font(size: float, k: float | None = None) -> ImageFont.FreeTypeFont:
    """The HUD's font at `size` reference pixels, for this window (or `k` pixels a reference
    pixel)."""
    return font_at(round(size * (scale() if k is None else k)))


@dataclass(frozen=True)
class Line:
    """One line of a text panel."""

    text: str
    size: float = 17
    colour: RGBA = INK


def text_panel(
    lines: Sequence[Line],
    width: float,
    pad: float = 10,
    background: RGBA = PANEL,
    k: float | None = None,
) -> Image.Image:
    """Lines wrapped to `width` reference pixels on a rounded background, sized to fit, for
    this window (or a picture of `k` pixels a reference pixel). The lines as drawn are kept in
    the image's info["lines"]."""
    k = scale() if k is None else k
    inner = width * k - 2 * pad * k
    laid: list[tuple[str, ImageFont.FreeTypeFont, RGBA]] = []
    for line in lines:
        face = font(line.size, k)
        laid += [(part, face, line.colour) for part in wrap(line.text, face, inner)]
    widest = max((face.getlength(t) for t, face, _ in laid), default=0.0)
    height = sum(face.size * 1.3 for _, face, _ in laid)
    image = Image.new(
        "RGBA", (int(widest + 2 * pad * k) + 1, int(height + 2 * pad * k) + 1), (0, 0, 0, 0)
    )
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([0, 0, image.width - 1, image.height - 1], 8 * k, fill=background)
    y = pad * k
    for text, face, colour in laid:
        draw.text((pad * k, y), text, font=face, fill=colour)
        y += face.size * 1.3
    image.info["lines"] = [text for text, _, _ in laid]
    return image


class Canvas(Entity):  # type: ignore[misc]
    """One Pillow image on the HUD, placed by its pixel corner in the window."""

    enabled: bool

    def __init__(self, z: float = 0, **kwargs: object) -> None:
        super().__init__(parent=camera.ui, model="quad", z=z, enabled=False, **kwargs)
        self.image: Image.Image | None = None
        self.box = (0, 0, 0, 0)
        """Left, top, right, bottom in window pixels."""

    def show(self, image: Image.Image, left: float, top: float) -> None:
        """Draw `image` with its top-left corner at window pixel (left, top), kept inside the
        window."""
        w, h = (int(v) for v in window.size)
        left = max(0.0, min(left, w - image.width))
        top = max(0.0, min(top, h - image.height))
        box = (int(left), int(top), int(left) + image.width, int(top) + image.height)
        if image is not self.image or box != self.box or not self.enabled:
            stir()  # the window changes: drawn even when all else is still
        if image is not self.image:
            texture = Texture(image)
            texture.filtering = None
            self.texture = texture
            self.image = image
        self.scale = (image.width / h, image.height / h)
        self.x = ((left + image.width / 2) / w - 0.5) * window.aspect_ratio
        self.y = 0.5 - (top + image.height / 2) / h
        self.box = box
        self.enabled = True

    def clear(self) -> None:
        """Take the panel off the window."""
        if self.enabled:
            stir()
        self.enabled = False
        self.image = None

    @property
    def size(self) -> tuple[int, int]:
        """The panel's width and height in window pixels (0, 0 when hidden)."""
        if self.image is None:
            return 0, 0
        return self.image.size


def at_top_right(canvas: Canvas, image: Image.Image) -> None:
    """Show `image` on `canvas` in the window's top right corner, a margin from its edges."""
    k = scale()
    canvas.show(image, window.size[0] - image.width - 12 * k, 12 * k)


def centred_above_bottom(canvas: Canvas, image: Image.Image, gap: float) -> None:
    """Show `image` on `canvas`, centred, `gap` reference pixels above the window's bottom."""
    w, h = window.size
    canvas.show(image, (w - image.width) / 2, h - gap * scale() - image.height)


class Notice(Canvas):
    """One line over everything at the top of the window for a few seconds: red for a problem,
    green for good news."""

    def __init__(self, seconds: float = 8.0, **kwargs: object) -> None:
        super().__init__(z=-30, name="notice", **kwargs)
        self.seconds = seconds
        self.remaining = 0.0
        self.text = ""

    def show_text(self, text: str, bad: bool = True) -> None:
        """Show `text` for a while."""
        self.text = text
        self.remaining = self.seconds
        image = text_panel([Line(text, 16, BAD if bad else GOOD)], 900)
        w, _ = window.size
        self.show(image, (w - image.width) / 2, 8 * scale())

    def update(self) -> None:
        self.remaining -= time.dt
        if self.remaining <= 0:
            self.clear()
