"""One set of bounds for the reader and the engine: from any state the reader accepts, however
near it stands to the last turn number (MAX_TURN) or the last tick (MAX_TICK), every state that
play reaches is accepted too and loads back equal, alone and as a recorded game (start and log).
Random play under every rule set and number of players, from random points of random games."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from climbers.the_climbers.ai import GreedyBot
from climbers.the_climbers.core import (
    Action,
    GameState,
    MoveClimber,
    Pass,
    PlaceDisk,
    Placement,
    Rules,
    apply,
    generate_mountain,
    new_game,
)
from climbers.the_climbers.core.queries import (
    disk_targets,
    free_blocks,
    legal_destinations,
    legal_placements,
    placement_action,
)
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.state import (
    MAX_TICK,
    MAX_TURN,
    actions_to_come,
    turns_to_come,
)
from climbers.the_climbers.io import FileProblem, dumps, loads, loads_saved

COLOURS = ["teal", "purple", "yellow", "red", "pink"]
RULE_SETS = [
    Rules(),
    Rules(reaction_ladders=True, bridges=True),
    Rules(reactions=False),
    Rules(classic_turn=True, reactions=False),
    Rules(two_rounds=True),
    Rules(classic_turn=True, reactions=False, two_rounds=True),
]
"""The 2018 rules, the options of R13 and V2, the classic turn (V3) and two rounds (V1, for
two players)."""


def choose(state: GameState, rng: random.Random) -> Action:
    """A random legal action: mostly a move (half the time as high as it goes, with any ladder
    choice), a block (a random free one, to a random legal pose) or the disk, sometimes a
    pass."""
    colour = state.players[state.actor].colour
    if rng.random() < 0.8:
        if state.step in (Step.MOVE, Step.REACTION):
            reach = list(legal_destinations(state).items())
            if reach:
                highest = max(reach, key=lambda item: item[1][0].level)
                square, routes = highest if rng.random() < 0.5 else rng.choice(reach)
                return MoveClimber(player=colour, to=square, ladders=rng.choice(routes).ladders)
        elif state.step is Step.BLOCK:
            free = free_blocks(state)
            if free:
                rows = legal_placements(state, [rng.choice(free)])
                if len(rows):
                    return placement_action(state, rows[rng.randrange(len(rows))])
        elif targets := disk_targets(state):
            return PlaceDisk(player=colour, block=rng.choice(targets))
    return Pass(player=colour)


def play(state: GameState, rng: random.Random) -> GameState:
    """The state after one random legal action."""
    return apply(state, choose(state, rng))[0]


def moved(state: GameState, number: int | None, tick: int | None) -> GameState:
    """The same position at another turn number and tick, as a file would hold it (the reader
    must accept it)."""
    data: dict[str, Any] = json.loads(dumps(state))
    if number is not None:
        data["turn"]["number"] = number
        data["tick"] = max(data["tick"], number - 1)
    if tick is not None:
        data["tick"] = tick
    return loads(json.dumps(data))


def refused(state: GameState, number: int, tick: int) -> str:
    data: dict[str, Any] = json.loads(dumps(state))
    data["turn"]["number"], data["tick"] = number, tick
    with pytest.raises(FileProblem) as info:
        loads(json.dumps(data))
    return info.value.problem


@cache
def mountain(seed: int) -> tuple[Placement, ...]:
    return tuple(generate_mountain(seed))


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, random.Random, str]:
    """A random accepted state: a random mountain, players and rules, a random number of random
    actions into the game, then moved to the edge of the bounds (or left where it is)."""
    rules = draw(st.sampled_from(RULE_SETS))
    players = 2 if rules.two_rounds else draw(st.integers(2, 5))
    seed = draw(st.integers(0, 19))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = new_game(mountain(seed), COLOURS[:players], rules=rules, seed=seed)
    for _ in range(draw(st.integers(0, 60))):
        if state.finished:
            break
        state = play(state, rng)
    edge = draw(st.sampled_from(["none", "turns", "ticks", "both"]))
    if edge in ("turns", "both"):
        state = moved(state, MAX_TURN - turns_to_come(state), None)
    if edge in ("ticks", "both"):
        state = moved(state, None, MAX_TICK - actions_to_come(state))
    return state, rng, edge


@given(games())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_state_play_reaches_from_an_accepted_state_is_accepted_and_loads_back_equal(
    game: tuple[GameState, random.Random, str],
) -> None:
    state, rng, _ = game
    assert loads(dumps(state)) == state
    actions = 0
    last_turn = state.turn.number + turns_to_come(state)
    last_tick = state.tick + actions_to_come(state)
    while not state.finished:
        state = play(state, rng)
        actions += 1
        assert loads(dumps(state)) == state, f"after {actions} actions"
        assert state.turn.number + turns_to_come(state) <= last_turn <= MAX_TURN
        assert state.tick + actions_to_come(state) <= last_tick <= MAX_TICK
        last_turn = state.turn.number + turns_to_come(state)
        last_tick = state.tick + actions_to_come(state)
    assert state.turn.number <= MAX_TURN and state.tick <= MAX_TICK


@given(games())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_recorded_game_from_an_accepted_state_loads_back_with_its_log(
    game: tuple[GameState, random.Random, str],
) -> None:
    start, rng, _ = game
    state, log = start, []
    while not state.finished:
        action = choose(state, rng)
        state = apply(state, action)[0]
        log.append(str(action))
    saved = loads_saved(dumps(state, start, log))
    assert saved.state == state and saved.start == start and list(saved.log) == log


@given(games())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_bounds_are_exact_one_turn_or_one_tick_more_is_refused(
    game: tuple[GameState, random.Random, str],
) -> None:
    state = game[0]
    if state.finished:
        return
    last_number = MAX_TURN - turns_to_come(state)
    last_tick = MAX_TICK - actions_to_come(state)
    beyond = (
        "must be at most 100000"
        if last_number == MAX_TURN  # the game ends with this turn (R22)
        else "more turns, past turn 100000"
    )
    assert beyond in refused(state, last_number + 1, last_tick)
    assert "more actions, past tick 2000000" in refused(state, last_number, last_tick + 1)
    assert moved(moved(state, last_number, None), None, last_tick).tick == last_tick


def test_a_whole_game_of_greedy_bots_from_the_edge_of_both_bounds_stays_within_them() -> None:
    """Bots that climb whenever they can make long games: 40 turns and more from the last turn
    number and tick a start may have, every state accepted."""
    bot = GreedyBot(5)
    state = new_game(mountain(5), COLOURS, seed=5)
    state = moved(state, MAX_TURN - turns_to_come(state), None)
    state = moved(state, None, MAX_TICK - actions_to_come(state))
    first = state.turn.number
    while not state.finished:
        state = apply(state, bot.choose(state))[0]
        assert loads(dumps(state)) == state
    assert state.turn.number - first >= 40
