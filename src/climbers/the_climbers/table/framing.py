"""Framing the table: where the camera looks and from how far, for any position."""

from __future__ import annotations

import math
from typing import Any

from climbers.the_climbers.core import GameState

MARKERS_ABOVE = 2.2
"""How far above the highest top a Climber's marker may show (it floats over its head)."""


def mountain_view(state: GameState) -> tuple[Any, float]:
    """The opening camera: a pivot and a distance that fit the whole mountain and the Climbers
    waiting in front of it (a row just south of it, while any are on the table) in the window."""
    from ursina import Vec3, camera, window

    s = state.structure
    squares = [q for b in s.surfaces for q in s.footprint(b)]
    x0, x1 = min(q[0] for q in squares), max(q[0] for q in squares) + 1
    waiting = any(p.at is None for p in state.players)
    y0, y1 = min(q[1] for q in squares) - (3 if waiting else 0), max(q[1] for q in squares) + 1
    top = int(s.height.max())
    reach = top + MARKERS_ABOVE  # the Climbers' markers float over the highest tops
    radius = max(9.0, 0.5 * math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2 + reach**2))
    half_height = math.atan(math.tan(math.radians(camera.fov / 2)) / window.aspect_ratio)
    half_angle = min(half_height, math.radians(camera.fov / 2))
    centre = Vec3((x0 + x1) / 2, top * 0.4, (y0 + y1) / 2)
    return centre, radius / math.sin(half_angle)
