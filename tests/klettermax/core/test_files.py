"""Saved states: versioned JSON, bounded before validating, and only states that can arise."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from climbers.klettermax.core import Phase, dump, load, new_state

from .helpers import random_game

Data = dict[str, Any]


def _data() -> Data:
    """A state reached in a seeded game: seat 0 to roll or flick with knights and a tile,
    seat 1 with a tile."""
    log, _ = random_game(1, 2)
    state = next(
        s
        for s, _ in log
        if s.turn.seat == 0
        and s.turn.phase is Phase.START
        and s.seats[0].tower
        and s.seats[0].tiles
        and s.seats[1].tiles
    )
    data: Data = json.loads(dump(state))
    return data


def _set(path: str, value: object) -> Callable[[Data], None]:
    """A change putting `value` at a dotted path such as 'seats.0.tower'."""

    def change(data: Data) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value

    return change


def test_a_file_is_versioned_json() -> None:
    data = json.loads(dump(new_state(4, 77)))
    assert (data["format"], data["version"], data["seed"]) == ("klettermax-game", 1, 77)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "not JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "climbers-game"}', '"format" must be "klettermax-game"'),
        ('{"format": "klettermax-game", "version": 2}', 'unsupported Burg Klettermax "version"'),
        ('{"format": "klettermax-game", "format": "klettermax-game"}', "repeated"),
        ('{"format": "klettermax-game", "version": 1, "seed": NaN}', "not a number"),
        ("[" * 100_000, "longer than"),
        ("[" * 5_000 + "]" * 5_000, "not JSON"),
    ],
)
def test_text_that_is_no_state_is_refused_in_one_line(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem) as info:
        load(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (_set("seats", [{"spot": 1}] * 500), "seats has over 9 items"),
        (_set("seats.0.tower", [[[["red"]]]]), "nests too deep"),
        (_set("seats", [{"spot": 1}]), "seats"),
        (lambda data: _set("seats.1.spot", data["seats"][0]["spot"])(data), "share a spot"),
        (_set("seats.1.spot", 13), "seats.1.spot"),
        (_set("seats.0.tower", ["red", "red"]), "two knights of one colour"),
        (_set("seats.0.tower", ["purple"]), "seats.0.tower.0"),
        (_set("seats.0.tiles", [2, 3]), "not the 27"),
        (_set("chambers.1", [1, 1, 1, 1]), "chambers.1"),
        (_set("chambers", [[1]] * 8), "chambers"),
        (_set("seed", "5"), "seed"),
        (_set("seed", 2**40), "seed"),
        (_set("rolls", -1), "rolls"),
        (_set("beginners", 1), "beginners"),
        (_set("turn.seat", 2), "turn.seat 2 is not one of the 2 seats"),
        (_set("turn.phase", "over"), "five tiles"),
        (_set("turn.phase", "choose"), "choosing with no knight"),
        (_set("turn.choices", 1), "knights to choose only while choosing"),
        (_set("turn.moved", True), "moved this turn holds knights"),
        (_set("turn.phase", "again"), "beginners"),
        (_set("turn.phase", "looted"), "after a loot"),
        (_set("turn.surprise", 1), "turn.surprise"),
    ],
)
def test_a_state_that_cannot_arise_is_refused_naming_the_problem(
    change: Callable[[Data], None], problem: str
) -> None:
    data = _data()
    assert load(json.dumps(data)).turn.phase is Phase.START
    change(data)
    with pytest.raises(ValueError, match=problem) as info:
        load(json.dumps(data))
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


@pytest.mark.rule("K4", "K6", "K12")
@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda data: data["chambers"].__setitem__(2, data["chambers"][2][::-1]),
            "seed 1 deals chamber 3 other tiles",
        ),
        (
            lambda data: (
                data["chambers"].__setitem__(3, [2]),
                data["seats"][1].__setitem__("tiles", [1]),
            ),
            "chamber 4 holds other tiles than seed 1 leaves there after 2 loots",
        ),
        (_set("rolls", 3), "3 rolls of the dice are too few for 5 knights on the towers and 2"),
    ],
)
def test_a_state_not_played_from_its_seed_is_refused(
    change: Callable[[Data], object], problem: str
) -> None:
    """Issue 32, item 8: a file holds a game dealt by its seed (K4), where a tile turns up only
    when the one above it is looted (K12) and every knight came with a roll, two at most (K6)."""
    data = _data()
    assert data["seed"] == 1 and data["chambers"][3] == [1] and data["seats"][1]["tiles"] == [2]
    assert data["chambers"][2] != data["chambers"][2][::-1] and data["rolls"] > 3
    change(data)
    with pytest.raises(ValueError, match=problem) as info:
        load(json.dumps(data))
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


@pytest.mark.rule("K6", "K8")
def test_knights_without_rolls_are_refused_and_the_start_is_read() -> None:
    """Issue 32, item 8: knights on a tower, or knights to choose, before any roll."""
    start: Data = json.loads(dump(new_state(3, 7, first=0)))
    assert load(json.dumps(start)) == new_state(3, 7, first=0)
    start["seats"][0]["tower"] = ["red", "blue"]
    with pytest.raises(ValueError, match="0 rolls of the dice are too few for 2 knights"):
        load(json.dumps(start))
    start["seats"][0]["tower"] = []
    start["turn"] = {"seat": 0, "phase": "choose", "choices": 1, "moved": False}
    with pytest.raises(ValueError, match="0 rolls of the dice are too few"):
        load(json.dumps(start))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("beginners", [False, True])
def test_every_state_of_a_seeded_game_is_read_back_as_itself(players: int, beginners: bool) -> None:
    """Issue 32, item 8: the engine never makes a state its reader refuses: every state a
    seeded random game reaches, to its end, reads back as itself."""
    for seed in range(3):
        log, end = random_game(10 * players + seed, players, beginners)
        for state in [*(s for s, _ in log), end]:
            assert load(dump(state)) == state
