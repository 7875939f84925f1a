"""Clamber's F1 rules in a real window, in both languages: every topic opens, a paragraph with a
picture stands beside it, and the rows of a topic lie one under the other inside the card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from ursina import Text

from climbers.app.screens.rules_overlay import PICTURE
from climbers.clamber.table.rules_text import topics
from climbers.io.language import use_language

pytestmark = pytest.mark.display

CARD_BOTTOM = -0.43


@pytest.fixture
def overlay(app: Any) -> Iterator[Any]:
    from climbers.app.screens.rules_overlay import RulesOverlay

    made = RulesOverlay()
    yield made
    from ursina import destroy

    destroy(made)
    use_language("en")
    app.step()


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_every_topic_lays_its_paragraphs_beside_their_pictures(
    app: Any, overlay: Any, language: str
) -> None:
    use_language(language)
    overlay.show_topics(topics())
    for topic in overlay.topics:
        overlay.open(topic)
        app.step()
        texts = [f for f in overlay.figures if isinstance(f, Text)]
        quads = [f for f in overlay.figures if not isinstance(f, Text)]
        pictured = [p for p in topic.pictures if p is not None]
        assert len(quads) == len(pictured), topic.key
        if not pictured:
            assert overlay.body.text.strip() and not texts
            continue
        assert overlay.body.text == "" and len(texts) == len(topic.paragraphs)
        bottom = 1.0
        for text, quad in zip(texts, quads, strict=False):
            top = text.y
            assert top <= bottom + 1e-6, f"{topic.key}: a row over the one before"
            assert abs(quad.y + PICTURE / 2 - top) < 1e-6, "the picture beside its paragraph"
            assert quad.x + PICTURE / 2 < text.x, "the picture left of the paragraph"
            bottom = top - max(PICTURE, text.height)
        assert bottom > CARD_BOTTOM, f"{topic.key}: the rows run out of the card"
