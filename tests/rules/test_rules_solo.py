"""The solo rules of puzzles (core.solo): R13 off, the others pass, R22 off, R19 as in play."""

from __future__ import annotations

import pytest

from climbers.the_climbers.core import GameState, PlaceDisk, Rules, Step
from climbers.the_climbers.core.events import DiskRemoved, Passed, TurnStarted
from climbers.the_climbers.core.solo import clear_quiet_turns, pass_others, solo_rules
from rules.conftest import NEUTRAL, PURPLE, TEAL, YELLOW, pass_step, play, position, put

BOARD = [
    put("cube-1", (10, 10, 0), NEUTRAL),
    put("cube-2", (12, 10, 0), NEUTRAL),
    put("cube-3", (10, 12, 0), NEUTRAL),
]
"""Three neutral cubes: teal and purple stand on the first, yellow on the second."""
SQUARES = {TEAL: (10, 10), PURPLE: (11, 11), YELLOW: (12, 10)}


def solo(step: Step = Step.MOVE, **turn: object) -> GameState:
    """Teal's solo turn at `step`, purple and yellow standing by."""
    return position(
        BOARD, at=SQUARES, colours=(TEAL, PURPLE, YELLOW), rules=solo_rules(), step=step, **turn
    )


@pytest.mark.rule("R13")
def test_R13_solo_rules_are_the_2018_turn_without_reaction_moves_or_variants() -> None:
    rules = solo_rules()
    assert not rules.has_reactions
    assert rules.turn_steps() == (Step.MOVE, Step.BLOCK, Step.MOVE, Step.DISK)
    assert rules == Rules(reactions=False)
    assert solo_rules(40) == Rules(reactions=False, table_size=40)


@pytest.mark.rule("R13")
def test_R13_the_others_pass_every_step_and_nobody_reacts() -> None:
    state = pass_step(solo(Step.DISK))
    assert state.turn.active == 1 and state.step is Step.MOVE  # no reaction step
    after, events = pass_others(state, 0)
    assert after.actor == 0 and after.step is Step.MOVE and after.turn.number == 4
    assert after.blocks == state.blocks and after.climber_squares == state.climber_squares
    steps = (Step.MOVE, Step.BLOCK, Step.MOVE, Step.DISK)
    assert events == [
        *(Passed(player=PURPLE, step=s) for s in steps),
        TurnStarted(player=YELLOW, number=3),
        *(Passed(player=YELLOW, step=s) for s in steps),
        TurnStarted(player=TEAL, number=4),
    ]


def test_passing_others_from_the_players_own_turn_changes_nothing() -> None:
    state = solo()
    assert pass_others(state, 0) == (state, [])


@pytest.mark.rule("R22")
def test_R22_solo_play_never_ends_by_quiet_turns() -> None:
    state = solo()
    for _ in range(6):  # three players: R22 would end after three quiet turns
        while state.actor == 0:
            state = pass_step(state)
        state, _ = pass_others(state, 0)
        assert not state.finished and state.actor == 0 and state.turn.quiet_turns == 0


@pytest.mark.rule("R22")
def test_R22_clearing_the_quiet_count_changes_nothing_else() -> None:
    state = solo(quiet_turns=2)
    cleared = clear_quiet_turns(state)
    assert cleared.turn.quiet_turns == 0
    assert cleared.turn.model_dump(exclude={"quiet_turns"}) == state.turn.model_dump(
        exclude={"quiet_turns"}
    )
    assert cleared.blocks is state.blocks and cleared.players is state.players
    assert clear_quiet_turns(cleared) is cleared


@pytest.mark.rule("R19")
def test_R19_a_disk_placed_solo_leaves_when_the_players_next_turn_begins() -> None:
    state, _ = play(solo(Step.DISK), PlaceDisk(player=TEAL, block="cube-3"))
    assert state.disk_blocks == {state.block_index("cube-3"): 0}
    after, events = pass_others(state, 0)
    assert events[-2:] == [
        DiskRemoved(player=TEAL, block="cube-3"),
        TurnStarted(player=TEAL, number=4),
    ]
    assert after.disk_blocks == {} and after.players[0].disk == "spent"
