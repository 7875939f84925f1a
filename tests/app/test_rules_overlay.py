"""The F1 rules overlay every game shares, drawn in a real window: the lines of a Chinese
paragraph stand apart, in each game's rules."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from ursina import Text, application, camera, destroy, window

from climbers.io.language import use_language

pytestmark = pytest.mark.display


def climbers_topics() -> list[Any]:
    from climbers.the_climbers.table.panels.rules_text import topics_for

    return topics_for(None)


def clamber_topics() -> list[Any]:
    from climbers.clamber.table.rules_text import topics

    return topics()


def klettermax_topics() -> list[Any]:
    from climbers.klettermax.table.rules_text import topics

    return topics()


@pytest.fixture
def overlay(app: Any) -> Iterator[Any]:
    from climbers.app.screens.rules_overlay import RulesOverlay

    made = RulesOverlay()
    yield made
    destroy(made)
    use_language("en")
    app.step()


def line_gaps(picture: np.ndarray, text: Text) -> list[int]:
    """The window rows free of ink between one line of `text` and the next, line by line
    (blank lines between paragraphs left out)."""
    w, h = window.size
    x, y, _z = text.get_position(camera.ui)
    left, top = int(w / 2 + x * h), int(h / 2 - y * h)
    bottom = int(h / 2 - (y - text.height) * h) + 2
    inked = (picture[top:bottom, left : left + int(0.9 * h)] > 150).any(axis=(1, 2))
    runs: list[tuple[int, int]] = []
    for row, ink in enumerate(inked):
        if ink and (not runs or runs[-1][1] != row - 1):
            runs.append((row, row))
        elif ink:
            runs[-1] = (runs[-1][0], row)
    tall = max(b - a + 1 for a, b in runs)
    gaps = [b[0] - a[1] - 1 for a, b in zip(runs, runs[1:], strict=False)]
    return [g for g in gaps if g < tall]


@pytest.mark.parametrize("topics", [climbers_topics, clamber_topics, klettermax_topics])
def test_a_chinese_paragraphs_lines_stand_apart(
    app: Any, overlay: Any, tmp_path: Path, topics: Callable[[], list[Any]]
) -> None:
    """In zh-Hant, every topic of each game's rules leaves between two lines of a paragraph at
    least a fifth of a line's height free of ink (the characters fill their square)."""
    use_language("zh-Hant")
    overlay.show_topics(topics())
    size = window.size[1] * overlay.body.size
    measured = 0
    for topic in overlay.topics:
        overlay.open(topic)
        for _ in range(2):
            app.step()
        application.base.win.saveScreenshot(str(tmp_path / "rules.png"))
        picture = np.asarray(Image.open(tmp_path / "rules.png").convert("RGB"))
        texts = [overlay.body] if overlay.body.text else []
        texts += [f for f in overlay.figures if isinstance(f, Text)]
        gaps = [gap for text in texts for gap in line_gaps(picture, text)]
        assert not gaps or min(gaps) >= size / 5, f"{topic.key}: lines {min(gaps)} pixels apart"
        measured += len(gaps)
    assert measured, "no paragraph of two lines"
