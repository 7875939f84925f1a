"""Every size, count, time, seed, colour list and path on the command line is checked by the
parser: a bad one ends the command with exit 2 and one line naming the argument. A window
command without the app extra says in one line how to install it."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from climbers.cli.arguments import output_path, seconds, seed, window_size
from climbers.cli.main import main
from climbers.the_climbers.commands.options import player_colours

BAD = [
    (["render", "--out", "x.png", "--size", "100000x100000"], "--size: '100000x100000' is not"),
    (["render", "--out", "x.png", "--size", "0x0"], "--size: '0x0' is not between 320x240"),
    (["render", "--out", "x.png", "--size", "319x240"], "and 7680x4320"),
    (["render", "--out", "x.png", "--size", "7681x4320"], "--size"),
    (["render", "--out", "x.png", "--size", "9" * 5000 + "x1"], "--size: '999"),
    (["replay", "game.json", "--size", "foo"], "--size: 'foo' is not WIDTHxHEIGHT"),
    (["sandbox", "--size", "1280x"], "--size: '1280x' is not WIDTHxHEIGHT"),
    (["learn", "--size", "1280"], "--size: '1280' is not WIDTHxHEIGHT"),
    (["learn", "--list", "--lesson", "walking"], "--lesson: not allowed with argument --list"),
    (["render", "--out", "x.png", "--seed", "-1"], "--seed: '-1' is not between 0 and 4294967295"),
    (["play", "--seed", "4294967296"], "--seed"),
    (["play", "--seed", "1" * 4000], "--seed"),
    (["mountain", "--seed", "seven"], "--seed: 'seven' is not a whole number"),
    (["demo", "--seed", "²"], "--seed"),
    (["demo", "--games", "0"], "--games: '0' is not between 1 and 10000"),
    (["demo", "--headless", "--budget", "0"], "--budget: 0 is not above 0 and at most 60"),
    (["demo", "--pace", "-1"], "--pace: -1 is not between 0 and 5"),
    (["demo", "--pace", "inf"], "--pace: 'inf' is not a number of seconds"),
    (["tournament", "--games", "-5"], "--games"),
    (["tournament", "--jobs", "0"], "--jobs: '0' is not between 1 and 64"),
    (["tournament", "--jobs", "1000"], "--jobs"),
    (["tournament", "--budget", "nan"], "--budget: 'nan' is not a number of seconds"),
    (["tournament", "--budget", "1e400"], "--budget"),
    (["play", "--players", "teal"], "--players: name 2 to 5 different colours"),
    (["play", "--players", "teal,teal"], "--players"),
    (["play", "--players", "teal,green"], "--players: 'green' is no player colour"),
    (["play", "--players", "teal,\x1b[2Jred"], "--players: '\\x1b[2Jred' is no player"),
    (["check-file", ""], "file: '' is no path"),
    (["check-file", "x" * 5000], "file: 'xxx"),
    (["render", "--out", "."], "--out: '.' is a folder, not a file"),
    (["play", "--save-to", "README.md/game.json"], "--save-to: the folder 'README.md' is a file"),
    (["render", "--out", "a" * 300 + "/x.png"], "(File name too long)"),
    (["nonsense"], "argument command: invalid choice"),
    (["check-file", "~nosuchuser/x.json"], "'~nosuchuser/x.json': this computer has no user"),
    (["replay", "~nosuchuser/x.json"], "no user 'nosuchuser'"),
    (["render", "--out", "~nosuchuser/x.png"], "--out: '~nosuchuser/x.png': this computer has"),
    (["tournament", "--json", "/nonexistent/dir/x.json"], "'/nonexistent/dir' does not exist"),
    (["render", "--out", "/proc/version"], "--out: no file can be written in '/proc'"),
    (["clamber", "demo", "--pace", "5.0000001"], "--pace: 5.0000001 is not between 0 and 5"),
    (["demo", "--pace", "\u0665"], "--pace: '\u0665' is not a number of seconds"),
    (["demo", "--pace", "\uff15"], "--pace: '\uff15' is not a number of seconds"),
    (["tournament", "--budget", "\uff11"], "--budget: '\uff11' is not a number of seconds"),
    (["puzzle", "--list", "x" * 5000], "PATH: 'xxx"),
]


@pytest.mark.parametrize(("argv", "expected"), BAD, ids=[" ".join(a)[:40] for a, _ in BAD])
def test_a_bad_value_exits_2_with_one_line(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    assert err.count("\n") == 1 and len(err) <= 201 and err[:-1].isprintable()
    assert err.startswith("climbers") and expected in err and "(see climbers" in err


def test_the_bounds_themselves_are_accepted(tmp_path: Path) -> None:
    assert window_size("320x240") == (320, 240)
    assert window_size("7680X4320") == (7680, 4320)
    assert seed("0") == 0 and seed("4294967295") == 4294967295
    assert seconds(0, 5)("0") == 0.0 and seconds(0, 5)("5") == 5.0
    assert player_colours("pink, teal") == ["pink", "teal"]
    assert output_path(str(tmp_path / "shot.png")) == tmp_path / "shot.png"


def test_no_folder_is_made_for_a_file_to_write(tmp_path: Path) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="does not exist"):
        output_path(str(tmp_path / "new" / "shot.png"))
    assert not (tmp_path / "new").exists()


def without_the_app_extra(*argv: str) -> subprocess.CompletedProcess[str]:
    """`climbers ARGV` in a process where the app extra's packages cannot be imported."""
    code = (
        "import sys; sys.modules['ursina'] = sys.modules['panda3d'] = None; "
        "from climbers.cli.main import main; sys.exit(main(sys.argv[1:]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={
            **os.environ,
            "CLIMBERS_CONFIG_DIR": "/nonexistent",
            "CLIMBERS_DATA_DIR": "/nonexistent",
        },
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("render", "--out", "never.png"),
        ("play", "--players", "teal,red"),
        ("sandbox",),
        ("demo",),
        ("learn",),
    ],
)
def test_a_window_command_without_the_app_extra_says_how_to_install_it(
    argv: tuple[str, ...], tmp_path: Path
) -> None:
    run = without_the_app_extra(*argv)
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr == (
        "climbers: the 3D window needs ursina, which is not installed; "
        "install the app extra: pip install 'climbers[app]'\n"
    )
    assert not (tmp_path / "never.png").exists()


def test_commands_without_a_window_work_without_the_app_extra() -> None:
    run = without_the_app_extra("mountain", "--seed", "3")
    assert run.returncode == 0 and run.stderr == "" and "mountain seed 3" in run.stdout
    run = without_the_app_extra("learn", "--list")
    assert run.returncode == 0 and run.stderr == "" and run.stdout.startswith("1. Walking: ")


def test_play_opens_the_choice_of_game_and_game_skips_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened: list[str | None] = []

    class Window:
        @staticmethod
        def run(game: str | None, mode: object, **where: object) -> None:
            opened.append(game)

    monkeypatch.setattr("climbers.cli.arguments.window", lambda: Window)
    assert main(["play"]) == 0  # the choice of game first
    assert main(["play", "--game", "climbers"]) == 0  # its new-game screen at once
    assert main(["play", "--players", "teal,red"]) == 0  # a game of The Climbers at once
    assert opened == [None, "climbers", "climbers"]
    with pytest.raises(SystemExit) as refused:
        main(["play", "--game", "chess"])
    assert refused.value.code == 2
    assert "--game: invalid choice: 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "--mountain", "x" * 300, "--text"], "no such mountain"),
        (["mountain", "--name", "x" * 300], "no such mountain"),
        (["mountain", "--name", "../../../../tmp/x"], "no such mountain"),
        (["play", "--mountain", "../mountains/spire", "--text"], "no such mountain"),
        (["puzzle", "--list", "/tmp/" + "a" * 300], "cannot be read (File name too long)"),
        (["play", "--text", "--bots", "red=strong"], "--bots: 'red' is not among --players"),
        (["play", "--text", "--players", "teal,red", "--bots", "red=wizard"], "'wizard'"),
        (["export", "--out", ".gif", "game.json"], ".gif: a clip needs a name before .gif"),
    ],
)
def test_a_bad_name_or_path_is_one_line_not_a_traceback(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err and len(err) <= 201


def test_a_data_folder_under_an_unknown_user_is_a_path_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from climbers.io.folders import data_dir

    monkeypatch.setenv("CLIMBERS_DATA_DIR", "~nosuchuser/climbers")
    assert data_dir() == Path("~nosuchuser/climbers")
    assert main(["learn", "--list"]) == 0
    assert "walking" in capsys.readouterr().out.lower()


def test_the_tournament_refuses_a_json_it_cannot_write_before_it_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tournament", "--bots", "random,random", "--games", "2", "--jobs", "1"]
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--json", "/dev/full"])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and "win rate" not in out, "refused before any game"
    assert err.count("\n") == 1 and "/dev/full" in err and "not a regular file" in err
    assert Path("/dev/full").is_char_device(), "the device is left alone"
