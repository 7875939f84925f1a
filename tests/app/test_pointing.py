"""What the pointer picks, in a real window with the real pointer: the ghost of a carried block
rests on the surface under the pointer (the table at the foot of a tall block, not its top); a
press that hardly moves is a click, which moves nothing; a click beside another Climber picks
the square under the pointer."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from ursina import application

from app import drive
from app.settled import frame
from climbers.app.table import coords
from climbers.app.table.camera import pointer_on_heights, screen_pixel
from climbers.the_climbers.core import Step, free_blocks, legal_destinations
from climbers.the_climbers.core.geometry import extent

pytestmark = pytest.mark.display

TALL = (12, 12)
"""The corner of the tall neutral block standing in the middle of the test table (2×2, 6 high)."""


def settle(screen: Any) -> None:
    screen.view.tweens.finish()
    while screen.rig.glide is not None:
        drive.frames(screen.app, 1)
    drive.frames(screen.app, 2)


def move_to(screen: Any, pixel: tuple[float, float], steps: int = 1) -> None:
    """Move the real pointer to a window pixel in `steps` even steps, a frame after each."""
    win = application.base.win
    start = screen.app.win.getPointer(0)
    x0, y0 = start.getX(), start.getY()
    for k in range(1, steps + 1):
        x = x0 + (pixel[0] - x0) * k / steps
        y = y0 + (pixel[1] - y0) * k / steps
        win.move_pointer(0, int(round(x)), int(round(y)))
        drive.frames(screen.app, 1)
    drive.frames(screen.app, 2)


def press_on(screen: Any, block: str) -> tuple[int, int]:
    """Point at the middle of a block's top and press the button there; the pixel."""
    from ursina import mouse

    pixel = screen_pixel(screen.view.disk_position(screen.state, block))
    assert pixel is not None
    move_to(screen, pixel)
    assert getattr(mouse.hovered_entity, "block", None) == block, "the block shows there"
    screen.app.input("left mouse down")
    drive.frames(screen.app, 1)
    assert screen.drag.dragging
    return pixel


@pytest.fixture
def tall_block(open_position: Any) -> Any:
    """The block step, on a table holding a tall neutral block and a lying half-cube."""
    from rules.conftest import PURPLE, TEAL, position, put

    blocks = [put("neutral-1", (*TALL, 0)), put("half-3", (6, 12, 0))]
    screen = open_position(position(blocks, colours=(TEAL, PURPLE), step=Step.BLOCK))
    settle(screen)
    return screen


def test_the_ghost_rests_on_the_table_where_the_pointer_points_at_the_foot_of_a_tall_block(
    tall_block: Any,
) -> None:
    """The pointer comes down from the tall block's top to a table square at its foot: the ghost
    is on the table there, with that square in its footprint; every side of the block, seen
    from the opening view and from the view turned round the table."""
    screen = tall_block
    tool = screen.drag
    press_on(screen, "half-3")
    ex, ey, _ez = extent(tool.hand.spec.dims, tool.rot)
    x0, y0 = TALL
    foot = [(x, y) for x in range(x0 - 1, x0 + 3) for y in range(y0 - 1, y0 + 3)]
    foot = [sq for sq in foot if not (x0 <= sq[0] < x0 + 2 and y0 <= sq[1] < y0 + 2)]
    top = coords.world(x0 + 1, y0 + 1, 6)
    checked: set[tuple[int, int]] = set()
    wrong = []
    for turn in range(4):
        for square in foot:
            pixel = screen_pixel(coords.square_centre(square, 0))
            hit = pointer_on_heights(tool.lifted_heights, pixel) if pixel is not None else None
            if hit is None or hit.y != 0 or coords.square_of(hit) != square:
                continue  # the tall block hides this square from this side
            above = screen_pixel(top)
            assert above is not None
            move_to(screen, above, steps=3)
            assert tool.at is not None and tool.at[2] == 6, "over its top, the ghost is on it"
            move_to(screen, pixel, steps=6)
            x, y, z = tool.at
            if z != 0 or not (x <= square[0] < x + ex and y <= square[1] < y + ey):
                wrong.append((turn * 90, square, tool.at))
            checked.add(square)
        screen.rig.pivot.rotation_y += 90
        drive.frames(screen.app, 2)
    screen.app.input("escape")
    screen.app.input("left mouse up")
    assert checked == set(foot), "every square at the foot shows from some side"
    assert not wrong, f"the ghost left the table under the pointer: {wrong}"


@pytest.mark.parametrize("nudge", [(2, 0), (0, 2), (-2, 0), (0, -2), (1, 1)])
def test_a_press_nudged_by_two_pixels_and_released_is_a_click_that_moves_nothing(
    make_play: Any, nudge: tuple[int, int]
) -> None:
    """On every free block in sight, standing ones too: press, move the pointer two pixels,
    release. The position stays as it was and the block step is still to be played."""
    from ursina import mouse

    screen = make_play(first=0)
    while screen.state.step is not Step.BLOCK:
        screen.app.input("space")
    settle(screen)
    before = screen.state
    tried = 0
    for name in free_blocks(before):
        pixel = screen_pixel(screen.view.disk_position(before, name))
        if pixel is None:
            continue
        move_to(screen, pixel)
        if getattr(mouse.hovered_entity, "block", None) != name:
            continue  # hidden from this view
        screen.app.input("left mouse down")
        drive.frames(screen.app, 1)
        assert screen.drag.dragging
        move_to(screen, (pixel[0] + nudge[0], pixel[1] + nudge[1]))
        screen.app.input("left mouse up")
        drive.frames(screen.app, 2)
        tried += 1
        assert screen.state is before, f"a nudged click on {name} moved a block"
        assert screen.state.step is Step.BLOCK
        assert not screen.drag.dragging
    assert tried >= 3, "some free blocks show from the opening view"


def test_a_press_dragged_past_the_threshold_still_carries_the_block(tall_block: Any) -> None:
    """Past a few pixels the press is a drag: the ghost follows the pointer to the table."""
    screen = tall_block
    tool = screen.drag
    pixel = press_on(screen, "half-3")
    start = tool.at
    target = screen_pixel(coords.square_centre((4, 9), 0))
    assert target is not None
    move_to(screen, target, steps=5)
    assert tool.at != start and tool.at[2] == 0
    assert math.dist(pixel, target) > 10
    screen.app.input("escape")
    screen.app.input("left mouse up")


@pytest.fixture
def beside_purple(open_position: Any) -> Any:
    """Teal chosen at its move on two lying neutral blocks (a 4×6 floor at level 2), Purple
    standing in the middle of the floor."""
    from rules.conftest import PURPLE, TEAL, position, put

    blocks = [put("neutral-1", (10, 10, 0), "+x", "+z"), put("neutral-2", (12, 10, 0), "+x", "+z")]
    state = position(blocks, at={TEAL: (10, 10), PURPLE: (12, 13)}, colours=(TEAL, PURPLE))
    assert {(x, y) for x in range(10, 14) for y in range(10, 16)} - {(10, 10), (12, 13)} == set(
        legal_destinations(state)
    )
    screen = open_position(state)
    settle(screen)
    return screen


def purple_drawn(screen: Any) -> np.ndarray:
    """Where Purple (figure, marker and shadow) shows in the window: the pixels that change
    when Purple is hidden, widened by two pixels."""
    pawn = screen.view.pawns[1]
    shown = frame(screen.app, 3)
    pawn.enabled = False
    try:
        hidden = frame(screen.app, 3)
    finally:
        pawn.enabled = True
        drive.frames(screen.app, 3)
    mask = np.abs(shown - hidden).max(axis=2) > 8
    grown = mask.copy()
    for dx in (-2, -1, 0, 1, 2):
        for dy in (-2, -1, 0, 1, 2):
            grown |= np.roll(np.roll(mask, dx, axis=1), dy, axis=0)
    return grown


def test_a_click_beside_another_climber_walks_to_the_square_under_the_pointer(
    beside_purple: Any,
) -> None:
    """Clicks all round Purple's marker and figure, where neither is drawn: each walks Teal to
    the square whose top the pointer is on."""
    screen = beside_purple
    state = screen.state
    drawn = purple_drawn(screen)
    marker = screen_pixel(screen.view.pawns[1].marker.world_position)
    feet = screen_pixel(screen.view.pawns[1].position)
    assert marker is not None and feet is not None
    spots = []
    for radius in (22, 28, 36):
        for k in range(24):
            angle = 2 * math.pi * k / 24
            middle = ((marker[0] + feet[0]) / 2, (marker[1] + feet[1]) / 2)
            dx, dy = radius * math.cos(angle), radius * math.sin(angle)
            for cx, cy in (marker, feet, middle):
                spots.append((int(cx + dx), int(cy + dy)))
    routes = legal_destinations(state)
    wrong = []
    tried = 0
    for pixel in dict.fromkeys(spots):
        if drawn[pixel[1], pixel[0]]:
            continue
        hit = pointer_on_heights(state.structure.height, pixel)
        if hit is None or coords.square_of(hit) not in routes:
            continue
        if min(abs(v - round(v)) for v in (hit.x, hit.z)) < 0.1:
            continue  # on the line between two squares (the ray is sampled in steps)
        square = coords.square_of(hit)
        screen.climb.select()
        move_to(screen, pixel)
        screen.app.input("left mouse down")
        screen.app.input("left mouse up")
        screen.view.tweens.finish()
        tried += 1
        if screen.state.players[0].at != square:
            wrong.append((pixel, square, screen.state.players[0].at))
        if screen.state is not state:
            screen.app.input("u", is_raw=True)
            settle(screen)
        assert screen.state == state
    assert tried >= 20, "many squares show round Purple"
    assert not wrong, f"clicks beside Purple walked elsewhere or nowhere: {wrong}"
