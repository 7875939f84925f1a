"""Drawing every block that stands still as one mesh: a software renderer pays per draw call."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ursina import Entity, Mesh, Vec3, color, destroy

Key = tuple[Any, ...]


class StillBatch(Entity):  # type: ignore[misc]
    """Each frame, blocks whose look and place did not change since the last frame are drawn
    from one merged mesh (their own model is hidden; their collider still answers the mouse).
    A block that moves, is tinted, is lifted or changes pose draws itself until it is still again.
    """

    def __init__(self, blocks: Callable[[], Iterable[Entity]]) -> None:
        super().__init__(name="still-batch")
        self.blocks = blocks
        self.last: dict[int, Key] = {}
        self.merged: dict[int, Key] = {}
        self.parts: list[Entity] = []

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
            getattr(entity, "lifted", False),
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
            if self.last.get(i) == k and k[2] == tuple(color.white) and k[4:] == ((1, 1, 1), False):
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
        for part in self.parts:
            destroy(part)
        self.parts = []
        self.merged = still
        by_texture: dict[int, list[Entity]] = {}
        for i in still:
            by_texture.setdefault(still[i][3], []).append(entities[i])
        for group in by_texture.values():
            verts: list[Any] = []
            tris: list[Any] = []
            uvs: list[Any] = []
            norms: list[Any] = []
            for entity in group:
                mesh = entity.model
                base = len(verts)
                offset = entity.world_position
                verts.extend(Vec3(*v) + offset for v in mesh.vertices)
                tris.extend(tuple(base + j for j in t) for t in mesh.triangles)
                uvs.extend(mesh.uvs)
                norms.extend(mesh.normals)
            mesh = Mesh(vertices=verts, triangles=tris, uvs=uvs, normals=norms)
            self.parts.append(Entity(model=mesh, texture=group[0].texture, name="still-blocks"))
