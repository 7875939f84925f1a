"""`climbers clamber legal` and `climbers clamber apply` on position files (issue: a way to ask
the rules for bug reports and tests)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from climbers.clamber.core import RULES
from climbers.cli.main import main


def position(tmp_path: Path, *turns: str, name: str = "position.json") -> Path:
    state = RULES.new_state(2, 0)
    for text in turns:
        state, _ = RULES.apply(state, RULES.parse_action(text))
    path = tmp_path / name
    path.write_text(RULES.dump(state))
    return path


def test_legal_prints_every_turn_sorted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["clamber", "legal", str(position(tmp_path, "place C3"))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == sorted(lines) and len(lines) == 18, "18 empty cells to place on"
    assert all(line.startswith("place ") for line in lines) and "place C3" not in lines


@pytest.mark.rule("C9")
def test_apply_writes_the_position_after_the_turns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "after.json"
    start = position(tmp_path)
    argv = ["clamber", "apply", str(start), "place C3", "place D3", "C3=D3"]
    assert main([*argv, "--out", str(out)]) == 0
    assert json.loads(out.read_text())["stacks"] == {"C3": [0, 1], "D3": [0, 2]}
    assert main(["clamber", "apply", str(start), "place C3"]) == 0
    assert json.loads(capsys.readouterr().out)["stacks"] == {"C3": [0, 1]}


@pytest.mark.rule("C8")
def test_a_refused_turn_is_one_line_in_players_words_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "after.json"
    start = position(tmp_path, "place C3", "place E5")
    assert main(["clamber", "apply", str(start), "C3xE5", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "turn 1 (C3xE5)" in err
    assert "E5 is not next to C3" in err and not out.exists()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
        ('{"format": "clamber-game", "version": 9}', "version: must be 1"),
        ('{"format": "climbers-game", "version": 1}', "not a Clamber position"),
        ("\xff\xfe", "not JSON"),
        ('{"format": "clamber-saved-game"}', "a saved Clamber game, not a position"),
        ('{"format": "clamber-game", "history": [' + "9" * 30 + "]}", "30 digits"),
    ],
)
def test_a_bad_file_is_one_line_naming_it(
    tmp_path: Path, content: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["clamber", "legal", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.json: " in err and problem in err
    assert "Value error" not in err and "set_int_max_str_digits" not in err


def test_a_position_file_is_read_as_every_file_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A byte-order mark is read past, as in every other file, and a position given where a
    saved game is wanted is named as a position, with what reads it."""
    start = position(tmp_path, "place C3")
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + start.read_bytes())
    assert main(["clamber", "legal", str(marked)]) == 0
    assert "place A1" in capsys.readouterr().out
    assert main(["clamber", "replay", str(start)]) == 2
    err = capsys.readouterr().err
    assert "a Clamber position, not a saved game: climbers clamber legal and apply" in err


def test_a_turn_that_is_no_turn_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["clamber", "apply", str(position(tmp_path)), "jump C3"]) == 2
    assert "turn 1: not a turn: 'jump C3'" in capsys.readouterr().err
