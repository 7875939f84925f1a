"""Meshes: blocks (one textured quad per face), pawns, disks, ladders."""

from __future__ import annotations

from panda3d.core import CullFaceAttrib
from ursina import Entity, Mesh, color
from ursina.models.procedural.cylinder import Cylinder

from climbers.app.table.meshes import lathe
from climbers.the_climbers.core import Colour
from climbers.the_climbers.core.components import BlockSpec
from climbers.the_climbers.core.geometry import FaceKey, extent, local_face
from climbers.the_climbers.table.textures import marker, tile_uv, tint

# Ursina face normal, its corners on the unit cube (counter-clockwise seen from outside),
# and the core world direction it faces.
_FACES: tuple[tuple[tuple[int, int, int], list[tuple[float, float, float]], FaceKey], ...] = (
    ((1, 0, 0), [(0.5, -0.5, -0.5), (0.5, -0.5, 0.5), (0.5, 0.5, 0.5), (0.5, 0.5, -0.5)], "+x"),
    (
        (-1, 0, 0),
        [(-0.5, -0.5, 0.5), (-0.5, -0.5, -0.5), (-0.5, 0.5, -0.5), (-0.5, 0.5, 0.5)],
        "-x",
    ),
    ((0, 1, 0), [(-0.5, 0.5, -0.5), (0.5, 0.5, -0.5), (0.5, 0.5, 0.5), (-0.5, 0.5, 0.5)], "+z"),
    (
        (0, -1, 0),
        [(-0.5, -0.5, 0.5), (0.5, -0.5, 0.5), (0.5, -0.5, -0.5), (-0.5, -0.5, -0.5)],
        "-z",
    ),
    ((0, 0, 1), [(0.5, -0.5, 0.5), (-0.5, -0.5, 0.5), (-0.5, 0.5, 0.5), (0.5, 0.5, 0.5)], "+y"),
    (
        (0, 0, -1),
        [(-0.5, -0.5, -0.5), (0.5, -0.5, -0.5), (0.5, 0.5, -0.5), (-0.5, 0.5, -0.5)],
        "-y",
    ),
)
INSET = 0.004
"""Blocks are drawn this much smaller on every side, so touching faces never flicker."""


def block_mesh(spec: BlockSpec, rot: int) -> Mesh:
    """A block in rotation `rot`, min corner at the origin, in Ursina axes: one quad per face."""
    ex, ey, ez = extent(spec.dims, rot)
    size = (ex, ez, ey)
    verts: list[tuple[float, float, float]] = []
    tris: list[tuple[int, int, int]] = []
    uvs: list[tuple[float, float]] = []
    norms: list[tuple[int, int, int]] = []
    for normal, corners, world_dir in _FACES:
        a = next(i for i in range(3) if normal[i])
        # side faces keep their symbol upright; top and bottom faces read from the south
        up = 2 if a == 1 else 1
        across = 3 - a - up
        shape = (size[across], size[up])
        u0, v0, u1, v1 = tile_uv(spec.faces[local_face(rot, world_dir)], shape)
        base = len(verts)
        for corner in corners:
            verts.append(
                tuple(  # type: ignore[arg-type]
                    size[i] - INSET if corner[i] > 0 else INSET for i in range(3)
                )
            )
            # symbols are mirror-symmetric, so only "up" matters
            uvs.append((u1 if corner[across] > 0 else u0, v1 if corner[up] > 0 else v0))
        norms.extend([normal] * 4)
        tris.extend([(base, base + 1, base + 2), (base, base + 2, base + 3)])
    return Mesh(vertices=verts, triangles=tris, uvs=uvs, normals=norms)


CLIMBER_PROFILE: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (0.3, 0.0),
    (0.31, 0.05),
    (0.27, 0.1),
    (0.19, 0.16),
    (0.17, 0.42),
    (0.22, 0.6),
    (0.2, 0.7),
    (0.1, 0.76),
    (0.09, 0.8),
    (0.15, 0.85),
    (0.18, 0.94),
    (0.16, 1.04),
    (0.09, 1.1),
    (0.0, 1.12),
)
"""A Climber's outline, (radius, height) from the foot up: a base, legs and body, shoulders, the
neck and a round head, 1.12 tall (a block unit is 1)."""


MARKER_HEIGHT = 1.6
"""Where a Climber's marker floats, above its head."""
MARKER_SIZE = 0.85


OUTLINE = color.rgb(0.06, 0.06, 0.08)
OUTLINE_SCALE = 1.15
"""A Climber's dark rim, so that it shows on a top of its own colour."""
FOOT_RING = 0.37
"""The radius of the dark ring a Climber stands in (its foot is 0.31 across at most)."""
CULL_NEAR_SIDE = CullFaceAttrib.M_cull_counter_clockwise
"""The rim draws only the far side of its larger copy (the lathe's faces wind clockwise as
seen from outside), so the figure stays in front of it."""


def pawn(colour: Colour, letter: str, **kwargs: object) -> Entity:
    """A Climber: one turned figure in the player's colour with a dark rim, standing on its
    origin, with a marker over its head that is drawn over everything (blocks in the way cannot
    hide it)."""
    figure = Entity(model=lathe(CLIMBER_PROFILE), color=tint(colour), **kwargs)
    figure.outline = Entity(  # the inside of a larger copy: a dark rim round the figure
        parent=figure,
        model=lathe(CLIMBER_PROFILE),
        color=OUTLINE,
        scale=OUTLINE_SCALE,
        y=-0.02,
        unlit=True,
    )
    figure.outline.setAttrib(CullFaceAttrib.make(CULL_NEAR_SIDE), 10)
    figure.ring = Entity(  # the rim round the foot, which the top it stands on would hide
        parent=figure,
        model=Cylinder(32, radius=FOOT_RING, height=0.012),
        color=OUTLINE,
        unlit=True,
    )
    figure.marker = Entity(
        parent=figure,
        model="quad",
        texture=marker(colour, letter),
        y=MARKER_HEIGHT,
        scale=MARKER_SIZE,
        billboard=True,
        unlit=True,
        always_on_top=True,
    )
    return figure


def disk(colour: Colour, **kwargs: object) -> Entity:
    """A blocking disk: a flat cylinder with a dark rim."""
    root = Entity(**kwargs)
    Entity(
        parent=root, model=Cylinder(24, radius=0.42, height=0.08), color=color.rgb(0.12, 0.12, 0.12)
    )
    Entity(parent=root, model=Cylinder(24, radius=0.34, height=0.1), color=tint(colour))
    return root


def ladder(height: float, **kwargs: object) -> Entity:
    """A ladder `height` units tall standing on its origin, rungs along Ursina x."""
    root = Entity(**kwargs)
    wood = color.rgb(0.62, 0.45, 0.26)
    for x in (-0.22, 0.22):
        Entity(parent=root, model="cube", scale=(0.07, height, 0.07), x=x, y=height / 2, color=wood)
    rungs = max(2, int(height * 3))
    for i in range(1, rungs + 1):
        y = i * height / (rungs + 1)
        Entity(parent=root, model="cube", scale=(0.44, 0.04, 0.04), y=y, color=wood)
    return root
