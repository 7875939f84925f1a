"""Files: saved games and positions as versioned JSON."""

from climbers.io.files import (
    MAX_BYTES,
    FileProblem,
    SavedGame,
    check_file,
    dumps,
    load_game,
    load_saved,
    loads,
    loads_saved,
    save_game,
)

__all__ = [
    "MAX_BYTES",
    "FileProblem",
    "SavedGame",
    "check_file",
    "dumps",
    "load_game",
    "load_saved",
    "loads",
    "loads_saved",
    "save_game",
]
