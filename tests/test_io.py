"""Saving and loading games and positions: round trips, atomic writes, one-line problems."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from climbers.io.resources import assets_dir
from climbers.the_climbers.core import (
    GameState,
    MoveBlock,
    Pass,
    PlaceDisk,
    Reason,
    Step,
    apply,
    block_refusals,
    check_block_move,
    free_blocks,
    generate_mountain,
    legal_destinations,
    new_game,
)
from climbers.the_climbers.core.errors import IllegalAction
from climbers.the_climbers.io import (
    MAX_BYTES,
    FileProblem,
    check_file,
    dumps,
    load_game,
    loads,
    save_game,
)

EXAMPLE = assets_dir() / "positions" / "example.json"


def example_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return data


def problem_of(data: object, tmp_path: Path, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    with pytest.raises(FileProblem) as info:
        load_game(path)
    text = str(info.value)
    assert "\n" not in text and text.startswith(f"{path}: ")
    assert check_file(path) == text
    return text.removeprefix(f"{path}: ")


def test_save_load_round_trip_equal(tmp_path: Path) -> None:
    state = new_game(generate_mountain(3), ("teal", "red", "pink"), seed=5)
    state, _ = apply(state, Pass(player=state.players[state.actor].colour))
    path = tmp_path / "saves" / "game.json"
    save_game(state, path)
    loaded = load_game(path)
    assert loaded == state
    assert loaded.structure.height.tolist() == state.structure.height.tolist()
    assert json.loads(path.read_text())["format"] == "climbers-game"
    assert check_file(path) is None


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = new_game(generate_mountain(1), ("teal", "purple"), first=0)
    save_game(first, path)
    second, _ = apply(first, Pass(player=first.players[0].colour))
    save_game(second, path)
    assert load_game(path) == second
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    state = new_game(generate_mountain(1), ("teal", "purple"), first=0)
    save_game(state, path)
    before = path.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    later, _ = apply(state, Pass(player="teal"))
    with pytest.raises(OSError):
        save_game(later, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_example_position_loads_with_its_documented_facts() -> None:
    state = load_game(EXAMPLE)
    teal, purple, yellow = state.players
    assert [p.colour for p in state.players] == ["teal", "purple", "yellow"]
    assert (state.step, state.actor, state.turn.number) == (Step.BLOCK, 0, 7)
    assert [state.level(i) for i in range(3)] == [4, 2, 0]
    assert (teal.at, purple.at, yellow.at) == ((6, 5), (7, 7), None)
    assert teal.ladders == ("tall",) and purple.ladders == ("short", "tall")
    assert (yellow.disk, yellow.disk_on) == ("placed", "double-1")
    s = state.structure
    assert s.top_colour(state.block_index("cube-1")) == "teal"
    assert s.top_colour(state.block_index("half-3")) == "pink"
    assert s.extent(state.block_index("neutral-1")) == (2, 6, 2)
    assert s.extent(state.block_index("double-2")) == (2, 4, 2)
    neutral = state.block_index("neutral-1")
    assert sorted(s.surfaces[neutral]) == [(6, 7), (6, 8), (7, 7), (7, 8)]
    assert free_blocks(state) == ["half-3"]
    reasons = {name: r.reason for name, r in block_refusals(state).items()}
    assert reasons == {
        "neutral-1": Reason.BLOCK_OCCUPIED,
        "cube-1": Reason.BLOCK_OCCUPIED,
        "double-1": Reason.BLOCK_HAS_DISK,
        "double-2": Reason.BLOCK_MOVED_LAST_TURN,
    }
    onto_disk = MoveBlock(player="teal", block="half-3", at=(8, 5, 4))
    with pytest.raises(IllegalAction) as info:
        check_block_move(state, onto_disk)
    assert info.value.reason is Reason.ON_DISK
    assert legal_destinations(state) == {}


def test_example_position_plays_on_and_the_disk_expires(tmp_path: Path) -> None:
    state = load_game(EXAMPLE)
    for _ in range(3):  # teal: block, move, disk steps
        state, _ = apply(state, Pass(player="teal"))
    state, _ = apply(state, Pass(player="purple"))  # reaction
    assert state.players[2].disk == "placed"
    state, events = apply(state, Pass(player="yellow"))  # last reaction; purple's turn
    assert state.players[2].disk == "placed" and state.actor == 1
    for _ in range(4):
        state, _ = apply(state, Pass(player="purple"))
    state, _ = apply(state, Pass(player="yellow"))
    state, _ = apply(state, Pass(player="teal"))
    assert state.actor == 2 and state.players[2].disk == "spent"
    with pytest.raises(IllegalAction) as info:
        apply(state, PlaceDisk(player="yellow", block="double-1"))
    assert info.value.reason is Reason.WRONG_PHASE
    path = tmp_path / "later.json"
    save_game(state, path)
    assert load_game(path) == state


def test_hand_written_position_may_omit_defaults(tmp_path: Path) -> None:
    data = {
        "format": "climbers-game",
        "version": 1,
        "blocks": [{"block": "cube-1", "at": [3, 3, 0]}],
        "players": [{"colour": "teal", "at": [3, 3]}, {"colour": "red"}],
    }
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(data))
    state = load_game(path)
    assert state.level(0) == 2 and state.players[1].ladders == ("short", "tall")
    assert state.turn.active == 0 and state.step is Step.MOVE


def test_description_is_optional_text() -> None:
    data = example_data()
    del data["description"]
    assert loads(json.dumps(data)) == load_game(EXAMPLE)
    assert "description" not in dumps(load_game(EXAMPLE))


def set_path(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


BAD_EDITS = [
    (("version",), 3, "newer than this program reads"),
    (("version",), 0, "unknown version 0"),
    (("version",), "1", "no whole-number version"),
    (("format",), "climbers-components", "has format 'climbers-components'"),
    (("description",), 5, "description: must be text"),
    (("blocks", 1, "block"), "cube-99", "unknown block 'cube-99'"),
    (("blocks", 1, "at"), [6, 5, 1], "overlap"),
    (("blocks", 2, "at"), [6, 9, 3], "overhangs or leaves a hole"),
    (("blocks", 0, "at"), [-1, 5, 0], "outside the 32x32 table"),
    (("blocks", 0, "at"), [31, 5, 0], "outside the 32x32 table"),
    (("blocks", 1, "at"), [6.5, 5, 2], "blocks[1].at[0]"),
    (("blocks", 1, "up"), "+q", "blocks[1].up"),
    (("blocks", 0, "north"), "-x", "share an axis"),
    (("blocks", 1, "block"), "neutral-1", "listed twice"),
    (("players", 1, "colour"), "green", "players[1].colour"),
    (("players", 1, "colour"), "teal", "distinct colours"),
    (("players", 1, "at"), [8, 5], "stands on a teal surface"),
    (("players", 1, "at"), [0, 0], "stands on no block"),
    (("players", 1, "at"), [6, 5], "two Climbers"),
    (("players", 1, "at"), [6, 10], "stands on a pink surface"),
    (("players", 1, "ladders"), ["tall", "tall"], "same ladder twice"),
    (("players", 1, "ladders"), ["long"], "players[1].ladders[0]"),
    (("players", 2, "disk_on"), None, "placed disk needs disk_on"),
    (("players", 2, "disk_on"), "double-9", "not in play"),
    (("players", 2, "disk_on"), "neutral-1", "stands at (7, 7) on a block with a disk"),
    (("players", 0, "reached_at"), 21, "after tick 20"),
    (("turn", "active"), 3, "turn points at no player"),
    (("turn", "step"), 4, "reaction step without a reacting player"),
    (("turn", "moved_last_turn"), ["cube-7"], "not in play"),
    (("turn", "quiet_turns"), -1, "turn.quiet_turns"),
    (("tick",), -3, "tick"),
    (("rules", "table_size"), 8, "rules.table_size"),
    (("rules", "two_rounds"), True, "2 players only"),
    (("players", 0, "nickname"), "x", "is not a field of this file"),
]


@pytest.mark.parametrize(("path", "value", "expected"), BAD_EDITS)
def test_bad_position_is_one_line_problem(
    tmp_path: Path, path: tuple[Any, ...], value: object, expected: str
) -> None:
    assert expected in problem_of(set_path(example_data(), path, value), tmp_path)


def test_second_disk_on_same_block_refused(tmp_path: Path) -> None:
    data = example_data()
    data["players"][1].update(disk="placed", disk_on="double-1")
    assert problem_of(data, tmp_path) == "two disks lie on double-1"


def test_disk_on_covered_block_refused(tmp_path: Path) -> None:
    data = example_data()
    data["players"][2]["disk_on"] = "cube-1"
    data["players"][0]["at"] = [7, 8]
    data["blocks"].append({"block": "cube-2", "at": [6, 5, 4]})
    assert "covered all over" in problem_of(data, tmp_path)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "is not JSON"),
        (b'{"format": ', "is not JSON"),
        (b"\x80\x81 not text", "not text"),
        (b"[1, 2]", "top level is a JSON list"),
        (b'"climbers"', "top level is a JSON string"),
        (b"null", "top level is a JSON null"),
        (b"{}", 'no "format"'),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b"[" * 11 + b"]" * 11, "nested too deeply (more than 10 levels, at [0]"),
        (b'{"format": "climbers-game", "version": 1}', "blocks: is missing"),
    ],
)
def test_unreadable_files_are_one_line_problems(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    problem = check_file(path)
    assert problem is not None and "\n" not in problem
    assert problem.startswith(f"{path}: ") and expected in problem


def test_missing_and_huge_files(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    problem = check_file(missing)
    assert problem == f"{missing}: does not exist"
    assert check_file(tmp_path) == f"{tmp_path}: is not a file"
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_BYTES + 1))
    assert check_file(huge) == f"{huge}: is larger than {MAX_BYTES} bytes"


def test_loads_accepts_saved_text_of_finished_state() -> None:
    state = new_game(generate_mountain(2), ("teal", "purple"), first=0)
    while not state.finished:
        state, _ = apply(state, Pass(player=state.players[state.actor].colour))
    assert loads(dumps(state)) == state
    assert isinstance(loads(dumps(state).encode()), GameState)
