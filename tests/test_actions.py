"""Applying actions never changes the state it is given: refused actions leave it exactly as it was.

Also home of the random positions and random actions the property tests throw at `apply`.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from climbers.the_climbers.core import (
    Action,
    Colour,
    GameState,
    IllegalAction,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    Rules,
    Step,
    apply,
    disk_targets,
    generate_mountain,
    legal_destinations,
    legal_placements,
    new_game,
    placement_action,
    preset_rules,
)
from climbers.the_climbers.core.geometry import FACES, rotation_from
from climbers.the_climbers.io import dumps

PROPERTY = settings(
    max_examples=80,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
LADDER_LISTS: list[tuple[Any, ...]] = [
    (),
    ("short",),
    ("tall",),
    ("short", "tall"),
    ("tall", "short"),
    ("short", "short"),
]
POSES = [(up, north) for up in FACES for north in FACES if up[1] != north[1]]


def offered_move(state: GameState, rng: random.Random) -> Action:
    """One action the queries offer now, drawn at random (pass about a quarter of the time)."""
    colour = state.players[state.actor].colour
    step = state.step
    if rng.random() < 0.25:
        return Pass(player=colour)
    if step in (Step.MOVE, Step.REACTION):
        destinations = legal_destinations(state)
        if destinations:
            to = rng.choice(sorted(destinations))
            route = rng.choice(destinations[to])
            return MoveClimber(player=colour, to=to, ladders=route.ladders)
    elif step is Step.BLOCK:
        rows = legal_placements(state)
        if len(rows):
            return placement_action(state, rows[rng.randrange(len(rows))])
    else:
        targets = disk_targets(state)
        if targets:
            return PlaceDisk(player=colour, block=rng.choice(targets))
    return Pass(player=colour)


def random_position(seed: int, players: int, preset: str, bridges: bool, depth: int) -> GameState:
    """A position reached by `depth` random offered actions on a generated mountain."""
    base = preset_rules("2018" if preset == "2018" else "classic-2008", players)
    rules = Rules(**{**base.model_dump(), "bridges": bridges, "reaction_ladders": bridges})
    state = new_game(generate_mountain(seed % 500), list(Colour)[:players], rules=rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(depth):
        new, _ = apply(state, offered_move(state, rng))
        if new.finished and rng.random() < 0.8:
            break  # keep mostly positions of games still running
        state = new
        if state.finished:
            break
    return state


def random_action(state: GameState, rng: random.Random) -> Action:
    """Any well-formed action: any colour, kind, square, ladders, block, pose or disk target."""
    colour = rng.choice([state.players[state.actor].colour, *Colour])
    names = [p.block for p in state.blocks] + ["cube-99", "mountain", ""]
    kind = rng.choice(["move", "near-move", "block", "near-block", "disk", "pass"])
    if kind == "near-move" and state.step in (Step.MOVE, Step.REACTION):
        destinations = sorted(legal_destinations(state))
        if destinations:
            to = rng.choice(destinations)
            return MoveClimber(player=colour, to=to, ladders=rng.choice(LADDER_LISTS))
    if kind in ("move", "near-move"):
        to = (rng.randint(-3, 35), rng.randint(-3, 35))
        if rng.random() < 0.5 and state.climber_squares:
            x, y = rng.choice(sorted(state.climber_squares))
            to = (x + rng.randint(-2, 2), y + rng.randint(-2, 2))
        return MoveClimber(player=colour, to=to, ladders=rng.choice(LADDER_LISTS))
    if kind in ("block", "near-block"):
        up, north = rng.choice(POSES)
        at = (rng.randint(-3, 34), rng.randint(-3, 34), rng.randint(-2, 14))
        block = rng.choice(names)
        if kind == "near-block" and state.step is Step.BLOCK:
            rows = legal_placements(state)
            if len(rows):
                near = placement_action(state, rows[rng.randrange(len(rows))])
                x, y, z = near.at
                dx, dy, dz = (rng.randint(-1, 1) for _ in range(3))
                block, at = near.block, (x + dx, y + dy, z + dz)
                up, north = rng.choice([(near.up, near.north), (up, north)])
        return MoveBlock(player=colour, block=block, at=at, up=up, north=north)
    if kind == "disk":
        return PlaceDisk(player=colour, block=rng.choice(names))
    return Pass(player=colour)


def normal_key(action: Action) -> str:
    """A text key equal for actions `apply` treats alike (ladders in a fixed order)."""
    if isinstance(action, MoveClimber):
        ladders = tuple(sorted(action.ladders, key=("short", "tall").index))
        return str(MoveClimber(player=action.player, to=action.to, ladders=ladders))
    return str(action)


def is_offered(state: GameState, action: Action) -> bool:
    """Whether the queries offer `action` now (block moves checked against legal_placements)."""
    if state.finished or action.player != state.players[state.actor].colour:
        return False
    if isinstance(action, Pass):
        return True
    step = state.step
    if isinstance(action, MoveClimber):
        routes = legal_destinations(state).get(action.to, [])
        return normal_key(action) in {
            normal_key(MoveClimber(player=action.player, to=action.to, ladders=r.ladders))
            for r in routes
        }
    if isinstance(action, MoveBlock):
        if step is not Step.BLOCK or action.block not in {p.block for p in state.blocks}:
            return False
        row = [state.block_index(action.block), rotation_from(action.up, action.north), *action.at]
        return bool((legal_placements(state) == np.array(row)).all(axis=1).any())
    return action.block in disk_targets(state)


class Snapshot:
    """Everything observable about a state, to compare before and after `apply`."""

    def __init__(self, state: GameState) -> None:
        s = state.structure
        self.text = dumps(state)
        self.height = s.height.copy()
        self.top = s.top.copy()
        self.surfaces = copy.deepcopy(s.surfaces)
        self.poses = dict(s.poses)
        self.climbers = dict(state.climber_squares)
        self.disks = dict(state.disk_blocks)
        self.copy = state.model_copy(deep=True)

    def assert_same(self, state: GameState) -> None:
        s = state.structure
        assert dumps(state) == self.text
        assert state == self.copy
        assert np.array_equal(s.height, self.height) and np.array_equal(s.top, self.top)
        assert s.surfaces == self.surfaces and s.poses == self.poses
        assert state.climber_squares == self.climbers and state.disk_blocks == self.disks


positions = st.builds(
    random_position,
    seed=st.integers(0, 2**31),
    players=st.integers(2, 5),
    preset=st.sampled_from(["2018", "classic-2008"]),
    bridges=st.booleans(),
    depth=st.integers(0, 60),
)


@PROPERTY
@given(state=positions, seed=st.integers(0, 2**31))
def test_rejected_actions_leave_state_exactly_as_it_was(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    snapshot = Snapshot(state)
    refused = 0
    for _ in range(60):
        action = random_action(state, rng)
        try:
            apply(state, action)
        except IllegalAction:
            refused += 1
        snapshot.assert_same(state)
    assert refused > 0


@PROPERTY
@given(state=positions, seed=st.integers(0, 2**31))
def test_applied_actions_leave_the_old_state_as_it_was(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    snapshot = Snapshot(state)
    for _ in range(5):
        if state.finished:
            break
        new, _ = apply(state, offered_move(state, rng))
        snapshot.assert_same(state)
        assert new != state
