"""The registry's references, loaded and checked for every game: an entry that names the wrong
thing fails in one line where it is loaded (issue 30: typed seams)."""

from __future__ import annotations

import inspect

import pytest

from climbers.games.interface import GameRules
from climbers.games.registry import GameEntry, games

ENTRIES = list(games().values())


def test_the_three_games_are_registered() -> None:
    assert {e.name for e in ENTRIES} >= {"climbers", "clamber", "klettermax"}


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_reference_of_an_entry_is_what_it_names(entry: GameEntry) -> None:
    rules = entry.rules
    assert rules.name == entry.name
    for method in ("new_state", "legal_actions", "apply", "to_act", "ranking", "dump", "load"):
        assert callable(getattr(rules, method)), method
    assert issubclass(rules.refusal, Exception)
    assert isinstance(entry.load_commands(), tuple)
    table = entry.load_table()
    if table is not None:
        params = inspect.signature(table).parameters
        accepts_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
        assert accepts_any or {"save_path", "shot_path", "on_games"} <= set(params)
    bots = entry.load_bots()
    if bots is not None:
        assert bots.levels and all(isinstance(level, str) for level in bots.levels)
    kinds = entry.load_files()
    assert kinds is None or kinds
    clips = entry.load_clips()
    if clips is not None:
        assert clips.formats and all(isinstance(f, str) for f in clips.formats)
    speed = entry.load_speed()
    assert speed is None or len(inspect.signature(speed).parameters) == 1
    play = entry.load_play()
    assert play is None or len(inspect.signature(play).parameters) == 1


def _entry(**references: str | None) -> GameEntry:
    base = ENTRIES[0]
    fields = {**base.__dict__, **references}
    fields.pop("rules", None)  # the cached rules of the real entry
    return GameEntry(**fields)


@pytest.mark.parametrize(
    ("field", "reference", "load"),
    [
        ("core", "climbers.games.interface:GameRules", lambda e: e.rules),
        ("commands", "climbers.games.registry:GROUP", lambda e: e.load_commands()),
        ("bots", "climbers.games.registry:GROUP", lambda e: e.load_bots()),
        ("files", "climbers.games.registry:GROUP", lambda e: e.load_files()),
        ("clip", "climbers.games.registry:GROUP", lambda e: e.load_clips()),
        ("table", "climbers.games.registry:GROUP", lambda e: e.load_table()),
        ("speed", "climbers.games.registry:GROUP", lambda e: e.load_speed()),
        ("play", "climbers.games.registry:GROUP", lambda e: e.load_play()),
    ],
)
def test_a_reference_to_the_wrong_thing_is_refused_where_it_is_loaded(
    field: str, reference: str, load: object
) -> None:
    entry = _entry(**{field: reference})
    with pytest.raises(TypeError, match=reference.split(":")[1]):
        load(entry)  # type: ignore[operator]


def test_the_rules_protocol_is_what_the_cores_satisfy() -> None:
    for entry in ENTRIES:
        rules: GameRules = entry.rules
        state = rules.new_state(rules.seats[0], 1)
        assert rules.load(rules.dump(state)) == state
