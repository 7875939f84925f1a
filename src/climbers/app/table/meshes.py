"""Meshes any game's pieces are made of: shapes turned about the upright axis."""

from __future__ import annotations

import math

from ursina import Mesh


def lathe(profile: tuple[tuple[float, float], ...], sides: int = 14) -> Mesh:
    """The surface made by turning `profile` ((radius, height) points) about the upright axis,
    with smooth normals."""
    verts: list[tuple[float, float, float]] = []
    norms: list[tuple[float, float, float]] = []
    tris: list[tuple[int, int, int]] = []
    for i, (r, y) in enumerate(profile):
        before = profile[max(i - 1, 0)]
        after = profile[min(i + 1, len(profile) - 1)]
        dr, dy = after[0] - before[0], after[1] - before[1]
        length = math.hypot(dr, dy) or 1.0
        nr, ny = dy / length, -dr / length
        for k in range(sides):
            a = 2 * math.pi * k / sides
            verts.append((r * math.cos(a), y, r * math.sin(a)))
            norms.append((nr * math.cos(a), ny, nr * math.sin(a)))
    for i in range(len(profile) - 1):
        for k in range(sides):
            a, b = i * sides + k, i * sides + (k + 1) % sides
            c, d = a + sides, b + sides
            tris += [(a, b, c), (b, d, c)]
    return Mesh(vertices=verts, triangles=tris, normals=norms)
