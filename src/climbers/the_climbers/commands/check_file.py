"""`climbers check-file` for The Climbers: a saved game or a position, checked as the commands
that open it check it."""

from __future__ import annotations

import os

from climbers.io.messages import counted
from climbers.the_climbers.io import FileProblem, SavedGame, load_saved


def summary(saved: SavedGame) -> str:
    """What a valid file holds, in a few words."""
    state = saved.state
    what = "finished game" if state.finished else "game"
    where = "over" if state.finished else f"at turn {state.turn.number}"
    log = (
        f"{counted(len(saved.log), 'action')} logged"
        if saved.start is not None
        else "a position without action log"
    )
    return f"{what} of {len(state.players)} players, {where}, {log}"


def check(path: str | os.PathLike[str]) -> str:
    """What a usable game or position file holds, in a few words; ValueError with the file and
    its problem in one line when it cannot be used."""
    try:
        return summary(load_saved(path))
    except FileProblem as exc:
        raise ValueError(str(exc)) from None
