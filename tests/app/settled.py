"""The settled-picture check: once the animations have finished, what the window shows is the
state. The live table is compared with a view built fresh from the same state — every piece by
name, no leftover hand, ghost, ladder or mark — and a frame of each, same camera, lights and
size, HUD hidden, may differ in at most TOLERANCE of the pixels (antialiasing noise only)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image
from ursina import Entity, application, camera, destroy, mouse, scene

from climbers.the_climbers.table.view import BoardView

TOLERANCE = 0.001
"""Share of pixels that may differ (0.1%, 922 of 1280×720). Measured over 120 settled checks the
live and the fresh frames never differed in a single pixel; one block drawn in another colour
changes far more (see test_the_check_catches_a_wrong_picture)."""
CHANNEL = 24
"""A pixel differs when one of its channels differs by more than this (of 255)."""
MAX_FRAMES = 600
DEBUG_DIR = Path(os.environ["SETTLED_DEBUG"]) if os.environ.get("SETTLED_DEBUG") else None
"""Where a failing check leaves both frames (live.png, fresh.png), when set."""


def settle(screen: Any, app: Any) -> None:
    """Step frames until nothing moves (pieces, shadows, the camera) and no bot is about to
    act."""
    for _ in range(MAX_FRAMES):
        bots = getattr(screen, "bots", None)
        acting = bots is not None and bots.enabled and bots.to_act is not None
        sun = screen.view.sun
        gliding = screen.rig.glide is not None
        busy = screen.view.tweens.busy or acting or gliding or (sun is not None and not sun.settled)
        if not busy:
            break
        app.step()
    else:
        raise AssertionError("the table did not settle")


def pieces(view: BoardView) -> dict[str, object]:
    """What the view draws, by piece: blocks by name, Climbers by seat, disks by block."""
    rounded = lambda v: tuple(round(float(c), 3) for c in v)  # noqa: E731
    return {
        "blocks": {
            name: (e.rot, rounded(e.world_position)) for name, e in view.blocks.items() if e.enabled
        },
        "climbers": [rounded(e.world_position) if e.enabled else None for e in view.pawns],
        "disks": {block: rounded(e.world_position) for block, e in view.disks.items()},
        "ladders": len(view.ladders),
        "hand": view.hand is not None,
    }


def shown_on_purpose(screen: Any) -> set[Entity]:
    """Marks the screen shows for the step at hand (disk targets, fault squares, analysis, the
    sandbox's level labels)."""
    groups = [getattr(screen, "faults", None), getattr(screen, "setup_marks", None)]
    if getattr(screen, "tool", None) is getattr(screen, "disk", object()):
        groups.append(screen.disk.marks)
    analysis = getattr(screen, "analysis", None)
    if analysis is not None and analysis.on:
        groups += [analysis.marks, analysis.best_marks]
    cut = getattr(screen, "cut", None)
    labels = set(cut.labels) if cut is not None else set()
    return labels | {e for group in groups if group is not None for e in group.items.values()}


def leftovers(screen: Any) -> list[str]:
    """Drawn 3D things that belong to no piece and to no mark shown on purpose."""
    view = screen.view
    allowed = shown_on_purpose(screen)
    found = []
    for e in scene.entities:
        if e.model is None or not e.enabled or e.has_disabled_ancestor():
            continue
        if e is view.root or e.has_ancestor(view.root) or e.has_ancestor(camera.ui):
            continue
        if e in allowed or any(e.has_ancestor(a) for a in allowed):
            continue
        if e.has_ancestor(camera):
            continue
        found.append(e.name)
    return found


def frame(app: Any, frames: int = 1) -> np.ndarray:
    """The window as drawn after more `frames`, without the HUD (rows top to bottom, RGB)."""
    camera.ui.enabled = False
    try:
        for _ in range(frames):
            app.step()
        shot = application.base.win.getScreenshot()
        rgb = np.frombuffer(bytes(shot.getRamImageAs("RGB")), dtype=np.uint8)
        image = rgb.reshape(shot.getYSize(), shot.getXSize(), 3)[::-1]
        return image.astype(np.int16)
    finally:
        camera.ui.enabled = True


def differing(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels that differ between two frames."""
    return float((np.abs(a - b).max(axis=2) > CHANNEL).mean())


def check_settled(screen: Any, app: Any) -> float:
    """Assert that the settled live table is the state; returns the share of differing pixels."""
    settle(screen, app)
    view = screen.view
    left = leftovers(screen)
    assert not left, f"left on the table: {left}"
    marks = shown_on_purpose(screen)
    for e in marks:
        e.enabled = False
    try:
        live = frame(app)
        fresh = BoardView(view.state, symbols=view.symbols, lights=False, waiting=view.waiting)
        fresh.set_grid(view.grid_lines)
        fresh.set_cut(view.cut)
        view.root.enabled = False
        try:
            assert pieces(fresh) == pieces(view), "the live pieces are not where the state says"
            if view.sun is not None:
                view.sun.redraws = 3  # the shadows of the fresh pieces
            again = frame(app, 2)
        finally:
            view.root.enabled = True
            destroy(fresh.root)
            if view.sun is not None:
                view.sun.redraws = 3
    finally:
        for e in marks:
            e.enabled = True
    share = differing(live, again)
    if share > TOLERANCE and DEBUG_DIR is not None:
        DEBUG_DIR.mkdir(exist_ok=True)
        Image.fromarray(live.astype(np.uint8)).save(DEBUG_DIR / "live.png")
        Image.fromarray(again.astype(np.uint8)).save(DEBUG_DIR / "fresh.png")
    assert share <= TOLERANCE, f"{share:.2%} of the pixels differ from a fresh view of the state"
    return share


def pointer_away(app: Any) -> None:
    """Move the pointer to a corner of the sky (nothing hovered, nothing outlined)."""
    application.base.win.move_pointer(0, 3, 3)
    mouse.hovered_entity = None
    app.step()
