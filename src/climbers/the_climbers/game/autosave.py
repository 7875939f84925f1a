"""The Climbers' last game (`climbers.session.autosave`): saved after every applied action,
continued with its whole history."""

from __future__ import annotations

from climbers.io.language import N_, _
from climbers.session.autosave import Autosave
from climbers.session.session import Saver
from climbers.the_climbers.game.session import GameSession, save_to
from climbers.the_climbers.io import FileProblem, SavedGame, load_saved

AUTOSAVE = Autosave("last-game")
"""The Climbers' autosave files: last-game.json, last-game-2.json for a second running copy, ..."""
TITLE = N_("The Climbers")


def second_copy_note() -> str | None:
    """One line for the player when this copy autosaves under its own name, else None."""
    return AUTOSAVE.second_copy_note(_(TITLE))


def autosaver() -> Saver:
    """The session saver for this process's autosave file (atomic: temp file, fsync, rename)."""
    return save_to(AUTOSAVE.claim())


def last_game() -> SavedGame | None:
    """The newest last game as saved, None when there is none or it cannot be read."""
    try:
        return load_saved(AUTOSAVE.last_path()) if AUTOSAVE.has_last() else None
    except FileProblem:
        return None


def resume_last(saver: Saver | None = None) -> GameSession:
    """The newest last game with its whole history; FileProblem (one line) when it cannot be
    read."""
    return GameSession.resume(load_saved(AUTOSAVE.last_path()), saver)
