"""`climbers check-file` for Clamber: a saved game or a position, checked as the commands that
open them check it."""

from __future__ import annotations

import os

from climbers.clamber.core.state import FORMAT
from climbers.clamber.game.session import SAVED, read_position
from climbers.io.json_input import format_of
from climbers.io.messages import counted
from climbers.session.saved_games import SavedGameProblem

FORMATS = (SAVED.format, FORMAT)
"""The formats of Clamber's files."""


def check(path: str | os.PathLike[str]) -> str:
    """What a usable Clamber file holds, in a few words; SavedGameProblem (one line naming
    the file) when it cannot be used."""
    if format_of(path) == FORMAT:
        state = read_position(path)
        who = "nobody" if state.over else ("Blue" if state.to_move == 0 else "Red")
        return f"Clamber position on the {state.size}-board, turn {state.turn}, {who} to move"
    saved = SAVED.read(path)
    try:
        session = saved.session()
    except ValueError as exc:
        raise SavedGameProblem(path, str(exc)) from None
    state = session.state
    where = "over" if state.over else f"at turn {state.turn + 1}"
    turns = counted(len(session.log), "turn")
    return f"Clamber game on the {state.size}-board, {where}, {turns} logged"
