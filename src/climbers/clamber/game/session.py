"""Clamber games in progress: the shared session (climbers.session) with Clamber's rules and
turns, the free game's driver, and the saved game it is continued from.

Every Clamber turn is one action (a placement, a lower capture or a whole equal-capture chain),
so undo takes back whole turns: in a game against a bot, back to the last turn a person played.
A saved game holds the game's options and its turns as text, never a sentence, so it opens in
either language.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from climbers.clamber.core import ClamberRefusal, ClamberRules, ClamberState, Event
from climbers.clamber.core.actions import MAX_TEXT
from climbers.clamber.core.state import (
    DEFAULT_TURN_LIMIT,
    FORMAT,
    MAX_SEED,
    SEATS,
    TURN_LIMITS,
)
from climbers.clamber.game.refusals import refusal_sentence
from climbers.io.language import N_
from climbers.session.autosave import Autosave
from climbers.session.driver import SessionDriver
from climbers.session.saved_games import SavedGameProblem as SavedGameProblem
from climbers.session.saved_games import SavedGames, read_model
from climbers.session.session import Saver, Session

LEVELS = ("random", "greedy", "strong", "expert")
"""The bots that may hold a seat (climbers.clamber.ai.tournament.make_bot)."""
SAVED_FORMAT: Literal["clamber-saved-game"] = "clamber-saved-game"
AUTOSAVE = Autosave("last-clamber")
"""Clamber's autosave files: last-clamber.json, last-clamber-2.json for a second copy, ..."""


class ClamberTurns:
    """Each turn is one action: no undo inside a turn, nothing left to pass with Done."""

    def same_turn(self, before: ClamberState, after: ClamberState) -> bool:
        return False

    def finishing(self, start: ClamberState, now: ClamberState) -> None:
        return None


class ClamberSession(Session[ClamberState]):
    """A Clamber game being played; bots are named by seat (0 Blue, 1 Red)."""

    def __init__(
        self, start: ClamberState, saver: Saver | None = None, bots: Mapping[int, str] | None = None
    ) -> None:
        super().__init__(ClamberRules(start.size, start.turn_limit), ClamberTurns(), start, saver)
        self.bots = dict(bots or {})


class PlayDriver(SessionDriver[ClamberState]):
    """A free game: every turn goes to the session; undo and redo go back and forth by whole
    turns, passing over the bots' turns to the last (or next) one a person plays."""

    no_undo = N_("There is no turn of yours to take back.")

    def person_to_move(self, state: ClamberState) -> bool:
        """Whether a person (not a bot) is to move in `state`, which is not over."""
        return not state.over and state.to_move not in self.session.bots

    def person_turn_before(self) -> int | None:
        """The point of the history, before this one, where a person was last to move."""
        history = self.session.history
        before = range(len(history) - 2, -1, -1)
        return next((i for i in before if self.person_to_move(history[i].state)), None)

    @property
    def can_undo(self) -> bool:
        return self.person_turn_before() is not None

    def undo(self) -> bool:
        """Back to the last position before this one where a person was to move; False (and
        nothing changes) when there is none."""
        back = self.person_turn_before()
        if back is None:
            return False
        while self.session.cursor > back:
            self.session.undo(within_turn=False)
        return True

    def redo(self) -> list[Event] | None:
        """Forward again to the next position where a person is to move (or the last one);
        the events of every turn redone, None when there is nothing to redo."""
        if not self.session.can_redo:
            return None
        events: list[Event] = []
        while True:
            events += self.session.redo() or []
            if not self.session.can_redo or self.person_to_move(self.state):
                return events


Seat = Literal["blue", "red"]
Level = Literal["random", "greedy", "strong", "expert"]


class SavedGame(BaseModel):
    """A Clamber game as saved: its options, the turns played and the seats bots hold."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["clamber-saved-game"] = SAVED_FORMAT
    version: Literal[1] = 1
    size: Literal[3, 4] = 3
    turn_limit: int = Field(default=DEFAULT_TURN_LIMIT, ge=TURN_LIMITS[0], le=TURN_LIMITS[1])
    seed: int = Field(default=0, ge=0, le=MAX_SEED)
    turns: tuple[Annotated[str, Field(max_length=MAX_TEXT)], ...] = Field(
        default=(), max_length=TURN_LIMITS[1]
    )
    """Every turn so far in its text form ('place C3', 'C3xD3', 'B2=C4=E5')."""
    bots: dict[Seat, Level] = Field(default_factory=dict)

    @field_validator("bots")
    @classmethod
    def _two_seats(cls, bots: dict[str, str]) -> dict[str, str]:
        return dict(sorted(bots.items()))

    @classmethod
    def of(cls, session: Session[ClamberState]) -> SavedGame:
        """The saved form of a session: its start's options, its turns, its bots."""
        start = session.start
        return cls(
            size=start.size,
            turn_limit=start.turn_limit,
            seed=start.seed,
            turns=tuple(session.log),
            bots={SEATS[seat]: level for seat, level in session.bots.items()},
        )

    def session(self, saver: Saver | None = None) -> ClamberSession:
        """The game with its whole history (UnfitTurn naming the first turn that does not
        fit)."""
        rules = ClamberRules(self.size, self.turn_limit)
        seats = {SEATS.index(seat): level for seat, level in self.bots.items()}
        session = ClamberSession(rules.new_state(2, self.seed), bots=seats)
        for number, text in enumerate(self.turns, 1):
            try:
                session.act(rules.parse_action(text))
            except (ValueError, rules.refusal) as exc:
                raise UnfitTurn(number, text, exc) from None
        session.saver = saver
        return session


class UnfitTurn(ValueError):
    """A saved turn that is not a turn, or that the rules refuse where it stands: its number
    from 1, its text and the problem (a ClamberRefusal when the rules refused it, said in
    players' words)."""

    def __init__(self, number: int, text: str, problem: Exception) -> None:
        why = refusal_sentence(problem) if isinstance(problem, ClamberRefusal) else problem
        super().__init__(f"turn {number} ({text[:40]!r}) does not fit: {why}")
        self.number = number
        self.text = text[:40]
        self.problem = problem


POSITION = "a Clamber position, not a saved game: climbers clamber legal and apply read positions"
SAVED = SavedGames(SavedGame, "Clamber", AUTOSAVE, others=((FORMAT, POSITION),))
"""Clamber's saved games (climbers.session.saved_games), and their four uses by name."""
read_saved, open_saved, save_to, last_game = SAVED.read, SAVED.open, SAVED.saver, SAVED.last
SAVED_NOT_POSITION = "a saved Clamber game, not a position: climbers clamber replay opens it"


def read_position(path: str | os.PathLike[str]) -> ClamberState:
    """The Clamber position in a file (docs/FILE-FORMAT.md), read as every file is
    (SavedGameProblem in one line when it cannot be used)."""
    return read_model(path, ClamberState, "Clamber position", ((SAVED_FORMAT, SAVED_NOT_POSITION),))
