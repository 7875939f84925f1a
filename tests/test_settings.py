"""Settings persist as JSON in the config directory. A bad file gives the defaults, a bad field
its own default alone, each with one warning line naming the file and the fields; files that are
no regular files, too large or nested too deeply are never read to the end, never hang and never
crash the start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from climbers.app.settings import (
    MAX_BYTES,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "cfg"))
    return tmp_path / "cfg"


def test_round_trip_through_the_config_dir(config: Path) -> None:
    assert load_settings() == Settings()
    changed = Settings().with_changes(
        fullscreen=True, window_size=(1600, 900), colour_symbols=False, sound=False
    )
    save_settings(changed)
    assert settings_path() == config / "settings.json"
    assert load_settings() == changed
    assert not list(config.glob(".settings.*")), "no temporary file is left behind"


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[1, 2]",
        '{"animation_speed": 99}',
        '{"window_size": "big"}',
        '{"window_size": [-5, 720]}',
        b"\xff\xfe\x00garbage",
    ],
)
def test_corrupt_file_warns_in_one_line_and_gives_defaults(
    config: Path, capsys: pytest.CaptureFixture[str], text: str | bytes
) -> None:
    config.mkdir()
    path = config / "settings.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    assert load_settings() == Settings()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "settings.json" in err and "Traceback" not in err


def test_each_bad_field_falls_back_alone_and_is_named(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config.mkdir()
    (config / "settings.json").write_text(
        '{"sound": false, "animation_speed": 99, "window_size": [100000, 720], "grid_lines": true}'
    )
    assert load_settings() == Settings(sound=False, grid_lines=True)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) <= 201
    assert err.startswith("climbers: using the default window_size, animation_speed in ")
    assert "settings.json (window_size[0]: must be at most 7680)" in err


def load_in_a_new_process(config: Path) -> subprocess.CompletedProcess[str]:
    """Start as the game does: read the settings in a fresh process, with a time limit."""
    return subprocess.run(
        [sys.executable, "-c", "from climbers.app.settings import load_settings; load_settings()"],
        env={**os.environ, "CLIMBERS_CONFIG_DIR": str(config)},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("fifo", "is not a file"),
        ("dev-zero", "is not a file"),
        ("folder", "is not a file"),
        ("too large", f"is larger than {MAX_BYTES} bytes"),
        ("deep", "is nested too deeply (more than 10 levels)"),
        ("moderately deep", "is nested too deeply (more than 10 levels, at a"),
        ("repeated key", "has the key 'sound' twice in one object"),
        ("giant number", "has a number of 5000 digits"),
        ("not an object", "holds no JSON object"),
    ],
)
def test_hostile_files_give_defaults_and_one_line_without_hanging(
    config: Path, kind: str, expected: str
) -> None:
    config.mkdir()
    path = config / "settings.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "too large":
        path.write_text('{"sound": false' + " " * MAX_BYTES + "}")
    elif kind == "deep":
        path.write_text("[" * 30_000 + "]" * 30_000)
    elif kind == "moderately deep":
        path.write_text('{"a": ' + "[" * 500 + "]" * 500 + "}")
    elif kind == "repeated key":
        path.write_text('{"sound": false, "sound": true}')
    elif kind == "giant number":
        path.write_text('{"animation_speed": ' + "7" * 5000 + "}")
    else:
        path.write_text("[1, 2]")
    run = load_in_a_new_process(config)
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert run.stderr.startswith("climbers: using the default settings: ")
    assert run.stderr.count("\n") == 1 and len(run.stderr) <= 201 and expected in run.stderr


def test_control_characters_in_the_path_reach_no_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "cfg\x1b[2J"
    config.mkdir()
    (config / "settings.json").write_text("{")
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(config))
    assert load_settings() == Settings()
    err = capsys.readouterr().err
    assert "cfg\\x1b[2J" in err and "\x1b" not in err and err.count("\n") == 1


def test_unknown_keys_are_ignored_and_known_ones_kept(config: Path) -> None:
    config.mkdir()
    (config / "settings.json").write_text('{"sound": false, "from_a_newer_version": 1}')
    assert load_settings() == Settings(sound=False)


def test_unwritable_config_dir_warns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(blocker / "cfg"))
    save_settings(Settings())
    assert "could not save settings" in capsys.readouterr().err
