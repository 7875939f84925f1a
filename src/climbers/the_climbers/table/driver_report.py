"""For scripted drivers (the end-to-end tests): a JSON file, rewritten whenever the game settles
after an action, telling where things are on the screen — the window's origin, the acting
Climber, the squares it may walk to, a block drag that puts a free block in a legal pose, and
the boxes the HUD covers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ursina import Entity, Vec3, application, camera, raycast, scene, window

from climbers.app.table import coords
from climbers.app.table.camera import pointer_on_heights, screen_pixel
from climbers.the_climbers.core import GameState, Step, free_blocks, legal_destinations, legal_poses
from climbers.the_climbers.core.geometry import extent, orientation

REPORT_VARIABLE = "CLIMBERS_REPORT"
"""The path of the report file; no report without it."""


class DriverReport(Entity):  # type: ignore[misc]
    """Watches a play screen (it has .state, .view and .bots) and writes `path`."""

    def __init__(self, screen: Any, path: Path) -> None:
        super().__init__(name="driver-report")
        self.screen = screen
        self.path = path
        self.written = -1

    def update(self) -> None:
        view = self.screen.view
        sun_ready = view.sun is None or view.sun.settled
        tick = self.screen.state.tick
        still = not view.tweens.busy and self.screen.rig.glide is None and sun_ready
        if tick != self.written and still:
            self.written = tick
            data = report(self.screen.state, view)
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps(data))
            tmp.replace(self.path)


def report(state: GameState, view: Any) -> dict[str, Any]:
    """Everything a driver needs to act on the screen as it is now."""
    props = application.base.win.getProperties()
    pawn = view.pawns[state.actor].position
    return {
        "tick": state.tick,
        "origin": [props.getXOrigin(), props.getYOrigin()],
        "step": str(state.step),
        "actor_pixel": screen_pixel(pawn + Vec3(0, 0.45, 0)),
        "squares": {
            f"{sq[0]},{sq[1]}": [screen_pixel(view.square_top(state, sq)), r[0].ladders]
            for sq, r in legal_destinations(state).items()
        },
        "drag": block_drag(state) if state.step is Step.BLOCK else None,
        "hud_boxes": hud_boxes(),
    }


def block_drag(state: GameState) -> dict[str, Any] | None:
    """Where to press on a free block and where to release it so that it lands in a legal pose
    of the same rotation elsewhere (the grab offset kept, as the placement tool carries it)."""
    s = state.structure
    for name in free_blocks(state):
        b = state.block_index(name)
        rot, at = s.poses[b]
        ex, ey, ez = extent(state.components.blocks[b].dims, rot)
        top = coords.world(at[0] + ex / 2, at[1] + ey / 2, at[2] + ez)
        press = screen_pixel(top)
        if press is None or not in_sight(top, f"block:{name}"):
            continue
        heights = s.lifted(b)[0]
        for move in legal_poses(state, name):
            if move.at == tuple(at) or (move.up, move.north) != orientation(rot):
                continue
            # pressed at the middle of its top, it lands centred where the pointer meets the
            # surface: release over the middle of the new footprint, if nothing hides it
            centre = coords.world(move.at[0] + ex / 2, move.at[1] + ey / 2, move.at[2])
            release = screen_pixel(centre)
            hit = pointer_on_heights(heights, release) if release is not None else None
            if hit is not None and (hit - centre).length() < 0.25:
                return {"block": name, "at": list(move.at), "press": press, "release": release}
    return None


def in_sight(point: Vec3, name: str) -> bool:
    """Whether the first thing the camera's ray towards `point` meets is the entity `name`."""
    start = camera.world_position
    hit = raycast(start, (point - start).normalized(), distance=(point - start).length() + 1)
    return bool(hit.hit and hit.entity.name == name)


def hud_boxes() -> list[list[int]]:
    """Pixel boxes (left, top, right, bottom) of everything drawn on the HUD now."""
    w, h = (int(v) for v in window.size)
    boxes = []
    for e in scene.entities:
        if not e.enabled or e.has_disabled_ancestor() or not e.has_ancestor(camera.ui):
            continue
        bounds = e.get_tight_bounds(camera.ui)
        if not bounds or e.model is None and not hasattr(e, "text"):
            continue
        lo, hi = bounds
        xs = [int((x / window.aspect_ratio + 0.5) * w) for x in (lo.x, hi.x)]
        ys = [int((0.5 - y) * h) for y in (lo.y, hi.y)]
        boxes.append([min(xs), min(ys), max(xs), max(ys)])
    return boxes
