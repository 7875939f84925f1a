"""Queries and `apply` agree: every offered action applies, everything else is an IllegalAction."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from climbers.the_climbers.core import (
    Colour,
    GameState,
    IllegalAction,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    Reason,
    Step,
    apply,
    free_blocks,
    legal_actions,
    legal_placements,
    legal_poses,
    placement_action,
)
from climbers.the_climbers.io.refusals import refusal_sentence
from test_actions import (
    PROPERTY,
    is_offered,
    normal_key,
    positions,
    random_action,
)


@PROPERTY
@given(state=positions, seed=st.integers(0, 2**31))
def test_every_offered_action_applies(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    if state.step is Step.BLOCK and not state.finished:
        rows = legal_placements(state)
        colour = state.players[state.actor].colour
        offered = [
            placement_action(state, rows[i])
            for i in rng.sample(range(len(rows)), min(25, len(rows)))
        ]
        free = free_blocks(state)
        if free:
            poses = legal_poses(state, rng.choice(free))
            offered += rng.sample(poses, min(10, len(poses)))
        offered.append(Pass(player=colour))
    else:
        offered = legal_actions(state)
    assert not state.finished or offered == []
    for action in offered:
        new, events = apply(state, action)
        assert events and new.tick == state.tick + 1
        assert is_offered(state, action)


@PROPERTY
@given(state=positions, seed=st.integers(0, 2**31))
def test_actions_not_offered_are_refused_with_illegal_action(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    refused = 0
    for _ in range(80):
        action = random_action(state, rng)
        if is_offered(state, action):
            apply(state, action)
            continue
        with pytest.raises(IllegalAction) as info:
            apply(state, action)
        assert refusal_sentence(info.value) and isinstance(info.value.reason, Reason)
        refused += 1
    assert refused > 0


@PROPERTY
@given(state=positions)
def test_wrong_player_and_wrong_step_are_refused(state: GameState) -> None:
    actor = state.players[state.actor].colour
    others = [c for c in Colour if c != actor]
    expected = Reason.GAME_OVER if state.finished else Reason.NOT_YOUR_TURN
    for colour in others:
        with pytest.raises(IllegalAction) as info:
            apply(state, Pass(player=colour))
        assert info.value.reason is expected
    kinds = {
        Step.MOVE: MoveClimber(player=actor, to=(0, 0)),
        Step.BLOCK: MoveBlock(player=actor, block=state.blocks[0].block, at=(0, 0, 0)),
        Step.DISK: PlaceDisk(player=actor, block=state.blocks[0].block),
    }
    step = Step.MOVE if state.step is Step.REACTION else state.step
    for kind_step, action in kinds.items():
        if kind_step is step:
            continue
        with pytest.raises(IllegalAction) as info:
            apply(state, action)
        assert info.value.reason is (Reason.GAME_OVER if state.finished else Reason.WRONG_PHASE)


@PROPERTY
@given(state=positions)
def test_legal_actions_are_distinct_and_start_with_pass(state: GameState) -> None:
    if state.finished or state.step is Step.BLOCK:
        return
    offered = legal_actions(state)
    assert isinstance(offered[0], Pass)
    keys = [normal_key(a) for a in offered]
    assert len(keys) == len(set(keys))
