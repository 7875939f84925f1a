"""The sandbox describes positions a game can hold (R12, R15, R19, R21): what it makes is
accepted by the reader of saved games, and the turn moves on as far as the disks ask."""

from __future__ import annotations

import pytest

from climbers.the_climbers.core import Colour, GameState, IllegalAction, generate_mountain, new_game
from climbers.the_climbers.core.geometry import Square
from climbers.the_climbers.core.sandbox import (
    put_climber,
    set_ladder,
    set_turn,
    spend_disk,
)
from climbers.the_climbers.io import dumps, loads


def board() -> GameState:
    return new_game(generate_mountain(3), ["teal", "red", "pink"], first=0)


def surface(state: GameState, seat: int) -> Square:
    """A free square `seat`'s Climber may stand on (R10)."""
    s = state.structure
    return next(
        sq
        for b, squares in sorted(s.surfaces.items())
        for sq in squares
        if sq not in state.climber_squares
        and s.top_colour(b) in (Colour.NEUTRAL, state.players[seat].colour)
    )


def test_a_disk_used_up_at_turn_1_moves_the_turn_on_to_one_where_it_can_be() -> None:
    """R19: a disk leaves the game when its owner's next turn begins."""
    state = spend_disk(board(), 1, True)
    assert state.players[1].disk == "spent"
    assert state.turn.number == 6, "red's second turn began at turn 5 at the latest"
    assert state.tick >= state.turn.number - 1
    assert loads(dumps(state)) == state


def test_a_climber_put_back_on_the_table_holds_both_ladders() -> None:
    """R12: a ladder is used to climb; a Climber on the table has climbed nothing."""
    state = board()
    state = put_climber(state, 0, surface(state, 0))
    state = set_ladder(state, 0, "tall", False)
    state = put_climber(state, 0, None)
    assert state.players[0].ladders == ("short", "tall")
    with pytest.raises(IllegalAction, match="still on the table but has used a ladder"):
        set_ladder(state, 0, "short", False)


def test_the_level_to_beat_follows_the_active_climber_put_lower() -> None:
    """R21: the start level is never above the active Climber's level."""
    state = board()
    state = set_turn(put_climber(state, 0, surface(state, 0)), 0, 0)
    assert state.turn.start_level == state.level(0) > 0
    state = put_climber(state, 0, None)
    assert state.turn.start_level == 0 and loads(dumps(state)) == state


def test_setting_the_turn_back_to_the_block_step_forgets_the_block_moved_in_it() -> None:
    """R15, R20: no block is moved in this turn before its block step is over."""
    state = board()
    turn = state.turn.model_copy(update={"step": 2, "moved_this_turn": ("half-1",)})
    state = state.model_copy(update={"turn": turn})
    assert set_turn(state, 0, 1).turn.moved_this_turn == ()
    assert set_turn(state, 0, 2).turn.moved_this_turn == ("half-1",)
