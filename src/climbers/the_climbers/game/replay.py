"""Stepping through a recorded game of The Climbers: the shared replay (climbers.session.replay)
with this game's captions."""

from __future__ import annotations

from collections.abc import Sequence

from climbers.io.language import N_, say
from climbers.session.replay import Frame, Replay
from climbers.session.replay import record as record_frames
from climbers.the_climbers.core import Action, Event, GameState
from climbers.the_climbers.core.game import RULES
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.io import SavedGame

__all__ = ["Frame", "Replay", "describe", "record", "replay"]


def record(start: GameState, log: Sequence[str]) -> list[Frame]:
    """Every state of the game from `start`, by applying the log's actions in order."""
    return record_frames(RULES, start, log, opening, describe)


def describe(before: GameState, action: Action, events: Sequence[Event]) -> str:
    """The caption with the turn number, e.g. "Turn 3 · Teal climbs up two levels to the teal
    cube with the short ladder."."""
    return say(
        N_("Turn {number} · {caption}"),
        number=before.turn.number,
        caption=caption(before, action, events),
    )


def replay(saved: SavedGame) -> Replay:
    """A cursor over a saved game's frames (a position without a log: its one frame)."""
    if saved.start is None:
        return Replay([Frame(None, (), saved.state, opening(saved.state))])
    return Replay(record(saved.start, saved.log))
