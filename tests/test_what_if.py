"""The core's what-if positions (core.what_if, engine.disk_removed): each changes what it says,
keeps the rest, and keeps the derived values of the fields it leaves alone."""

from __future__ import annotations

import pytest

from climbers.the_climbers.core import Colour, GameState, Placement, Step, legal_placements
from climbers.the_climbers.core.engine import disk_removed
from climbers.the_climbers.core.what_if import turn_start, with_block, with_climber, with_pieces
from climbers.the_climbers.devtools.midgame import midgame
from rules.conftest import NEUTRAL, PURPLE, TEAL, position, put


@pytest.fixture(scope="module")
def state() -> GameState:
    played = midgame(5)
    assert played.disk_blocks and played.climber_squares, "the position needs disks and Climbers"
    return played


def fresh(state: GameState) -> GameState:
    """The same position built anew: it derives everything again. Not validated as a whole: a
    what-if need not be a position a game holds (a disk taken off before its owner's turn, a
    Climber lifted below the level its turn began at)."""
    return GameState.model_construct(**dict(state))


def derived(state: GameState) -> tuple[object, ...]:
    """The derived values, in a form that compares by value."""
    return state.structure.height.tolist(), state.climber_squares, state.disk_blocks


BOARD = [
    put("cube-1", (10, 10, 0), NEUTRAL),
    put("cube-2", (12, 10, 0), "-z"),  # purple top
    put("half-1", (12, 10, 2), NEUTRAL),
]


@pytest.mark.rule("R20")
@pytest.mark.rule("R21")
@pytest.mark.parametrize("step", [Step.DISK, Step.REACTION])
def test_turn_start_is_the_first_step_of_the_active_players_turn(step: Step) -> None:
    later = position(
        BOARD,
        at={TEAL: (12, 10)},
        step=step,
        start_level=0,
        moved_this_turn=("cube-1",),
        moved_last_turn=("half-1",),
        quiet_turns=1,
    )
    start = turn_start(later)
    assert start.step is Step.MOVE and start.actor == 0 and start.turn.reactor == 0
    assert start.turn.moved_this_turn == () and start.turn.start_level == start.level(0) > 0
    kept = {"active", "number", "moved_last_turn", "quiet_turns"}
    assert start.turn.model_dump(include=kept) == later.turn.model_dump(include=kept)
    assert start.blocks is later.blocks and start.players is later.players
    assert start.structure is later.structure
    assert fresh(start) == start


def test_with_pieces_keeps_rules_turn_and_what_is_derived_from_unchanged_fields(
    state: GameState,
) -> None:
    structure = state.structure
    players = state.players[::-1]
    moved = with_pieces(state, state.blocks, players)
    assert moved.players is players and moved.structure is structure  # as cheap as a copy
    assert moved.rules is state.rules and moved.turn is state.turn
    start = midgame(5, actions=0)
    earlier = with_pieces(state, start.blocks, start.players)
    assert derived(earlier) == derived(fresh(earlier)) == derived(start)
    assert earlier.turn is state.turn


def test_with_climber_lifts_a_climber_off_or_puts_it_on_a_square(state: GameState) -> None:
    seat = next(i for i, p in enumerate(state.players) if p.at is not None)
    lifted = with_climber(state, seat, None)
    assert lifted.players[seat].at is None and lifted.level(seat) == 0
    assert lifted.players[seat].ladders == state.players[seat].ladders
    assert lifted.structure is state.structure
    assert derived(lifted) == derived(fresh(lifted))
    s = state.structure
    b = next(b for b, sq in s.surfaces.items() if sq and s.top_colour(b) is Colour.NEUTRAL)
    square = next(q for q in s.surfaces[b] if q not in state.climber_squares)
    put_on = with_climber(lifted, seat, square, ("short", "tall"))
    assert put_on.players[seat].at == square and put_on.players[seat].ladders == ("short", "tall")
    assert put_on.level(seat) == s.height_at(square)
    assert put_on.climber_squares[square] == seat
    others = [p for i, p in enumerate(put_on.players) if i != seat]
    assert others == [p for i, p in enumerate(state.players) if i != seat]


def test_with_block_puts_a_block_there_and_pushes_nobody(state: GameState) -> None:
    s = state.structure
    for row in legal_placements(state):
        b, rot, x, y, z = (int(v) for v in row)
        if not s.check_placement(b, rot, (x, y, z), state.disk_blocks, state.climber_squares):
            break  # a pose that would push no Climber aside: the position stays valid
    placement = Placement.of(state.block_name(b), rot, (x, y, z))
    after = with_block(state, placement)
    assert placement in after.blocks and len(after.blocks) == len(state.blocks)
    assert [p for p in after.blocks if p != placement] == [
        p for p in state.blocks if p.block != placement.block
    ]
    assert after.players is state.players and after.climber_squares is state.climber_squares
    assert after.structure is not s and derived(after) == derived(fresh(after))


@pytest.mark.rule("R19")
def test_R19_disk_removed_takes_only_that_seats_disk_off_for_good(state: GameState) -> None:
    b, seat = next(iter(state.disk_blocks.items()))
    after = disk_removed(state, seat)
    assert after.players[seat].disk == "spent" and after.players[seat].disk_on is None
    assert b not in after.disk_blocks and len(after.disk_blocks) == len(state.disk_blocks) - 1
    assert [p for i, p in enumerate(after.players) if i != seat] == [
        p for i, p in enumerate(state.players) if i != seat
    ]
    assert after.structure is state.structure and fresh(after) == after
    assert disk_removed(after, seat) is after  # none of its disks lies there any more


@pytest.mark.rule("R19")
def test_R19_a_disk_in_hand_stays_in_hand() -> None:
    state = position(BOARD, at={PURPLE: (12, 10)})
    assert disk_removed(state, 0) is state and state.players[0].disk == "in_hand"
