"""A flick records its aim (K11, K12): bounded precision, text and JSON round trips, the old
forms without an aim still read; the core records the aim and never judges it; recorded games
(start and log) as versioned JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from climbers.klettermax.core import (
    FLICKS,
    PHYSICS,
    Action,
    Aim,
    Flick,
    Roll,
    action_text,
    apply,
    dump_record,
    load,
    load_record,
    new_state,
    parse_action,
    read_record,
)
from climbers.klettermax.core.events import Flicked

from .helpers import B, G, R, W, Y, play, position, random_game

ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)
FULL = (R, Y, G, B, W)


def aimed(flick: Flick, angle: float, strength: float) -> Flick:
    return Flick(rest=flick.rest, chamber=flick.chamber, aim=Aim(angle=angle, strength=strength))


@pytest.mark.rule("K12")
@pytest.mark.parametrize(
    ("text", "flick"),
    [
        ("flick chamber 5 aim -12.5 0.640", aimed(Flick(rest="chamber", chamber=5), -12.5, 0.64)),
        ("flick wall aim 3.0 0.250", aimed(Flick(rest="wall"), 3, 0.25)),
        ("flick outside aim 90.0 1.000", aimed(Flick(rest="outside"), 90, 1)),
        ("flick chamber 9 aim -90.0 0.000", aimed(Flick(rest="chamber", chamber=9), -90, 0)),
        ("flick chamber 1 aim 0.1 0.001", aimed(Flick(rest="chamber", chamber=1), 0.1, 0.001)),
    ],
)
def test_K12_a_flick_with_its_aim_round_trips_in_text_and_json(text: str, flick: Flick) -> None:
    assert action_text(flick) == text and parse_action(text) == flick
    with pytest.raises(ValueError):  # only the form written (issue 32, item 8)
        parse_action(f"  FLICK {text[6:].upper()}  ")
    data = flick.model_dump_json()
    assert ACTIONS.validate_json(data) == flick
    assert json.loads(data)["aim"] == {"angle": flick.aim.angle, "strength": flick.aim.strength}
    assert ACTIONS.validate_python(json.loads(data)) == flick


def test_an_aim_reads_back_as_the_same_numbers() -> None:
    for tenths in range(-900, 901, 7):
        for thousandths in (0, 1, 333, 640, 999, 1000):
            aim = Aim(angle=tenths / 10, strength=thousandths / 1000)
            flick = Flick(rest="wall", aim=aim)
            again = parse_action(action_text(flick))
            assert isinstance(again, Flick) and again.aim == aim
            assert (again.aim.angle, again.aim.strength) == (aim.angle, aim.strength)
            assert ACTIONS.validate_json(flick.model_dump_json()) == flick


def test_an_aim_holds_the_float_nearest_its_decimals() -> None:
    aim = Aim(angle=0.1 * 3, strength=0.1 * 3)
    assert (aim.angle, aim.strength) == (0.3, 0.3)
    assert Aim(angle=-0.0, strength=0.5).angle == 0.0
    assert action_text(Flick(rest="wall", aim=Aim(angle=-0.0, strength=0.5))) == (
        "flick wall aim 0.0 0.500"
    )
    assert parse_action("flick wall aim -0.0 0.500") == parse_action("flick wall aim 0.0 0.500")
    for loose in ("flick wall aim 0 0.500", "flick wall aim 0.00 0.5000", "flick wall aim 0.0 0.5"):
        with pytest.raises(ValueError):
            parse_action(loose)


@pytest.mark.parametrize(
    ("angle", "strength"),
    [
        (12.55, 0.5),
        (12.5, 0.6401),
        (90.1, 0.5),
        (-90.1, 0.5),
        (0.0, 1.001),
        (0.0, -0.001),
        (float("nan"), 0.5),
        (0.0, float("inf")),
    ],
)
def test_an_aim_off_its_precision_or_bounds_is_refused(angle: float, strength: float) -> None:
    with pytest.raises(ValidationError):
        Aim(angle=angle, strength=strength)


def test_the_nearest_aim_rounds_and_holds_to_the_bounds() -> None:
    assert Aim.nearest(-12.549, 0.64049) == Aim(angle=-12.5, strength=0.64)
    assert Aim.nearest(123.0, 1.7) == Aim(angle=90, strength=1)
    assert Aim.nearest(-95.0, -0.2) == Aim(angle=-90, strength=0)


@pytest.mark.parametrize(
    "text",
    [
        "flick chamber 5 aim",
        "flick chamber 5 aim 1.0",
        "flick chamber 5 aim 1.0 2.0",
        "flick chamber 5 aim 1.25 0.5",
        "flick chamber 5 aim 1.0 0.5001",
        "flick chamber 5 aim nan 0.5",
        "flick chamber 5 aim 1e1 0.5",
        "flick chamber 5 aim 1. 0.5",
        "flick chamber 5 aim .5 0.5",
        "flick chamber 5 aim --1 0.5",
        "flick chamber 5 aim 1.0 0.5 7",
        "flick chamber 5 aim 0000000000001 0.5",
        "flick aim 1.0 0.5",
        "flick chamber aim 1.0 0.5",
        "flick wall 3 aim 1.0 0.5",
        "roll aim 1.0 0.5",
        "flick chamber 5 at 1.0 0.5",
    ],
)
def test_a_malformed_aim_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a Burg Klettermax action") as info:
        parse_action(text)
    assert len(str(info.value)) < 100


@pytest.mark.rule("K12")
def test_K12_the_old_forms_without_an_aim_still_read() -> None:
    assert parse_action("flick chamber 5") == Flick(rest="chamber", chamber=5, aim=None)
    assert parse_action("flick wall") == Flick(rest="wall")
    old = '{"kind": "flick", "rest": "chamber", "chamber": 5}'
    assert ACTIONS.validate_json(old) == Flick(rest="chamber", chamber=5)
    assert [action_text(f) for f in FLICKS][-2:] == ["flick wall", "flick outside"]


@pytest.mark.rule("K12")
def test_K12_the_core_records_the_aim_and_never_judges_it() -> None:
    state = position(towers=(FULL, (R,)), chambers={1: (3, 1, 2)})
    plain = Flick(rest="chamber", chamber=1)
    for angle, strength in ((0, 0), (-90, 1), (33.3, 0.5)):
        flick = aimed(plain, angle, strength)
        after, events = play(state, flick)
        assert after == play(state, plain)[0]
        flicked = events[0]
        assert isinstance(flicked, Flicked) and flicked.aim == flick.aim
    assert play(state, plain)[1][0] == Flicked(
        seat=0, colour=W, rest="chamber", chamber=1, hit=True
    )


def test_a_start_may_name_its_first_player() -> None:
    assert new_state(3, 5, first=2).turn.seat == 2
    assert new_state(3, 5, first=0).chambers == new_state(3, 5).chambers
    with pytest.raises(ValueError, match="first player"):
        new_state(3, 5, first=3)


def _aimed_game(seed: int, players: int) -> tuple[list[Action], list[Action]]:
    """A random game's actions as played (no aims) and with an aim made up for every flick."""
    log, _ = random_game(seed, players, beginners=True)
    plain = [action for _, action in log]
    with_aims: list[Action] = [
        aimed(a, (i % 1801 - 900) / 10, i % 1001 / 1000) if isinstance(a, Flick) else a
        for i, a in enumerate(plain)
    ]
    return plain, with_aims


def test_a_recorded_game_round_trips_as_versioned_json() -> None:
    _, actions = _aimed_game(3, 3)
    start = new_state(3, 3, beginners=True)
    text = dump_record(start, actions)
    data = json.loads(text)
    assert (data["format"], data["version"], data["physics"]) == ("klettermax-record", 1, PHYSICS)
    assert data["log"] == [action_text(a) for a in actions]
    assert any(" aim " in line for line in data["log"])
    assert load_record(text) == (start, tuple(actions))
    assert dump_record(*load_record(text)) == text


def test_an_old_record_without_aims_still_reads_and_replays() -> None:
    plain, _ = _aimed_game(4, 2)
    start = new_state(2, 4, beginners=True)
    text = dump_record(start, plain)
    assert "aim" not in text and any(line.startswith("flick") for line in json.loads(text)["log"])
    loaded_start, actions = load_record(text)
    state = loaded_start
    for action in actions:
        state = apply(state, action)[0]
    assert actions == tuple(plain) and state.over


def test_a_record_made_before_records_named_their_physics_reads_as_physics_1() -> None:
    # Issue 31: a flick recorded under the first physics replays by its recorded outcome.
    _, actions = _aimed_game(3, 3)
    start = new_state(3, 3, beginners=True)
    data = json.loads(dump_record(start, actions))
    assert read_record(json.dumps(data)) == (start, tuple(actions), PHYSICS)
    del data["physics"]
    assert read_record(json.dumps(data)) == (start, tuple(actions), 1)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(physics=PHYSICS + 1), f'"physics" {PHYSICS + 1} is not 1 to {PHYSICS}'),
        (lambda d: d.update(physics=0), f'"physics" 0 is not 1 to {PHYSICS}'),
        (lambda d: d.update(physics="2"), f'"physics" 2 is not 1 to {PHYSICS}'),
        (lambda d: d.update(physics=True), f'"physics" True is not 1 to {PHYSICS}'),
        (lambda d: d.update(format="klettermax-game"), '"format" must be "klettermax-record"'),
        (lambda d: d.update(version=2), 'unsupported Burg Klettermax record "version" 2'),
        (lambda d: d.update(extra=1), "unknown key 'extra'"),
        (lambda d: d.pop("log"), 'needs "start" and "log"'),
        (lambda d: d.update(log="roll"), "a list of action texts"),
        (lambda d: d.update(log=["roll"] * 20_001), "over 20000 actions"),
        (lambda d: d.update(start=[]), "start: expected a JSON object"),
        (lambda d: d["start"].update(seed=-1), "start: seed"),
        (lambda d: d.update(log=["end"]), "log[0]: 'end': must_roll"),
        (lambda d: d.update(log=["roll", "fly"]), "log[1]: 'fly': not a Burg Klettermax action"),
        (lambda d: d.update(log=["roll " * 20]), "longer than 60"),
    ],
)
def test_a_record_that_does_not_replay_is_refused_in_one_line(
    change: Callable[[dict[str, Any]], object], problem: str
) -> None:
    data = json.loads(dump_record(new_state(2, 8), [Roll()]))
    change(data)
    with pytest.raises(ValueError) as info:
        load_record(json.dumps(data))
    assert problem in str(info.value)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


def test_the_documented_game_loads() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "FILE-FORMAT.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Burg Klettermax games and records") :]
    example = section[section.index("```json") + len("```json") : section.index("```\n")]
    state = load(example)
    assert state.seats[1].tower == (R,) and state.chambers[7] == (3, 1)
