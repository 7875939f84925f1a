"""K6–K11: the roll, the shields and passing, nobody can use it, jesters, the supply, and the
full tower's flick."""

from __future__ import annotations

import pytest

from climbers.klettermax.core import (
    FLICKS,
    JESTER,
    End,
    Phase,
    Reason,
    Roll,
    Take,
    legal_actions,
)
from climbers.klettermax.core.events import (
    KnightPassed,
    KnightReturned,
    KnightStacked,
    NobodyCanUse,
    Rolled,
    TurnStarted,
)

from .helpers import ALL, B, G, R, W, Y, play, position, refuse, rolling


@pytest.mark.rule("K6")
def test_K6_the_player_to_act_rolls_both_dice_then_the_next_plays() -> None:
    state = rolling(position(towers=((), ())), R, G)
    after, events = play(state, Roll())
    assert events == [
        Rolled(seat=0, faces=(R, G)),
        KnightStacked(seat=0, colour=R),
        KnightStacked(seat=0, colour=G),
        TurnStarted(seat=1),
    ]
    assert after.rolls == state.rolls + 1 and after.turn.seat == 1
    assert after.seats[0].tower == (R, G)
    assert legal_actions(after)[0] == Roll()
    refuse(position(towers=((), ())), End(), Reason.MUST_ROLL)


@pytest.mark.rule("K7")
def test_K7_a_colour_the_roller_has_is_passed_clockwise_to_who_lacks_it() -> None:
    state = rolling(position(towers=((R,), (R,), ()), seat=0), R, JESTER)
    after, events = play(state, Roll())
    assert events[1:3] == [
        KnightPassed(from_seat=0, to_seat=1, colour=R),
        KnightPassed(from_seat=1, to_seat=2, colour=R),
    ]
    assert events[3] == KnightStacked(seat=2, colour=R)
    assert [s.tower for s in after.seats] == [(R,), (R,), (R,)]


@pytest.mark.rule("K7")
def test_K7_the_second_of_a_double_is_passed_and_clockwise_wraps_round() -> None:
    state = rolling(position(towers=((), (), (B,)), seat=2), W, W)
    after, events = play(state, Roll())
    assert events[1:4] == [
        KnightStacked(seat=2, colour=W),
        KnightPassed(from_seat=2, to_seat=0, colour=W),
        KnightStacked(seat=0, colour=W),
    ]
    assert [s.tower for s in after.seats] == [(W,), (), (B, W)]


@pytest.mark.rule("K7")
def test_K7_a_knight_round_the_table_unused_returns_to_the_supply() -> None:
    state = rolling(position(towers=((R,), (R, Y), (R,)), seat=0), R, G)
    after, events = play(state, Roll())
    assert events[1:6] == [
        KnightPassed(from_seat=0, to_seat=1, colour=R),
        KnightPassed(from_seat=1, to_seat=2, colour=R),
        KnightPassed(from_seat=2, to_seat=0, colour=R),
        KnightReturned(seat=0, colour=R),
        KnightStacked(seat=0, colour=G),
    ]
    assert after.supply(R) == state.supply(R) == 1
    assert [s.tower for s in after.seats] == [(R, G), (R, Y), (R,)]


@pytest.mark.rule("K8")
def test_K8_nobody_can_use_it_the_roller_chooses_as_many_colours_it_lacks() -> None:
    state = rolling(position(towers=((R, B), (R, B, Y))), R, B)
    after, events = play(state, Roll())
    assert events[1:] == [NobodyCanUse(seat=0, choices=2)]
    assert after.turn.phase is Phase.CHOOSE and after.turn.seat == 0
    assert legal_actions(after) == (Take(colour=Y), Take(colour=G), Take(colour=W))
    refuse(after, Roll(), Reason.MUST_CHOOSE)
    refuse(after, End(), Reason.MUST_CHOOSE)
    refuse(after, Take(colour=R), Reason.COLOUR_ON_TOWER)
    after, events = play(after, Take(colour=W))
    assert events == [KnightStacked(seat=0, colour=W)]
    refuse(after, Take(colour=W), Reason.COLOUR_ON_TOWER)
    after, events = play(after, Take(colour=Y))
    assert after.seats[0].tower == (R, B, W, Y) and events[-1] == TurnStarted(seat=1)
    refuse(after, Take(colour=G), Reason.NO_CHOICE)


@pytest.mark.rule("K8")
def test_K8_one_knight_when_the_tower_lacks_one_colour_and_not_when_anyone_can_use_it() -> None:
    state = rolling(position(towers=((R, Y, G, B), (R, Y, G, B))), R, R)
    after, events = play(state, Roll())
    assert events[-1] == NobodyCanUse(seat=0, choices=1)
    assert legal_actions(after) == (Take(colour=W),)
    usable = rolling(position(towers=((R, B), (R,))), R, B)
    after, events = play(usable, Roll())
    assert not any(isinstance(e, NobodyCanUse) for e in events)
    assert after.seats[1].tower == (R, B)


@pytest.mark.rule("K9")
def test_K9_one_jester_only_the_other_die_counts() -> None:
    state = rolling(position(towers=((), ())), JESTER, Y)
    after, events = play(state, Roll())
    assert events[1:] == [KnightStacked(seat=0, colour=Y), TurnStarted(seat=1)]
    unusable = rolling(position(towers=((Y,), (Y,))), Y, JESTER)
    after, events = play(unusable, Roll())
    assert events[-1] == NobodyCanUse(seat=0, choices=1)


@pytest.mark.rule("K9")
def test_K9_two_jesters_the_roller_stacks_one_knight_of_their_choice() -> None:
    state = rolling(position(towers=((G,), ())), JESTER, JESTER)
    after, events = play(state, Roll())
    assert events[1:] == [NobodyCanUse(seat=0, choices=1)]
    assert legal_actions(after) == tuple(Take(colour=c) for c in ALL if c is not G)
    after, events = play(after, Take(colour=B))
    assert after.seats[0].tower == (G, B) and after.turn.seat == 1


@pytest.mark.rule("K10")
def test_K10_a_shield_with_no_knight_left_in_the_supply_gives_nothing() -> None:
    state = rolling(position(towers=((R,), (R,), (R,), (R,))), R, B)
    assert state.supply(R) == 0
    after, events = play(state, Roll())
    assert events[1:] == [KnightStacked(seat=0, colour=B), TurnStarted(seat=1)]
    assert after.supply(R) == 0


@pytest.mark.rule("K10")
def test_K10_the_supply_always_has_a_knight_for_a_tower_lacking_its_colour() -> None:
    """With four knights a colour and at most four towers, a colour's supply runs out only
    when every tower holds it: K10 never takes a knight from a player who could use it."""
    for towers in ([(R,), (R,), (R,), ()], [(R,), (R,), ()]):
        state = rolling(position(towers=towers), R, R)
        after, _ = play(state, Roll())
        assert after.seats[-1].tower == (R,)


@pytest.mark.rule("K11")
def test_K11_a_full_tower_flicks_instead_of_rolling() -> None:
    state = position(towers=(ALL, ()))
    assert legal_actions(state) == FLICKS
    refuse(state, Roll(), Reason.MUST_FLICK)
    refuse(state, End(), Reason.MUST_FLICK)
    refuse(position(towers=((R, Y, G, B), ())), FLICKS[0], Reason.TOWER_NOT_FULL)


@pytest.mark.rule("K11")
def test_K11_a_tower_completed_by_a_passed_knight_flicks_at_its_owners_next_turn() -> None:
    state = rolling(position(towers=((W,), (R, Y, G, B), ())), W, JESTER)
    after, events = play(state, Roll())
    assert KnightStacked(seat=1, colour=W) in events and after.seats[1].full
    assert after.turn.seat == 1 and legal_actions(after) == FLICKS


@pytest.mark.rule("K11")
def test_K11_a_tower_completed_by_its_own_roll_flicks_next_turn_not_this_one() -> None:
    state = rolling(position(towers=((R, Y, G, B), ())), W, JESTER)
    after, _ = play(state, Roll())
    assert after.seats[0].full and after.turn.seat == 1
    after, _ = play(rolling(after, JESTER, G), Roll())
    assert after.turn.seat == 0 and legal_actions(after) == FLICKS
