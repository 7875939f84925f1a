"""K1–K5: the castle, the knights, the dice, the tiles, the players and their towers."""

from __future__ import annotations

from collections import Counter

import pytest

from climbers.klettermax.core import (
    COLOURS,
    FACES,
    FLICKS,
    JESTER,
    Flick,
    Phase,
    facing,
    new_state,
    parse_action,
    roll_dice,
    view_for,
)
from climbers.klettermax.core.components import default_spots
from climbers.klettermax.core.dice import SEED_MAX

from .helpers import random_game


@pytest.mark.rule("K1")
def test_K1_nine_chambers_numbered_row_by_row_and_walls() -> None:
    state = new_state(2, 5)
    assert len(state.chambers) == 9
    assert [f.chamber for f in FLICKS if f.rest == "chamber"] == list(range(1, 10))
    assert {f.rest for f in FLICKS} == {"chamber", "wall", "outside"}
    for bad in ("flick chamber 0", "flick chamber 10", "flick pinnacle", "flick chamber"):
        with pytest.raises(ValueError):
            parse_action(bad)
    with pytest.raises(ValueError):
        Flick(rest="wall", chamber=5)


@pytest.mark.rule("K2")
def test_K2_twenty_knights_four_of_each_colour_always() -> None:
    assert [c.value for c in COLOURS] == ["red", "yellow", "green", "blue", "white"]
    log, end = random_game(2, 4)
    for state in [s for s, _ in log] + [end]:
        for colour in COLOURS:
            on_towers = sum(colour in s.tower for s in state.seats)
            assert state.supply(colour) + on_towers == 4


@pytest.mark.rule("K3")
def test_K3_two_dice_of_five_colours_and_a_jester() -> None:
    assert FACES == (*COLOURS, JESTER)
    counts = Counter(face for n in range(3_000) for face in roll_dice(11, n))
    assert set(counts) == set(FACES)
    assert all(850 < counts[f] < 1150 for f in FACES), counts  # 6,000 faces, 1,000 expected
    assert roll_dice(11, 5) == roll_dice(11, 5) and roll_dice(11, 5) != roll_dice(12, 5)


@pytest.mark.rule("K4")
def test_K4_27_tiles_shuffled_three_per_chamber_top_face_up() -> None:
    state = new_state(2, 5)
    assert all(len(stack) == 3 for stack in state.chambers)
    assert Counter(t for stack in state.chambers for t in stack) == {1: 12, 2: 9, 3: 6}
    view = view_for(state, 0)
    assert [c.face_up for c in view.chambers] == [stack[0] for stack in state.chambers]
    assert all(c.face_down == 2 for c in view.chambers)
    deals = {new_state(2, seed).chambers for seed in range(20)}
    assert len(deals) == 20


@pytest.mark.rule("K5")
def test_K5_two_to_four_players_distinct_spots_random_start() -> None:
    for players in (2, 3, 4):
        state = new_state(players, 9)
        spots = [s.spot for s in state.seats]
        assert len(set(spots)) == players and all(1 <= s <= 12 for s in spots)
        starts = {new_state(players, seed).turn.seat for seed in range(40)}
        assert starts == set(range(players))
    assert default_spots(4) == (2, 5, 8, 11) and default_spots(2) == (2, 8)
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            new_state(players, 1)
    for seed in (-1, SEED_MAX + 1):
        with pytest.raises(ValueError, match="seed"):
            new_state(2, seed)
    state = new_state(3, 9)
    assert state.turn.phase is Phase.START and all(not s.tower and not s.tiles for s in state.seats)


@pytest.mark.rule("K5")
def test_K5_spots_face_the_chambers_clockwise_from_the_north_west() -> None:
    assert [facing(s) for s in range(1, 13)] == [1, 2, 3, 3, 6, 9, 9, 8, 7, 7, 4, 1]
