"""Derived values of a GameState (structure, occupied squares, disks) are never stale."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import numpy as np
import pytest

from climbers.the_climbers.core import GameState, Placement, Rules, legal_placements
from climbers.the_climbers.core.state import evolve
from climbers.the_climbers.devtools.midgame import midgame

Copier = Callable[..., GameState]
COPIERS: dict[str, Copier] = {
    "evolve": evolve,
    "model_copy": lambda state, **changes: state.model_copy(update=changes),
}


def _derived(state: GameState) -> tuple[object, ...]:
    """Every derived value, in a form that compares by value."""
    s = state.structure
    return (
        s.height.tolist(),
        s.top.tolist(),
        sorted(s.surfaces.items()),
        state.climber_squares,
        state.disk_blocks,
    )


def _fresh(state: GameState) -> tuple[object, ...]:
    """The derived values of a state built anew from the same fields (not validated as a whole:
    the changes below make positions no game holds, such as a disk spent before its turn)."""
    return _derived(GameState.model_construct(**dict(state)))


def _changes(state: GameState) -> dict[str, dict[str, object]]:
    """One change of each field a derived value comes from, each giving a valid position."""
    s = state.structure
    for row in legal_placements(state):
        b, rot, x, y, z = (int(v) for v in row)
        if not s.check_placement(b, rot, (x, y, z), state.disk_blocks, state.climber_squares):
            break  # a pose that pushes no Climber aside
    moved = Placement.of(state.block_name(b), rot, (x, y, z))
    climber = next(i for i, p in enumerate(state.players) if p.at is not None)
    disk = next(i for i, p in enumerate(state.players) if p.disk_on is not None)
    players = list(state.players)
    players[climber] = players[climber].model_copy(update={"at": None})
    players[disk] = players[disk].model_copy(update={"disk": "spent", "disk_on": None})
    return {
        "blocks": {"blocks": tuple(moved if p.block == moved.block else p for p in state.blocks)},
        "players": {"players": tuple(players)},
        "rules": {"rules": Rules(table_size=40)},
    }


@pytest.fixture(scope="module")
def state() -> GameState:
    played = midgame(5)
    assert played.disk_blocks and played.climber_squares, "the position needs disks and Climbers"
    return played


@pytest.mark.parametrize("how", COPIERS)
@pytest.mark.parametrize("field", ["blocks", "players", "rules"])
def test_a_changed_field_never_serves_a_stale_value(state: GameState, how: str, field: str) -> None:
    before = _derived(state)  # derive everything on the original first
    changed = COPIERS[how](state, **_changes(state)[field])
    assert _derived(changed) == _fresh(changed)
    assert _derived(changed) != before
    assert _derived(state) == before, "the original still serves its own values"
    assert _derived(changed) == _fresh(changed), "and the copy its own, after the original's"


def test_unchanged_fields_keep_their_derived_values(state: GameState) -> None:
    s, squares = state.structure, state.climber_squares
    later = evolve(state, tick=state.tick + 1, finished=True)
    assert later.structure is s and later.climber_squares is squares
    moved = evolve(state, players=state.players[::-1])
    assert moved.structure is s and moved.climber_squares is not squares


def test_derived_values_stay_out_of_fields_equality_and_pickles(state: GameState) -> None:
    _derived(state)
    assert set(state.__dict__) == set(GameState.model_fields)
    fresh = GameState.model_validate(state.model_dump())
    assert state == fresh and hash(state) == hash(fresh)
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert not twin.__pydantic_private__["_derived"]._values, "a copy starts with no values"
        assert twin == state and _derived(twin) == _derived(state)
    assert np.array_equal(fresh.structure.height, state.structure.height)
