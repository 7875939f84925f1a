"""Malformed and hostile files: `check-file` (the loader) answers in one line, never a traceback."""

from __future__ import annotations

import io
import json
import random
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from climbers.cli.main import main
from climbers.core import GameState, generate_mountain, new_game
from climbers.game.session import GameSession
from climbers.io import dumps, load_game
from climbers.io.resources import assets_dir
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


def load_or_problem(text: str | bytes) -> None:
    """`climbers check-file` on the text as a file: exit 0 with ok, or 2 with one line."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.json"
        path.write_bytes(text.encode() if isinstance(text, str) else text)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["check-file", str(path)])
        lines = (out.getvalue() + err.getvalue()).splitlines()
        assert len(lines) == 1
        if code == 0:
            assert lines[0].startswith(f"ok: {path}: ")
            assert isinstance(load_game(path), GameState)
        else:
            assert code == 2 and lines[0].startswith(f"{path}: ")
            assert len(lines[0]) < 400 + len(str(path))


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
