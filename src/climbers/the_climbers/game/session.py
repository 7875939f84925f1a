"""The Climbers' games in progress: the shared session (climbers.session) with this game's
rules and turns, continued from a saved game, and saved after every action."""

from __future__ import annotations

import os
from collections.abc import Iterable

from climbers.io.language import N_
from climbers.session.driver import SessionDriver
from climbers.session.session import Entry, Saver, Session
from climbers.the_climbers.core import Colour, GameState, Pass
from climbers.the_climbers.core.game import RULES
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.io import SavedGame, recorded, save_game

__all__ = ["ClimbersTurns", "Entry", "GameSession", "PlayDriver", "save_to"]


class ClimbersTurns:
    """A player's own turn is its steps before the answers (R20): undo stays inside it, Done
    passes what is left of it (during answers, the current answer only)."""

    @staticmethod
    def _own(state: GameState) -> bool:
        return not state.finished and state.step is not Step.REACTION

    def same_turn(self, before: GameState, after: GameState) -> bool:
        return (
            self._own(after)
            and self._own(before)
            and after.turn.number == before.turn.number
            and after.turn.active == before.turn.active
        )

    def finishing(self, start: GameState, now: GameState) -> Pass | None:
        if now.finished:
            return None
        if now is not start and not (
            self._own(now) and now.turn.number == start.turn.number and now.actor == start.actor
        ):
            return None
        return Pass(player=now.players[now.actor].colour)


class GameSession(Session[GameState]):
    """A game of The Climbers being played; bots are named by colour."""

    def __init__(
        self, start: GameState, saver: Saver | None = None, bots: dict[Colour, str] | None = None
    ) -> None:
        super().__init__(RULES, ClimbersTurns(), start, saver, bots)

    @classmethod
    def from_log(
        cls,
        start: GameState,
        lines: Iterable[str],
        saver: Saver | None = None,
        bots: dict[Colour, str] | None = None,
    ) -> GameSession:
        """Replay a text action log from `start`; ValueError or IllegalAction if it does not fit."""
        session = cls(start, bots=bots)
        session.replay_log(lines)
        session.saver = saver
        return session

    @classmethod
    def resume(cls, saved: SavedGame, saver: Saver | None = None) -> GameSession:
        """Continue a saved game with its whole history (a position without a log: from there)."""
        if saved.start is None:
            return cls(saved.state, saver, saved.bots)
        return cls.from_log(saved.start, saved.log, saver, saved.bots)


class PlayDriver(SessionDriver[GameState]):
    """A free game: every action goes to the session, undo stays within the player's turn."""

    no_undo = N_("Nothing of this turn to undo.")


def save_to(path: str | os.PathLike[str]) -> Saver:
    """A saver writing the game (current state, start and action log) to `path` atomically; a
    game longer than the longest log a file holds keeps its last actions (io.recorded)."""

    def saver(session: Session[GameState]) -> None:
        log = session.log
        start, kept = recorded([e.state for e in session.history], log)
        save_game(session.state, path, start, kept, session.bots)

    return saver
