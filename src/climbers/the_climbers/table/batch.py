"""Drawing every block that stands still as one mesh, without the faces other blocks hide:
a software renderer pays for every draw call and every covered pixel it shades."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from panda3d.core import BitMask32
from ursina import Entity, Mesh, Vec3, color, destroy

from climbers.app.table.lighting import CASTS_SHADOW, ONLY_SHADOW

Key = tuple[Any, ...]


class StillBatch(Entity):  # type: ignore[misc]
    """Each frame, blocks whose look and place did not change since the last frame are drawn
    from one merged mesh (their own model is hidden; their collider still answers the mouse).
    A block that moves, is tinted or changes pose draws itself until it is still again.
    """

    def __init__(self, blocks: Callable[[], Iterable[Entity]], **kwargs: object) -> None:
        super().__init__(name="still-batch", **kwargs)
        self.blocks = blocks
        self.last: dict[int, Key] = {}
        self.merged: dict[int, Key] = {}
        self.parts: list[Entity] = []
        self.caster: Entity | None = None

    @staticmethod
    def key(entity: Entity) -> Key | None:
        """What the block looks like now; None when it is not drawn at all."""
        if not entity.enabled or entity.model is None:
            return None
        return (
            id(entity.model),
            tuple(entity.world_position),
            tuple(entity.color),
            id(entity.texture),
            tuple(entity.world_scale),
        )

    def update(self) -> None:
        now: dict[int, Key] = {}
        still: dict[int, Key] = {}
        entities: dict[int, Entity] = {}
        for entity in self.blocks():
            k = self.key(entity)
            if k is None:
                continue
            i = id(entity)
            entities[i] = entity
            now[i] = k
            if self.last.get(i) == k and k[2] == tuple(color.white) and k[4] == (1, 1, 1):
                still[i] = k
        self.last = now
        if still != self.merged:
            self._rebuild(still, entities)
        for i, entity in entities.items():
            if i in self.merged:
                entity.model.hide()
            else:
                entity.model.show()

    def _rebuild(self, still: dict[int, Key], entities: dict[int, Entity]) -> None:
        for part in [*self.parts, self.caster]:
            if part is not None:
                destroy(part)
        self.parts = []
        self.merged = still
        by_texture: dict[int, list[Entity]] = {}
        for i in still:
            by_texture.setdefault(still[i][3], []).append(entities[i])
        solid = {cell for i in still for cell in _cells(*_box(entities[i]))}
        shell: list[Any] = []
        for group in by_texture.values():
            verts: list[Any] = []
            uvs: list[Any] = []
            norms: list[Any] = []
            for entity in group:
                mesh = entity.model
                offset = entity.world_position
                lo, size = _box(entity)
                for f in range(0, len(mesh.vertices), 4):
                    corners = [Vec3(*v) + offset for v in mesh.vertices[f : f + 4]]
                    shell.extend(corners)
                    if _covered(lo, size, mesh.normals[f], solid):
                        continue
                    verts.extend(corners)
                    uvs.extend(mesh.uvs[f : f + 4])
                    norms.extend(mesh.normals[f : f + 4])
            mesh = Mesh(vertices=verts, triangles=_quads(len(verts)), uvs=uvs, normals=norms)
            part = Entity(parent=self, model=mesh, texture=group[0].texture, name="still-blocks")
            part.hide(CASTS_SHADOW)
            self.parts.append(part)
        # every face casts, so no light leaks through the seams between blocks
        self.caster = Entity(parent=self, model=Mesh(vertices=shell, triangles=_quads(len(shell))))
        self.caster.hide(BitMask32(ONLY_SHADOW))


Cell = tuple[int, int, int]


def _quads(n: int) -> list[tuple[int, int, int]]:
    """Two triangles for every four vertices."""
    return [t for b in range(0, n, 4) for t in ((b, b + 1, b + 2), (b, b + 2, b + 3))]


def _box(entity: Entity) -> tuple[Cell, Cell]:
    """A block's low corner and size in whole units (Ursina axes), from its place and mesh."""
    vs = entity.model.vertices
    size = tuple(round(max(v[k] for v in vs) - min(v[k] for v in vs)) for k in range(3))
    lo = tuple(round(c) for c in entity.world_position)
    return lo, size


def _cells(lo: Cell, size: Cell) -> Iterable[Cell]:
    return (
        (lo[0] + i, lo[1] + j, lo[2] + k)
        for i in range(size[0])
        for j in range(size[1])
        for k in range(size[2])
    )


def _covered(lo: Cell, size: Cell, normal: Any, solid: set[Cell]) -> bool:
    """Whether a face is hidden everywhere: the table under it, or still blocks against it."""
    a = next(k for k in range(3) if normal[k])
    if a == 1 and normal[1] < 0 and lo[1] == 0:
        return True
    layer = lo[a] + size[a] if normal[a] > 0 else lo[a] - 1
    low = list(lo)
    low[a] = layer
    extent = list(size)
    extent[a] = 1
    return all(c in solid for c in _cells(tuple(low), tuple(extent)))  # type: ignore[arg-type]
