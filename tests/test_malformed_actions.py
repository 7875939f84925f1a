"""Random and malformed actions: construction or parsing refuses the malformed ones with a
ValueError (pydantic's ValidationError is one), `apply` refuses the rest with IllegalAction or
applies them, and a refused action never changes the state."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from climbers.the_climbers.core import IllegalAction, apply, parse_action
from climbers.the_climbers.core.actions import ACTION_ADAPTER
from climbers.the_climbers.core.state import GameState
from climbers.the_climbers.io.refusals import refusal_sentence
from test_actions import Snapshot, random_position

HOSTILE = settings(
    max_examples=600,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
POSITIONS = [
    random_position(seed, players, preset, bridges, depth)
    for seed, players, preset, bridges, depth in [
        (1, 2, "2018", False, 0),
        (2, 3, "2018", True, 1),
        (3, 4, "classic-2008", False, 7),
        (4, 5, "2018", False, 30),
        (5, 2, "classic-2008", True, 2),
        (6, 3, "2018", False, 13),
    ]
]
SNAPSHOTS = [Snapshot(s) for s in POSITIONS]

coordinate = st.one_of(
    st.integers(-5, 40),
    st.integers(-(2**70), 2**70),
    st.sampled_from([2**63, -(2**63), 2**31]),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
)
names = st.sampled_from(["cube-1", "half-3", "double-9", "neutral-2", "cube-99", "", "x" * 300])
colours = st.sampled_from(["teal", "purple", "yellow", "red", "pink", "neutral", "green", 3])
faces = st.sampled_from(["+x", "-x", "+y", "-y", "+z", "-z", "+q", "x", "", None])
ladder_lists = st.lists(st.sampled_from(["short", "tall", "long", 1, None]), max_size=4)
action_data = st.fixed_dictionaries(
    {"kind": st.sampled_from(["move", "block", "disk", "pass", "jump", None])},
    optional={
        "player": colours,
        "to": st.lists(coordinate, max_size=3) | coordinate,
        "at": st.lists(coordinate, max_size=4) | coordinate,
        "ladders": ladder_lists | st.text(max_size=6),
        "block": names | coordinate,
        "up": faces,
        "north": faces,
        "extra": st.integers(),
    },
)
word = st.sampled_from(["teal", "red", "green", "move", "block", "disk", "pass", "cube-1", "+z+y"])
number = st.integers(-(10**25), 10**25).map(str)
text_forms = st.one_of(
    st.text(max_size=40),
    st.lists(word | number | st.just("+short") | st.just("+tall"), max_size=6).map(" ".join),
    st.tuples(colours, st.integers(-(10**25), 10**25), number, ladder_lists).map(
        lambda t: f"{t[0]} move {t[1]},{t[2]}" + "".join(f" +{k}" for k in t[3])
    ),
    st.tuples(colours, names, number, number, number, faces, faces).map(
        lambda t: f"{t[0]} block {t[1]} {t[2]},{t[3]},{t[4]} {t[5]}{t[6]}"
    ),
)


def throw(state: GameState, snapshot: Snapshot, action: Any) -> None:
    """Apply: a refusal is IllegalAction and leaves the state exactly as it was."""
    try:
        apply(state, action)
    except IllegalAction as refusal:
        assert refusal_sentence(refusal)
    snapshot.assert_same(state)


@HOSTILE
@given(data=action_data, which=st.integers(0, len(POSITIONS) - 1))
def test_malformed_action_data_is_refused_at_construction_or_by_apply(
    data: dict[str, Any], which: int
) -> None:
    try:
        action = ACTION_ADAPTER.validate_python(data)
    except ValueError:
        return
    throw(POSITIONS[which], SNAPSHOTS[which], action)


@HOSTILE
@given(text=text_forms, which=st.integers(0, len(POSITIONS) - 1))
def test_malformed_action_text_is_refused_by_parsing_or_by_apply(text: str, which: int) -> None:
    try:
        action = parse_action(text)
    except ValueError:
        return
    assert str(parse_action(str(action))) == str(action)
    throw(POSITIONS[which], SNAPSHOTS[which], action)


@pytest.mark.rule("R12")
@pytest.mark.parametrize(
    "text",
    [
        "{player} move 0,0 +short +short",
        "{player} move -1,-1",
        "{player} move 99999999999999999999999,3 +tall",
        "{player} block cube-99 0,0,0 +z+y",
        "{player} block {block} -4,2,0 +z+y",
        "{player} block {block} 9223372036854775808,0,0 +x+z",
        "{player} disk nothing-7",
        "{player} disk {block}",
    ],
)
def test_named_hostile_actions_are_illegal_for_every_position(text: str) -> None:
    for state, snapshot in zip(POSITIONS, SNAPSHOTS, strict=True):
        player = state.players[state.actor].colour
        action = parse_action(text.format(player=player, block=state.blocks[0].block))
        with pytest.raises(IllegalAction):
            apply(state, action)
        snapshot.assert_same(state)
