"""Clearing the table between screens, for every game's table."""

from __future__ import annotations

from functools import cache

from ursina import Entity, camera, mouse, scene


def clear_scene() -> None:
    """Take every screen and piece off (eternal entities stay), the camera back to its place."""
    scene.clear()
    camera.parent = scene
    camera.rotation = (0, 0, 0)
    # what the pointer was over is gone; a click that cleared the scene is still being handled
    # by Ursina, which reads the hovered entity again, so it must stay an entity
    mouse.hovered_entity = nothing_hovered()
    mouse.traverse_target = scene  # a block carried when the table went no longer limits it


@cache
def nothing_hovered() -> Entity:
    """A bare entity that stands for 'nothing under the pointer' until the pointer finds
    something (it has no model, no collider and no click)."""
    return Entity(name="nothing-hovered", eternal=True, enabled=False)
