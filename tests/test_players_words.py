"""Players' words: every refusal names blocks by colour and kind and players by name, and shows
no internal block name, no coordinates and no raw code."""

from __future__ import annotations

import pytest

from climbers.core import Reason
from rules.conftest import check_message, check_words
from rules.refusal_cases import CASES, Case

# ----- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_every_refusal_is_a_sentence_in_players_words(case: Case) -> None:
    exc = case.refusal()
    assert exc.reason is case.reason, exc
    if case.name == "not a position":  # the whole position is at fault, not a square
        check_words(exc.message)
    else:
        check_message(exc)


def test_every_reason_has_a_case() -> None:
    assert {case.reason for case in CASES} == set(Reason)


def test_a_refusal_names_the_block_as_players_see_it() -> None:
    by_name = {case.name: case.refusal() for case in CASES}
    assert by_name["overhang"].message == (  # named as held: teal side up in the pose tried
        "The teal cube would overhang or sit over a hole: every square under it needs support."
    )
    assert by_name["overhang"].squares == ((16, 10), (16, 11))
    assert by_name["another colour"].message == (
        "Teal cannot go there: that top is purple, not neutral or teal."
    )
    assert by_name["one block on it"].message == (
        "The neutral half-cube cannot move: the pink half-cube rests on it."
    )
    assert by_name["two Climbers on it"].message == (
        "The neutral half-cube cannot move: 2 Climbers stand on it."
    )
    assert by_name["ladder needed"].message == "Teal needs the short ladder to get there."
