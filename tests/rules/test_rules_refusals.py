"""Refusals across the board: apply agrees with the queries, and every refusal is well formed."""

from __future__ import annotations

import itertools

import pytest

from climbers.the_climbers.core import (
    IllegalAction,
    MoveBlock,
    MoveClimber,
    PlaceDisk,
    Reason,
    Step,
    apply,
    disk_targets,
    free_blocks,
    legal_destinations,
    legal_placements,
)
from climbers.the_climbers.core.geometry import orientation
from climbers.the_climbers.core.state import GameState
from rules.conftest import NEUTRAL, PURPLE, TEAL, check_message, position, put, refuse
from rules.refusal_cases import board

LADDER_SETS = [(), ("short",), ("tall",), ("short", "tall")]


def _outcome(state: GameState, action: object) -> IllegalAction | None:
    before = state.model_dump()
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        assert state.model_dump() == before
        check_message(exc)
        return exc
    return None


@pytest.mark.rule("R8")
@pytest.mark.rule("R9")
@pytest.mark.rule("R10")
@pytest.mark.rule("R12")
def test_every_climber_move_agrees_with_legal_destinations() -> None:
    state = board(Step.MOVE)
    routes = legal_destinations(state)
    reasons = set()
    for x, y in itertools.product(range(6, 18), range(6, 18)):
        for ladders in LADDER_SETS:
            action = MoveClimber(player=TEAL, to=(x, y), ladders=ladders)
            exc = _outcome(state, action)
            legal = any(r.ladders == ladders for r in routes.get((x, y), []))
            assert (exc is None) == legal, (action, exc)
            if exc is not None:
                reasons.add(exc.reason)
    assert {
        Reason.OFF_THE_MOUNTAIN,
        Reason.SQUARE_TAKEN,
        Reason.WRONG_COLOUR,
        Reason.DISK_BLOCKS_SQUARE,
        Reason.NEEDS_LADDER,
        Reason.LADDER_NOT_NEEDED,
        Reason.NO_ROUTE,
    } <= reasons


@pytest.mark.rule("R14")
@pytest.mark.rule("R16")
@pytest.mark.rule("R17")
def test_every_block_pose_agrees_with_legal_placements() -> None:
    state = board(Step.BLOCK)
    s = state.structure
    legal = {tuple(int(v) for v in row) for row in legal_placements(state)}
    reasons = set()
    names = [p.block for p in state.blocks]
    free = set(free_blocks(state))
    assert free == {"cube-1", "double-3", "half-9", "cube-2"}
    for name in names:
        b = state.block_index(name)
        for rot in range(24):
            up, north = orientation(rot)
            for x, y in itertools.product(range(6, 18), range(6, 18)):
                low = int(s.lifted(b)[0][x, y]) if name in free else 0
                for z in {low, low + 1, s.height_at((x, y))}:
                    action = MoveBlock(player=TEAL, block=name, at=(x, y, z), up=up, north=north)
                    exc = _outcome(state, action)
                    assert (exc is None) == ((b, rot, x, y, z) in legal), (str(action), exc)
                    if exc is not None:
                        reasons.add(exc.reason)
                    if name not in free:
                        break
                if name not in free:
                    break
            if name not in free:
                break
    assert {
        Reason.BLOCK_OCCUPIED,
        Reason.BLOCK_HAS_DISK,
        Reason.BLOCK_COVERED,
        Reason.UNCHANGED,
        Reason.OVERLAP,
        Reason.UNSUPPORTED,
        Reason.ON_DISK,
        Reason.NO_CONTACT,
        Reason.NO_ROOM_TO_PUSH,
    } <= reasons


@pytest.mark.rule("R19")
def test_every_disk_target_agrees_with_disk_targets() -> None:
    state = board(Step.DISK)
    targets = set(disk_targets(state))
    assert targets == {"cube-1", "cube-2", "double-3", "half-9"}
    for p in state.blocks:
        exc = _outcome(state, PlaceDisk(player=TEAL, block=p.block))
        assert (exc is None) == (p.block in targets)


@pytest.mark.rule("R10")
def test_R10_foreign_colour_is_not_crossed_either() -> None:
    """Teal on a lying half; a purple cube between it and a neutral cube: no way through."""
    blocks = [
        put("half-3", (8, 10, 0), NEUTRAL),
        put("cube-1", (10, 10, 0), "-z"),
        put("cube-2", (12, 10, 0), NEUTRAL),
    ]
    state = position(blocks, at={TEAL: (9, 10)}, players={TEAL: {"ladders": ()}})
    assert (12, 10) not in legal_destinations(state)
    refuse(state, MoveClimber(player=TEAL, to=(12, 10)), Reason.NO_ROUTE)
    purple = position(blocks, at={PURPLE: (9, 10)}, active=1, players={PURPLE: {"ladders": ()}})
    assert (12, 10) in legal_destinations(purple)


def test_refusal_keeps_derived_views_and_equality() -> None:
    """A refused action leaves the state equal to a fresh copy, caches included or not."""
    state = board(Step.BLOCK)
    _ = state.structure.surfaces, state.climber_squares, state.disk_blocks
    copy = GameState.model_validate(state.model_dump())
    for action in [
        MoveBlock(player=TEAL, block="cube-1", at=(12, 10, 2)),
        MoveBlock(player=TEAL, block="half-1", at=(20, 20, 0)),
        MoveClimber(player=TEAL, to=(13, 13)),
        PlaceDisk(player=TEAL, block="cube-1"),
    ]:
        with pytest.raises(IllegalAction):
            apply(state, action)
        assert state == copy and copy == state
        assert state.model_dump() == copy.model_dump()
        assert state.climber_squares == copy.climber_squares
        assert (state.structure.height == copy.structure.height).all()
