"""Framing the table: where the camera looks and from how far, for any position."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from climbers.the_climbers.core import GameState

MARKERS_ABOVE = 2.2
"""How far above the highest top a Climber's marker may show (it floats over its head)."""


def mountain_corners(state: GameState) -> list[Any]:
    """The corners of the box round the mountain, from the table to its highest top (Ursina
    positions)."""
    from ursina import Vec3

    s = state.structure
    squares = [q for b in s.surfaces for q in s.footprint(b)]
    xs = min(q[0] for q in squares), max(q[0] for q in squares) + 1
    ys = min(q[1] for q in squares), max(q[1] for q in squares) + 1
    top = int(s.height.max())
    return [Vec3(x, z, y) for x in xs for y in ys for z in (0, top)]


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


SIGHT_STEP = 0.1
"""World units between the points a line of sight is checked at."""
TURNS = (0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180)
"""Headings tried, in degrees from the camera's, to see hidden targets: the nearest first."""


def in_sight(state: GameState, eye: Any, point: Any) -> bool:
    """Whether the mountain leaves the line from `eye` to `point` (Ursina positions) open: no
    square along it is built higher than the line there (the last 0.3 units, the target's own
    square, do not count)."""
    s = state.structure
    span = eye - point
    length = span.length()
    steps = int(length / SIGHT_STEP)
    for i in range(3, steps):
        at = point + span * (i / steps)
        square = (math.floor(at.x), math.floor(at.z))
        if 0 <= square[0] < s.height.shape[0] and 0 <= square[1] < s.height.shape[1]:
            if s.height_at(square) > at.y:
                return False
    return True


def frame_targets(
    rig: Any,
    state: GameState,
    points: list[Any],
    framed: Sequence[Any] = (),
    clear_of: Sequence[tuple[int, int, int, int]] = (),
) -> None:
    """Turn the camera, the least it can, until the mountain hides none of `points`, and ease
    out until they all show in the window (a hint's targets may lie behind the mountain), and
    `framed` too, hidden or not; none of them under the panels whose boxes are `clear_of`."""
    if not points:
        return
    heading = rig.heading
    for turn in TURNS:
        eye = rig.eye_at(heading + turn)
        if all(in_sight(state, eye, p) for p in points):
            break
    else:
        turn = 0
    pivot, distance = rig.view
    now = rig.pivot.rotation_y
    rig.pivot.rotation_y = heading + turn
    needed = max(distance, rig.fitting_distance([*points, *framed], pivot, clear_of=clear_of))
    rig.pivot.rotation_y = now
    if turn or needed > distance + 1e-3:
        rig.ease_to(pivot, needed, heading + turn)
