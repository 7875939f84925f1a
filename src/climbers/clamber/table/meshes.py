"""Clamber's meshes: a stack of stones turned in one piece (the grooves between its stones are
drawn by the stones' shader, climbers.clamber.table.stone_shader, so the stones can be counted
from the side), the hexagonal board slab, and the table."""

from __future__ import annotations

from functools import cache

from ursina import Mesh

from climbers.app.table.meshes import lathe
from climbers.clamber.table.geometry import (
    BOARD_TOP,
    STONE_HEIGHT,
    STONE_RADIUS,
    hexagon,
    layout,
)
from climbers.clamber.table.textures import board_uv

SIDES = 14
"""Facets round a stone (smooth normals round them off)."""
BEVEL = 0.022
GROOVE = 0.05
"""How far the groove between two stones would cut in (its light is drawn, see the module)."""


def stack_profile(height: int) -> tuple[tuple[float, float], ...]:
    """The outline of `height` stones, (radius, height) from the foot's rim up to the top's
    centre: bevelled at the foot and the top, straight up between."""
    r, b, top = STONE_RADIUS, BEVEL, height * STONE_HEIGHT
    # its foot stands on the board: open
    return ((r - b, 0.0), (r, b), (r, top - b), (r - b, top), (r * 0.6, top), (0.0, top))


@cache
def stack_mesh(height: int) -> Mesh:
    """A stack of `height` stones standing on its origin; the first texture coordinate is 1 on
    the side, where the stones' shader draws the grooves, 0 elsewhere."""
    profile = stack_profile(height)
    turned = lathe(profile, SIDES)
    uvs = [(1.0 if r == STONE_RADIUS else 0.0, 0.0) for r, _ in profile for _ in range(SIDES)]
    return Mesh(
        vertices=turned.vertices, triangles=turned.triangles, normals=turned.normals, uvs=uvs
    )


@cache
def board_mesh(size: int) -> Mesh:
    """The board: a hexagonal slab standing on the table, its top at BOARD_TOP with a chamfered
    edge; the top shows the board's picture, the sides the darker wood round it."""
    lay = layout(size)
    radius = lay.radius
    chamfer = 0.05
    top = hexagon(0.0, 0.0, radius - chamfer, flat=True)
    rim = hexagon(0.0, 0.0, radius, flat=True)
    side_uv = board_uv(size, -radius + 0.02, -radius + 0.02)  # the side wood, in a corner
    verts: list[tuple[float, float, float]] = [(0.0, BOARD_TOP, 0.0)]
    uvs: list[tuple[float, float]] = [board_uv(size, 0.0, 0.0)]
    norms: list[tuple[float, float, float]] = [(0.0, 1.0, 0.0)]
    tris: list[tuple[int, int, int]] = []
    for x, z in top:
        verts.append((x, BOARD_TOP, z))
        uvs.append(board_uv(size, x, z))
        norms.append((0.0, 1.0, 0.0))
    for k in range(6):
        tris.append((0, 1 + k, 1 + (k + 1) % 6))

    def quad(corners: list[tuple[float, float, float]], normal: tuple[float, float, float]) -> None:
        base = len(verts)
        verts.extend(corners)
        uvs.extend([side_uv] * 4)
        norms.extend([normal] * 4)
        tris.extend([(base, base + 2, base + 1), (base, base + 3, base + 2)])

    for k in range(6):
        (ax, az), (bx, bz) = top[k], top[(k + 1) % 6]
        (cx, cz), (dx, dz) = rim[k], rim[(k + 1) % 6]
        mx, mz = (cx + dx) / 2, (cz + dz) / 2
        length = (mx * mx + mz * mz) ** 0.5
        out = (mx / length, 0.0, mz / length)
        tilted = (out[0] * 0.7, 0.7, out[2] * 0.7)
        low = BOARD_TOP - chamfer
        quad([(ax, BOARD_TOP, az), (bx, BOARD_TOP, bz), (dx, low, dz), (cx, low, cz)], tilted)
        quad([(cx, low, cz), (dx, low, dz), (dx, 0.0, dz), (cx, 0.0, cz)], out)
    return Mesh(vertices=verts, triangles=tris, uvs=uvs, normals=norms)


def ground(rects: list[tuple[float, float, float, float]]) -> Mesh:
    """Flat rectangles (x0, z0, x1, z1) on the table."""
    verts: list[tuple[float, float, float]] = []
    tris: list[tuple[int, int, int]] = []
    for x0, z0, x1, z1 in rects:
        base = len(verts)
        verts += [(x0, 0.0, z0), (x1, 0.0, z0), (x1, 0.0, z1), (x0, 0.0, z1)]
        tris += [(base, base + 1, base + 2), (base, base + 2, base + 3)]
    return Mesh(vertices=verts, triangles=tris, normals=[(0, 1, 0)] * len(verts))
