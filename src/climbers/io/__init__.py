"""Files: saved games and positions as versioned JSON."""

from climbers.io.files import (
    MAX_BYTES,
    FileProblem,
    check_file,
    dumps,
    load_game,
    loads,
    position_problem,
    save_game,
)

__all__ = [
    "MAX_BYTES",
    "FileProblem",
    "check_file",
    "dumps",
    "load_game",
    "loads",
    "position_problem",
    "save_game",
]
