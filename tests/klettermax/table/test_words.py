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


@pytest.mark.rule("K7")
def test_a_knight_that_moves_on_says_who_already_has_its_colour() -> None:
    """Issue 32, item 16: one sentence says why, not every hop."""
    from climbers.klettermax.core import Colour
    from climbers.klettermax.core.events import KnightPassed, KnightReturned, KnightStacked

    state = new_state(3, 3)
    seat = state.turn.seat
    after, before = (seat + 1) % 3, (seat + 2) % 3
    p = [player_name(n) for n in range(3)]
    rolled = Rolled(seat=seat, faces=("yellow", "yellow"))
    hops = [
        rolled,
        KnightPassed(from_seat=seat, to_seat=after, colour=Colour.YELLOW),
        KnightPassed(from_seat=after, to_seat=before, colour=Colour.YELLOW),
        KnightStacked(seat=before, colour=Colour.YELLOW),
    ]
    assert caption(state, Roll(), hops) == (
        f"{p[seat]} rolls two yellow shields. {p[seat]} and {p[after]} already have yellow: "
        f"the knight goes on {p[before]}'s tower."
    )
    one = [rolled, *hops[1:2], KnightStacked(seat=after, colour=Colour.YELLOW)]
    assert f"{p[seat]} already has yellow: the knight goes on {p[after]}'s tower." in caption(
        state, Roll(), one
    )
    round_the_table = [
        rolled,
        *hops[1:3],
        KnightPassed(from_seat=before, to_seat=seat, colour=Colour.YELLOW),
        KnightReturned(seat=seat, colour=Colour.YELLOW),
    ]
    said = caption(state, Roll(), round_the_table)
    assert said.endswith("Every tower already has yellow: the knight goes back to the supply.")
    assert "round the table" not in said and "passes on" not in said


@pytest.mark.rule("K13")
def test_f1_opens_at_the_topic_of_the_moment() -> None:
    """Issue 32, item 17: rolling (and choosing), flicking, moving the tile, the end."""
    from climbers.klettermax.core import COLOURS, Phase, Seat, State, Turn
    from climbers.klettermax.core.dice import deal_tiles
    from climbers.klettermax.table.kit import topic_of
    from climbers.klettermax.table.rules_text import topics

    keys = {t.key for t in topics()}

    dealt = deal_tiles(3)

    def at(tower: tuple[object, ...], turn: Turn) -> str | None:
        if turn.phase is Phase.LOOTED:  # the looter holds the tile taken
            seats = (Seat(spot=8, tiles=(dealt[0][-1],)), Seat(spot=2))
            chambers = (dealt[0][:-1], *dealt[1:])
        else:
            seats, chambers = (Seat(spot=8, tower=tower), Seat(spot=2)), dealt
        return topic_of(State(seed=3, seats=seats, chambers=chambers, turn=turn))

    assert at((), Turn(seat=0)) == "roll"
    assert at(COLOURS[:2], Turn(seat=0, phase=Phase.CHOOSE, choices=1)) == "roll"
    assert at(COLOURS, Turn(seat=0)) == "flick"
    assert at((), Turn(seat=0, phase=Phase.LOOTED)) == "move"
    assert {"roll", "flick", "move", "end"} <= keys
