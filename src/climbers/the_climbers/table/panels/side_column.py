"""The side of The Climbers' table where a lesson or a puzzle speaks: its panel at the top right
and a column of buttons under it, clear of the mountain in the middle."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Entity, Vec2, camera, window

from climbers.app.panels.widgets import button

PANEL_WIDTH = 400
"""Reference pixels: the panel's width (narrower than the other games' lesson panel: the
mountain stands in the middle of the table)."""
BUTTON_WIDTH = 0.3
ROW = Vec2(0, -0.06)
"""From one button of the column to the next."""


def column_at(top: float) -> Vec2:
    """Where the column's first button stands, `top` window heights above the middle."""
    return Vec2(window.right.x - 0.17, top)


def side_button(text: str, at: Vec2, action: Callable[[], object]) -> Entity:
    """A button of the column, labelled `text` (in the current language), at `at`."""
    return button(camera.ui, text, at.x, at.y, action, BUTTON_WIDTH)
