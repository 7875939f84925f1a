"""Text that reads: every colour of text the HUD and the dialogs draw has a contrast of at least
4.5:1 (WCAG AA) against what lies behind it; a see-through panel is judged over a white and a
black scene, the worst of the two."""

from __future__ import annotations

import pytest
from ursina import Color, color

from climbers.app.panels import canvas, hud_frame, widgets
from climbers.app.table.pictures import contrast
from climbers.the_climbers.table.panels import hud

AA = 4.5
RGBA = tuple[int, int, int, int]


def rgba(c: Color | RGBA) -> RGBA:
    if isinstance(c, tuple) and all(isinstance(v, int) for v in c):
        return c  # already 0-255
    return (round(c[0] * 255), round(c[1] * 255), round(c[2] * 255), round(c[3] * 255))


def worst(text: Color | RGBA, ground: Color | RGBA) -> float:
    """The lowest contrast of `text` on `ground` laid over a white or a black scene."""
    t, g = rgba(text), rgba(ground)
    a = g[3] / 255
    return min(
        contrast(t[:3], tuple(round(g[i] * a + scene * (1 - a)) for i in range(3)))  # type: ignore[arg-type]
        for scene in (0, 255)
    )


PAIRS = [
    *((f"panel {n}", getattr(canvas, n), canvas.PANEL) for n in ("INK", "MUTED", "BAD", "GOOD")),
    *((f"acting row {n}", getattr(canvas, n), hud.ACTING) for n in ("INK", "MUTED", "BAD")),
    ("HUD button", color.text_color, hud_frame.SIDE_BUTTON),
    *((f"card {n}", getattr(widgets, n), widgets.CARD) for n in ("INK", "MUTED", "WARN")),
    *((f"backdrop {n}", getattr(widgets, n), widgets.BACKDROP) for n in ("INK", "MUTED", "WARN")),
    ("button", color.text_color, widgets.BUTTON),
    ("accent button", color.text_color, widgets.ACCENT),
    ("text box", widgets.INK, widgets.FIELD),
]


@pytest.mark.parametrize(("where", "text", "ground"), PAIRS, ids=[p[0] for p in PAIRS])
def test_hud_and_dialog_text_has_a_contrast_of_at_least_4_5(
    where: str, text: Color | RGBA, ground: Color | RGBA
) -> None:
    assert worst(text, ground) >= AA, f"{where}: {worst(text, ground):.2f}:1"
