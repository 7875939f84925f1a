"""Random games on generated mountains, checking every invariant after every action (R5–R23)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from climbers.the_climbers.core import (
    Action,
    Colour,
    GameState,
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
from climbers.the_climbers.devtools.invariants import Tracker
from climbers.the_climbers.io import dumps, load_game, loads, save_game

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
                return placement_action(state, rows[rng.randrange(len(rows))])
    else:
        targets = disk_targets(state)
        if targets and eager and rng.random() < 0.4:
            return PlaceDisk(player=colour, block=rng.choice(targets))
    return Pass(player=colour)


def play(state: GameState, seed: int) -> tuple[GameState, int]:
    """Play a random game to its end, checking invariants after every action."""
    rng = random.Random(seed)
    tracker = Tracker(state)
    count = 0
    while not state.finished:
        assert count < MAX_ACTIONS, "R22: the game did not end"
        action = choose(state, rng, count)
        new, events = apply(state, action)
        tracker.step(action, new, events)
        assert loads(dumps(new)) == new
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
