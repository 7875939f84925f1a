"""What lies under the pointer on the mountain: the first top, or side of a column, that the ray
from the eye through a window pixel meets, found exactly by walking the squares the ray crosses.
Markers, badges and Climbers are not part of it (the tools ask the pieces about those)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from ursina import Vec3

from climbers.app.table import coords
from climbers.app.table.camera import pointer_ray, pointer_spot

Square = tuple[int, int]


@dataclass(frozen=True)
class Surface:
    """Where the ray under the pointer meets the mountain or the table."""

    point: Vec3
    """On the top it meets, or (on a column's side) on the top of that column, where the ray
    enters the column."""
    square: Square
    """The column whose top or side it meets (off the table when the ray meets the floor
    beyond it)."""
    level: int
    """That column's height (0: the table)."""
    distance: float
    """How far along the ray, from the eye's near plane."""


def spot_pixel() -> tuple[float, float] | None:
    """The window pixel of the pointer as the mouse watcher reads it (`pointer_spot`): the
    pixel whose ray `surface_under(heights)` follows; None outside the window."""
    from ursina import window

    spot = pointer_spot()
    if spot is None:
        return None
    w, h = window.size
    return (spot[0] / window.aspect_ratio + 0.5) * w, (0.5 - spot[1]) * h


def surface_under(heights: np.ndarray, pixel: tuple[float, float] | None = None) -> Surface | None:
    """The surface of the columns of `heights` (levels by table square; 0 is the table) under
    the pointer, or under a window `pixel`; None outside the window or above the horizon."""
    ray = pointer_ray(pixel)  # type: ignore[arg-type]
    if ray is None:
        return None
    a, b = ray
    d = b - a
    length = d.length()
    if length <= 0:
        return None
    d = d / length
    if d.y > -1e-9:
        return None
    top = float(heights.max()) if heights.size else 0.0
    start = max(0.0, (a.y - top) / -d.y)
    end = a.y / -d.y
    if end <= 0:
        return None
    cols, rows = heights.shape
    x, z = a.x + d.x * start, a.z + d.z * start
    cx, cz = math.floor(x), math.floor(z)
    step_x, step_z = (1 if d.x > 0 else -1), (1 if d.z > 0 else -1)
    next_x = _crossing(x, cx, d.x, start)
    next_z = _crossing(z, cz, d.z, start)
    delta_x = abs(1 / d.x) if d.x else math.inf
    delta_z = abs(1 / d.z) if d.z else math.inf
    t = start
    while t < end:
        leave = min(next_x, next_z, end)
        inside = 0 <= cx < cols and 0 <= cz < rows
        level = int(heights[cx, cz]) if inside else 0
        if level > 0:
            if a.y + d.y * t <= level + 1e-9:  # it enters this column through its side
                return _surface(a, d, t, (cx, cz), level)
            if a.y + d.y * leave <= level:  # it comes down onto this column's top
                return _surface(a, d, (a.y - level) / -d.y, (cx, cz), level)
        if next_x < next_z:
            cx, t, next_x = cx + step_x, next_x, next_x + delta_x
        else:
            cz, t, next_z = cz + step_z, next_z, next_z + delta_z
    floor = a + d * end
    return Surface(Vec3(floor.x, 0, floor.z), coords.square_of(floor), 0, end)


def _crossing(p: float, cell: int, direction: float, start: float) -> float:
    """Along the ray, where it leaves `cell` on one axis, having been at `p` at `start`."""
    if direction > 0:
        return start + (cell + 1 - p) / direction
    if direction < 0:
        return start + (p - cell) / -direction
    return math.inf


def _surface(a: Vec3, d: Vec3, t: float, square: Square, level: int) -> Surface:
    point = a + d * t
    return Surface(Vec3(point.x, level, point.z), square, level, t)
