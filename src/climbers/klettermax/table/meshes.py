"""Burg Klettermax's meshes, all made of boxes as the physics' bodies are: the castle from the
physics' own list of solids (one source of the shapes), a knight as a figure inside the
physics' knight box, a tile, a die."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ursina import Mesh

from climbers.klettermax.physics.castle import KNIGHT_SIZE, castle_boxes
from climbers.klettermax.table.geometry import SCALE, world

Vec = tuple[float, float, float]
WOOD_TILE = 10.0
"""Centimetres of castle per repeat of the wood texture."""
FLOOR_SHADE = (0.78, 0.72, 0.66, 1.0)
WALL_SHADE = (1.0, 1.0, 1.0, 1.0)
PINNACLE_SHADE = (0.92, 0.88, 0.84, 1.0)
FACES: tuple[tuple[Vec, Vec, Vec], ...] = (
    ((1, 0, 0), (0, 0, 1), (0, 1, 0)),
    ((-1, 0, 0), (0, 0, -1), (0, 1, 0)),
    ((0, 1, 0), (1, 0, 0), (0, 0, 1)),
    ((0, -1, 0), (1, 0, 0), (0, 0, -1)),
    ((0, 0, 1), (-1, 0, 0), (0, 1, 0)),
    ((0, 0, -1), (1, 0, 0), (0, 1, 0)),
)
"""Each face of a box: its outward normal and the directions of u and v on it (window axes)."""


class _Builder:
    """Boxes gathered into one mesh: flat normals, texture coordinates by size, a colour each."""

    def __init__(self) -> None:
        self.verts: list[Vec] = []
        self.norms: list[Vec] = []
        self.uvs: list[tuple[float, float]] = []
        self.colours: list[tuple[float, float, float, float]] = []
        self.tris: list[tuple[int, int, int]] = []

    def box(
        self,
        centre: Vec,
        half: Vec,
        shade: tuple[float, float, float, float] = WALL_SHADE,
        uv_unit: float = 1.0,
        skip_bottom: bool = True,
    ) -> None:
        """A box of half-sizes `half` about `centre` (window axes); texture coordinates run one
        repeat per `uv_unit`."""
        for normal, u, v in FACES:
            if skip_bottom and normal == (0, -1, 0):
                continue
            base = len(self.verts)
            c = tuple(centre[i] + normal[i] * half[i] for i in range(3))
            hu = sum(abs(u[i]) * half[i] for i in range(3))
            hv = sum(abs(v[i]) * half[i] for i in range(3))
            for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = tuple(c[i] + u[i] * hu * su + v[i] * hv * sv for i in range(3))
                self.verts.append((p[0], p[1], p[2]))
                self.norms.append(normal)
                self.uvs.append(
                    ((hu * su + centre[0] + centre[2]) / uv_unit, (hv * sv + centre[1]) / uv_unit)
                )
                self.colours.append(shade)
            self.tris += [(base, base + 1, base + 2), (base, base + 2, base + 3)]

    def mesh(self) -> Mesh:
        return Mesh(
            vertices=self.verts,
            triangles=self.tris,
            normals=self.norms,
            uvs=self.uvs,
            colors=self.colours,
        )


@cache
def castle_mesh() -> Mesh:
    """The castle: every box of the physics' castle (floors, walls, pinnacles), in wood."""
    build = _Builder()
    shades = {"floor": FLOOR_SHADE, "wall": WALL_SHADE, "pinnacle": PINNACLE_SHADE}
    for box in castle_boxes():
        centre = world(*box.centre)
        half = (box.half[0] * SCALE, box.half[2] * SCALE, box.half[1] * SCALE)
        build.box(centre, half, shades[box.part], WOOD_TILE * SCALE)
    return build.mesh()


KNIGHT_PARTS: tuple[tuple[Vec, Vec], ...] = (
    ((0.0, 0.15, 0.0), (0.9, 0.15, 0.9)),
    ((0.0, 1.15, 0.0), (0.72, 0.85, 0.72)),
    ((0.0, 2.05, 0.0), (0.85, 0.07, 0.85)),
    ((0.0, 2.55, 0.0), (0.6, 0.45, 0.6)),
    ((0.0, 2.72, 0.62), (0.42, 0.09, 0.04)),
)
"""A knight's figure in cm about its foot (window axes: y up, z forward): a plinth, the body, a
belt of shoulders, the helmet and its visor; it fills the physics' 1.8 × 1.8 × 3 cm box."""


@cache
def knight_mesh(centred: bool = False) -> Mesh:
    """A knight standing on its origin (`centred`: about the middle of its box, as the physics
    poses a flying knight)."""
    build = _Builder()
    lift = -KNIGHT_SIZE[2] / 2 if centred else 0.0
    for (x, y, z), (hx, hy, hz) in KNIGHT_PARTS:
        centre = (x * SCALE, (y + lift) * SCALE, z * SCALE)
        build.box(centre, (hx * SCALE, hy * SCALE, hz * SCALE), skip_bottom=False)
    return build.mesh()


@cache
def slab_mesh(side: float, thick: float) -> Mesh:
    """A flat square slab of `side` by `thick` cm lying on its origin, its top mapped whole to
    the texture (a tile, a tower tile)."""
    build = _Builder()
    half = (side / 2 * SCALE, thick / 2 * SCALE, side / 2 * SCALE)
    build.box((0.0, half[1], 0.0), half, skip_bottom=False)
    mesh = build.mesh()
    top = [i for i, n in enumerate(build.norms) if n == (0, 1, 0)]
    uvs = list(build.uvs)
    for i in range(len(uvs)):
        uvs[i] = (0.02, 0.02)  # the sides take the texture's corner
    for k, i in enumerate(top):
        uvs[i] = ((0, 0), (1, 0), (1, 1), (0, 1))[k]
    mesh.uvs = uvs
    mesh.generate()
    return mesh


def boxes(parts: Iterable[tuple[Vec, Vec]]) -> Mesh:
    """Boxes (centre, half-size, window units) as one mesh."""
    build = _Builder()
    for centre, half in parts:
        build.box(centre, half, skip_bottom=False)
    return build.mesh()
