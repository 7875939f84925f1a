"""Named mountains in assets/mountains/: valid standard setups, checked on load, on the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from climbers.cli.main import main
from climbers.the_climbers.commands.top_view import top_view
from climbers.the_climbers.core import new_game, setup_problems
from climbers.the_climbers.io.mountains import (
    MountainFileError,
    load_mountain,
    load_named,
    mountain_text,
    mountains_dir,
    named_mountains,
)


def test_at_least_five_named_mountains_ship() -> None:
    assert len(named_mountains()) >= 5


@pytest.mark.rule("R24")
@pytest.mark.parametrize("name", named_mountains())
def test_R24_each_named_mountain_is_a_standard_setup(name: str) -> None:
    m = load_named(name)
    assert m.name == name
    assert m.description.strip() and "\n" not in m.description
    assert setup_problems(new_game(m.blocks)) == ([], [])
    assert mountain_text(m) == (mountains_dir() / f"{name}.json").read_text()


def _broken(tmp_path: Path, change: dict[str, object]) -> Path:
    data = json.loads((mountains_dir() / "classic.json").read_text())
    data.update(change)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"format": "climbers-game"}, '"format" must be "climbers-mountain"'),
        ({"version": 9}, 'unsupported "version" 9'),
        ({"description": "two\nlines"}, '"description" must be one non-empty line'),
        ({"blocks": "none"}, '"blocks" must be a list'),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_a_bad_file_is_refused_in_one_line_naming_file_and_problem(
    tmp_path: Path, change: dict[str, object], problem: str
) -> None:
    path = _broken(tmp_path, change)
    with pytest.raises(MountainFileError) as info:
        load_mountain(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path)) and problem in message


@pytest.mark.rule("R24")
def test_R24_a_mountain_missing_a_block_or_floating_is_refused(tmp_path: Path) -> None:
    blocks = json.loads((mountains_dir() / "classic.json").read_text())["blocks"]
    with pytest.raises(MountainFileError, match="not a standard mountain"):
        load_mountain(_broken(tmp_path, {"blocks": blocks[:-1]}))
    high = [*blocks[:-1], {**blocks[-1], "at": [2, 2, 5]}]
    with pytest.raises(MountainFileError, match="overhangs or leaves a hole"):
        load_mountain(_broken(tmp_path, {"blocks": high}))
    bad_face = [*blocks[:-1], {**blocks[-1], "up": "+q"}]
    with pytest.raises(MountainFileError, match="block 35: up"):
        load_mountain(_broken(tmp_path, {"blocks": bad_face}))
    twice = [*blocks[:-1], {**blocks[-1], "block": blocks[0]["block"]}]
    with pytest.raises(MountainFileError, match="a block is listed twice") as said:
        load_mountain(_broken(tmp_path, {"blocks": twice}))
    assert "Value error" not in str(said.value), "in players' words, not pydantic's"
    (tmp_path / "junk.json").write_text("{not json")
    with pytest.raises(MountainFileError, match="not JSON"):
        load_mountain(tmp_path / "junk.json")


def test_cli_prints_top_views_of_named_and_generated_mountains(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["mountain", "--name", "spire"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("mountain spire: ") and "standard setup (R24)" in out
    assert main(["mountain", "--seed", "12", "--profile", "plateau", "--any-order"]) == 0
    out = capsys.readouterr().out
    assert "seed 12, plateau, any order" in out and "standard setup (R24)" in out
    assert main(["mountain", "--list"]) == 0
    listing = capsys.readouterr().out
    assert all(name in listing for name in named_mountains())
    assert main(["mountain", "--name", "atlantis"]) == 2
    assert "atlantis: no such mountain" in capsys.readouterr().err


def test_play_starts_on_a_named_mountain_or_says_which_exist(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--mountain", "plateau", "--players", "teal,red", "--text"]) == 0
    shown = capsys.readouterr().out
    expected = top_view(new_game(load_named("plateau").blocks, ["teal", "red"]))
    assert shown.strip() == expected.strip()
    assert main(["play", "--mountain", "atlantis", "--players", "teal,red"]) == 2
    err = capsys.readouterr().err
    assert "atlantis: no such mountain" in err and "plateau" in err
