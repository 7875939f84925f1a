"""Flat square markers painted on surfaces: reachable squares, paths, faulty squares, targets."""

from __future__ import annotations

from collections.abc import Iterable

from ursina import Color, Entity, Vec3, color, destroy

from climbers.app.table import coords
from climbers.core import GameState

Square = tuple[int, int]
COST_COLOURS: dict[tuple[str, ...], Color] = {
    (): color.rgba(0.95, 0.98, 0.9, 0.85),
    ("short",): color.rgba(0.35, 0.75, 1.0, 0.85),
    ("tall",): color.rgba(1.0, 0.62, 0.2, 0.85),
    ("short", "tall"): color.rgba(0.95, 0.3, 0.85, 0.85),
}
"""Reachable squares by the ladders the cheapest way there spends."""


class Marks:
    """A named group of square markers that can be replaced at once."""

    def __init__(self, lift: float = 0.02) -> None:
        self.lift = lift
        self.items: dict[Square, Entity] = {}

    def paint(
        self,
        state: GameState,
        squares: Iterable[Square],
        colour: Color,
        size: float = 0.86,
        collider: bool = False,
        heights: dict[Square, float] | None = None,
        add: bool = False,
    ) -> None:
        """Put a marker on each square (replacing the old ones unless `add`)."""
        if not add:
            self.clear()
        for sq in squares:
            h = heights[sq] if heights and sq in heights else state.structure.height_at(sq)
            e = Entity(
                model="quad",
                rotation_x=90,
                scale=size,
                color=colour,
                position=coords.square_centre(sq, h) + Vec3(0, self.lift, 0),
                collider="box" if collider else None,
                unlit=True,
            )
            e.square = sq
            e.hide(0b0001)
            self.items[sq] = e

    def clear(self) -> None:
        """Remove every marker."""
        for e in self.items.values():
            destroy(e)
        self.items.clear()
