"""Settings persist as JSON in the config directory; a bad file falls back to defaults quietly."""

from __future__ import annotations

from pathlib import Path

import pytest

from climbers.app.settings import Settings, load_settings, save_settings, settings_path


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
