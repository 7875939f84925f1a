"""Marks on the squares of the table, shown by shapes and never by tinting a block: frames
round reachable squares with the ladder a way there needs, rings on disk targets, crossed frames
on squares at fault, dots along a path. Every shape has a dark edge and a light band, so it
stands out on every block colour (see test_marks_stand_out_on_every_block_colour)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache

from PIL import Image, ImageDraw
from ursina import Entity, Mesh, Texture, destroy

from climbers.app.table.lighting import CASTS_SHADOW
from climbers.app.table.pictures import smooth_texture
from climbers.the_climbers.core import GameState

Square = tuple[int, int]
RGB = tuple[int, int, int]
EDGE: RGB = (16, 16, 20)
"""The dark edge of every mark."""
CROSS_RED: RGB = (235, 50, 40)


class Shape(Enum):
    """What a mark looks like."""

    FRAME = "frame"
    RING = "ring"
    CROSS = "cross"
    DOT = "dot"


@dataclass(frozen=True)
class Style:
    """A mark's shape, band colour and (for reach) the ladders a way there needs."""

    shape: Shape
    band: RGB
    ladders: tuple[str, ...] = ()


REACH = {
    (): Style(Shape.FRAME, (250, 250, 245)),
    ("short",): Style(Shape.FRAME, (120, 200, 255), ("short",)),
    ("tall",): Style(Shape.FRAME, (255, 175, 80), ("tall",)),
    ("short", "tall"): Style(Shape.FRAME, (245, 120, 230), ("short", "tall")),
}
"""Reachable squares, by the ladders the cheapest way there spends (the icon says which)."""
HOVERED = Style(Shape.FRAME, (255, 255, 120))
TARGET = Style(Shape.RING, (255, 215, 70))
FAULT = Style(Shape.CROSS, (255, 200, 190))
SETUP = Style(Shape.RING, (255, 150, 40))
STEP = Style(Shape.DOT, (250, 250, 245))
LADDER_STEP = {kind: Style(Shape.DOT, (250, 250, 245), (kind,)) for kind in ("short", "tall")}
"""A step of a path taken with a ladder."""
BEST = Style(Shape.DOT, (255, 255, 120))


@cache
def mark_image(shape: Shape, band: RGB, ladders: tuple[str, ...], size: int = 128) -> Image.Image:
    """The picture of one mark on a square (transparent where the block shows through)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge, light = (*EDGE, 235), (*band, 255)
    if shape is Shape.DOT:
        d.ellipse([38, 38, 90, 90], fill=edge)
        d.ellipse([46, 46, 82, 82], fill=light)
        if ladders:
            ladder_badge(d, 64, 64, tall=ladders[0] == "tall", size=40)
        return img
    if shape is Shape.RING:
        d.ellipse([8, 8, 120, 120], fill=edge)
        d.ellipse([15, 15, 113, 113], fill=light)
        d.ellipse([29, 29, 99, 99], fill=edge)
        d.ellipse([35, 35, 93, 93], fill=(0, 0, 0, 0))
        return img
    d.rectangle([4, 4, 123, 123], fill=edge)
    d.rectangle([10, 10, 117, 117], fill=light)
    d.rectangle([24, 24, 103, 103], fill=edge)
    d.rectangle([29, 29, 98, 98], fill=(0, 0, 0, 0))
    if shape is Shape.CROSS:
        for a, b in (((34, 34), (93, 93)), ((34, 93), (93, 34))):
            d.line([a, b], fill=edge, width=18)
            d.line([a, b], fill=(*CROSS_RED, 255), width=10)
    for i, kind in enumerate(ladders):
        ladder_badge(d, 94 - i * 58, 94, tall=kind == "tall", size=56)
    return img


def ladder_badge(d: ImageDraw.ImageDraw, x: int, y: int, tall: bool, size: int) -> None:
    """A ladder on a dark badge `size` pixels wide centred on (x, y): two rungs for the short
    one, four for the tall."""
    k = size / 36
    left, top_edge = x - size / 2, y - size / 2
    d.rounded_rectangle([left, top_edge, left + size, top_edge + size], 6 * k, fill=(*EDGE, 245))
    wood = (240, 200, 130, 255)
    bottom = top_edge + 32 * k
    top = top_edge + (4 if tall else 16) * k
    for rail in (9, 24):
        d.rectangle([left + rail * k, top, left + (rail + 3) * k, bottom], fill=wood)
    rung = bottom - 4 * k
    while rung > top:
        d.rectangle([left + 9 * k, rung, left + 27 * k, rung + 2 * k], fill=wood)
        rung -= 7 * k


@cache
def mark_texture(style: Style) -> Texture:
    """The mark's picture as a texture, shared by every mark of the style."""
    return smooth_texture(mark_image(style.shape, style.band, style.ladders))


class Marks:
    """A group of marks drawn as one mesh, replaced at once; `items` tells which squares it
    marks (all share one entity per style)."""

    def __init__(self, lift: float = 0.02) -> None:
        self.lift = lift
        self.items: dict[Square, Entity] = {}
        self.parts: list[Entity] = []

    def paint(
        self,
        state: GameState,
        squares: Iterable[Square],
        style: Style,
        size: float = 0.92,
        add: bool = False,
    ) -> None:
        """Mark each square on its top (replacing the old marks unless `add`)."""
        squares = list(squares)
        s = state.structure
        spots = [(x + 0.5, y + 0.5, float(s.height_at((x, y))), size) for x, y in squares]
        self._draw(spots, style, add)
        for sq in squares:
            self.items[sq] = self.parts[-1]

    def paint_blocks(self, state: GameState, blocks: Iterable[str], style: Style) -> None:
        """One mark in the middle of each block's open top, as large as the top allows."""
        s = state.structure
        spots: list[tuple[float, float, float, float]] = []
        for name in blocks:
            b = state.block_index(name)
            squares = s.surfaces[b] or s.footprint(b)
            xs, ys = [q[0] for q in squares], [q[1] for q in squares]
            side = min(max(xs) - min(xs), max(ys) - min(ys)) + 1
            spots.append(
                (sum(xs) / len(xs) + 0.5, sum(ys) / len(ys) + 0.5, float(s.top_z(b)), side)
            )
        self._draw(spots, style, add=False)
        for name in blocks:
            for sq in s.surfaces[state.block_index(name)]:
                self.items[sq] = self.parts[-1]

    def _draw(
        self, spots: list[tuple[float, float, float, float]], style: Style, add: bool
    ) -> None:
        """One mesh of marks, each (x, y, level, size) in table units."""
        if not add:
            self.clear()
        if not spots:
            return
        verts: list[tuple[float, float, float]] = []
        uvs: list[tuple[float, float]] = []
        tris: list[tuple[int, int, int]] = []
        for cx, cz, level, size in spots:
            h, half = level + self.lift, size / 2
            base = len(verts)
            verts += [(cx - half, h, cz - half), (cx + half, h, cz - half)]
            verts += [(cx + half, h, cz + half), (cx - half, h, cz + half)]
            uvs += [(0, 0), (1, 0), (1, 1), (0, 1)]
            tris += [(base, base + 1, base + 2), (base, base + 2, base + 3)]
        part = Entity(
            model=Mesh(vertices=verts, triangles=tris, uvs=uvs),
            texture=mark_texture(style),
            unlit=True,
            name=f"marks:{style.shape.value}",
        )
        part.hide(CASTS_SHADOW)
        self.parts.append(part)

    def clear(self) -> None:
        """Remove every mark."""
        for part in self.parts:
            destroy(part)
        self.parts.clear()
        self.items.clear()
