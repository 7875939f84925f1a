"""Clamber in players' words without a window: a capture's caption and the hover beside the
pointer name every stack that leaves the board by its cell, in English and Chinese."""

from __future__ import annotations

import pytest

from climbers.clamber.core import Removed, apply, arranged, parse_turn
from climbers.clamber.table.words import caption
from climbers.io.language import use_language


@pytest.mark.rule("C7")
@pytest.mark.parametrize("language", ["en", "zh-Hant"])
@pytest.mark.parametrize(
    ("stacks", "turn", "gone"),
    [
        ("C2 b2, C3 r1, D3 r1", "C2xC3", ["D3"]),
        ("C2 b2, C3 r1, D3 r1, D4 r1, B1 r3, A1 r2", "C2xC3", ["D3", "D4"]),
    ],
)
def test_the_stacks_that_leave_the_board_are_named_in_the_caption_and_the_hover(
    stacks: str, turn: str, gone: list[str], language: str
) -> None:
    """Issue 32, item 13: not '1 stack of the same subgroup leaves the board', but which."""
    from climbers.clamber.table.play_board import removal_tip

    use_language(language)
    try:
        before = arranged(stacks)
        _after, events = apply(before, parse_turn(turn))
        assert [c for ev in events if isinstance(ev, Removed) for c in ev.cells] == gone
        said = caption(before, parse_turn(turn), events)
        tip = removal_tip("C3", gone)
        for cell in gone:
            assert cell in said, f"{cell} is not named: {said}"
            assert cell in tip, f"{cell} is not named: {tip}"
        assert "1 stack" not in said and "1疊" not in said
    finally:
        use_language("en")
