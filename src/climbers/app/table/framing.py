"""Framing the table: where the camera looks and from how far, for any position."""

from __future__ import annotations

import math
from typing import Any

from climbers.core import GameState


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
    radius = max(9.0, 0.5 * math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2 + top**2))  # room to build
    half_height = math.atan(math.tan(math.radians(camera.fov / 2)) / window.aspect_ratio)
    half_angle = min(half_height, math.radians(camera.fov / 2))
    centre = Vec3((x0 + x1) / 2, top * 0.4, (y0 + y1) / 2)
    return centre, radius / math.sin(half_angle)


def mountain_centre(state: GameState) -> object:
    """The point the camera orbits: the middle of the mountain, a little above the table."""
    from ursina import Vec3

    s = state.structure
    squares = [q for b in s.surfaces for q in s.footprint(b)]
    xs = [q[0] for q in squares]
    ys = [q[1] for q in squares]
    return Vec3((min(xs) + max(xs) + 1) / 2, 3.0, (min(ys) + max(ys) + 1) / 2)
