"""`climbers export` refuses a clip it cannot make in one line naming the problem, with exit
status 2 and no traceback, before any window opens; a file it cannot write is refused the same
way and leaves nothing behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from climbers.cli.main import main
from climbers.the_climbers.devtools.clip_bench import greedy_game


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short saved game (12 actions of two greedy bots)."""
    return greedy_game(tmp_path_factory.mktemp("export") / "game.json", actions=12)


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))


def exit_code(argv: list[str]) -> int | str | None:
    """The command's exit status, whether it returns it or the parser exits with it."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


BAD = [
    (["--size", "12x5"], "--size: '12x5' is not between 320x240"),
    (["--size", "wide"], "--size: 'wide' is not WIDTHxHEIGHT"),
    (["--size", "1281x720"], "1281x720: an MP4 clip's width and height are even numbers"),
    (["--size", "800x450", "--out", "{tmp}/c.gif"], "800x450: a GIF is at most 640 pixels wide"),
    (["--fps", "0"], "--fps: '0' is not between 1 and 240"),
    (["--fps", "nan"], "--fps: 'nan' is not a whole number"),
    (["--fps", "5"], "--fps 5: a MP4 clip has 10 to 60 frames a second"),
    (["--fps", "30", "--out", "{tmp}/c.gif"], "--fps 30: a GIF clip has 12 to 15 frames a second"),
    (["--from", "8", "--to", "4"], "--from 8 --to 4: the game has 12 actions"),
    (["--from", "12"], "--from 12 --to 12: the game has 12 actions"),
    (["--to", "13"], "--to 13: the game has 12 actions"),
    (["--from", "-1"], "--from: '-1' is not between 0 and 100000"),
    (["--out", "{tmp}/clip.avi"], "clip.avi: a clip ends in .mp4 or .gif"),
    (["--out", "{tmp}"], "is a folder, not a file"),
    (["--out", "{game}/clip.mp4"], "is a file, not a folder"),
    (["--puzzle", "band1-0004-level4"], "name a saved game or --puzzle ID, not both"),
]


@pytest.mark.parametrize("extra,line", BAD)
def test_a_bad_clip_is_refused_in_one_line(
    extra: list[str], line: str, game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = [w.format(tmp=tmp_path, game=game) for w in extra]
    if "--out" not in words:
        words += ["--out", str(tmp_path / "clip.mp4")]
    assert exit_code(["export", str(game), *words]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and line.format(tmp=tmp_path) in err and "Traceback" not in err
    assert not (tmp_path / "clip.mp4").exists() and not (tmp_path / "c.gif").exists()


@pytest.mark.parametrize(
    "source,line",
    [
        (["{tmp}/none.json"], "none.json"),
        (["--puzzle", "no-such-puzzle"], "There is no puzzle 'no-such-puzzle'"),
        ([], "name a saved game or --puzzle ID, not both"),
    ],
)
def test_a_missing_game_or_puzzle_is_refused_in_one_line(
    source: list[str], line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = [w.format(tmp=tmp_path) for w in source]
    assert main(["export", *words, "--out", str(tmp_path / "clip.gif")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and line in err and "Traceback" not in err
    assert list(tmp_path.glob("clip*")) == []


def test_a_position_without_actions_has_nothing_to_film(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = Path(__file__).parents[1] / "assets" / "positions" / "example.json"
    assert main(["export", str(position), "--out", str(tmp_path / "clip.mp4")]) == 2
    err = capsys.readouterr().err
    assert "not a recorded game: there is nothing to play" in err and err.count("\n") == 1


def test_dev_full_is_no_clip(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["export", str(game), "--out", "/dev/full"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--out: '/dev/full' is not a regular file" in err


@pytest.mark.display
@pytest.mark.parametrize("out", ["{tmp}/full.mp4", "/proc/clip.mp4"])
def test_a_file_that_cannot_be_written_is_named_in_one_line(
    out: str, game: Path, tmp_path: Path
) -> None:
    (tmp_path / "full.mp4").symlink_to("/dev/full")
    out = out.format(tmp=tmp_path)
    env = {**os.environ, "CLIMBERS_NO_AUDIO": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "climbers", "export", str(game), "--out", out, "--to", "2"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 2
    problems = [line for line in run.stderr.splitlines() if "climbers export:" in line]
    assert len(problems) == 1 and "argument --out" in problems[0], run.stderr[-600:]
    assert "Traceback" not in run.stderr
    if out.endswith("full.mp4"):
        assert "not a regular file" in problems[0]
    else:
        assert "no file can be written in '/proc'" in problems[0]
        assert sorted(p.name for p in tmp_path.iterdir()) == ["full.mp4"], "nothing left"
