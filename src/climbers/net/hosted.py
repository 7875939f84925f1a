"""A hosted game without its sockets: the session (the only authority), who holds each seat, the
state id every action is made on, the seats' tokens, and the game on disk after every change so
that a host started again with --resume takes everyone back."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from climbers.games.registry import GameEntry, game
from climbers.games.tournament import Bot, bots_of
from climbers.io.atomic import write_atomic
from climbers.io.json_input import JsonProblem, parse, read_bounded, validation_problem
from climbers.io.messages import one_line, short_path
from climbers.net.protocol import (
    MAX_SEATS,
    Full,
    Name,
    Reason,
    Refused,
    Result,
    refusal,
)
from climbers.net.remote import Remote, plain, read_action, remote_of, seen_events
from climbers.session.autosave import Autosave
from climbers.session.session import Session, save_failure

FORMAT: Literal["climbers-hosted-game"] = "climbers-hosted-game"
MAX_FILE = 4 << 20
"""A hosted game's file is read only up to this many bytes."""
MAX_ACTIONS = 20_000
OPEN = "open"
"""A seat a person takes (`--seats`), as opposed to a bot's level."""


def autosave(name: str) -> Autosave:
    """The hosted games' autosave of the game `name`: hosted-<name>.json in the data folder."""
    return Autosave(f"hosted-{name}")


def digest(token: str) -> str:
    """What the file keeps of a seat's token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


class SeatRecord(BaseModel):
    """One seat as the host keeps it: a bot's level, or the player's name and token digest."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    level: Annotated[str, Field(max_length=32)] | None = None
    name: Name | None = None
    token: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")] | None = None


class HostedFile(BaseModel):
    """A hosted game as saved: the game, its start, its actions as text, its seats and the
    state id reached."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    format: Literal["climbers-hosted-game"] = FORMAT
    version: Literal[1] = 1
    game: Annotated[str, Field(max_length=32)]
    start: Annotated[str, Field(max_length=MAX_FILE)]
    actions: list[Annotated[str, Field(max_length=200)]] = Field(max_length=MAX_ACTIONS)
    seats: list[SeatRecord] = Field(min_length=1, max_length=MAX_SEATS)
    state: int = Field(ge=0)


class HostedProblem(ValueError):
    """A hosted game that cannot be started or resumed; str() is one line."""


@dataclass(frozen=True)
class Applied:
    """An action the host applied: the seat that made it, its text form, its events."""

    seat: int
    text: str
    events: Sequence[Any]


class HostedGame:
    """One game on the host (see the module). `save_path` None: not saved (tests of the
    authority alone)."""

    def __init__(
        self,
        entry: GameEntry,
        start: Any,
        seats: Sequence[SeatRecord],
        save_path: Path | None,
        actions: Sequence[str] = (),
        state_id: int = 0,
    ) -> None:
        self.entry = entry
        self.rules = entry.rules
        self.remote: Remote = remote_of(entry)
        players = len(self.rules.ranking(start))
        if len(seats) != players:
            raise HostedProblem(f"the game has {players} seats, not {len(seats)}")
        self.seats = list(seats)
        levels = {s.level for s in seats if s.level is not None}
        self.bots: dict[int, Bot] = {}
        if levels:
            kit = bots_of(entry.name)
            unknown = sorted(levels - set(kit.levels))
            if unknown:
                raise HostedProblem(f"no bot {unknown[0]!r}; choose {', '.join(kit.levels)}")
            self.bots = {
                i: kit.make(s.level, 1000 + i, kit.budget)
                for i, s in enumerate(seats)
                if s.level is not None
            }
        self.session: Session[Any] = Session(self.rules, self.remote.turns, start)
        for number, text in enumerate(actions, 1):
            try:
                self.session.act(self.rules.parse_action(text))
            except (ValueError, self.rules.refusal) as exc:
                problem = f"action {number} ({text[:40]!r}) does not fit: {exc}"
                raise HostedProblem(problem) from None
        self.state_id = state_id
        self.save_path = save_path
        self.save_problem: str | None = None
        """Why the last save failed, in one line; None when it succeeded."""
        self.store()

    # -- seats ---------------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, None when none is."""
        wanted = digest(token)
        for number, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, wanted):
                return number
        return None

    def is_free(self, seat: int) -> bool:
        """Whether nobody (person or bot) holds `seat` yet."""
        record = self.seats[seat]
        return record.level is None and record.token is None

    def take(self, seat: int, name: str) -> str:
        """Give the free `seat` to the player `name`; their token (a secret to keep)."""
        token = secrets.token_urlsafe(24)
        self.seats[seat] = SeatRecord(name=name, token=digest(token))
        self.store()
        return token

    def rename(self, seat: int, name: str) -> None:
        """The player taking `seat` again calls themselves `name` now."""
        if self.seats[seat].name != name:
            self.seats[seat] = self.seats[seat].model_copy(update={"name": name})
            self.store()

    # -- what a seat sees ----------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose action is awaited; None once the game is over."""
        return self.rules.to_act(self.session.state)

    @property
    def over(self) -> bool:
        return self.rules.is_over(self.session.state)

    def full(self, seat: int | None, cause: Literal["hello", "stale", "resync", "undo"]) -> Full:
        """The whole game as `seat` (None: a watcher) may see it."""
        state = self.session.state
        return Full(
            cause=cause,
            state=self.state_id,
            view=self.rules.observe(state, seat),
            to_act=self.to_act,
            over=self.over,
        )

    def result(self, seat: int | None, applied: Applied) -> Result:
        """An applied action as `seat` may see it."""
        state = self.session.state
        return Result(
            seat=applied.seat,
            action=applied.text,
            events=seen_events(self.remote, applied.events, seat, state),
            state=self.state_id,
            view=self.rules.observe(state, seat),
            to_act=self.to_act,
            over=self.over,
        )

    # -- acting --------------------------------------------------------------------------------

    def act(self, seat: int, text: str, state_id: int) -> Applied | Refused:
        """The action `text` of `seat` made on `state_id`, applied when the rules allow it;
        else the refusal (STALE: the sender needs the full state)."""
        problem = self._turn_problem(seat, state_id)
        if problem is not None:
            return problem
        try:
            action = read_action(self.remote, self.rules, self.session.state, text)
        except ValueError as exc:
            return refusal(Reason.NOT_AN_ACTION, one_line(str(exc), 120))
        return self.apply(seat, action)

    def apply(self, seat: int, action: Any) -> Applied | Refused:
        """Apply a read action of `seat` (a person's or a bot's)."""
        try:
            events = self.session.act(action)
        except self.rules.refusal as exc:
            return Refused(
                reason=str(plain(getattr(exc, "reason", "refused"))),
                places=[plain(p) for p in getattr(exc, "places", ())],
                params=_params(exc),
                detail=one_line(str(exc), 200),
            )
        self.state_id += 1
        self.store()
        return Applied(seat, self.rules.action_text(action), events)

    def undo(self, seat: int, state_id: int) -> Refused | None:
        """Take back `seat`'s last step of its own turn (the game's Turns say what undo within a
        turn may take back: never a roll, a flick or another player's action); the refusal, or
        None when done."""
        problem = self._turn_problem(seat, state_id)
        if problem is not None:
            return problem
        if not takes_back(self.session, seat):
            return refusal(Reason.NO_UNDO)
        self.session.undo()
        self.state_id += 1
        self.store()
        return None

    def _turn_problem(self, seat: int, state_id: int) -> Refused | None:
        if self.over:
            return refusal(Reason.GAME_OVER)
        if state_id != self.state_id:
            return refusal(Reason.STALE, f"state {state_id}, now {self.state_id}")
        if self.to_act != seat:
            return refusal(Reason.NOT_YOUR_TURN, f"seat {self.to_act} is to act")
        return None

    # -- on disk -------------------------------------------------------------------------------

    def record(self) -> HostedFile:
        """The game as saved."""
        return HostedFile(
            game=self.entry.name,
            start=self.rules.dump(self.session.start),
            actions=self.session.log,
            seats=self.seats,
            state=self.state_id,
        )

    def store(self) -> None:
        """Write the game to its file atomically after every change; a failure is kept in
        `save_problem` and the game goes on."""
        if self.save_path is None:
            return
        text = self.record().model_dump_json(indent=1) + "\n"
        try:
            write_atomic(self.save_path, text.encode("utf-8"))
            self.save_problem = None
        except OSError as exc:
            self.save_problem = save_failure(exc)


def _params(exc: Exception) -> dict[str, Any]:
    """The parameters of a rules' refusal its sentence is made from."""
    found = getattr(exc, "params", None) or getattr(exc, "facts", None) or {}
    params = {str(key): plain(value) for key, value in dict(found).items()}
    detail = getattr(exc, "detail", "")
    if detail:
        params["detail"] = str(detail)
    return params


def seat_records(spec: Sequence[str]) -> list[SeatRecord]:
    """The seats `--seats` names: 'open' for a person, else a bot's level."""
    return [SeatRecord() if word == OPEN else SeatRecord(level=word) for word in spec]


def takes_back(session: Session[Any], seat: int) -> bool:
    """Whether the host would take back a step of `seat` (the policy of undo across
    computers): its own last step, of the turn it still plays, as the game's Turns allow."""
    rules, last = session.rules, session.last_step()
    if last is None or rules.to_act(last[0]) != seat or rules.to_act(session.state) != seat:
        return False
    return session.can_undo()


def new_game(
    name: str, spec: Sequence[str], seed: int, save_path: Path | None, position: Any = None
) -> HostedGame:
    """A new hosted game of `name` (from `position`, a state, when given)."""
    entry = game(name)
    rules = entry.rules
    if position is None:
        low, high = rules.seats
        if not low <= len(spec) <= high:
            raise HostedProblem(f"{name} is for {low} to {high} players, not {len(spec)}")
        try:
            position = rules.new_state(len(spec), seed)
        except ValueError as exc:
            raise HostedProblem(one_line(str(exc))) from None
    return HostedGame(entry, position, seat_records(spec), save_path)


def read_position(name: str, path: str | os.PathLike[str]) -> Any:
    """The state in a position file of the game `name` (its rules' JSON); HostedProblem."""
    rules = game(name).rules
    try:
        return rules.load(read_bounded(path, MAX_FILE).decode("utf-8"))
    except FileNotFoundError:
        raise HostedProblem(f"{short_path(os.fspath(path), 60)}: does not exist") from None
    except (ValueError, JsonProblem) as exc:
        raise HostedProblem(one_line(f"{short_path(os.fspath(path), 60)}: {exc}")) from None


def resume(path: Path, save_path: Path | None) -> HostedGame:
    """The hosted game saved in `path`, with its whole history; HostedProblem in one line."""
    where = short_path(os.fspath(path), 60)
    try:
        data = parse(read_bounded(path, MAX_FILE))
    except FileNotFoundError:
        raise HostedProblem(f"{where}: there is no hosted game to resume") from None
    except JsonProblem as exc:
        raise HostedProblem(f"{where}: {exc}") from None
    try:
        saved = HostedFile.model_validate(data)
    except ValidationError as exc:
        raise HostedProblem(f"{where}: {validation_problem(exc)}") from None
    try:
        entry = game(saved.game)
        start = entry.rules.load(saved.start)
    except ValueError as exc:
        raise HostedProblem(one_line(f"{where}: {exc}")) from None
    return HostedGame(entry, start, saved.seats, save_path, saved.actions, saved.state)
