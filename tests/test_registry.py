"""The registry's references, loaded and checked for every game: an entry that names the wrong
thing fails in one line where it is loaded (issue 30: typed seams)."""

from __future__ import annotations

import inspect

import pytest

from climbers.app.clips.reel import clips_of
from climbers.cli.main import game_commands
from climbers.devtools.hostile_files import kinds_of
from climbers.games.interface import GameRules
from climbers.games.registry import GameEntry, games
from climbers.games.tournament import bots_of

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
    assert isinstance(game_commands(entry), tuple)
    table = entry.load_table()
    if table is not None:
        params = inspect.signature(table).parameters
        accepts_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
        assert accepts_any or {"save_path", "shot_path", "on_games"} <= set(params)
    bots = bots_of(entry.name) if entry.bots is not None else None
    if bots is not None:
        assert bots.levels and all(isinstance(level, str) for level in bots.levels)
    assert entry.files is None or kinds_of(entry.files)
    clips = clips_of(entry)
    if clips is not None:
        assert clips.formats and all(isinstance(f, str) for f in clips.formats)
    speed = entry.load_speed()
    assert speed is None or len(inspect.signature(speed).parameters) == 1
    play = entry.load_play()
    assert play is None or len(inspect.signature(play).parameters) == 1
    check = entry.load_check()
    assert (check is None) == (not entry.formats), "a game that checks files names their formats"
    assert check is None or len(inspect.signature(check).parameters) == 1


def _entry(**references: str | None) -> GameEntry:
    base = ENTRIES[0]
    fields = {**base.__dict__, **references}
    fields.pop("rules", None)  # the cached rules of the real entry
    return GameEntry(**fields)


@pytest.mark.parametrize(
    ("field", "reference", "load"),
    [
        ("core", "climbers.games.interface:GameRules", lambda e: e.rules),
        ("commands", "climbers.games.registry:GROUP", game_commands),
        ("files", "climbers.games.registry:GROUP", lambda e: kinds_of(e.files)),
        ("clip", "climbers.games.registry:GROUP", clips_of),
        ("table", "climbers.games.registry:GROUP", lambda e: e.load_table()),
        ("speed", "climbers.games.registry:GROUP", lambda e: e.load_speed()),
        ("play", "climbers.games.registry:GROUP", lambda e: e.load_play()),
        ("check", "climbers.games.registry:GROUP", lambda e: e.load_check()),
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


def test_every_game_checks_the_formats_its_files_name() -> None:
    """The registry's formats are the games' own (so check-file hands each file to its game)."""
    from climbers.clamber.commands.check_file import FORMATS as CLAMBER
    from climbers.klettermax.commands.check_file import FORMATS as KLETTERMAX
    from climbers.the_climbers.core.state import FORMAT

    named = {entry.name: entry.formats for entry in ENTRIES}
    assert named["clamber"] == CLAMBER and named["klettermax"] == KLETTERMAX
    assert named["climbers"] == (FORMAT,)
