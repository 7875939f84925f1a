"""The Climbers' kinds of file for the hostile files of `scripts/bench`
(climbers.devtools.hostile_files): saved games and positions, puzzles, lesson files and named
mountains, each with its own worst cases besides the generic ones."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from climbers.devtools.hostile_files import Case, FileKind
from climbers.io.resources import assets_dir
from climbers.the_climbers.ai import GreedyBot
from climbers.the_climbers.core import apply, generate_mountain, new_game
from climbers.the_climbers.io import MAX_BYTES, MAX_LOG, dumps
from climbers.the_climbers.lessons.model import MAX_LESSONS

KINDS = [
    FileKind(
        "saved game",
        "climbers.the_climbers.io.files:load_saved",
        MAX_BYTES,
        f"{__name__}:saved_game_cases",
    ),
    FileKind(
        "puzzle",
        "climbers.the_climbers.puzzles.library:load_puzzle",
        200_000,
        f"{__name__}:puzzle_cases",
    ),
    FileKind(
        "lesson file",
        "climbers.the_climbers.lessons.model:load_lessons",
        200_000,
        f"{__name__}:lesson_cases",
        folder="lessons.json",
    ),
    FileKind(
        "mountain",
        "climbers.the_climbers.io.mountains:load_mountain",
        200_000,
        f"{__name__}:mountain_cases",
    ),
]
"""What The Climbers reads: its kinds of file, largest bound first."""


def _example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (assets_dir() / "positions" / "example.json").read_text(encoding="utf-8")
    )
    return data


def _text(data: object) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode("utf-8")


def _filled(data: dict[str, Any], key: str, unit: object, budget: int) -> bytes:
    """`data` with `key` a list of as many `unit` as fit in `budget` bytes."""
    data = {**data, key: []}
    room = budget - len(_text(data))
    count = room // (len(_text(unit)) + 1)
    return _text({**data, key: [unit] * count})


@cache
def recorded_game() -> tuple[dict[str, Any], list[str]]:
    """A whole game of five greedy bots, as a saved file's data and its action log."""
    bot = GreedyBot(0)
    start = state = new_game(generate_mountain(0), ["teal", "purple", "yellow", "red", "pink"])
    log = []
    while not state.finished:
        action = bot.choose(state)
        state, _ = apply(state, action)
        log.append(str(action))
    data: dict[str, Any] = json.loads(dumps(state, start, log))
    return data, log


def saved_game_cases(budget: int) -> list[Case]:
    """Saves with huge lists, long names, long logs, a long legal game, many bots."""
    example = _example()
    empty = {"format": "climbers-game", "version": 2, "blocks": [], "players": example["players"]}
    game, log = recorded_game()
    started = {k: v for k, v in game.items() if k not in ("start", "log")}
    players = [{**p, "name": "x" * (budget // 6)} for p in example["players"]]
    long_line = "teal move " + "1" * (budget - 40_000)
    passes = MAX_LOG - len(log)
    room = (budget - len(_text(started)) - 100) // 3
    start_blocks: dict[str, list[object]] = {"blocks": [{}] * room, "players": []}
    return [
        ("480,000 empty blocks", _filled(empty, "blocks", {}, budget)),
        ("19,000 blocks", _text({**empty, "blocks": [{"block": "half-1"}] * 19_000})),
        ("names of 330,000 characters", _text({**example, "players": players})),
        ("log of passes", _filled({**game, "log": []}, "log", "teal pass", budget)),
        ("log of one long line", _text({**game, "log": [long_line]})),
        ("log of a legal game of greedy bots", _text(game)),
        (
            f"{MAX_LOG:,} actions: a legal game, then passes",
            _text({**game, "log": log + ["teal pass"] * passes}),
        ),
        ("start with 480,000 empty blocks", _text({**started, "start": start_blocks, "log": []})),
        ("many bots", _many_bots(example, budget)),
        ("description of 2 MB", _text({**example, "description": "x" * (budget - 3000)})),
    ]


def _many_bots(example: dict[str, Any], budget: int) -> bytes:
    bots = {f"b{i}": "greedy" for i in range(budget // 20)}
    return _text({**example, "bots": bots})


def puzzle_cases(budget: int) -> list[Case]:
    """Puzzles with a very long solution and a position padded to the bound."""
    puzzle: dict[str, Any] = json.loads(
        (assets_dir() / "puzzles" / "band1-0004-level4.json").read_text(encoding="utf-8")
    )
    return [
        ("solution of passes", _filled(puzzle, "solution", "teal pass", budget)),
        (
            "position with 40,000 empty blocks",
            _text({**puzzle, "position": {**puzzle["position"], "blocks": [{}] * 15_000}}),
        ),
    ]


def lesson_cases(budget: int) -> list[Case]:
    """Lesson files whose every lesson loads the same large position (a position of 1.9 MB)."""
    lessons: dict[str, Any] = json.loads(
        (assets_dir() / "lessons" / "lessons.json").read_text(encoding="utf-8")
    )
    first = lessons["lessons"][0]
    position = {**_example(), "description": "x" * 1_900_000}
    lesson = {**first, "position": "big.json", "focus": {}, "done_when": first["done_when"]}
    fit = budget // (len(_text(lesson)) + 1)
    cases: list[Case] = []
    for count in (MAX_LESSONS, fit):
        many = [{**lesson, "id": f"l{i}"} for i in range(count)]
        files = {"lessons.json": _text({**lessons, "lessons": many}), "big.json": _text(position)}
        cases.append((f"{count} lessons of one 1.9 MB position", files))
    return cases


def mountain_cases(budget: int) -> list[Case]:
    """A mountain file of as many placements as fit."""
    mountain: dict[str, Any] = json.loads(
        (assets_dir() / "mountains" / "classic.json").read_text(encoding="utf-8")
    )
    block = {"block": "half-1", "at": [0, 0, 0]}
    return [("placements up to the bound", _filled(mountain, "blocks", block, budget))]
