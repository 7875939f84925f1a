"""K12–K16: where the flicked knight lands, moving the tower tile, falling towers, the
beginners' second flick, and the end."""

from __future__ import annotations

import pytest

from climbers.klettermax.core import (
    FLICKS,
    JESTER,
    RULES,
    End,
    Flick,
    MoveTower,
    Phase,
    Reason,
    Roll,
    State,
    legal_actions,
    parse_action,
    ranking,
    view_for,
)
from climbers.klettermax.core.events import (
    Flicked,
    GameEnded,
    KnightReturned,
    Looted,
    TileTurnedUp,
    TowerMoved,
    TurnStarted,
)

from .helpers import ALL, B, G, R, W, Y, play, position, refuse, rolling

FULL = (R, Y, G, B, W)
"""A full tower, white on top."""


def into(chamber: int) -> Flick:
    return Flick(rest="chamber", chamber=chamber)


@pytest.mark.rule("K12")
def test_K12_a_hit_loots_the_face_up_tile_turns_up_the_next_and_returns_all_five() -> None:
    state = position(towers=(FULL, (R,)), chambers={1: (3, 1, 2)})
    after, events = play(state, into(1))
    assert events[:3] == [
        Flicked(seat=0, colour=W, rest="chamber", chamber=1, hit=True),
        Looted(seat=0, chamber=1, treasures=3),
        TileTurnedUp(chamber=1, treasures=1),
    ]
    assert events[3:] == [KnightReturned(seat=0, colour=c) for c in reversed(FULL)]
    assert after.chambers[0] == (1, 2) and after.seats[0].tiles == (3,)
    assert after.seats[0].tower == () and [after.supply(c) for c in ALL] == [3, 4, 4, 4, 4]
    assert after.turn.phase is Phase.LOOTED and after.turn.seat == 0
    free = (MoveTower(spot=n) for n in range(1, 13) if n not in (2, 8))
    assert legal_actions(after) == (*free, End())


@pytest.mark.rule("K12")
def test_K12_after_a_loot_the_tower_tile_may_move_to_a_free_spot_then_the_turn_ends() -> None:
    state, _ = play(position(towers=(FULL, ())), into(5))
    assert refuse(state, MoveTower(spot=8), Reason.SPOT_TAKEN).params == {"seat": 1}
    refuse(state, MoveTower(spot=2), Reason.SAME_SPOT)
    refuse(state, Roll(), Reason.TURN_PLAYED)
    refuse(state, into(5), Reason.TURN_PLAYED)
    moved, events = play(state, MoveTower(spot=12))
    assert events == [TowerMoved(seat=0, from_spot=2, to_spot=12), TurnStarted(seat=1)]
    assert moved.seats[0].spot == 12 and moved.turn.seat == 1
    stayed, events = play(state, End())
    assert events == [TurnStarted(seat=1)] and stayed.seats[0].spot == 2


@pytest.mark.rule("K12")
def test_K12_the_last_tile_leaves_a_chamber_empty_and_an_empty_chamber_is_a_miss() -> None:
    state = position(towers=(FULL, ()), tiles=((3, 3, 3, 3), (3, 3)), chambers={1: (2,), 2: ()})
    after, events = play(state, into(1))
    assert not any(isinstance(e, TileTurnedUp) for e in events) and after.chambers[0] == ()
    missed, events = play(state, into(2))
    assert events == [
        Flicked(seat=0, colour=W, rest="chamber", chamber=2, hit=False),
        KnightReturned(seat=0, colour=W),
        TurnStarted(seat=1),
    ]
    assert missed.seats[0].tower == FULL[:4] and missed.seats[0].tiles == (3, 3, 3, 3)


@pytest.mark.rule("K12")
@pytest.mark.parametrize("rest", ["wall", "outside"])
def test_K12_a_miss_returns_that_knight_and_the_other_four_stay(rest: str) -> None:
    state = position(towers=(FULL, (G,)))
    after, events = play(state, parse_action(f"flick {rest}"))
    assert events == [
        Flicked(seat=0, colour=W, rest=rest, chamber=None, hit=False),
        KnightReturned(seat=0, colour=W),
        TurnStarted(seat=1),
    ]
    assert after.seats[0].tower == (R, Y, G, B) and after.chambers == state.chambers
    assert after.supply(W) == 4 and not after.seats[0].tiles


@pytest.mark.rule("K13")
def test_K13_an_empty_tower_tile_moves_once_at_the_start_of_its_owners_turn() -> None:
    state = position(towers=((), (R,)))
    free = (MoveTower(spot=n) for n in range(1, 13) if n not in (2, 8))
    assert legal_actions(state) == (Roll(), *free)
    moved, events = play(state, MoveTower(spot=3))
    assert events == [TowerMoved(seat=0, from_spot=2, to_spot=3)]
    assert moved.turn.seat == 0 and moved.turn.moved and legal_actions(moved) == (Roll(),)
    refuse(moved, MoveTower(spot=4), Reason.ALREADY_MOVED)
    after, _ = play(rolling(moved, G, JESTER), Roll())
    assert after.seats[0].spot == 3 and not after.turn.moved


@pytest.mark.rule("K13")
def test_K13_a_tower_tile_with_a_knight_on_it_does_not_move() -> None:
    refuse(position(towers=((R,), ())), MoveTower(spot=4), Reason.TOWER_NOT_EMPTY)
    refuse(position(towers=(FULL, ())), MoveTower(spot=4), Reason.TOWER_NOT_EMPTY)
    again = position(towers=(FULL[:4], ()), phase=Phase.AGAIN, beginners=True)
    assert refuse(again, MoveTower(spot=4), Reason.TOWER_NOT_EMPTY).params == {"knights": 4}
    assert MoveTower(spot=4) in legal_actions(position(towers=((R,), ()), seat=1))


@pytest.mark.rule("K14")
def test_K14_a_fallen_tower_is_stacked_again_so_nothing_changes_in_the_state() -> None:
    """The core holds each tower as its colours bottom to top; a tower that falls is stacked
    again as it was, without penalty: a fall is no action and changes nothing in the state."""
    for text in ("fall", "restack", "fall 1"):
        with pytest.raises(ValueError):
            parse_action(text)
    state = position(towers=(FULL[:3], FULL))
    assert State.model_validate_json(RULES.dump(state)).seats[1].tower == FULL


@pytest.mark.rule("K15")
def test_K15_beginners_flick_a_second_time_after_a_miss() -> None:
    state = position(towers=(FULL, ()), beginners=True)
    again, events = play(state, Flick(rest="outside"))
    assert events == [
        Flicked(seat=0, colour=W, rest="outside", chamber=None, hit=False),
        KnightReturned(seat=0, colour=W),
    ]
    assert again.turn.phase is Phase.AGAIN and again.seats[0].tower == (R, Y, G, B)
    assert legal_actions(again) == (*FLICKS, End())
    refuse(again, Roll(), Reason.TURN_PLAYED)
    hit, events = play(again, into(4))
    assert events[0] == Flicked(seat=0, colour=B, rest="chamber", chamber=4, hit=True)
    assert [e.colour for e in events if isinstance(e, KnightReturned)] == [B, G, Y, R]
    assert hit.turn.phase is Phase.LOOTED
    missed, events = play(again, Flick(rest="wall"))
    assert missed.seats[0].tower == (R, Y, G) and events[-1] == TurnStarted(seat=1)
    declined, events = play(again, End())
    assert declined.seats[0].tower == (R, Y, G, B) and events == [TurnStarted(seat=1)]


@pytest.mark.rule("K15")
def test_K15_without_the_option_or_after_a_hit_there_is_no_second_flick() -> None:
    plain, _ = play(position(towers=(FULL, ())), Flick(rest="wall"))
    assert plain.turn.seat == 1 and plain.turn.phase is Phase.START
    hit, _ = play(position(towers=(FULL, ()), beginners=True), into(9))
    assert hit.turn.phase is Phase.LOOTED
    assert not any(isinstance(a, Flick) for a in legal_actions(hit))
    refuse(position(towers=((R,), ()), beginners=True), End(), Reason.MUST_ROLL)


@pytest.mark.rule("K16")
def test_K16_the_game_ends_at_a_players_fifth_tile_and_the_most_treasures_win() -> None:
    state = position(towers=(FULL, ()), tiles=((1, 1, 1, 1), (3, 3)), chambers={1: (2, 1)})
    over, events = play(state, into(1))
    assert over.over and RULES.is_over(over) and RULES.to_act(over) is None
    assert events[-1] == GameEnded(places=(1, 1), treasures=(6, 6))
    assert legal_actions(over) == () and ranking(over) == (1, 1)
    for action in (Roll(), End(), into(2), MoveTower(spot=5)):
        refuse(over, action, Reason.GAME_OVER)
    assert [s.treasures for s in view_for(over, 1).seats] == [(1, 1, 1, 1, 2), (3, 3)]


@pytest.mark.rule("K16")
def test_K16_places_by_treasures_with_equal_totals_sharing() -> None:
    state = position(towers=((), (), (), ()), tiles=((3, 1), (2, 2), (1,), (3, 2)))
    assert ranking(state) == (2, 2, 4, 1)
