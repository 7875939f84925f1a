"""Ursina's Text draws with the bundled font, which has every glyph of a Chinese sentence."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from panda3d.core import DynamicTextGlyph

from climbers.io.language import use_language


@pytest.fixture
def chinese() -> Iterator[None]:
    use_language("zh-Hant")
    yield
    use_language("en")


@pytest.mark.usefixtures("chinese")
def test_text_draws_chinese_with_the_bundled_font(app: Any) -> None:
    from ursina import Text, destroy

    from climbers.app.fonts import FONT_FILE
    from climbers.the_climbers.table.panels.rules_text import topics_for

    sentence = topics_for(None)[0].paragraphs[-1] + " Teal · 12 / 240"
    text = Text(sentence)
    try:
        assert Text.default_font.endswith(FONT_FILE.name)
        assert all(isinstance(text.font.getGlyph(ord(ch)), DynamicTextGlyph) for ch in sentence)
        rare = "\u3400"  # outside Big5: no name or game text uses it
        assert not isinstance(text.font.getGlyph(ord(rare)), DynamicTextGlyph)
    finally:
        destroy(text)
