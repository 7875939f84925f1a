"""R19–R23, V1 and V3: disks, the turn, moving upward, the end, the winner, the variants."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from climbers.the_climbers.core import (
    GameState,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    Reason,
    Rules,
    Standing,
    Step,
    apply,
    block_refusals,
    disk_targets,
    new_game,
    preset_rules,
    ranking,
)
from climbers.the_climbers.core.events import DiskPlaced, DiskRemoved, GameEnded, TurnStarted
from rules.conftest import (
    NEUTRAL,
    PINK,
    PURPLE,
    RED,
    TEAL,
    YELLOW,
    destinations,
    pass_step,
    pass_turn,
    play,
    position,
    put,
    refuse,
)

# ----- R19: blocking disks -----------------------------------------------------------------


def _disk_board() -> list:
    return [
        put("half-3", (8, 10, 0), NEUTRAL),
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("cube-2", (12, 10, 0), "-z"),  # purple top
        put("half-6", (12, 10, 2), NEUTRAL),  # covers cube-2 entirely
        put("cube-3", (10, 12, 0), "+z"),  # teal top, purple stands on nothing here
        put("double-1", (14, 10, 0), "-y", "+z"),
    ]


@pytest.mark.rule("R19")
def test_R19_disk_targets_any_colour_with_a_free_surface() -> None:
    state = position(_disk_board(), at={PURPLE: (14, 10)}, step=Step.DISK)
    assert disk_targets(state) == ["half-3", "cube-1", "half-6", "cube-3"]
    refuse(state, PlaceDisk(player=TEAL, block="cube-2"), Reason.DISK_TARGET_EMPTY)
    exc = refuse(state, PlaceDisk(player=TEAL, block="double-1"), Reason.DISK_TARGET_OCCUPIED)
    assert exc.squares == ((14, 10),)
    after, events = apply(state, PlaceDisk(player=TEAL, block="cube-3"))
    assert DiskPlaced(player=TEAL, block="cube-3") in events
    assert after.players[0].disk == "placed" and after.players[0].disk_on == "cube-3"
    spent = position(_disk_board(), step=Step.DISK, players={TEAL: {"disk": "spent"}})
    assert disk_targets(spent) == []
    refuse(spent, PlaceDisk(player=TEAL, block="cube-1"), Reason.DISK_SPENT)
    other = position(
        _disk_board(), step=Step.DISK, players={PURPLE: {"disk": "placed", "disk_on": "cube-1"}}
    )
    refuse(other, PlaceDisk(player=TEAL, block="cube-1"), Reason.DISK_TARGET_HAS_DISK)


@pytest.mark.rule("R19")
def test_R19_disked_block_cannot_be_entered_moved_or_built_upon() -> None:
    disk = {TEAL: {"disk": "placed", "disk_on": "cube-1"}}
    state = position(_disk_board(), at={TEAL: (8, 10)}, players=disk)
    assert not destinations(state) & {(10, 10), (11, 11)}  # the placer is blocked too
    refuse(state, MoveClimber(player=TEAL, to=(10, 10)), Reason.DISK_BLOCKS_SQUARE)
    blocks = position(_disk_board(), at={TEAL: (8, 10)}, players=disk, step=Step.BLOCK)
    assert block_refusals(blocks)["cube-1"].reason is Reason.BLOCK_HAS_DISK
    refuse(
        blocks,
        MoveBlock(player=TEAL, block="half-6", at=(10, 10, 2), up="-z"),
        Reason.ON_DISK,
    )


@pytest.mark.rule("R19")
def test_R19_disk_leaves_the_game_when_the_placer_next_begins() -> None:
    state = position(_disk_board(), at={TEAL: (8, 10)}, step=Step.DISK)
    state, _ = play(state, PlaceDisk(player=TEAL, block="cube-1"))
    assert state.step is Step.REACTION and state.disk_blocks == {state.block_index("cube-1"): 0}
    state = pass_step(state)  # purple's reaction
    assert state.turn.active == 1 and state.disk_blocks  # purple's whole turn: still there
    for _ in range(4):
        assert state.disk_blocks
        state = pass_step(state)
    assert state.step is Step.REACTION and state.actor == 0 and state.disk_blocks
    state, events = play(state, Pass(player=TEAL))  # teal's reaction ends purple's turn
    assert events[1:] == [
        DiskRemoved(player=TEAL, block="cube-1"),
        TurnStarted(player=TEAL, number=3),
    ]
    assert state.disk_blocks == {} and state.players[0].disk == "spent"
    assert (10, 10) in destinations(state)


# ----- R20: the turn ---------------------------------------------------------------------


@pytest.mark.rule("R20")
def test_R20_turn_steps_in_order_then_the_player_to_the_left() -> None:
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)], colours=(TEAL, PURPLE, YELLOW))
    assert Rules().turn_steps() == (Step.MOVE, Step.BLOCK, Step.MOVE, Step.DISK)
    seen = []
    while state.turn.number == 1:
        seen.append((state.step, state.actor))
        state = pass_step(state)
    assert seen == [
        (Step.MOVE, 0),
        (Step.BLOCK, 0),
        (Step.MOVE, 0),
        (Step.DISK, 0),
        (Step.REACTION, 1),
        (Step.REACTION, 2),
    ]
    assert state.turn.active == 1 and state.step is Step.MOVE


@pytest.mark.rule("R20")
def test_R20_actions_out_of_step_or_turn_are_refused() -> None:
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)])
    refuse(state, PlaceDisk(player=TEAL, block="cube-1"), Reason.WRONG_PHASE)
    refuse(state, MoveBlock(player=TEAL, block="cube-1", at=(12, 10, 0)), Reason.WRONG_PHASE)
    refuse(state, MoveClimber(player=PURPLE, to=(10, 10), ladders=("short",)), Reason.NOT_YOUR_TURN)
    block = position([put("cube-1", (10, 10, 0), NEUTRAL)], step=Step.BLOCK)
    refuse(block, MoveClimber(player=TEAL, to=(10, 10), ladders=("short",)), Reason.WRONG_PHASE)


@pytest.mark.rule("R20")
def test_R20_starting_player_is_chosen_or_drawn_from_the_seed() -> None:
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL)]
    colours = (TEAL, PURPLE, YELLOW, RED, PINK)
    firsts = {new_game(blocks, colours, seed=s).turn.active for s in range(40)}
    assert firsts == {0, 1, 2, 3, 4}
    assert new_game(blocks, colours, seed=7).turn == new_game(blocks, colours, seed=7).turn
    assert new_game(blocks, colours, first=3, seed=7).turn.active == 3


# ----- R21: moving upward ----------------------------------------------------------------


@pytest.mark.rule("R21")
def test_R21_own_turn_rise_counts_and_resets_the_count() -> None:
    blocks = [put("half-3", (10, 10, 0), NEUTRAL), put("cube-1", (12, 10, 0), NEUTRAL)]
    state = position(blocks, quiet_turns=3)
    state, _ = play(state, MoveClimber(player=TEAL, to=(10, 10)))
    state = pass_turn(state)
    assert state.turn.quiet_turns == 0 and state.turn.start_level == 0  # purple's turn


@pytest.mark.rule("R21")
def test_R21_reaction_moves_never_count() -> None:
    blocks = [put("half-3", (10, 10, 0), NEUTRAL), put("cube-1", (12, 10, 0), NEUTRAL)]
    state = position(blocks, at={TEAL: (10, 10)}, step=Step.DISK)
    state = pass_step(state)  # teal stayed at level 1: a quiet turn
    state, _ = play(state, MoveClimber(player=PURPLE, to=(10, 11)))  # purple rises in reaction
    assert state.turn.active == 1 and state.turn.quiet_turns == 1
    assert state.turn.start_level == 1  # purple's turn starts from its new level
    state = pass_turn(state)
    assert state.turn.quiet_turns == 2


@pytest.mark.rule("R21")
def test_R21_rise_in_the_second_move_of_the_turn_counts() -> None:
    blocks = [put("half-3", (10, 10, 0), NEUTRAL)]
    state = position(blocks, quiet_turns=2)
    state = pass_step(pass_step(state))  # first move and block passed
    state, _ = play(state, MoveClimber(player=TEAL, to=(10, 10)), Pass(player=TEAL))
    assert state.turn.quiet_turns == 0


# ----- R22: the end ----------------------------------------------------------------------


@pytest.mark.rule("R22")
def test_R22_two_players_end_after_four_quiet_turns() -> None:
    state = position([put("half-3", (10, 10, 0), NEUTRAL)])
    for quiet in range(1, 4):
        state = pass_turn(state)
        assert not state.finished and state.turn.quiet_turns == quiet
    before = state
    state = pass_step(pass_step(pass_step(pass_step(state))))
    assert not state.finished  # purple may still react
    state, events = play(state, Pass(player=TEAL))
    assert state.finished and isinstance(events[-1], GameEnded)
    assert events[-1].ranking == ranking(state)
    assert all(isinstance(s, Standing) for s in events[-1].ranking)
    assert before.turn.active == 1
    refuse(state, Pass(player=TEAL), Reason.GAME_OVER)


@pytest.mark.rule("R22")
@pytest.mark.parametrize("n", [3, 4, 5])
def test_R22_three_or_more_end_after_n_quiet_turns(n: int) -> None:
    colours = (TEAL, PURPLE, YELLOW, RED, PINK)[:n]
    state = position([put("half-3", (10, 10, 0), NEUTRAL)], colours=colours)
    for _ in range(n - 1):
        state = pass_turn(state)
    assert not state.finished
    state = pass_turn(state)
    assert state.finished and state.turn.quiet_turns == n


@pytest.mark.rule("R22")
def test_R22_an_upward_turn_restarts_the_count() -> None:
    blocks = [put("half-3", (10, 10, 0), NEUTRAL)]
    state = position(blocks, quiet_turns=3, active=1)  # purple's turn: one quiet turn more ends it
    state, _ = play(state, MoveClimber(player=PURPLE, to=(10, 10)))
    state = pass_turn(state)
    assert not state.finished and state.turn.quiet_turns == 0


# ----- R23: the winner -------------------------------------------------------------------


@pytest.mark.rule("R23")
def test_R23_equal_levels_go_to_who_got_there_first_and_table_ties() -> None:
    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("double-3", (12, 10, 0), NEUTRAL)]
    state = position(
        blocks,
        at={TEAL: (10, 10), PURPLE: (10, 11), RED: (12, 10)},
        colours=(TEAL, PURPLE, YELLOW, RED, PINK),
        players={TEAL: {"reached_at": 9}, PURPLE: {"reached_at": 4}, RED: {"reached_at": 20}},
    )
    assert ranking(state)[0] == Standing(colour=RED, level=4, place=1)
    assert ranking(state) == (
        ("red", 4, 1),
        ("purple", 2, 2),
        ("teal", 2, 3),
        ("yellow", 0, 4),
        ("pink", 0, 4),
    )


@pytest.mark.rule("R23")
def test_R23_reaching_time_is_recorded_by_play_including_reactions() -> None:
    """Purple reaches level 2 in a reaction, teal later in its own turn: purple wins."""
    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-3", (8, 10, 0), NEUTRAL)]
    state = position(blocks, at={TEAL: (8, 10), PURPLE: (8, 11)}, step=Step.DISK)
    state = pass_step(state)
    state, _ = play(state, MoveClimber(player=PURPLE, to=(10, 12)))  # reaction
    state = pass_turn(state)  # purple's own turn: nothing
    state, _ = play(state, MoveClimber(player=TEAL, to=(10, 10)))
    assert state.level(0) == state.level(1) == 2
    assert state.players[1].reached_at < state.players[0].reached_at
    assert [s.colour for s in ranking(state)] == [PURPLE, TEAL]
    assert [s.place for s in ranking(state)] == [1, 2]


# ----- V1: two rounds --------------------------------------------------------------------


@pytest.mark.rule("V1")
def test_V1_two_rounds_then_the_disk() -> None:
    rules = Rules(two_rounds=True)
    assert rules.turn_steps() == (
        Step.MOVE,
        Step.BLOCK,
        Step.MOVE,
        Step.MOVE,
        Step.BLOCK,
        Step.MOVE,
        Step.DISK,
    )
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)], rules=rules)
    steps = []
    while state.turn.active == 0:
        steps.append(state.step)
        state = pass_step(state)
    assert steps == [*rules.turn_steps(), Step.REACTION]
    with pytest.raises(ValidationError, match="2 players"):
        position([put("cube-1", (10, 10, 0), NEUTRAL)], rules=rules, colours=(TEAL, PURPLE, RED))


@pytest.mark.rule("V1")
@pytest.mark.rule("R15")
def test_V1_block_moved_in_the_first_round_is_banned_in_the_second() -> None:
    blocks = [
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("half-3", (12, 10, 0), NEUTRAL),
        put("half-6", (10, 12, 0), NEUTRAL),
    ]
    state = position(blocks, rules=Rules(two_rounds=True), step=Step.BLOCK)
    state, _ = play(state, MoveBlock(player=TEAL, block="half-3", at=(12, 11, 0), up="-z"))
    state = pass_step(pass_step(state))  # second move, then the second round's first move
    assert state.step is Step.BLOCK and state.turn.step == 4
    exc = refuse(
        state,
        MoveBlock(player=TEAL, block="half-3", at=(12, 10, 0), up="-z"),
        Reason.BLOCK_MOVED_THIS_TURN,
    )
    assert exc.blocks == ("half-3",)
    state, _ = play(state, MoveBlock(player=TEAL, block="half-6", at=(8, 10, 0), up="-z"))
    state = pass_turn(state)
    state = pass_step(state)
    refusals = block_refusals(state)  # purple may move neither of teal's two blocks
    assert {n: r.reason for n, r in refusals.items()} == {
        "half-3": Reason.BLOCK_MOVED_LAST_TURN,
        "half-6": Reason.BLOCK_MOVED_LAST_TURN,
    }


# ----- V3: the classic 2008 turn ---------------------------------------------------------


@pytest.mark.rule("V3")
def test_V3_block_move_disk_and_no_reactions() -> None:
    rules = Rules(classic_turn=True)
    assert rules.turn_steps() == (Step.BLOCK, Step.MOVE, Step.DISK)
    assert not rules.has_reactions
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)], rules=rules, step=Step.BLOCK)
    refuse(state, MoveClimber(player=TEAL, to=(10, 10), ladders=("short",)), Reason.WRONG_PHASE)
    state = pass_step(state)
    state, _ = play(state, MoveClimber(player=TEAL, to=(10, 10), ladders=("short",)))
    assert state.step is Step.DISK
    state, events = play(state, Pass(player=TEAL))
    assert state.turn.active == 1 and state.step is Step.BLOCK  # no reactions in between
    assert events[-1] == TurnStarted(player=PURPLE, number=2)


@pytest.mark.rule("V3")
def test_V3_classic_preset_and_a_finished_classic_game_is_a_valid_position() -> None:
    assert preset_rules("classic-2008", 2).turn_steps() == (
        Step.BLOCK,
        Step.MOVE,
        Step.BLOCK,
        Step.MOVE,
        Step.DISK,
    )
    three = preset_rules("classic-2008", 3)
    assert three.turn_steps() == (Step.BLOCK, Step.MOVE, Step.DISK) and not three.has_reactions
    state = position(
        [put("cube-1", (10, 10, 0), NEUTRAL)],
        rules=three,
        colours=(TEAL, PURPLE, YELLOW),
        step=Step.BLOCK,
    )
    for _ in range(3):
        state = pass_turn(state)
    assert state.finished
    assert GameState.model_validate(state.model_dump()) == state
