"""Data, config and pictures folders: the platform's (XDG on Linux), each overridable."""

from __future__ import annotations

from pathlib import Path

import pytest

from climbers.io.folders import config_dir, data_dir, pictures_dir, positions_dir

VARIABLES = (
    "CLIMBERS_DATA_DIR",
    "CLIMBERS_CONFIG_DIR",
    "CLIMBERS_PICTURES_DIR",
    "XDG_DATA_HOME",
    "XDG_CONFIG_HOME",
    "XDG_PICTURES_DIR",
    "XDG_CONFIG_DIRS",
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_defaults_under_home(home: Path) -> None:
    assert data_dir() == home / ".local" / "share" / "climbers"
    assert config_dir() == home / ".config" / "climbers"
    assert pictures_dir() == home / "Pictures"
    assert positions_dir() == data_dir() / "positions"


def test_xdg_variables_move_the_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/srv/data")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/srv/config")
    monkeypatch.setenv("XDG_PICTURES_DIR", "/srv/pictures")
    assert data_dir() == Path("/srv/data/climbers")
    assert config_dir() == Path("/srv/config/climbers")
    assert pictures_dir() == Path("/srv/pictures")


def test_the_user_dirs_file_names_the_pictures_folder(home: Path) -> None:
    (home / ".config").mkdir(parents=True)
    (home / ".config" / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="$HOME/Bilder"\n')
    assert pictures_dir() == home / "Bilder"


def test_overrides_win_and_positions_follow_the_data_folder(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/srv/data")
    monkeypatch.setenv("CLIMBERS_DATA_DIR", "/games/climbers")
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", "~/cfg")
    monkeypatch.setenv("CLIMBERS_PICTURES_DIR", "/shots")
    assert data_dir() == Path("/games/climbers")
    assert positions_dir() == Path("/games/climbers/positions")
    assert config_dir() == home / "cfg"
    assert pictures_dir() == Path("/shots")
