"""Marks are shapes that stand out on every block colour, and never tint a block."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from ursina import camera, color

from app.drive import frames
from app.settled import frame
from climbers.app.table.pictures import contrast
from climbers.the_climbers.core import Colour, Step
from climbers.the_climbers.table.marks import FAULT, HOVERED, REACH, TARGET, Marks
from rules.conftest import NEUTRAL, TEAL, position, put

pytestmark = pytest.mark.display

TOPS = (Colour.TEAL, Colour.PURPLE, Colour.YELLOW, Colour.RED, Colour.PINK, NEUTRAL)
STYLES = {"reach": REACH[()], "short": REACH[("short",)], "tall": REACH[("tall",)]}
STYLES |= {"both": REACH[("short", "tall")], "hovered": HOVERED, "target": TARGET, "fault": FAULT}
MEASURE = 3.0
"""WCAG contrast a mark must reach against the face it lies on, with its darkest or its
lightest part (the edge is near-black, the band light: one of them always stands out)."""


def colours_in_a_row() -> Any:
    """Six cubes side by side, each showing one of the six top colours."""
    cubes = [f"cube-{i}" for i in range(1, 13)]
    blocks, used = [], set()
    for i, top in enumerate(TOPS):
        name = next(c for c in cubes if c not in used and _shows(c, top))
        used.add(name)
        blocks.append(put(name, (10 + 2 * i, 10, 0), top))
    return position(blocks, at={TEAL: None}, step=Step.MOVE)


def _shows(name: str, top: Colour) -> bool:
    from climbers.the_climbers.core import standard_components

    spec = next(b for b in standard_components().blocks if b.name == name)
    return top in spec.faces.values()


def screen_box(square: tuple[int, int], height: int) -> tuple[slice, slice]:
    """The window pixels of a square's top, shrunk a little."""
    from ursina import Vec3

    from climbers.app.table.camera import screen_pixel

    corners = [
        screen_pixel(Vec3(square[0] + dx, height, square[1] + dz))
        for dx in (0.1, 0.9)
        for dz in (0.1, 0.9)
    ]
    xs = [c[0] for c in corners if c is not None]
    ys = [c[1] for c in corners if c is not None]
    return slice(min(ys), max(ys)), slice(min(xs), max(xs))


def test_marks_stand_out_on_every_block_colour(open_position: Any) -> None:
    screen = open_position(colours_in_a_row())
    screen.rig.pivot.position = (16, 1, 11)
    screen.rig.pivot.rotation = (70, 0, 0)
    screen.rig.distance = 20
    bare = frame(screen.app, 3)
    squares = [(10 + 2 * i, 10) for i in range(len(TOPS))]
    worst: dict[str, float] = {}
    for name, style in STYLES.items():
        marks = Marks(lift=0.03)
        marks.paint(screen.state, squares, style)
        marked = frame(screen.app, 2)
        marks.clear()
        for square, top in zip(squares, TOPS, strict=True):
            rows, cols = screen_box(square, 2)
            face = bare[rows, cols].reshape(-1, 3)
            mark = marked[rows, cols].reshape(-1, 3)
            changed = np.abs(mark - face).max(axis=1) > 40
            assert changed.mean() > 0.1, f"{name} on {top.value}: the mark is drawn"
            ground = tuple(int(v) for v in np.median(face, axis=0))
            shown = mark[changed]
            luma = shown @ np.array([0.2126, 0.7152, 0.0722])
            dark = tuple(int(v) for v in np.median(shown[luma <= np.percentile(luma, 20)], 0))
            light = tuple(int(v) for v in np.median(shown[luma >= np.percentile(luma, 80)], 0))
            best = max(contrast(dark, ground), contrast(light, ground))
            worst[name] = min(worst.get(name, 99.0), best)
            assert best >= MEASURE, f"{name} on {top.value}: contrast {best:.1f}:1"
    assert len(worst) == len(STYLES)


def test_highlights_never_change_a_block_colour(make_play: Any) -> None:
    from app.drive import click

    screen = make_play(first=0)
    click(screen.app, screen.view.pawns[screen.state.actor].position + (0, 0.4, 0))
    assert screen.climb.selected and screen.climb.marks.items
    assert all(e.color == color.white for e in screen.view.blocks.values())
    while screen.state.step is not Step.DISK:
        screen.app.input("space")
    frames(screen.app)
    assert screen.disk.marks.items
    assert all(e.color == color.white for e in screen.view.blocks.values())
    assert camera.ui.enabled


@pytest.mark.parametrize("ladders", [("short",), ("tall",), ("short", "tall")])
def test_a_reach_marks_ladder_badges_are_large_enough_to_read(ladders: tuple[str, ...]) -> None:
    from climbers.the_climbers.table.marks import mark_image

    style = REACH[ladders]
    image = np.asarray(mark_image(style.shape, style.band, style.ladders))
    wood = (image[:, :, 0] == 240) & (image[:, :, 1] == 200) & (image[:, :, 2] == 130)
    ys, xs = np.nonzero(wood)
    assert len(ys), "a ladder is drawn"
    assert ys.max() - ys.min() >= 0.18 * image.shape[0], "a ladder stands a sixth of the mark"
    assert xs.max() - xs.min() >= (0.4 if len(ladders) == 2 else 0.12) * image.shape[1]


def test_a_climber_has_a_dark_rim_of_its_own(app: Any) -> None:
    from ursina import destroy

    from climbers.the_climbers.table.meshes import pawn

    figure = pawn(Colour.TEAL, "T")
    try:
        rim = figure.outline
        assert rim.model is not figure.model and len(figure.model.vertices) > 0
        assert rim.scale_x > 1.1 and rim.color.v < 0.15 < figure.color.v
    finally:
        destroy(figure)
