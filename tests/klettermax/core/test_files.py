"""Saved states: versioned JSON, bounded before validating, and only states that can arise."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from climbers.klettermax.core import Phase, dump, load, new_state

from .helpers import B, R, position

Data = dict[str, Any]


def _data() -> Data:
    state = position(towers=((R, B), ()), tiles=((2,), (1, 3)), chambers={1: (3, 2)})
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
        (_set("seats.1.spot", 2), "two tower tiles share a spot"),
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
