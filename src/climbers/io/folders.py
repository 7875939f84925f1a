"""Where the program keeps its files, as the platform expects (platformdirs; on Linux the XDG
variables), each folder overridable by an environment variable:

- data (the last game, saved games and positions): $CLIMBERS_DATA_DIR, else e.g.
  ~/.local/share/climbers
- config (settings): $CLIMBERS_CONFIG_DIR, else e.g. ~/.config/climbers
- pictures (screenshots): $CLIMBERS_PICTURES_DIR, else the user's pictures folder, e.g. ~/Pictures
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "climbers"


def data_dir() -> Path:
    """Where games are autosaved and positions kept."""
    return _override("CLIMBERS_DATA_DIR") or platformdirs.user_data_path(APP_NAME, appauthor=False)


def saves_dir() -> Path:
    """Where the pause card's Save as puts a game named without a folder: `saves` in the data
    folder."""
    return data_dir() / "saves"


def saved_game_path(typed: str) -> Path:
    """The file Save as writes for the name typed: a path without a folder goes into
    `saves_dir()` (made when missing), and a name without an extension gets `.json`."""
    path = home_path(typed)
    if not path.is_absolute():
        path = saves_dir() / path
        if path.parent == saves_dir():
            path.parent.mkdir(parents=True, exist_ok=True)
    return _with_json(path)


def typed_file(typed: str) -> Path:
    """The file a path typed to open names: as written when there is such a file (or the path
    is absolute); else the file Save as writes for that name, when there is one (so a name that
    Save as took opens again); else as written (its reader then says it is not there)."""
    path = home_path(typed)
    if path.is_absolute() or path.exists():
        return path
    saved = _with_json(saves_dir() / path)
    return saved if saved.is_file() else path


def _with_json(path: Path) -> Path:
    """`path`, with `.json` added when its name has no extension."""
    return path if path.suffix else path.with_name(path.name + ".json")


def config_dir() -> Path:
    """Where the settings live."""
    return _override("CLIMBERS_CONFIG_DIR") or platformdirs.user_config_path(
        APP_NAME, appauthor=False
    )


def pictures_dir() -> Path:
    """Where screenshots go."""
    return _override("CLIMBERS_PICTURES_DIR") or platformdirs.user_pictures_path()


def positions_dir() -> Path:
    """Where the sandbox saves positions: `positions` in the data folder."""
    return data_dir() / "positions"


def _override(variable: str) -> Path | None:
    value = os.environ.get(variable)
    return home_path(value) if value else None


def home_path(text: str) -> Path:
    """`text` as a path with a leading ~ or ~user made the home folder; as written when that
    user has none (a later read or write then names the path that is not there)."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # ~nosuchuser
        return Path(text)
