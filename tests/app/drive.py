"""Driving a screen the way a player does: the real pointer warped onto world points, clicks and
keys through the app's own input, and any action of the core carried out through the tools."""

from __future__ import annotations

from typing import Any

from ursina import Vec3, application, held_keys, mouse

from climbers.app.table.camera import screen_pixel
from climbers.the_climbers.core import (
    Action,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    legal_destinations,
)
from climbers.the_climbers.core.geometry import compose, extent
from climbers.the_climbers.table.tools.climb_tool import ALTERNATIVE_KEY
from climbers.the_climbers.table.tools.placement import TURN_KEYS


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def point(app: Any, pos: Any) -> None:
    """Warp the real pointer onto a world position and let hover update."""
    px = screen_pixel(Vec3(pos))
    assert px is not None, f"{pos} is off the window"
    application.base.win.move_pointer(0, *px)
    frames(app, 2)


def put_down(sandbox: Any) -> bool:
    """Let go of the block in the sandbox's hand, as the release does: the tool gives the edit,
    the sandbox submits it. True when the block was built."""
    built = sandbox.drag.drop()
    return built is not None and bool(sandbox.build(built))


def click(app: Any, pos: Any) -> None:
    point(app, pos)
    app.input("left mouse down")
    app.input("left mouse up")
    frames(app, 1)


def keys_to(rot: int, target: int) -> list[str]:
    """The shortest run of R/T/G presses that turns pose `rot` into `target`."""
    paths: dict[int, list[str]] = {rot: []}
    frontier = [rot]
    while target not in paths:
        nxt = []
        for r in frontier:
            for key, turn in TURN_KEYS.items():
                q = compose(turn, r)
                if q not in paths:
                    paths[q] = [*paths[r], key]
                    nxt.append(q)
        frontier = nxt
    return paths[target]


def carry_to(screen: Any, move: MoveBlock) -> None:
    """With the block in hand: turn it with the keys, then aim the ghost at `move`'s place."""
    from climbers.the_climbers.core.geometry import rotation_from

    tool = screen.drag
    for key in keys_to(tool.rot, rotation_from(move.up, move.north)):
        screen.app.input(key, is_raw=True)
    ex, ey, _ = extent(tool.hand.spec.dims, tool.rot)
    tool.place((move.at[0] + (ex - 1) // 2, move.at[1] + (ey - 1) // 2), force=True)


def walk(screen: Any, move: MoveClimber) -> bool:
    """Click the acting Climber, then the square (Shift for the second ladder choice); False
    when the client offers no way to choose these ladders."""
    app, state = screen.app, screen.state
    routes = [r.ladders for r in legal_destinations(state)[move.to]]
    choice = routes.index(move.ladders)
    if choice > 1:
        return False
    click(app, screen.view.pawns[state.actor].position + Vec3(0, 0.4, 0))
    if not screen.climb.selected:
        screen.climb.select()  # the Climber is hidden from this camera
    top = screen.view.square_top(state, move.to)
    if screen_pixel(top) is not None:
        point(app, top)
    held_keys[ALTERNATIVE_KEY] = int(choice == 1)
    try:
        if screen.climb.pointed_square() == move.to:
            app.input("left mouse down")
            app.input("left mouse up")
        else:  # the square is hidden from this camera: the same handler, by name
            screen.act(screen.climb.walk(move.to, alternative=choice == 1))
    finally:
        held_keys[ALTERNATIVE_KEY] = 0
    return True


def perform(screen: Any, action: Action) -> bool:
    """Carry out `action` through the tools and keys; False when the client cannot express it."""
    app = screen.app
    if isinstance(action, Pass):
        app.input("space")
    elif isinstance(action, MoveClimber):
        return walk(screen, action)
    elif isinstance(action, MoveBlock):
        assert screen.drag.begin(action.block)
        carry_to(screen, action)
        app.input("left mouse up")
    elif isinstance(action, PlaceDisk):
        target = screen.view.disk_position(screen.state, action.block)
        if screen_pixel(target) is not None:
            point(app, target)
        if getattr(mouse.hovered_entity, "block", None) == action.block:
            app.input("left mouse down")
        else:
            screen.act(screen.disk.place(action.block))
    return True
