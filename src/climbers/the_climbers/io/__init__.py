"""The Climbers' files: saved games and positions as versioned JSON, and the named mountains."""

from climbers.the_climbers.io.files import (
    BOT_LEVELS,
    MAX_BYTES,
    MAX_LOG,
    BotLevel,
    FileProblem,
    SavedGame,
    check_file,
    dumps,
    load_game,
    load_saved,
    loads,
    loads_saved,
    recorded,
    save_game,
)

__all__ = [
    "BOT_LEVELS",
    "MAX_BYTES",
    "MAX_LOG",
    "BotLevel",
    "FileProblem",
    "SavedGame",
    "check_file",
    "dumps",
    "load_game",
    "load_saved",
    "loads",
    "loads_saved",
    "recorded",
    "save_game",
]
