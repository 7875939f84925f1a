"""`climbers check-file` for Burg Klettermax: a saved game, checked as the commands that open
it check it (every action fits, every flick with its aim flown again to where the game says)."""

from __future__ import annotations

import os

from climbers.klettermax.core import Refused
from climbers.klettermax.game.session import SAVED
from climbers.klettermax.physics import verify_flicks
from climbers.session.saved_games import SavedGameProblem

FORMATS = (SAVED.format,)
"""The formats of Burg Klettermax's files."""


def check(path: str | os.PathLike[str]) -> str:
    """What a usable Burg Klettermax saved game holds, in a few words (with the flicks replayed
    as recorded, not flown again); SavedGameProblem (one line naming the file) when it cannot
    be used."""
    saved = SAVED.read(path)
    try:
        session = saved.session()
        mismatches = verify_flicks(session.start, session.actions, saved.physics)
    except (ValueError, Refused) as exc:
        raise SavedGameProblem(path, str(exc)) from None
    state = session.state
    where = "over" if state.over else "going on"
    said = f"Burg Klettermax game of {len(state.seats)} players, {where}, "
    said += f"{len(session.log)} actions logged"
    aimless = [m for m in mismatches if not m.earlier]
    if aimless:
        said += f"; {len(aimless)} flicks saved without their aim, replayed as recorded"
    elif mismatches:
        said += "; flicks of an earlier physics, replayed as recorded"
    return said
