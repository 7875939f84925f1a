"""Burg Klettermax's captions say a roll as its shields and jesters, and why the roller chooses
knights (K6, K8, K9): two jesters, or nobody can use the shields rolled."""

from __future__ import annotations

import pytest

from climbers.klettermax.core import Roll, new_state
from climbers.klettermax.core.events import NobodyCanUse, Rolled
from climbers.klettermax.table.words import caption, player_name


@pytest.mark.rule("K8")
@pytest.mark.parametrize(
    ("faces", "choices", "said"),
    [
        (("jester", "jester"), 2, "{p} rolls two jesters. Two jesters: {p} chooses 2 knights."),
        (
            ("red", "red"),
            1,
            "{p} rolls two red shields. Nobody can use the shields rolled: {p} chooses one knight.",
        ),
        (
            ("green", "jester"),
            1,
            "{p} rolls a green shield and a jester. Nobody can use the "
            "shields rolled: {p} chooses one knight.",
        ),
        (
            ("yellow", "blue"),
            2,
            "{p} rolls a yellow shield and a blue shield. Nobody can use "
            "the shields rolled: {p} chooses 2 knights.",
        ),
    ],
)
def test_a_roll_says_its_faces_and_why_the_roller_chooses(
    faces: tuple[str, str], choices: int, said: str
) -> None:
    state = new_state(2, 3)
    seat = state.turn.seat
    events = [Rolled(seat=seat, faces=faces), NobodyCanUse(seat=seat, choices=choices)]
    assert caption(state, Roll(), events) == said.format(p=player_name(seat))


@pytest.mark.rule("K6")
def test_enter_before_the_roll_says_a_turn_begins_with_a_roll() -> None:
    from climbers.klettermax.core import End, refusal
    from climbers.klettermax.table.words import refusal_sentence

    state = new_state(2, 3)
    problem = refusal(state, End())
    assert problem is not None
    said = refusal_sentence(problem, state)
    assert said.startswith("A turn begins with a roll") and "not full" not in said
