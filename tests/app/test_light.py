"""Light that keeps colours true: a face in the shade keeps its colour's hue and enough of its
brightness that yellow never reads olive, red maroon or pink mauve."""

from __future__ import annotations

import colorsys
from typing import Any

import numpy as np
import pytest
from ursina import Vec3, color

from app.settled import frame
from climbers.app.table.camera import screen_pixel
from climbers.the_climbers.core import Colour, Step, standard_components
from rules.conftest import NEUTRAL, TEAL, position, put

pytestmark = pytest.mark.display

TOPS = (Colour.TEAL, Colour.PURPLE, Colour.YELLOW, Colour.RED, Colour.PINK, NEUTRAL)
HUE_DEGREES = 15.0
BRIGHTNESS = 0.4


def cubes_showing_each_colour() -> Any:
    names = [b.name for b in standard_components().blocks if b.name.startswith("cube")]
    specs = {b.name: b for b in standard_components().blocks}
    blocks, used = [], set()
    for i, top in enumerate(TOPS):
        name = next(n for n in names if n not in used and top in specs[n].faces.values())
        used.add(name)
        blocks.append(put(name, (9 + 3 * i, 10, 0), top))
    return position(blocks, at={TEAL: None}, step=Step.MOVE)


def hsv_at(image: np.ndarray, point: Vec3) -> tuple[float, float, float]:
    pixel = screen_pixel(point)
    assert pixel is not None
    x, y = pixel
    patch = image[y - 2 : y + 3, x - 2 : x + 3].reshape(-1, 3).mean(axis=0) / 255
    return colorsys.rgb_to_hsv(*patch)


def test_a_face_in_the_shade_keeps_its_hue_and_enough_light(open_position: Any) -> None:
    screen = open_position(cubes_showing_each_colour())
    view = screen.view
    view.set_symbols(False)
    screen.rig.pivot.position = (17, 1, 11)
    screen.rig.pivot.rotation = (55, 0, 0)
    screen.rig.distance = 24
    lit = frame(screen.app, 4)
    sun, colour = view.sun, view.sun.color
    sun.color = color.black  # the sun hidden: every face as it looks in the shade
    try:
        shaded = frame(screen.app, 3)
    finally:
        sun.color = colour
    for i, top in enumerate(TOPS):
        centre = Vec3(9 + 3 * i + 1, 2.0, 11)
        h1, s1, v1 = hsv_at(lit, centre)
        h2, s2, v2 = hsv_at(shaded, centre)
        turn = abs(h1 - h2) * 360
        turn = min(turn, 360 - turn)
        if top is not NEUTRAL:
            assert turn <= HUE_DEGREES, f"{top.value}: the shade turns its hue by {turn:.0f}°"
        assert v2 >= BRIGHTNESS * v1, f"{top.value}: the shade keeps {v2 / v1:.0%} of its light"
