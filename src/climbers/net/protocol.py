"""The messages between a host and its clients (docs/NETWORK.md): versioned JSON, one message per
WebSocket text frame, each an object whose `type` names it. Every message is read strictly
(pydantic, no extra fields, no coercion, bounded strings); a client's message that does not read
is refused, never guessed at."""

from __future__ import annotations

import json
from enum import StrEnum
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter, ValidationError

PROTOCOL = 1
"""The protocol's version: a host and a client of different versions do not play together."""
MAX_MESSAGE = 64 * 1024
"""A client's message longer than this many bytes is refused unread."""
DEFAULT_PORT = 47474
"""The port a host listens on unless told otherwise."""
MAX_SEATS = 16
"""No game has more seats than this."""
MAX_STATE_ID = 2**53 - 1
"""State ids stay whole numbers any JSON reader keeps exactly."""


def program() -> str:
    """This program and its version, as a hello names it: 'climbers 0.1.0'."""
    try:
        return f"climbers {version('climbers')}"
    except PackageNotFoundError:
        return "climbers (not installed)"


class Reason(StrEnum):
    """Why the host refused a message, beside the rules' own reasons (a refused action carries
    the game's reason code)."""

    MALFORMED = "malformed"
    """Not a message of this protocol (not JSON, an unknown type, a missing or extra field)."""
    TOO_LARGE = "too_large"
    """Longer than MAX_MESSAGE bytes."""
    TOO_FAST = "too_fast"
    """More messages than a person sends: the rest of the burst is dropped."""
    VERSION = "version"
    """Another protocol version: `params` names both sides' program and protocol."""
    CODE = "code"
    """The join code is missing or wrong."""
    HELLO_FIRST = "hello_first"
    """The first message of a connection must be a hello, and only the first."""
    SEAT_TAKEN = "seat_taken"
    """The seat asked for is held by another player or a bot."""
    NO_SEAT = "no_seat"
    """Every seat is held: join to watch."""
    NO_SUCH_SEAT = "no_such_seat"
    """The game has no seat of that number."""
    TOKEN = "token"
    """No seat has this token."""
    WATCHING = "watching"
    """A watcher cannot act."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to act."""
    NOT_AN_ACTION = "not_an_action"
    """The text is no action of this game."""
    STALE = "stale"
    """Made on an earlier state: the full state follows."""
    NO_UNDO = "no_undo"
    """Nothing of the sender's own turn to take back."""
    GAME_OVER = "game_over"
    """The game has ended."""


class _Message(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


Name = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[^\x00-\x1f\x7f]+$")]
Secret = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
SeatNumber = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
StateId = Annotated[int, Field(ge=0, le=MAX_STATE_ID)]


# -- from a client -------------------------------------------------------------------------------


class Hello(_Message):
    """A client's first message: who it is, and the seat it takes (its `token` to take its seat
    again; else the `seat` asked for, any free seat when None) or `watch` to sit at none."""

    type: Literal["hello"] = "hello"
    program: Annotated[str, Field(max_length=64)]
    protocol: int
    name: Name
    code: Secret | None = None
    token: Secret | None = None
    seat: SeatNumber | None = None
    watch: bool = False


class Act(_Message):
    """An action in its text form, made on the state `state`."""

    type: Literal["action"] = "action"
    text: Annotated[str, Field(min_length=1, max_length=200)]
    state: StateId


class Undo(_Message):
    """Take back the sender's last step of its own turn, made on the state `state`."""

    type: Literal["undo"] = "undo"
    state: StateId


class Resync(_Message):
    """Send the full state again."""

    type: Literal["resync"] = "resync"


ClientMessage = Hello | Act | Undo | Resync
"""Any message from a client."""


# -- from the host -------------------------------------------------------------------------------


class Seated(_Message):
    """The client holds `seat` of the game; `token` takes it again after a drop (a secret)."""

    type: Literal["seat"] = "seat"
    game: str
    seats: int
    seat: SeatNumber
    token: Secret


class Watching(_Message):
    """The client watches the game from no seat."""

    type: Literal["watching"] = "watching"
    game: str
    seats: int


class Full(_Message):
    """The whole game as the receiver may see it (the rules' `observe` for its seat), after a
    hello, a stale action, a resync or an undo (`cause`)."""

    type: Literal["state"] = "state"
    cause: Literal["hello", "stale", "resync", "undo"]
    state: StateId
    view: JsonValue
    to_act: SeatNumber | None
    over: bool


class Result(_Message):
    """An action the host applied: who made it, its text form, its events and the new view, as
    the receiver may see them."""

    type: Literal["result"] = "result"
    seat: SeatNumber
    action: str
    events: list[JsonValue]
    state: StateId
    view: JsonValue
    to_act: SeatNumber | None
    over: bool


class Refused(_Message):
    """A message the host did not take: a reason code (a `Reason`, or the game's own for an
    action its rules refuse), the places at fault and the parameters of the sentence the client
    says in its own language; `detail` is the code's line for logs, no sentence."""

    type: Literal["refused"] = "refused"
    reason: str
    places: list[JsonValue] = []
    params: dict[str, JsonValue] = {}
    detail: str = ""


class SeatPresence(_Message):
    """One seat: who holds it and whether their action is awaited."""

    seat: SeatNumber
    name: str | None
    status: Literal["open", "here", "away", "bot"]
    """open: nobody yet; here: a connected player; away: a player who dropped and keeps the
    seat; bot: a bot on the host."""
    thinking: bool


class Presence(_Message):
    """Who is at the table: every seat, and how many watch."""

    type: Literal["presence"] = "presence"
    seats: list[SeatPresence]
    watching: int


class End(_Message):
    """The game is over: each seat's place, 1 for the best."""

    type: Literal["end"] = "end"
    ranking: list[int]


HostMessage = Seated | Watching | Full | Result | Refused | Presence | End
"""Any message from the host."""

CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)
HOST: TypeAdapter[HostMessage] = TypeAdapter(Annotated[HostMessage, Field(discriminator="type")])


class Unreadable(ValueError):
    """A message that is not one of the protocol: the refusal to send back."""

    def __init__(self, refusal: Refused) -> None:
        super().__init__(refusal.detail)
        self.refusal = refusal


def refusal(reason: Reason, detail: str = "", **params: JsonValue) -> Refused:
    """The refusal of a message for a reason of the protocol."""
    return Refused(reason=reason.value, params=params, detail=detail)


def read_client(raw: str | bytes) -> ClientMessage:
    """A client's message; Unreadable with the refusal (too large, malformed, another version's
    hello) when it is not one of this protocol."""
    if len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw) > MAX_MESSAGE:
        raise Unreadable(refusal(Reason.TOO_LARGE, f"over {MAX_MESSAGE} bytes"))
    if isinstance(raw, bytes):
        raise Unreadable(refusal(Reason.MALFORMED, "a binary frame"))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise Unreadable(refusal(Reason.MALFORMED, "not JSON")) from None
    if isinstance(data, dict) and data.get("type") == "hello":
        theirs = data.get("protocol")
        if theirs != PROTOCOL or type(theirs) is not int:
            raise Unreadable(version_refusal(data.get("program"), theirs))
    try:
        return CLIENT.validate_python(data, strict=True)
    except ValidationError as exc:
        raise Unreadable(refusal(Reason.MALFORMED, first_problem(exc))) from None


def read_host(raw: str | bytes) -> HostMessage:
    """A host's message (ValueError when it is none)."""
    return HOST.validate_json(raw, strict=True)


def version_refusal(their_program: Any, their_protocol: Any) -> Refused:
    """The refusal of a hello in another protocol version, naming both sides'."""
    theirs = f"{str(their_program)[:64]} protocol {str(their_protocol)[:16]}"
    ours = f"{program()} protocol {PROTOCOL}"
    return refusal(
        Reason.VERSION,
        f"client {theirs}, host {ours}",
        host_program=program(),
        host_protocol=PROTOCOL,
        client_program=str(their_program)[:64],
        client_protocol=str(their_protocol)[:16],
    )


def first_problem(exc: ValidationError) -> str:
    """pydantic's first complaint in one short line: where, and what."""
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"]) or "message"
    return f"{where}: {error['msg']}"[:120]


def encode(message: _Message) -> str:
    """A message's JSON text."""
    return message.model_dump_json()
