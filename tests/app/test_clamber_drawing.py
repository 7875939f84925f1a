"""How Clamber's table is drawn cheaply enough with every cell stacked high: a stack is as few
triangles whatever its height, its stones still counted from the side (the grooves are drawn by
the stones' shader), and the stacks, the board and the table are drawn in one pass each, the
stacks first, the table last; and so that it can be read stacked high: no number over another,
no stack under a panel."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from panda3d.core import CullBinAttrib, TransparencyAttrib
from ursina import Vec3, camera

from app.settled import frame, pointer_away
from climbers.app.screens.play_screen import PlayScreen
from climbers.app.table.camera import screen_pixel
from climbers.clamber.core import arranged, board
from climbers.clamber.game.session import ClamberSession
from climbers.clamber.table.geometry import STONE_HEIGHT, STONE_RADIUS
from climbers.clamber.table.meshes import stack_mesh
from climbers.clamber.table.play_board import TABLE_GAME
from climbers.clamber.table.view import GROUND_BIN, STONES_BIN

pytestmark = pytest.mark.display

TALL = 6


@pytest.fixture
def screen(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[PlayScreen[Any, Any]]:
    """Clamber's play screen on the 4-board with a Blue stack of TALL on D4 and a Red one of 2
    on D5, the camera close to D4."""
    from climbers.app.table.scene import clear_scene

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    clear_scene()
    state = arranged(f"D4 b{TALL}, D5 r2", 4)
    made = TABLE_GAME.play(ClamberSession(state), save_path=tmp_path / "game.json")
    made.app = app
    made.bots.enabled = False
    made.view.tweens.speed = 4.0
    pointer_away(app)
    for _ in range(3):
        app.step()
    yield made
    clear_scene()
    app.step()


def test_a_stack_is_as_many_triangles_whatever_its_height() -> None:
    assert len(stack_mesh(8).triangles) == len(stack_mesh(1).triangles) <= 140


def test_the_stones_of_a_tall_stack_can_be_counted_from_its_side(
    screen: PlayScreen[Any, Any],
) -> None:
    """Up the lit side of the stack (its number hidden), the light falls at every groove
    between two stones: one fall fewer than the stones."""
    view, rig = screen.view, screen.rig
    view.stacks["D4"].badge.enabled = False
    foot = view.foot("D4")
    rig.pivot.position = foot + Vec3(0, TALL * STONE_HEIGHT / 2, 0)
    rig.distance = 6
    shot = frame(screen.app, 3)
    towards = Vec3(camera.world_position) - foot
    front = foot + Vec3(towards.x, 0, towards.z).normalized() * STONE_RADIUS  # facing the camera
    low = screen_pixel(front + Vec3(0, 0.04, 0))
    high = screen_pixel(front + Vec3(0, TALL * STONE_HEIGHT - 0.04, 0))
    assert low is not None and high is not None
    column = shot[high[1] : low[1], low[0]].sum(axis=1)[::-1]  # from the foot up
    grooves = len(_falls(column))
    assert grooves == TALL - 1, f"{grooves} grooves seen up a stack of {TALL}: {column}"


def _falls(column: np.ndarray, least: int = 40) -> list[int]:
    """Where the brightness along `column` falls by at least `least` in one run down."""
    found, start = [], 0
    for i in range(1, len(column) + 1):
        if i == len(column) or column[i] >= column[i - 1]:
            if column[start] - column[i - 1] >= least:
                found.append(start)
            start = i
    return found


def test_the_solid_pieces_are_drawn_in_one_pass_the_stacks_first_the_table_last(
    screen: PlayScreen[Any, Any],
) -> None:
    view = screen.view
    view.stacks["D4"].set(0, TALL + 1)  # a new model, as after a capture
    solid = [p.model for p in view.stacks.values()] + [view.board.model, view.table.model]
    for node in solid:
        mode = node.getNetState().getAttrib(TransparencyAttrib).getMode()
        assert mode == TransparencyAttrib.M_none, f"{node} is drawn in two passes"
    stacks = {_bin(p.model) for p in view.stacks.values()}
    assert stacks == {STONES_BIN}, "the stacks are drawn first, the nearest first"
    assert _bin(view.table.model) == GROUND_BIN, "the table is drawn last"


def _bin(node: Any) -> str:
    """The name of the bin `node` is drawn in."""
    return str(node.getNetState().getAttrib(CullBinAttrib).getBinName())


def stacked_high(size: int) -> str:
    """Every cell of the `size`-board stacked, 1 to 8 high, Blue and Red in turn (as in the
    play-test's picture of round four)."""
    cells = board(size).names
    return ", ".join(f"{c} {'br'[i % 2]}{i * 5 % 8 + 1}" for i, c in enumerate(cells))


def number_box(piece: Any) -> tuple[float, float, float, float]:
    """The window pixels the number over a stack covers (its square, corners included)."""
    centre = Vec3(piece.badge.world_position)
    across = camera.right * piece.badge.world_scale_x / 2
    upward = camera.up * piece.badge.world_scale_y / 2
    corners = [screen_pixel(centre + a + b) for a in (across, -across) for b in (upward, -upward)]
    assert all(c is not None for c in corners), f"{piece.cell}'s number is off the window"
    xs, ys = [c[0] for c in corners if c], [c[1] for c in corners if c]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_on_the_4_board_stacked_high_no_number_overlaps_another_nor_a_stack_the_panel(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Issue 32, item 13: every cell stacked 1 to 8 high; in the opening view each number is
    clear of every other and of the panel, a number slid clear of another has a line back to
    its place over its stack, and no stack (its stones from foot to top) stands under the
    panel."""
    from climbers.app.table.scene import clear_scene
    from climbers.io.language import use_language

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    use_language(language)
    clear_scene()
    try:
        made = TABLE_GAME.play(ClamberSession(arranged(stacked_high(4), 4)), save_path=None)
        made.app = app
        made.bots.enabled = False
        pointer_away(app)
        for _ in range(3):
            app.step()
        assert len(made.view.stacks) == 37
        numbers_and_stacks_clear_of_the_panels(made)
        slid = 0
        for cell, piece in made.view.stacks.items():
            home = screen_pixel(made.view.number_home(piece))
            box = number_box(piece)
            assert home is not None
            if overlap((*home, *home), box):
                continue  # the number still covers its place over the stack
            slid += 1
            stalk = piece.stalk
            assert stalk.enabled, f"{cell}'s number, slid away, has no line back to its stack"
            along = camera.up * stalk.world_scale_y / 2
            ends = [screen_pixel(Vec3(stalk.world_position) + a) for a in (along, -along)]
            near, far = sorted((e for e in ends if e), key=lambda e: math.dist(e, home))

            assert math.dist(near, home) <= 2, f"{cell}'s line does not reach its stack"
            assert overlap((far[0] - 2, far[1] - 2, far[0] + 2, far[1] + 2), box), cell
        assert slid, "the stacked board slides some numbers clear of others"
    finally:
        use_language("en")
        clear_scene()
        app.step()


def numbers_and_stacks_clear_of_the_panels(screen: PlayScreen[Any, Any]) -> None:
    """Every number clear of every other and of the panels at the top, and no stack (its stones
    from foot to top) under them."""
    view, panels = screen.view, screen.board.panels()
    boxes = {cell: number_box(piece) for cell, piece in view.stacks.items()}
    for cell, box in boxes.items():
        for panel in panels:
            assert not overlap(box, panel), f"{cell}'s number {box} is under a panel {panel}"
        for other, second in boxes.items():
            if other < cell:
                assert not overlap(box, second), f"{cell}'s number is over {other}'s"
    for cell, piece in view.stacks.items():
        corners = [
            screen_pixel(point + Vec3(dx, 0, dz))
            for point in (view.foot(cell), view.top(cell, piece.height))
            for dx in (-STONE_RADIUS, STONE_RADIUS)
            for dz in (-STONE_RADIUS, STONE_RADIUS)
        ]
        assert all(c is not None for c in corners), f"{cell} is off the window"
        xs, ys = [c[0] for c in corners if c], [c[1] for c in corners if c]
        stack = (min(xs), min(ys), max(xs), max(ys))
        for panel in panels:
            assert not overlap(stack, panel), f"{cell} {stack} is under a panel {panel}"
