"""The small board pictures beside the rules (F1): a Clamber board seen from above, drawn with
Pillow from the same cells, numbers and marks as the table (climbers.clamber.table.textures),
with arrows for captures. A picture holds no words, only cell names and numbers, so it serves
both languages."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from climbers.app.fonts import font_at
from climbers.clamber.core import parse_stacks
from climbers.clamber.table.geometry import CELL_RADIUS, Point, hexagon, layout
from climbers.clamber.table.textures import (
    EDGE,
    SEAT_RGB,
    WOOD,
    badge_image,
    mark_image,
    marked_badge_image,
)

PX = 320
"""Pixels across a picture."""
CELL: tuple[int, int, int] = (176, 126, 76)
LIT: tuple[int, int, int] = (236, 214, 170)
"""A cell the picture points out (a neighbour, a group)."""
ARROW: tuple[int, int, int] = (250, 250, 245)


@dataclass(frozen=True)
class Diagram:
    """What one picture shows on the 3-board.

    `stacks` as 'C3 b2, D3 r1' (cell, b or r, height); `marks` frame numbers or mark empty
    cells ('lower', 'equal', 'chosen'); `gone` are crossed out (they leave the board); `lit`
    cells are drawn light; `names` cells carry their name; `arrows` run from a capturing stack
    to the stack it captures; `ghost` is a stone being placed; `side` draws a stack from the
    side beside the board (its stones' seats, bottom first); `note` is a short sign of digits
    and symbols in the corner."""

    stacks: str = ""
    marks: tuple[tuple[str, str], ...] = ()
    gone: tuple[str, ...] = ()
    lit: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()
    ghost: str | None = None
    side: tuple[int, ...] = ()
    note: str = ""


@cache
def diagram_image(diagram: Diagram, px: int = PX) -> Image.Image:
    """The picture of `diagram` (see Diagram), `px` pixels square."""
    lay = layout(3)
    radius = 2.85  # the cells and a rim, without the names along the edges
    k = px / (2 * radius)

    def at(point: Point) -> tuple[float, float]:
        return (point[0] + radius) * k, (radius - point[1]) * k

    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    outline = [at(p) for p in hexagon(0, 0, 2.62, flat=True)]
    d.polygon(outline, fill=(*WOOD, 255), outline=(*EDGE, 255), width=max(1, px // 160))
    small = font_at(round(0.26 * k))
    stacks = parse_stacks(diagram.stacks)
    marks = dict(diagram.marks)
    for name, centre in lay.centres.items():
        fill = LIT if name in diagram.lit else CELL
        cell = [at(p) for p in hexagon(*centre, CELL_RADIUS - 0.04, flat=False)]
        d.polygon(cell, fill=(*fill, 255), outline=(*EDGE, 255), width=max(1, px // 200))
        if name in diagram.names and name not in stacks:
            d.text(at(centre), name, font=small, fill=(*EDGE, 255), anchor="mm")
    side = round(1.05 * CELL_RADIUS * 2 * k)
    for name, kind in marks.items():
        if name not in stacks:
            _paste(img, mark_image(kind), at(lay.centres[name]), side)
    if diagram.ghost is not None:
        ghost = badge_image(0, None).copy()
        ghost.putalpha(ghost.getchannel("A").point(lambda a: a * 0.8))
        _paste(img, ghost, at(lay.centres[diagram.ghost]), round(side * 0.8))
    for name, (seat, height) in stacks.items():
        centre = at(lay.centres[name])
        if name in marks:
            _paste(img, marked_badge_image(seat, height, marks[name]), centre, round(side * 1.1))
        else:
            _paste(img, badge_image(seat, height), centre, round(side * 0.8))
    for name in diagram.gone:
        _paste(img, mark_image("gone"), at(lay.centres[name]), round(side * 0.9))
    for start, end in diagram.arrows:
        _arrow(d, at(lay.centres[start]), at(lay.centres[end]), k)
    if diagram.side:
        _side_stack(d, diagram.side, px, k)
    if diagram.note:
        face = font_at(round(0.4 * k))
        box = d.textbbox((px * 0.5, px * 0.84), diagram.note, font=face, anchor="mm")
        pad = 0.12 * k
        d.rounded_rectangle(
            [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad], pad, fill=(*EDGE, 230)
        )
        d.text((px * 0.5, px * 0.84), diagram.note, font=face, fill=(*ARROW, 255), anchor="mm")
    return img


def _paste(img: Image.Image, piece: Image.Image, centre: tuple[float, float], side: int) -> None:
    small = piece.resize((side, side), Image.Resampling.LANCZOS)
    img.alpha_composite(small, (round(centre[0] - side / 2), round(centre[1] - side / 2)))


def _arrow(
    d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], k: float
) -> None:
    """An arrow from the stack at `a` to the edge of the one at `b`, white on a dark edge."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    start = (a[0] + ux * 0.2 * k, a[1] + uy * 0.2 * k)
    tip = (b[0] - ux * 0.3 * k, b[1] - uy * 0.3 * k)
    for head, width, fill in ((0.3 * k, 0.13 * k, EDGE), (0.2 * k, 0.06 * k, ARROW)):
        back = (tip[0] - ux * head, tip[1] - uy * head)
        wing = [
            (back[0] - uy * head * 0.6, back[1] + ux * head * 0.6),
            (tip[0] - ux * (0.3 * k - head) * 0.5, tip[1] - uy * (0.3 * k - head) * 0.5),
            (back[0] + uy * head * 0.6, back[1] - ux * head * 0.6),
        ]
        d.line([start, back], fill=(*fill, 255), width=round(width))
        d.polygon(wing, fill=(*fill, 255))


def _side_stack(d: ImageDraw.ImageDraw, seats: tuple[int, ...], px: int, k: float) -> None:
    """A stack seen from the side, low on the picture's right (over cells left empty): one stone
    per seat, bottom first."""
    width, thick = 0.9 * k, 0.3 * k
    x = px * 0.74
    bottom = px * 0.72
    for i, seat in enumerate(seats):
        y = bottom - i * thick
        box = [x - width / 2, y - thick * 0.5, x + width / 2, y + thick * 0.5]
        d.rounded_rectangle(box, thick * 0.35, fill=(*SEAT_RGB[seat], 255), outline=(*EDGE, 255))
