"""The state as versioned JSON, what `load` refuses, the shared interface, and core purity."""

from __future__ import annotations

import ast
import json
import random
import sys
from pathlib import Path

import pytest

from clamber.games import random_positions
from clamber.positions import play, position
from climbers.clamber.core import RULES, ClamberRefusal, ClamberRules, apply, parse_turn
from climbers.clamber.core.board import board
from climbers.clamber.core.position import position_key
from climbers.games.interface import GameRules, Refusal

CLAMBER = Path(__file__).parents[2] / "src" / "climbers" / "clamber"


@pytest.mark.parametrize("size", (3, 4))
def test_json_round_trip(size: int) -> None:
    for state in random_positions(size, games=2, every=25):
        assert RULES.load(RULES.dump(state)) == state


def test_the_json_names_cells_and_is_versioned() -> None:
    state = play(RULES.new_state(2, seed=11), "place C3", "place D3")
    data = json.loads(RULES.dump(state))
    assert data["format"] == "clamber-game" and data["version"] == 1 and data["seed"] == 11
    assert data["stacks"] == {"C3": [0, 1], "D3": [1, 1]} and "cells" not in data
    assert data["size"] == 3 and data["turn_limit"] == 300 and len(data["history"]) == 3


def _changed(**changes: object) -> str:
    data = json.loads(RULES.dump(position("C3 r3, D3 b1, D4 b1, E3 b2", "red")))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[1]", "format"),
        ("{", "JSON"),
        ("[" * 100_000, "nested"),
        ('{"format": "clamber-game", "format": "x"}', "twice"),
        (_changed(format="climbers-game"), "format"),
        (_changed(version=2), "version"),
        (_changed(size=5), "size"),
        (_changed(stacks={"F1": [0, 1]}), "F1"),
        (_changed(stacks={"C3": [0, 0]}), "height"),
        (_changed(stacks={"C3": [2, 1]}), "seat"),
        (_changed(stacks={"C3": "b1"}), "seat"),
        (_changed(stacks={f"X{i}": [0, 1] for i in range(40)}), "at most"),
        (_changed(history=[1] * 20_000), "more than"),
        (_changed(history=[]), "history"),
        (_changed(history=list(range(1, 30))), "history does not end"),
        (_changed(to_move=0), "Red is to move after 9 turns, not Blue"),
        (_changed(turn_limit=20), "turn_limit"),
        (_changed(seed=-1), "seed"),
        (_changed(extra=1), "extra"),
        (_changed(result={"winner": 0, "reason": "repetition"}), "winner"),
        (_changed(result={"winner": 0, "reason": "wiped_out"}), "wipe-out"),
        (_changed(result={"winner": None, "reason": "no_moves"}), "no-moves"),
        (_changed(result={"winner": None, "reason": "turn_limit"}), "turn limit"),
        (_changed(cells=[0] * 19), "not both"),
        ("x" * 2_000_000, "at most"),
    ],
)
def test_load_refuses_what_is_not_a_reachable_state(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        RULES.load(text)


def test_load_refuses_boards_that_too_few_turns_could_build() -> None:
    state = position("C3 r3, D3 b1")
    data = json.loads(RULES.dump(state))
    data["stacks"]["C3"] = [1, 99]
    with pytest.raises(ValueError, match="no board has 2 stacks up to 99 high"):
        RULES.load(json.dumps(data))


def test_load_refuses_an_unfinished_game_whose_player_to_move_has_no_stack() -> None:
    state = play(RULES.new_state(2, 0), "place C3", "place D3", "place A1")
    data = json.loads(RULES.dump(state))
    data["stacks"] = {"C3": [0, 1], "A1": [0, 1]}
    data["history"][-1] = 0
    with pytest.raises(ValueError):
        RULES.load(json.dumps(data))


def test_the_rules_satisfy_the_shared_game_interface() -> None:
    rules: GameRules = RULES
    assert (rules.name, rules.seats, rules.refusal) == ("clamber", (2, 2), ClamberRefusal)
    state = rules.new_state(2, 0)
    with pytest.raises(rules.refusal) as caught:
        apply(play(state, "place C3"), parse_turn("place C3"))
    assert isinstance(caught.value, Refusal)
    assert rules.action_text(rules.parse_action("c3xd3")) == "C3xD3"
    assert ClamberRules(size=4, turn_limit=50).new_state(2, 0).turn_limit == 50


def _imports(folder: Path) -> list[tuple[str, str]]:
    """Every module imported by the files of `folder`, with the file's name."""
    found = []
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found += [(path.name, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                found.append((path.name, node.module or ""))
    return found


@pytest.mark.parametrize(
    ("folder", "own"),
    [
        ("core", ("climbers.clamber.core",)),
        ("ai", ("climbers.clamber.core", "climbers.clamber.ai", "climbers.games")),
    ],
)
def test_the_core_and_the_bots_import_only_the_stdlib_numpy_pydantic_and_the_core(
    folder: str, own: tuple[str, ...]
) -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__", "numpy", "pydantic"}
    for name, module in _imports(CLAMBER / folder):
        if module.split(".")[0] == "climbers":
            assert module.startswith(own), (name, module)
        else:
            assert module.split(".")[0] in allowed, (name, module)


def _made_up(
    stacks: dict[str, list[int]], turns: int, to_move: int, size: int = 3, **more: object
) -> str:
    """A state's text with these stacks after `turns` made-up turns."""
    b = board(size)
    cells = [0] * len(b.names)
    for cell, (seat, height) in stacks.items():
        cells[b.index[cell]] = (1 if seat == 0 else -1) * height
    key = position_key(tuple(cells), to_move)
    data = {"format": "clamber-game", "version": 1, "size": size, "stacks": stacks}
    data |= {"to_move": to_move, "history": [*range(1, turns + 1), key], **more}
    return json.dumps(data)


@pytest.mark.rule("C3", "C7", "C12")
@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (_made_up({}, 0, 1), "Blue is to move after 0 turns, not Red"),
        (_made_up({"C3": [0, 1]}, 1, 0), "Red is to move after 1 turn, not Blue"),
        (
            _made_up({c: [0, 3] for c in ("A1", "A3", "C1", "C5", "E5")}, 5, 1),
            "no board has 5 stacks up to 3 high",
        ),
        (
            _made_up({c: [i % 2, 1] for i, c in enumerate(board(4).names)}, 19, 1, size=4),
            "no board has 37 stacks",
        ),
        (
            _made_up({"C3": [0, 1]}, 1, 1, result={"winner": 0, "reason": "wiped_out"}),
            "a wipe-out is a capture after each player has placed a stone",
        ),
        (
            _made_up({"C3": [0, 2]}, 3, 1, result={"winner": 0, "reason": "wiped_out"}),
            "a wipe-out leaves the winner two stacks at least",
        ),
    ],
)
def test_load_refuses_states_no_game_reaches(text: str, problem: str) -> None:
    """Blue moves first and the turns alternate until a full board may skip a player (C3,
    C11); a turn places at most one stack and a stack grows by one a turn (C6, C7); only a
    capture wins (C12), and the capturing stack stays beside the one it captured (C7)."""
    with pytest.raises(ValueError, match=problem):
        RULES.load(text)


def test_the_states_of_play_are_all_reachable() -> None:
    """Every state of random games on both boards passes the checks above."""
    rng = random.Random(11)
    for size in (3, 4):
        state = ClamberRules(size).new_state(2, 0)
        while not state.over:
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))[0]
            assert RULES.load(RULES.dump(state)) == state
