"""Burg Klettermax games in progress: the shared session (climbers.session) with this game's
turns, the free game's driver, and the saved game it is continued from.

A turn may hold several choices: moving an empty tower tile before the roll (K13), the knights
chosen one by one (K8, K9), moving the tile after a loot (K12). Undo takes back the last such
choice within the turn; a roll and a flick stand (the dice and the physics have spoken).
A saved game holds its options and its actions as text (a flick with its aim), never a
sentence, so it opens in either language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from climbers.io.language import N_
from climbers.klettermax.core import (
    PHYSICS,
    RULES,
    Action,
    End,
    Flick,
    Phase,
    Refused,
    State,
    new_state,
)
from climbers.klettermax.core.components import SEATS
from climbers.klettermax.core.dice import SEED_MAX
from climbers.klettermax.game.refusals import flown_elsewhere_sentence, refusal_sentence
from climbers.session.autosave import Autosave
from climbers.session.driver import SessionDriver
from climbers.session.saved_games import SavedGameProblem as SavedGameProblem
from climbers.session.saved_games import SavedGames
from climbers.session.session import Saver, Session

LEVELS = ("easy", "medium", "hard")
"""The bots that may hold a seat (climbers.klettermax.contest.make_bot)."""
SAVED_FORMAT: Literal["klettermax-saved-game"] = "klettermax-saved-game"
MAX_ACTIONS = 10_000
"""A saved game holds at most this many actions (a game takes a few hundred)."""
AUTOSAVE = Autosave("last-klettermax")
"""Burg Klettermax's autosave files: last-klettermax.json, last-klettermax-2.json, ..."""


def stands(before: State, after: State) -> bool:
    """Whether the step from `before` to `after` rolled the dice or flicked a knight: those
    stand, undo never takes them back."""
    if after.rolls != before.rolls:
        return True
    seat = before.turn.seat
    return len(after.seats[seat].tiles) != len(before.seats[seat].tiles) or len(
        after.seats[seat].tower
    ) < len(before.seats[seat].tower)


class KlettermaxTurns:
    """Undo within a turn takes back a choice (a tower tile moved, a knight chosen), never a
    roll or a flick; Done ends a turn that waits only for `end` (K12, K15)."""

    def same_turn(self, before: State, after: State) -> bool:
        seat = before.turn.seat
        return not after.over and after.turn.seat == seat and not stands(before, after)

    def finishing(self, start: State, now: State) -> Action | None:
        waiting = now.turn.phase in (Phase.AGAIN, Phase.LOOTED)
        return End() if waiting and now.turn.seat == start.turn.seat else None


class KlettermaxSession(Session[State]):
    """A Burg Klettermax game being played; bots are named by seat (0 the first seat)."""

    def __init__(
        self, start: State, saver: Saver | None = None, bots: Mapping[int, str] | None = None
    ) -> None:
        super().__init__(RULES, KlettermaxTurns(), start, saver, dict(bots or {}))


Level = Literal["easy", "medium", "hard"]


class SavedGame(BaseModel):
    """A Burg Klettermax game as saved: its start's options, the actions played (a flick with
    its aim and resting place) and the seats bots hold."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["klettermax-saved-game"] = SAVED_FORMAT
    version: Literal[1] = 1
    players: StrictInt = Field(ge=SEATS[0], le=SEATS[1])
    seed: StrictInt = Field(ge=0, le=SEED_MAX)
    first: StrictInt = Field(ge=0, lt=SEATS[1])
    beginners: StrictBool = False
    actions: tuple[Annotated[str, Field(max_length=80)], ...] = Field(
        default=(), max_length=MAX_ACTIONS
    )
    """Every action so far in its text form ('roll', 'flick chamber 5 aim -12.5 0.640')."""
    bots: dict[int, Level] = Field(default_factory=dict)
    physics: StrictInt = Field(default=1, ge=1, le=PHYSICS)
    """The flick's physics the flicks were made under (`climbers.klettermax.core.PHYSICS`); a
    game saved before games said so was made under physics 1."""

    @field_validator("bots")
    @classmethod
    def _seats(cls, bots: dict[int, str]) -> dict[int, str]:
        if any(not 0 <= seat < SEATS[1] for seat in bots):
            raise ValueError("a bot's seat is 0 to 3")
        return dict(sorted(bots.items()))

    @classmethod
    def of(cls, session: Session[State]) -> SavedGame:
        """The saved form of a session."""
        start = session.start
        return cls(
            players=len(start.seats),
            seed=start.seed,
            first=start.turn.seat,
            beginners=start.beginners,
            actions=tuple(session.log),
            bots=dict(session.bots),
            physics=PHYSICS,
        )

    def session(self, saver: Saver | None = None) -> KlettermaxSession:
        """The game with its whole history (ValueError naming the first action that does not
        fit). Every flick with its aim is flown again by the physics and must come to rest
        where the game says (this program's flicks always do: the physics is deterministic). A
        flick made under an earlier physics keeps where it rested but not its aim, which
        today's physics would carry elsewhere: it is shown as recorded, as is a flick saved
        without its aim."""
        if self.first >= self.players or any(seat >= self.players for seat in self.bots):
            raise ValueError(f"a seat is beyond the {self.players} players")
        start = new_state(self.players, self.seed, self.beginners, first=self.first)
        session = KlettermaxSession(start, bots=self.bots)
        for number, text in enumerate(self.actions, 1):
            try:
                action = RULES.parse_action(text)
                if isinstance(action, Flick) and self.physics < PHYSICS:
                    action = Flick(rest=action.rest, chamber=action.chamber)  # not flown again
                before = session.state
                session.act(action)
                if isinstance(action, Flick) and action.aim is not None:
                    _fly_again(before, action)
            except (ValueError, Refused) as exc:
                why = refusal_sentence(exc, session.state) if isinstance(exc, Refused) else exc
                raise ValueError(f"action {number} ({text[:40]!r}) does not fit: {why}") from None
        session.saver = saver
        return session


def _fly_again(state: State, flick: Flick) -> None:
    """ValueError in players' words when `flick`, flown again with its aim from `state`, comes
    to rest elsewhere than it says."""
    from climbers.klettermax.physics import flown_elsewhere  # Bullet only for aimed flicks

    flown = flown_elsewhere(state, flick)
    if flown is not None:
        raise ValueError(flown_elsewhere_sentence(flown.miss or flown.kind, flown.chamber))


SAVED = SavedGames(SavedGame, "Burg Klettermax", AUTOSAVE)
"""Burg Klettermax's saved games (climbers.session.saved_games), and their four uses by name."""
read_saved, open_saved, save_to, last_game = SAVED.read, SAVED.open, SAVED.saver, SAVED.last


class PlayDriver(SessionDriver[State]):
    """A free game: every action goes to the session; undo takes back the last choice within
    the turn of the person acting (never a roll or a flick)."""

    no_undo = N_("Nothing to take back: a roll and a flick stand, and the turn has passed.")
