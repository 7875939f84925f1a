"""Malformed and hostile files: `check-file` (the loader) answers in one line of at most 200
printable characters, never a traceback; the settings loader always starts with usable settings.

Classes: edited, truncated and noisy files, any JSON value, edited recorded games; long and
control-character text, repeated keys, out-of-range fields, giant numbers; settings files of
every kind; FIFOs and devices where a file should be.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from climbers.app.settings import Settings, load_settings
from climbers.cli.main import main
from climbers.io.json_input import MAX_DIGITS
from climbers.io.resources import assets_dir
from climbers.the_climbers.core import GameState, generate_mountain, new_game
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import dumps, load_game, loads
from climbers.the_climbers.io.mountains import MountainFileError, load_mountain
from test_playthrough import choose

EXAMPLE_TEXT = (assets_dir() / "positions" / "example.json").read_text()
EXAMPLE: dict[str, Any] = json.loads(EXAMPLE_TEXT)
FUZZ = settings(
    max_examples=1000,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(["teal", "neutral", "cube-1", "neutral-1", "+x", "-z", "short", "placed"])
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a JSON value."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, (*prefix, i))
    return found


EXAMPLE_PATHS = paths(EXAMPLE)[1:]


def load_or_problem(text: str | bytes) -> str:
    """`climbers check-file` on the text as a file: exit 0 with ok, or 2 with one line of at
    most 200 printable characters; returns that line."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.json"
        path.write_bytes(text.encode() if isinstance(text, str) else text)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["check-file", str(path)])
        lines = (out.getvalue() + err.getvalue()).splitlines()
        assert len(lines) == 1 and len(lines[0]) <= 200 and lines[0].isprintable()
        if code == 0:
            assert lines[0].startswith(f"ok: {path}: ")
            assert isinstance(load_game(path), GameState)
        else:
            assert code == 2 and lines[0].startswith(f"{path}: ")
        return lines[0]


def edited(data: Any, edits: list[tuple[Any, ...]]) -> Any:
    """`data` with each (path, value) edit applied; "<delete>" removes the key or item."""
    for path, value in edits:
        target: Any = data
        try:
            for key in path[:-1]:
                target = target[key]
            if value == "<delete>":
                del target[path[-1]]
            else:
                target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    return data


@FUZZ
@given(
    edits=st.lists(
        st.tuples(st.sampled_from(EXAMPLE_PATHS), json_values | st.just("<delete>")),
        min_size=1,
        max_size=3,
    )
)
def test_edited_example_files_load_or_give_one_line(edits: list[tuple[Any, ...]]) -> None:
    data = json.loads(EXAMPLE_TEXT)
    load_or_problem(json.dumps(edited(data, edits)))


@FUZZ
@given(cut=st.integers(0, len(EXAMPLE_TEXT)), noise=st.binary(max_size=12))
def test_truncated_and_noisy_files_give_one_line(cut: int, noise: bytes) -> None:
    load_or_problem(EXAMPLE_TEXT.encode()[:cut] + noise)


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(value=json_values)
def test_any_json_value_gives_one_line(value: Any) -> None:
    load_or_problem(json.dumps(value))


def recorded_game() -> str:
    session = GameSession(new_game(generate_mountain(6), ["teal", "red", "pink"], seed=6))
    rng = random.Random(6)
    for _ in range(30):
        session.act(choose(session.state, rng, 0))
    return dumps(session.state, session.start, session.log)


RECORDED = recorded_game()
RECORDED_PATHS = paths(json.loads(RECORDED))[1:]


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(
    edits=st.lists(
        st.tuples(
            st.sampled_from(RECORDED_PATHS),
            json_values | st.just("<delete>") | st.sampled_from(["teal pass", "red move 9,9"]),
        ),
        min_size=1,
        max_size=2,
    )
)
def test_edited_recorded_games_give_one_line(edits: list[tuple[Any, ...]]) -> None:
    data = json.loads(RECORDED)
    load_or_problem(json.dumps(edited(data, edits)))


# -- long and control-character text, repeated keys, out-of-range fields, giant numbers ---------

hostile_text = st.text(
    st.characters(categories=["Cc", "Cf", "Co", "Zl", "Zp", "Zs", "Mn"]) | st.characters(),
    min_size=1,
    max_size=300,
) | st.builds(lambda c, n: c * n, st.characters(), st.integers(25, 20_000))


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(
    where=st.sampled_from(EXAMPLE_PATHS),
    text=hostile_text,
    as_key=st.booleans(),
)
def test_long_and_control_character_text_gives_one_clean_line(
    where: tuple[Any, ...], text: str, as_key: bool
) -> None:
    data = json.loads(EXAMPLE_TEXT)
    if as_key:
        target = data
        for part in where[:-1]:
            target = target[part]
        if isinstance(target, dict):
            target[text] = 1
    else:
        edited(data, [(where, text)])
    load_or_problem(json.dumps(data))


KEYS = [m for m in re.finditer(r'"(\w+)": ', EXAMPLE_TEXT) if m.group(1) != "description"]


@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(
    key=st.sampled_from(KEYS),
    value=st.none()
    | st.booleans()
    | st.integers(-9999, 9999)
    | st.text(max_size=20)
    | st.lists(st.integers(0, 40), max_size=3),
)
def test_a_repeated_key_is_always_refused(key: re.Match[str], value: Any) -> None:
    at = key.start()
    text = f"{EXAMPLE_TEXT[:at]}{key.group(0)}{json.dumps(value)}, {EXAMPLE_TEXT[at:]}"
    line = load_or_problem(text)
    assert line.endswith(f"has the key {key.group(1)!r} twice in one object")


def whole_number_paths() -> list[tuple[Any, ...]]:
    """Every place in the example that holds a whole number."""
    data = json.loads(EXAMPLE_TEXT)
    found = []
    for path in EXAMPLE_PATHS:
        value: Any = data
        for part in path:
            value = value[part]
        if type(value) is int:
            found.append(path)
    return found


NUMBER_PATHS = whole_number_paths()


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(
    where=st.sampled_from(NUMBER_PATHS),
    value=st.integers(-(10**10) + 1, 10**10 - 1)
    | st.sampled_from([-1, 0, 1, 24, 25, 99, 200, 201, 100_000, 100_001, 2_000_000, 2_000_001]),
)
def test_out_of_range_fields_load_or_give_one_line(where: tuple[Any, ...], value: int) -> None:
    data = json.loads(EXAMPLE_TEXT)
    line = load_or_problem(json.dumps(edited(data, [(where, value)])))
    if line.startswith("ok: "):
        state = loads(json.dumps(data))
        assert 0 <= state.tick <= 2_000_000 and 1 <= state.turn.number <= 100_000
        assert 0 <= state.turn.start_level <= 200 and state.turn.reactor < len(state.players)


@settings(max_examples=100, derandomize=True, database=None, deadline=None)
@given(where=st.sampled_from(NUMBER_PATHS), digits=st.integers(MAX_DIGITS + 1, 20_000))
def test_giant_numbers_are_refused_before_conversion(where: tuple[Any, ...], digits: int) -> None:
    data = json.loads(EXAMPLE_TEXT)
    text = json.dumps(edited(data, [(where, 123454321)])).replace("123454321", "9" * digits)
    began = time.perf_counter()
    line = load_or_problem(text)
    assert line.endswith(f"has a number of {digits} digits (at most {MAX_DIGITS})")
    assert time.perf_counter() - began < 1.0


# -- settings files of every kind; FIFOs and devices where a file should be ---------------------

settings_values = st.dictionaries(
    st.sampled_from([*Settings.model_fields, "unknown", "\x1b[2J"]) | st.text(max_size=8),
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(10**9), 10**9)
        | st.floats(-100, 10_000)
        | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3),
        max_leaves=6,
    ),
    max_size=8,
)
"""Settings objects a JSON reader takes (whole numbers of at most 19 digits, finite numbers)."""


def settings_from(content: bytes, capsys: pytest.CaptureFixture[str]) -> Settings:
    """Load a settings file holding `content`: always settings, and at most one warning line."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(content)
        loaded = load_settings(path)
    err = capsys.readouterr().err
    assert isinstance(loaded, Settings) and err.count("\n") <= 1
    assert len(err) <= 201 and err.rstrip("\n").isprintable()
    return loaded


@settings(
    max_examples=300,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(value=settings_values)
def test_settings_files_of_any_content_give_settings_and_at_most_one_line(
    value: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = settings_from(json.dumps(value).encode(), capsys)
    for name in Settings.model_fields:
        default = getattr(Settings(), name)
        if name not in value:
            assert getattr(loaded, name) == default, "a field not in the file keeps its default"
            continue
        try:
            usable = getattr(Settings.model_validate({name: value[name]}), name)
        except ValueError:
            usable = default
        assert getattr(loaded, name) == usable, "each field is taken or falls back alone"


@settings(
    max_examples=200,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    content=st.binary(max_size=64)
    | st.builds(lambda n: b"[" * n, st.integers(1, 60_000))
    | st.builds(lambda n: b'{"sound": ' + b"9" * n + b"}", st.integers(1, 6000))
    | st.builds(lambda n: b'{"sound": true' + b" " * n + b"}", st.integers(65_000, 70_000))
)
def test_settings_files_of_any_bytes_give_settings(
    content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    settings_from(content, capsys)


@pytest.mark.parametrize("kind", ["fifo", "fifo link", "dev-zero link", "dev-null", "folder"])
def test_no_reader_waits_on_a_fifo_or_reads_a_device(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "where.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "fifo link":
        os.mkfifo(tmp_path / "fifo")
        path.symlink_to(tmp_path / "fifo")
    elif kind == "dev-zero link":
        path.symlink_to("/dev/zero")
    elif kind == "dev-null":
        path = Path("/dev/null")
    else:
        path.mkdir()
    assert load_or_problem_at(path).endswith(": is not a file")
    with pytest.raises(MountainFileError, match="is not a file"):
        load_mountain(path)
    assert load_settings(path) == Settings()


def load_or_problem_at(path: Path) -> str:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        assert main(["check-file", str(path)]) == 2
    assert out.getvalue() == ""
    return err.getvalue().rstrip("\n")
