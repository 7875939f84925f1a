"""The vectorised placement search equals the one-by-one validator (R5, R16, R17)."""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import pytest

from climbers.the_climbers.core import (
    GameState,
    IllegalAction,
    MoveBlock,
    Placement,
    Reason,
    Step,
    apply,
    free_blocks,
    legal_actions,
    legal_placements,
    placement_action,
)
from climbers.the_climbers.core.geometry import ROTATIONS
from climbers.the_climbers.core.sandbox import set_turn
from climbers.the_climbers.devtools.midgame import midgame

Row = tuple[int, int, int, int, int]
SEEDS = range(50)


@cache
def _position(seed: int) -> GameState:
    return midgame(seed)


def _one_by_one(
    state: GameState, every_rotation: bool, whole_table: bool, seen: Counter[str]
) -> set[Row]:
    """Legal rows found by calling check_placement on each candidate pose of each free block.

    A pose's z must equal the lifted height at its min corner (any other z overlaps or leaves a
    hole). Without `whole_table`, corners farther than one square from the mountain's bounding
    box are skipped: a pose there rests on the bare table and touches no block. Without
    `every_rotation`, one rotation per footprint stands for all rotations with that extent.
    """
    s = state.structure
    found: set[Row] = set()
    for name in free_blocks(state):
        b = state.block_index(name)
        height, _ = s.lifted(b)
        xs, ys = np.nonzero(height)
        for (ex, ey, _), rots in s.tables.rotation_groups[b].items():
            if whole_table:
                corners = [(x, y) for x in range(s.size) for y in range(s.size)]
            else:
                corners = [
                    (x, y)
                    for x in range(max(0, int(xs.min()) - ex - 1), int(xs.max()) + 2)
                    for y in range(max(0, int(ys.min()) - ey - 1), int(ys.max()) + 2)
                ]
            for rot in rots if every_rotation else rots[:1]:
                for x, y in corners:
                    z = int(height[x, y]) if x < s.size and y < s.size else 0
                    try:
                        pushes = s.check_placement(
                            b, rot, (x, y, z), state.disk_blocks, state.climber_squares
                        )
                    except IllegalAction as exc:
                        seen[exc.reason] += 1
                        continue
                    seen["push" if pushes else "plain"] += 1
                    for r in rots if not every_rotation else [rot]:
                        own_rot, own_at = s.poses[b]
                        alike = s.tables.same_look[b][own_rot]
                        if (x, y, z) != own_at or r not in alike:
                            found.add((b, r, x, y, z))
    return found


def _enumerated(state: GameState) -> set[Row]:
    rows = legal_placements(state)
    result = {tuple(int(v) for v in row) for row in rows}
    assert len(result) == len(rows), "no pose is listed twice"
    return result  # type: ignore[return-value]


@pytest.mark.rule("R16")
@pytest.mark.rule("R17")
def test_R16_R17_enumeration_equals_one_by_one_on_50_midgame_positions() -> None:
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        state = _position(seed)
        assert _enumerated(state) == _one_by_one(state, False, False, seen), seed
    # The positions exercise every refusal and the pushes of R17.
    for reason in (
        Reason.OVERLAP,
        Reason.UNSUPPORTED,
        Reason.NO_CONTACT,
        Reason.ON_DISK,
        Reason.NO_ROOM_TO_PUSH,
    ):
        assert seen[reason] > 0, reason
    assert seen["push"] > 0


@pytest.mark.rule("R16")
@pytest.mark.parametrize("seed", [3, 11])
def test_R16_enumeration_equals_one_by_one_over_the_whole_table(seed: int) -> None:
    state = _position(seed)
    seen: Counter[str] = Counter()
    assert _enumerated(state) == _one_by_one(state, False, True, seen)
    assert seen[Reason.OUT_OF_AREA] > 0


@pytest.mark.rule("R16")
def test_R16_every_rotation_checked_alone_gives_the_same_set() -> None:
    state = _position(7)
    assert _enumerated(state) == _one_by_one(state, True, False, Counter())
    assert len(ROTATIONS) == 24


@pytest.mark.rule("R17")
def test_R17_positions_have_climbers_on_blocks_and_disks() -> None:
    on_blocks = sum(1 for seed in SEEDS for p in _position(seed).players if p.at is not None)
    disks = sum(len(_position(seed).disk_blocks) for seed in SEEDS)
    assert on_blocks >= 100 and disks >= 20


@pytest.mark.rule("R16")
def test_R16_old_pose_is_left_out_but_a_new_rotation_in_place_is_kept() -> None:
    state = _position(4)
    s = state.structure
    rows = _enumerated(state)
    turned_in_place = 0
    for name in free_blocks(state):
        b = state.block_index(name)
        rot, at = s.poses[b]
        assert (b, rot, *at) not in rows
        turned_in_place += sum(1 for r in range(24) if (b, r, *at) in rows)
    assert turned_in_place > 0


def test_single_block_search_matches_the_all_blocks_search() -> None:
    state = _position(9)
    s = state.structure
    every = legal_placements(state)
    for name in free_blocks(state)[:5]:
        b = state.block_index(name)
        one = s.legal_placements(b, state.disk_blocks, state.climber_squares)
        assert np.array_equal(one, every[every[:, 0] == b])


@pytest.mark.rule("R16")
def test_placement_action_is_the_move_of_its_row_and_apply_takes_it() -> None:
    played = _position(11)
    state = set_turn(played, played.turn.active, played.rules.turn_steps().index(Step.BLOCK))
    rows = legal_placements(state)
    actor = state.players[state.actor].colour
    for row in rows[:: max(1, len(rows) // 40)]:
        b, rot, x, y, z = (int(v) for v in row)
        action = placement_action(state, row)
        assert action == MoveBlock.model_validate(action.model_dump())
        assert (action.player, action.block, action.at) == (actor, state.block_name(b), (x, y, z))
        assert (
            Placement(block=action.block, at=action.at, up=action.up, north=action.north).rot == rot
        )
        after, _ = apply(state, action)
        assert Placement.of(action.block, rot, (x, y, z)) in after.blocks
    block_moves = [a for a in legal_actions(state) if isinstance(a, MoveBlock)]
    assert block_moves == [placement_action(state, row) for row in rows]
