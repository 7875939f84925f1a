"""Line and frame meshes for marking things on the table without tinting them: outlines of
blocks, frames round squares."""

from __future__ import annotations

from ursina import Mesh

Size = tuple[float, float, float]


def box_edges(size: Size, thickness: float = 3) -> Mesh:
    """The twelve edges of a box from the origin to `size` (Ursina axes), as lines."""
    x, y, z = size
    corners = [(a, b, c) for a in (0, x) for b in (0, y) for c in (0, z)]
    verts = []
    for i, p in enumerate(corners):
        for q in corners[i + 1 :]:
            if sum(p[k] != q[k] for k in range(3)) == 1:
                verts += [p, q]
    pairs = [(i, i + 1) for i in range(0, len(verts), 2)]
    return Mesh(vertices=verts, triangles=pairs, mode="line", thickness=thickness)


def square_frame(inner: float, outer: float) -> Mesh:
    """A flat square ring centred on the origin in the ground plane, `inner` to `outer` wide."""
    a, b = inner / 2, outer / 2
    ring = [(-b, -b), (b, -b), (b, b), (-b, b)]
    hole = [(-a, -a), (a, -a), (a, a), (-a, a)]
    verts = [(x, 0.0, z) for x, z in ring + hole]
    tris = []
    for i in range(4):
        j = (i + 1) % 4
        tris += [(i, 4 + j, j), (i, 4 + i, 4 + j)]
    return Mesh(vertices=verts, triangles=tris)


def corner_posts(width: float, depth: float, thickness: float = 2) -> Mesh:
    """Four upright lines of height 1 at the corners of a `width` × `depth` footprint (Ursina
    x and z) from the origin: scaled in y, they join a carried block to where it would land."""
    verts = [(x, y, z) for x in (0, width) for z in (0, depth) for y in (0.0, 1.0)]
    pairs = [(i, i + 1) for i in range(0, len(verts), 2)]
    return Mesh(vertices=verts, triangles=pairs, mode="line", thickness=thickness)
