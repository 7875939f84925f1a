"""Hostile save files: repeated keys, giant numbers, deep nesting, text that is no Unicode, long
and control-character text, devices and FIFOs. Each is refused in one line of at most 200
characters, with control characters escaped and places named as the file has them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from climbers.devtools import hostile_files as hostile
from climbers.devtools.hostile_files import generic_cases
from climbers.games.registry import load
from climbers.io.json_input import MAX_DIGITS, MAX_KEYS, MAX_NUMBERS
from climbers.io.resources import assets_dir
from climbers.the_climbers.io import MAX_LOG, FileProblem, check_file, files, load_saved
from climbers.the_climbers.lessons import model as lesson_model
from climbers.the_climbers.lessons.model import MAX_LESSONS, LessonFileProblem, load_lessons

EXAMPLE_TEXT = (assets_dir() / "positions" / "example.json").read_text()


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE_TEXT)
    return data


def problem(tmp_path: Path, text: str | bytes) -> str:
    """The one-line problem of a file holding `text`, checked for length and control codes."""
    path = tmp_path / "game.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    line = check_file(path)
    assert line is not None and line.startswith(f"{path}: ")
    assert len(line) <= 200 and line.isprintable()
    return line.removeprefix(f"{path}: ")


def test_a_repeated_key_is_refused_not_silently_overwritten(tmp_path: Path) -> None:
    text = EXAMPLE_TEXT.replace('"tick": ', '"tick": 0, "tick": ', 1)
    assert problem(tmp_path, text) == "has the key 'tick' twice in one object"
    inner = EXAMPLE_TEXT.replace('"colour": "teal"', '"colour": "teal", "colour": "red"', 1)
    assert problem(tmp_path, inner) == "has the key 'colour' twice in one object"


def test_a_4000_digit_number_is_refused_before_conversion(tmp_path: Path) -> None:
    data = example()
    data["tick"] = 0
    text = json.dumps(data).replace('"tick": 0', '"tick": ' + "9" * 4000)
    began = time.perf_counter()
    assert problem(tmp_path, text) == f"has a number of 4000 digits (at most {MAX_DIGITS})"
    assert time.perf_counter() - began < 0.5
    negative = json.dumps(data).replace('"tick": 0', '"tick": -' + "1" * (MAX_DIGITS + 1))
    assert problem(tmp_path, negative) == f"has a number of 20 digits (at most {MAX_DIGITS})"


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        ("NaN", "has NaN, which is no JSON number"),
        ("-Infinity", "has -Infinity"),
        ("1e999", "too large"),
    ],
)
def test_numbers_that_are_not_finite_are_refused(
    tmp_path: Path, number: str, expected: str
) -> None:
    text = EXAMPLE_TEXT.replace('"number": 7', f'"number": {number}', 1)
    assert expected in problem(tmp_path, text)


def test_moderately_deep_nesting_names_the_place_in_the_file(tmp_path: Path) -> None:
    data = example()
    data["players"][0]["name"] = json.loads("[" * 300 + "]" * 300)
    line = problem(tmp_path, json.dumps(data))
    assert (
        line
        == "is nested too deeply (more than 10 levels, at players[0].name[0][0][0][0][0][0][0])"
    )


def test_a_lone_surrogate_is_named_where_it_is(tmp_path: Path) -> None:
    data = example()
    text = json.dumps(data).replace('"name": "Ben"', '"name": "B\\ud800n"', 1)
    assert problem(tmp_path, text) == "players[1].name: text with a lone surrogate is not Unicode"
    key = EXAMPLE_TEXT.replace('"tick"', '"\\udfff"', 1)
    assert problem(tmp_path, key) == "the top level: a key with a lone surrogate is not Unicode"


def test_json_syntax_errors_give_the_line_and_column_of_the_file(tmp_path: Path) -> None:
    lines = EXAMPLE_TEXT.splitlines()
    row = next(i for i, line in enumerate(lines) if '"tick"' in line)
    lines[row] = lines[row].replace('"tick"', "tick")
    column = lines[row].index("tick") + 1
    expected = f"line {row + 1} column {column}"
    assert expected in problem(tmp_path, "\n".join(lines))


def test_control_characters_in_an_unknown_key_reach_no_terminal(tmp_path: Path) -> None:
    data = example()
    data["\x1b[31mred\x07"] = 1
    line = problem(tmp_path, json.dumps(data))
    assert "\\x1b[31mred\\x07" in line and "\x1b" not in line


def test_a_100000_character_key_gives_a_short_line(tmp_path: Path) -> None:
    data = example()
    data["k" * 100_000] = 1
    assert problem(tmp_path, json.dumps(data)).endswith("...")


def test_a_long_path_is_cut_from_the_front(tmp_path: Path) -> None:
    folder = tmp_path / ("d" * 120) / ("e" * 120)
    folder.mkdir(parents=True)
    path = folder / "game.json"
    path.write_text("{")
    line = check_file(path)
    assert line is not None and len(line) <= 200
    assert line.startswith("...") and "e/game.json: is not JSON" in line


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert check_file(fifo) == f"{fifo}: is not a file"


def test_a_symlink_to_a_device_is_refused_unread(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    began = time.perf_counter()
    assert check_file(link) == f"{link}: is not a file"
    assert time.perf_counter() - began < 0.5


def test_a_symlink_loop_is_one_line(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    with pytest.raises(FileProblem, match="cannot be read"):
        load_saved(loop)


def test_a_path_with_a_nul_character_is_one_line() -> None:
    assert check_file("game\x00.json") == "game\\x00.json: is no usable path"


@pytest.mark.parametrize("where", ["blocks", "players", "start.blocks"])
def test_a_huge_list_is_refused_before_its_entries_are_read(tmp_path: Path, where: str) -> None:
    """Half a million empty entries in under 2 MB: refused in one line, in little memory (the
    time it takes is a row of scripts/bench, not asserted here)."""
    import tracemalloc

    data: dict[str, object] = {
        "format": "climbers-game",
        "version": 2,
        "blocks": [],
        "players": [{"colour": "teal"}, {"colour": "red"}],
    }
    if where == "start.blocks":
        data["start"], data["log"] = {"blocks": [{}] * 480_000, "players": []}, []
    else:
        data[where] = [{}] * 480_000
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data, separators=(",", ":")))
    assert path.stat().st_size <= 2_000_000
    tracemalloc.start()
    with pytest.raises(FileProblem, match="more than 20000 objects and lists"):
        load_saved(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 100e6, peak


def test_a_long_list_within_the_containers_bound_is_refused_before_its_entries_are_read(
    tmp_path: Path,
) -> None:
    data = {"format": "climbers-game", "version": 2, "blocks": [{}] * 5_000, "players": []}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    with pytest.raises(FileProblem, match="blocks: at most 64 items, not 5000"):
        load_saved(path)


@pytest.mark.parametrize(
    ("name", "data"), generic_cases(2_000_000), ids=[c[0] for c in generic_cases(2_000)]
)
def test_every_generic_worst_case_of_2_mb_is_refused_in_one_line(
    tmp_path: Path, name: str, data: bytes
) -> None:
    """The worst cases scripts/bench times (deep nesting, long text, a million numbers, many
    keys, escapes, broken UTF-8): each refused with one line naming the problem."""
    assert len(data) <= 2_000_000
    assert problem(tmp_path, data)


def test_a_million_numbers_are_refused_at_the_first_one_over_the_bound(tmp_path: Path) -> None:
    """A 2 MB list of zeros took 2.7 s and 165 MB to refuse as a list: now parsing stops."""
    assert problem(tmp_path, "[" + ",".join(["0"] * 999_999) + "]") == (
        f"has more than {MAX_NUMBERS} numbers"
    )
    data = example()
    data["players"][0]["at"] = [6, 5] + [0] * MAX_NUMBERS
    assert problem(tmp_path, json.dumps(data)) == f"has more than {MAX_NUMBERS} numbers"


def test_an_object_of_many_keys_is_refused(tmp_path: Path) -> None:
    data = example()
    data["bots"] = {f"b{i}": "greedy" for i in range(MAX_KEYS + 1)}
    assert problem(tmp_path, json.dumps(data)) == (
        f"has an object of {MAX_KEYS + 1} keys (at most {MAX_KEYS})"
    )


def test_a_log_longer_than_any_game_is_refused_before_a_line_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = example()
    start = {k: v for k, v in data.items() if k not in ("format", "version", "description")}
    data.update(version=2, start=start, log=["teal pass"] * (MAX_LOG + 1))

    def replayed(*_: object) -> None:
        raise AssertionError("no line is replayed")

    monkeypatch.setattr(files, "apply", replayed)
    assert problem(tmp_path, json.dumps(data)) == (
        f"log: at most {MAX_LOG} actions, not {MAX_LOG + 1}"
    )


def test_a_lesson_file_of_many_lessons_is_refused_before_any_is_read(tmp_path: Path) -> None:
    lessons = json.loads((assets_dir() / "lessons" / "lessons.json").read_text())
    lessons["lessons"] = [lessons["lessons"][0]] * (MAX_LESSONS + 1)
    path = tmp_path / "lessons.json"
    path.write_text(json.dumps(lessons))
    with pytest.raises(LessonFileProblem) as info:
        load_lessons(path)
    assert str(info.value) == (
        f"{path}: lessons: at most {MAX_LESSONS} lessons, not {MAX_LESSONS + 1}"
    )


def test_lessons_that_share_a_position_read_its_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """260 lessons on one 1.9 MB position took 5.6 s to read, the position once per lesson."""
    lessons = json.loads((assets_dir() / "lessons" / "lessons.json").read_text())
    first = lessons["lessons"][0]
    (tmp_path / first["position"]).write_bytes(
        (assets_dir() / "lessons" / first["position"]).read_bytes()
    )
    lessons["lessons"] = [{**first, "id": f"l{i}"} for i in range(MAX_LESSONS)]
    path = tmp_path / "lessons.json"
    path.write_text(json.dumps(lessons))
    reads: list[Path] = []
    real = lesson_model.load_game

    def counted(where: Path, exercise: bool = False) -> object:
        reads.append(where)
        return real(where, exercise)

    monkeypatch.setattr(lesson_model, "load_game", counted)
    assert len(load_lessons(path)) == MAX_LESSONS
    assert reads == [tmp_path / first["position"]]


def test_every_kind_of_file_has_worst_cases_within_2_mb_and_a_reader() -> None:
    """scripts/bench's hostile files: every kind the program reads (the shared ones and each
    game's) names a reader it can find, and no case is larger than 2 MB."""
    kinds = [*hostile.shared_kinds(), *hostile.game_kinds()]
    names = {kind.name for kind in kinds}
    assert {"settings", "progress", "saved game", "puzzle", "lesson file", "mountain"} <= names
    assert {"clamber state", "klettermax state"} <= names
    for kind in kinds:
        reader = kind.reader.split(":")
        assert callable(load(f"{reader[0]}:{reader[1]}")), kind.name
        for case, data in hostile.cases(kind, quick=True):
            files_of = data.values() if isinstance(data, dict) else [data]
            assert all(len(b) <= hostile.MAX_FILE for b in files_of), (kind.name, case)


def test_a_hostile_file_is_measured_in_a_fresh_process() -> None:
    kind = hostile.FileKind("saved game", "climbers.the_climbers.io.files:load_saved", 2_000_000)
    measured = hostile.measure(kind, "deep nesting", b"[" * 100_000)
    assert measured.outcome.startswith("refused") and "nested too deeply" in measured.outcome
    assert measured.size == 100_000 and measured.seconds < 60


def test_the_bench_of_hostile_files_runs_as_a_module() -> None:
    """`python -m climbers.devtools.hostile_files` (scripts/bench) finds every game's kinds
    of file, though the module then runs as __main__."""
    done = subprocess.run(
        [sys.executable, "-m", "climbers.devtools.hostile_files", "--quick", "--kind", "mountain"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert "mountain" in done.stdout
