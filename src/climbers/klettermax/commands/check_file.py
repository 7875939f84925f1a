"""`climbers check-file` for Burg Klettermax: a saved game, checked as the commands that open
it check it (every action fits, every flick with its aim flown again to where the game says);
and the rules core's own forms, a game state and a recorded game (`climbers.klettermax.core`),
checked as the core reads them."""

from __future__ import annotations

import os

from climbers.io.json_input import JsonProblem, format_of, read_bounded
from climbers.io.messages import counted
from climbers.klettermax.core import Refused, load, read_record
from climbers.klettermax.core.files import MAX_RECORD_TEXT, MAX_TEXT, RECORD_FORMAT
from climbers.klettermax.core.state import FORMAT
from climbers.klettermax.game.session import SAVED
from climbers.klettermax.physics import Mismatch, verify_flicks
from climbers.session.saved_games import SavedGameProblem

FORMATS = (SAVED.format, FORMAT, RECORD_FORMAT)
"""The formats of Burg Klettermax's files."""
WHERE = {"short": "short of the castle", "over": "over the castle", "wall": "on the wall"}
"""Where a flown knight rests, said after 'it rests' (a chamber: 'in chamber 5')."""


def check(path: str | os.PathLike[str]) -> str:
    """What a usable Burg Klettermax file holds, in a few words (with the flicks replayed as
    recorded, not flown again); SavedGameProblem (one line naming the file) when it cannot be
    used."""
    kind = format_of(path)
    if kind in (FORMAT, RECORD_FORMAT):
        return _check_core_form(path, kind)
    saved = SAVED.read(path)
    try:
        session = saved.session()
        mismatches = verify_flicks(session.start, session.actions, saved.physics)
    except (ValueError, Refused) as exc:
        raise SavedGameProblem(path, str(exc)) from None
    state = session.state
    where = "over" if state.over else "going on"
    said = f"Burg Klettermax game of {len(state.seats)} players, {where}, "
    said += f"{counted(len(session.log), 'action')} logged"
    return said + _unflown(mismatches)


def _check_core_form(path: str | os.PathLike[str], kind: str) -> str:
    """A game state or a recorded game as the rules core reads it, a record's flicks flown
    again (one the physics brings to rest elsewhere is refused)."""
    try:
        text = read_bounded(path, MAX_TEXT if kind == FORMAT else MAX_RECORD_TEXT).decode()
        if kind == FORMAT:
            state = load(text)
            where = "over" if state.over else f"seat {state.turn.seat} to act"
            return f"Burg Klettermax game state of {len(state.seats)} players, {where}"
        start, actions, physics = read_record(text)
        mismatches = verify_flicks(start, actions, physics)
    except FileNotFoundError:
        raise SavedGameProblem(path, "does not exist") from None
    except (JsonProblem, UnicodeDecodeError, ValueError, Refused) as exc:
        raise SavedGameProblem(path, str(exc)) from None
    flown = next((m for m in mismatches if m.simulated is not None), None)
    if flown is not None:
        where = WHERE.get(str(flown.simulated), f"in {flown.simulated}")
        problem = f"log[{flown.index}]: {flown.action!r}: flown with its aim, it rests {where}"
        raise SavedGameProblem(path, problem)
    said = f"Burg Klettermax record of {len(start.seats)} players, {len(actions)} actions"
    return said + _unflown(mismatches)


def _unflown(mismatches: list[Mismatch]) -> str:
    """What the check says of the flicks replayed as recorded, not flown again."""
    if any(not m.earlier for m in mismatches):
        aimless = sum(not m.earlier for m in mismatches)
        return f"; {aimless} flicks saved without their aim, replayed as recorded"
    if mismatches:
        return "; flicks of an earlier physics, replayed as recorded"
    return ""
