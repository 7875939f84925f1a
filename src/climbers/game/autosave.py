"""The last game, kept on disk after every applied action so that it can always be continued."""

from __future__ import annotations

from pathlib import Path

from climbers.game.session import GameSession, Saver, save_to
from climbers.io import load_saved
from climbers.io.folders import data_dir

FILE_NAME = "last-game.json"


def autosave_path() -> Path:
    """Where the game being played is saved after every action."""
    return data_dir() / FILE_NAME


def autosaver() -> Saver:
    """The session saver for the autosave file (atomic: temporary file, fsync, rename)."""
    return save_to(autosave_path())


def has_last_game() -> bool:
    """Whether there is a last game to continue."""
    return autosave_path().is_file()


def resume_last(saver: Saver | None = None) -> GameSession:
    """The last game with its whole history; FileProblem (one line) when it cannot be read."""
    return GameSession.resume(load_saved(autosave_path()), saver)
