"""Every field of a saved game or position is checked against what play can produce: states that
play never reaches are refused in one line, and every state play reaches still loads."""

from __future__ import annotations

import json
import random
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from climbers.io.resources import assets_dir
from climbers.the_climbers.core import (
    GameState,
    Rules,
    apply,
    generate_mountain,
    legal_actions,
    new_game,
)
from climbers.the_climbers.core.components import standard_components
from climbers.the_climbers.core.state import MAX_LEVEL, MAX_NAME, MAX_TICK, MAX_TURN
from climbers.the_climbers.io import FileProblem, dumps, loads
from climbers.the_climbers.io.words import player_label

EXAMPLE_TEXT = (assets_dir() / "positions" / "example.json").read_text()
Edit = Callable[[dict[str, Any]], object]


def refusal(edit: Edit) -> str:
    data: dict[str, Any] = json.loads(EXAMPLE_TEXT)
    edit(data)
    with pytest.raises(FileProblem) as info:
        loads(json.dumps(data), "game.json")
    line = str(info.value)
    assert line.startswith("game.json: ") and len(line) <= 200 and line.isprintable()
    return line.removeprefix("game.json: ")


def player(data: dict[str, Any], seat: int, **changes: object) -> None:
    data["players"][seat].update(changes)


def turn(data: dict[str, Any], **changes: object) -> None:
    data["turn"].update(changes)


IMPOSSIBLE: list[tuple[str, Edit, str]] = [
    ("reached_at -7", lambda d: player(d, 0, reached_at=-7), "players[0].reached_at"),
    ("turn number -5", lambda d: turn(d, number=-5), "turn.number: must be at least"),
    ("turn number 0", lambda d: turn(d, number=0), "turn.number"),
    (
        "turn number huge",
        lambda d: turn(d, number=MAX_TURN + 1),
        "turn.number: must be at most",
    ),
    ("turn number 10**18", lambda d: turn(d, number=10**18), "must be at most 100000"),
    ("start level -3", lambda d: turn(d, start_level=-3), "turn.start_level"),
    ("start level 201", lambda d: turn(d, start_level=MAX_LEVEL + 1), "turn.start_level"),
    ("quiet turns 10**12", lambda d: turn(d, quiet_turns=10**12), "past the game's end"),
    ("quiet turns past the end", lambda d: turn(d, quiet_turns=4), "past the game's end (3 quiet"),
    ("quiet turns negative", lambda d: turn(d, quiet_turns=-1), "turn.quiet_turns"),
    ("reactor 99", lambda d: turn(d, step=4, reactor=99), "turn.reactor 99 is no seat"),
    ("reactor off-step", lambda d: turn(d, reactor=1), "reactor is set outside the reaction"),
    ("reactor negative", lambda d: turn(d, reactor=-1), "turn.reactor"),
    ("active negative", lambda d: turn(d, active=-1), "turn.active"),
    ("step negative", lambda d: turn(d, step=-1), "turn.step"),
    (
        "moved 1000 times",
        lambda d: turn(d, moved_last_turn=["double-2"] * 1000),
        "lists a block twice",
    ),
    ("moved twice", lambda d: turn(d, moved_this_turn=["half-3", "half-3"]), "lists a block twice"),
    (
        "moved too many",
        lambda d: turn(d, moved_last_turn=["double-2", "half-3"]),
        "more blocks than",
    ),
    ("moved unknown", lambda d: turn(d, moved_last_turn=["cube-12"]), "'cube-12', which is not in"),
    ("tick negative", lambda d: d.update(tick=-1), "tick: must be at least"),
    ("tick huge", lambda d: d.update(tick=MAX_TICK + 1), "tick: must be at most"),
    ("tick 4000 digits", lambda d: d.update(tick=int("9" * 4000)), "number of 4000 digits"),
    ("name 1.9 MB", lambda d: player(d, 0, name="x" * 1_900_000), "at most 24 characters"),
    ("name 25", lambda d: player(d, 0, name="x" * (MAX_NAME + 1)), "players[0].name"),
    ("name NUL", lambda d: player(d, 1, name="B\x00n"), "players[1].name: a name is 1 to 24"),
    ("name escape", lambda d: player(d, 1, name="\x1b[2J"), "printable characters"),
    ("name newline", lambda d: player(d, 2, name="C\ny"), "printable characters"),
    ("name bidi", lambda d: player(d, 2, name="C\u202ey"), "printable characters"),
]


@pytest.mark.parametrize(("name", "edit", "expected"), IMPOSSIBLE, ids=[c[0] for c in IMPOSSIBLE])
def test_impossible_fields_are_refused_in_one_line(name: str, edit: Edit, expected: str) -> None:
    assert expected in refusal(edit)


@pytest.mark.parametrize("name", ["", "A", "Zoë 日本 ✓", "x" * MAX_NAME, "Ana-Lu (2)"])
def test_names_of_1_to_24_printable_characters_and_the_empty_name_load(name: str) -> None:
    data: dict[str, Any] = json.loads(EXAMPLE_TEXT)
    data["players"][0]["name"] = name
    state = loads(json.dumps(data))
    assert state.players[0].name == name
    assert player_label(state.players[0]) == (name or "Teal")


def test_the_level_bound_is_above_every_stack_of_the_blocks() -> None:
    assert MAX_LEVEL > sum(max(spec.dims) for spec in standard_components().blocks)


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, Rules()),
        (3, Rules(classic_turn=True, reactions=False)),
        (2, Rules(two_rounds=True, bridges=True)),
        (5, Rules(reaction_ladders=True)),
        (2, Rules(classic_turn=True, reactions=False, two_rounds=True)),
    ],
)
def test_every_state_of_played_games_loads_again(players: int, rules: Rules) -> None:
    """A random game to its end under each rule set: every state passes its own checks."""
    colours = ["teal", "purple", "yellow", "red", "pink"][:players]
    for seed in (players, players + 10):
        rng = random.Random(seed)
        state = new_game(generate_mountain(seed), colours, rules=rules, seed=seed)
        while not state.finished:
            assert loads(dumps(state)) == state
            actions = legal_actions(state)
            moves = actions[1:]
            action = rng.choice(moves) if moves and rng.random() < 0.7 else actions[0]
            state, _ = apply(state, action)
        assert isinstance(loads(dumps(state)), GameState)


def on_table_without_ladders(data: dict[str, Any]) -> None:
    player(data, 2, ladders=[])


def all_of(*edits: Edit) -> Edit:
    """One edit making all of `edits`, in order."""

    def edit(data: dict[str, Any]) -> None:
        for each in edits:
            each(data)

    return edit


def all_disks_spent(data: dict[str, Any]) -> None:
    for seat in range(3):
        player(data, seat, disk="spent", disk_on=None)


IMPOSSIBLE_PLAY: list[tuple[str, Edit, str]] = [
    (
        "R19: every disk spent at turn 1",
        all_of(lambda d: turn(d, number=1, moved_last_turn=[]), all_disks_spent),
        "teal's disk is spent at turn 1: a disk leaves the game when its owner's next turn "
        "begins, and teal has begun 1 (R19)",
    ),
    (
        "R19: a disk on the mountain before its owner's first turn",
        lambda d: turn(d, number=1, moved_last_turn=[]),
        "yellow's disk lies on the mountain at turn 1, before yellow's first turn (R19)",
    ),
    (
        "R22: finished at tick 19 with no quiet turns",
        all_of(lambda d: d.update(finished=True, tick=19), lambda d: turn(d, step=4)),
        "finished with 0 quiet turns: a game ends after 3 turns in a row without a climb (R22)",
    ),
    (
        "R22: finished in the middle of a turn",
        all_of(lambda d: d.update(finished=True), lambda d: turn(d, quiet_turns=3)),
        "turn.quiet_turns 3: the turn before ended the game (R22)",
    ),
    (
        "R22: more quiet turns than turns",
        lambda d: turn(d, number=2, quiet_turns=2, moved_last_turn=[]),
        "turn.quiet_turns 2: more quiet turns than turns played before turn 2 ends (R22)",
    ),
    (
        "R12: a Climber on the table without ladders",
        on_table_without_ladders,
        "yellow's Climber is still on the table but has used a ladder",
    ),
    (
        "R12: a Climber on the table with one ladder",
        lambda d: player(d, 2, ladders=["short"]),
        "yellow's Climber is still on the table but has used a ladder",
    ),
    (
        "R15, R20: a block listed as moved during the block step",
        lambda d: turn(d, moved_this_turn=["half-3"]),
        "turn.moved_this_turn lists 1 moved blocks, but 0 block steps of this turn are over",
    ),
    (
        "R15: a block moved on the turn before turn 1",
        lambda d: turn(d, number=1),
        "turn.moved_last_turn lists blocks moved before turn 1 (R15)",
    ),
    (
        "R21: a start level above every level",
        lambda d: turn(d, start_level=150),
        "turn.start_level 150 is above teal's level 4: a Climber never goes down (R9, R21)",
    ),
    (
        "R21: a start level above the active Climber's level",
        lambda d: turn(d, start_level=5),
        "turn.start_level 5 is above teal's level 4",
    ),
    (
        "R20: turn 100,000 at tick 19",
        all_of(lambda d: turn(d, number=MAX_TURN), lambda d: d.update(tick=19)),
        "turn 100000 at tick 19: each turn before it took at least one action (R20)",
    ),
    (
        "turn 99,999: the game could run past the last turn number",
        all_of(lambda d: turn(d, number=MAX_TURN - 1), lambda d: d.update(tick=MAX_TURN)),
        "turn.number 99999: this game may last 152 more turns, past turn 100000",
    ),
    (
        "tick near the last: the game could run past the last tick",
        lambda d: d.update(tick=MAX_TICK - 10),
        "tick 1999990: this game may last 917 more actions, past tick 2000000",
    ),
]


@pytest.mark.parametrize(
    ("name", "edit", "expected"), IMPOSSIBLE_PLAY, ids=[c[0] for c in IMPOSSIBLE_PLAY]
)
def test_states_no_play_can_reach_are_refused_naming_the_problem(
    name: str, edit: Edit, expected: str
) -> None:
    assert expected in refusal(edit)


def test_the_example_is_accepted_as_it_is() -> None:
    assert loads(EXAMPLE_TEXT).turn.number == 7


def test_a_puzzle_or_lesson_position_may_hand_a_climber_on_the_table_fewer_ladders() -> None:
    """R12 holds in play; a puzzle (an exercise) may start a Climber with one ladder spent."""
    data: dict[str, Any] = json.loads(EXAMPLE_TEXT)
    on_table_without_ladders(data)
    with pytest.raises(FileProblem, match="still on the table but has used a ladder"):
        loads(json.dumps(data))
    assert loads(json.dumps(data), exercise=True).players[2].ladders == ()


@pytest.mark.parametrize("number", [MAX_TURN - 152, MAX_TURN - 153])
def test_a_state_whose_game_ends_by_the_last_turn_number_is_accepted(number: int) -> None:
    data: dict[str, Any] = json.loads(EXAMPLE_TEXT)
    turn(data, number=number)
    data["tick"] = MAX_TURN
    assert loads(json.dumps(data)).turn.number == number


@pytest.mark.parametrize("z", [40, 10_000_000, 2_000_000_000])
def test_a_block_far_above_the_mountain_is_refused_as_floating_with_little_memory(z: int) -> None:
    """A block's level only ever asks for the cells its structure can hold: one far above every
    stack of the blocks floats and is refused, without memory for the height it claims."""
    tracemalloc.start()
    try:
        line = refusal(
            lambda data: data["blocks"][-1].update(at=[*data["blocks"][-1]["at"][:2], z])
        )
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "overhangs or leaves a hole" in line or "level" in line
    assert peak < 20 * 2**20
