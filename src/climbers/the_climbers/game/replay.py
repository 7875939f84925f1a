"""A recorded game of The Climbers, watched step by step: the shared replay driver
(climbers.session.replay) with this game's captions."""

from __future__ import annotations

from collections.abc import Sequence

from climbers.io.language import N_, say
from climbers.session.replay import ReplayDriver
from climbers.the_climbers.core import Action, Event, GameState
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import SavedGame

__all__ = ["ReplayDriver", "describe", "replay"]


def describe(before: GameState, action: Action, events: Sequence[Event]) -> str:
    """The caption with the turn number, e.g. "Turn 3 · Teal climbs up two levels to the teal
    cube with the short ladder."."""
    return say(
        N_("Turn {number} · {caption}"),
        number=before.turn.number,
        caption=caption(before, action, events),
    )


def replay(saved: SavedGame) -> ReplayDriver:
    """A saved game to watch from its start (a position without a log: its one point); ValueError
    or IllegalAction when the log does not fit."""
    if saved.start is None:
        return ReplayDriver(GameSession(saved.state), opening, describe)
    return ReplayDriver(GameSession.from_log(saved.start, saved.log), opening, describe)
