"""`climbers render`: a still picture of a mountain with all five Climbers on it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from climbers.core import PLAYER_COLOURS, GameState, IllegalAction, generate_mountain, new_game
from climbers.core.sandbox import put_climber


def showcase(seed: int) -> GameState:
    """A game on mountain `seed` with each of the five Climbers on the highest square the core
    lets it stand on (R7, R10)."""
    state = new_game(generate_mountain(seed), PLAYER_COLOURS, seed=seed)
    s = state.structure
    squares = sorted(
        (q for b in s.surfaces for q in s.surfaces[b]), key=lambda q: (-s.height_at(q), q)
    )
    for seat in range(len(state.players)):
        for square in squares:
            try:
                state = put_climber(state, seat, square)
                break
            except IllegalAction:
                continue
    return state


def render(seed: int, out: Path, size: tuple[int, int]) -> None:
    """Open a window of `size`, draw the showcase position, write `out` and quit."""
    render_state(showcase(seed), out, size)


def render_state(state: GameState, out: Path, size: tuple[int, int]) -> None:
    """Open a window of `size`, draw `state`, write `out` and quit."""
    from ursina import Entity, application

    from climbers.app import main as boot
    from climbers.app.table.camera import CameraRig
    from climbers.app.table.view import BoardView

    app = boot.start(size=size)
    view = BoardView(state)
    CameraRig(*mountain_view(state))
    frames = {"n": 0}

    class Shooter(Entity):  # type: ignore[misc]
        def update(self) -> None:
            frames["n"] += 1
            if frames["n"] == 3 and view.sun is not None:
                view.sun.update_bounds()
            if frames["n"] == 8:
                out.parent.mkdir(parents=True, exist_ok=True)
                app.screenshot(namePrefix=str(out.resolve()), defaultFilename=False)
            if frames["n"] == 10:
                application.quit()

    Shooter()
    app.run()


def mountain_view(state: GameState) -> tuple[Any, float]:
    """The opening camera: a pivot and a distance that fit the whole mountain and the Climbers
    waiting in front of it (a row just south of it, while any are on the table) in the window."""
    from ursina import Vec3, camera, window

    s = state.structure
    squares = [q for b in s.surfaces for q in s.footprint(b)]
    x0, x1 = min(q[0] for q in squares), max(q[0] for q in squares) + 1
    waiting = any(p.at is None for p in state.players)
    y0, y1 = min(q[1] for q in squares) - (3 if waiting else 0), max(q[1] for q in squares) + 1
    top = int(s.height.max())
    radius = max(9.0, 0.5 * math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2 + top**2))  # room to build
    half_height = math.atan(math.tan(math.radians(camera.fov / 2)) / window.aspect_ratio)
    half_angle = min(half_height, math.radians(camera.fov / 2))
    centre = Vec3((x0 + x1) / 2, top * 0.4, (y0 + y1) / 2)
    return centre, radius / math.sin(half_angle)


def mountain_centre(state: GameState) -> object:
    """The point the camera orbits: the middle of the mountain, a little above the table."""
    from ursina import Vec3

    s = state.structure
    squares = [q for b in s.surfaces for q in s.footprint(b)]
    xs = [q[0] for q in squares]
    ys = [q[1] for q in squares]
    return Vec3((min(xs) + max(xs) + 1) / 2, 3.0, (min(ys) + max(ys) + 1) / 2)
