"""Random games on generated mountains, checking every invariant after every action (R5–R23)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from climbers.core import (
    Action,
    Colour,
    GameState,
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
    preset_rules,
)
from climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    DiskPlaced,
    DiskRemoved,
    Event,
    GameEnded,
    TurnStarted,
)
from climbers.core.geometry import box_cells, extent, orientation
from climbers.core.structure import Structure, block_tables
from climbers.io import dumps, load_game, loads, save_game

CALM_AFTER = 160
"""After this many actions every player only passes, so the game must end soon (R22)."""
MAX_ACTIONS = CALM_AFTER + 8 * 11
"""More than the longest calm stretch: end_after(n) quiet turns of at most 7 steps + 4 reactions."""

GAMES = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def choose(state: GameState, rng: random.Random, count: int) -> Action:
    """A random action the queries offer, biased to pass more as the game goes on."""
    colour = state.players[state.actor].colour
    eager = count < CALM_AFTER
    step = state.step
    if step in (Step.MOVE, Step.REACTION):
        destinations = legal_destinations(state)
        if destinations and eager and rng.random() < 0.75:
            squares = sorted(destinations)
            if rng.random() < 0.5:  # climb as high as possible, so games run longer
                top = max(routes[0].level for routes in destinations.values())
                squares = [sq for sq in squares if destinations[sq][0].level == top]
            to = rng.choice(squares)
            route = rng.choice(destinations[to])
            return MoveClimber(player=colour, to=to, ladders=route.ladders)
    elif step is Step.BLOCK:
        if eager and rng.random() < 0.6:
            rows = legal_placements(state)
            if len(rows):
                b, rot, x, y, z = (int(v) for v in rows[rng.randrange(len(rows))])
                up, north = orientation(rot)
                name = state.block_name(b)
                return MoveBlock(player=colour, block=name, at=(x, y, z), up=up, north=north)
    else:
        targets = disk_targets(state)
        if targets and eager and rng.random() < 0.4:
            return PlaceDisk(player=colour, block=rng.choice(targets))
    return Pass(player=colour)


def check_structure(state: GameState) -> None:
    """R5: rebuilt from the blocks alone, nothing overlaps, floats or leaves the table."""
    specs = {b.name: b for b in state.components.blocks}
    size = state.rules.table_size
    cells: dict[tuple[int, int, int], str] = {}
    for p in state.blocks:
        ext = extent(specs[p.block].dims, p.rot)
        x, y, z = p.at
        assert 0 <= x and 0 <= y and 0 <= z and x + ext[0] <= size and y + ext[1] <= size
        for cell in box_cells(p.at, ext):
            assert cell not in cells, f"{p.block} overlaps {cells.get(cell)} at {cell}"
            cells[cell] = p.block
    for cx, cy, cz in cells:
        assert cz == 0 or (cx, cy, cz - 1) in cells, f"hole or overhang under {(cx, cy, cz)}"
    tables = block_tables(state.components)
    poses = {tables.index[p.block]: (p.rot, p.at) for p in state.blocks}
    fresh = Structure(tables, poses, size)
    assert np.array_equal(fresh.height, state.structure.height)
    assert np.array_equal(fresh.top, state.structure.top)
    heights = Counter[tuple[int, int]]((cx, cy) for cx, cy, _ in cells)
    for (cx, cy), h in heights.items():
        assert fresh.height_at((cx, cy)) == h


def check_climbers(state: GameState) -> None:
    """R7, R10, R19: Climbers on legal surfaces, one per square, capacities respected."""
    s = state.structure
    squares = [p.at for p in state.players if p.at is not None]
    assert len(squares) == len(set(squares))
    per_block = Counter[int]()
    for p in state.players:
        if p.at is None:
            continue
        b = s.block_at(p.at)
        assert b >= 0 and p.at in s.surfaces[b]
        assert s.top_colour(b) in (Colour.NEUTRAL, p.colour)
        assert b not in state.disk_blocks
        per_block[b] += 1
    for b, count in per_block.items():
        limit = len(s.surfaces[b]) if s.top_colour(b) is Colour.NEUTRAL else 1
        assert count <= limit


class Tracker:
    """What must hold between one state and the next."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.spent_ladders: Counter[str] = Counter()

    def step(self, action: Action, new: GameState, events: list[Event]) -> None:
        old = self.state
        check_structure(new)
        check_climbers(new)
        assert loads(dumps(new)) == new
        started = {e.player for e in events if isinstance(e, TurnStarted)}
        removed = {e.player for e in events if isinstance(e, DiskRemoved)}
        for seat, (before, after) in enumerate(zip(old.players, new.players, strict=True)):
            assert new.level(seat) >= old.level(seat), "R9: a level went down"
            assert set(after.ladders) <= set(before.ladders), "R12: a ladder came back"
            used = [
                k
                for e in events
                if isinstance(e, ClimberMoved) and e.player == after.colour
                for k in e.ladders
            ]
            assert sorted(used) == sorted(set(before.ladders) - set(after.ladders))
            for k in used:
                self.spent_ladders[f"{after.colour}:{k}"] += 1
            self._check_disk(seat, before.disk, after.disk, started, removed, events)
        assert all(v == 1 for v in self.spent_ladders.values()), "R12: a ladder used twice"
        if isinstance(action, MoveClimber) and old.step is Step.REACTION:
            if not old.rules.reaction_ladders:
                assert not action.ladders
        if isinstance(action, MoveBlock):
            moved = [e for e in events if isinstance(e, BlockMoved)]
            assert len(moved) == 1 and moved[0].block == action.block
        assert new.finished == any(isinstance(e, GameEnded) for e in events)
        self.state = new

    def _check_disk(
        self,
        seat: int,
        before: str,
        after: str,
        started: set[Colour],
        removed: set[Colour],
        events: list[Event],
    ) -> None:
        """R19: in hand → placed by its owner → spent exactly when the owner's next turn begins."""
        colour = self.state.players[seat].colour
        placed = any(isinstance(e, DiskPlaced) and e.player == colour for e in events)
        if before == "in_hand":
            assert after == ("placed" if placed else "in_hand")
        elif before == "placed":
            assert after == ("spent" if colour in started else "placed")
            assert (colour in removed) == (colour in started)
        else:
            assert after == "spent" and not placed


def play(state: GameState, seed: int) -> tuple[GameState, int]:
    """Play a random game to its end, checking invariants after every action."""
    rng = random.Random(seed)
    tracker = Tracker(state)
    check_structure(state)
    check_climbers(state)
    count = 0
    while not state.finished:
        assert count < MAX_ACTIONS, "R22: the game did not end"
        action = choose(state, rng, count)
        new, events = apply(state, action)
        tracker.step(action, new, events)
        state = new
        count += 1
    return state, count


def rules_for(preset: str, players: int, bridges: bool, reaction_ladders: bool) -> Rules:
    base = preset_rules("2018" if preset == "2018" else "classic-2008", players)
    return Rules(**{**base.model_dump(), "bridges": bridges, "reaction_ladders": reaction_ladders})


@pytest.mark.rule("R22")
@GAMES
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 5),
    preset=st.sampled_from(["2018", "classic-2008"]),
    bridges=st.booleans(),
    reaction_ladders=st.booleans(),
)
def test_random_playthroughs_keep_every_invariant(
    seed: int, players: int, preset: str, bridges: bool, reaction_ladders: bool
) -> None:
    rules = rules_for(preset, players, bridges, reaction_ladders)
    colours = list(Colour)[:players]
    state = new_game(generate_mountain(seed % 1000), colours, rules=rules, seed=seed)
    final, count = play(state, seed)
    assert final.finished and count > 0


@pytest.mark.parametrize("preset", ["2018", "classic-2008"])
@pytest.mark.parametrize("players", [2, 5])
def test_playthrough_saved_to_file_loads_equal(tmp_path: Path, preset: str, players: int) -> None:
    rules = rules_for(preset, players, bridges=True, reaction_ladders=True)
    state = new_game(generate_mountain(players), list(Colour)[:players], rules=rules, seed=1)
    final, _ = play(state, players * 7)
    path = tmp_path / "game.json"
    save_game(final, path)
    assert load_game(path) == final
