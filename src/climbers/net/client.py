"""A client's side of a hosted game: one connection to the host, the hello, and the game as this
seat last heard it (its view, the state id to make the next action on, who is to act, who is at
the table). It never changes the game itself: it sends actions and takes the host's word."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import JsonValue, ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from climbers.net.protocol import (
    DEFAULT_PORT,
    PROTOCOL,
    Act,
    End,
    Full,
    Hello,
    HostMessage,
    Presence,
    Refused,
    Result,
    Resync,
    Seated,
    Undo,
    Watching,
    encode,
    program,
    read_host,
)


class JoinRefused(Exception):
    """The host did not take the hello: its refusal."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.reason)
        self.refused = refused


class HostGone(Exception):
    """The connection to the host ended."""


def split_address(text: str) -> tuple[str, int]:
    """Host and port of 'HOST[:PORT]' ('[::1]:47474' for an IPv6 address); ValueError."""
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"not an address: {text[:60]!r}")
            port = _port(rest[1:], text)
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        port = _port(number, text)
    if not host:
        raise ValueError(f"not an address: {text[:60]!r}")
    return host, port


def _port(number: str, text: str) -> int:
    if not number.isdigit() or not 0 < int(number) < 65536:
        raise ValueError(f"not a port in {text[:60]!r}")
    return int(number)


@dataclass
class Table:
    """The game as this client last heard it."""

    game: str = ""
    seats: int = 0
    seat: int | None = None
    token: str | None = None
    state: int = 0
    view: JsonValue = None
    to_act: int | None = None
    over: bool = False
    ranking: list[int] | None = None
    presence: Presence | None = None

    def hear(self, message: HostMessage) -> None:
        """Take in what the host said."""
        if isinstance(message, Seated):
            self.game, self.seats, self.seat, self.token = (
                message.game,
                message.seats,
                message.seat,
                message.token,
            )
        elif isinstance(message, Watching):
            self.game, self.seats, self.seat = message.game, message.seats, None
        elif isinstance(message, Full | Result):
            self.state, self.view = message.state, message.view
            self.to_act, self.over = message.to_act, message.over
        elif isinstance(message, End):
            self.ranking = message.ranking
        elif isinstance(message, Presence):
            self.presence = message


class Client:
    """One connection to a host (`join`), with the table it has heard of."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.table = Table()
        self.welcome: Seated | Watching | None = None
        """The host's answer to the hello: the seat taken, or watching."""

    @classmethod
    async def join(
        cls,
        host: str,
        port: int,
        name: str,
        code: str | None = None,
        token: str | None = None,
        seat: int | None = None,
        watch: bool = False,
    ) -> Client:
        """Connect and say hello; JoinRefused with the host's refusal, OSError when nothing
        answers there, HostGone when what answers is no game host or closes the connection."""
        try:
            connection = await connect(
                f"ws://{_bracketed(host)}:{port}",
                max_size=16 << 20,
                compression=None,
                open_timeout=10,
            )
        except WebSocketException as exc:
            raise HostGone(f"no game host answers there ({exc})") from None
        client = cls(connection)
        hello = Hello(
            program=program(),
            protocol=PROTOCOL,
            name=name,
            code=code,
            token=token,
            seat=seat,
            watch=watch,
        )
        try:
            await client.send(encode(hello))
        except WebSocketException as exc:  # closed before the hello: the host turned it away
            raise HostGone(str(exc)) from None
        first = await client.receive()
        if isinstance(first, Refused):
            await connection.close()
            raise JoinRefused(first)
        if not isinstance(first, Seated | Watching):
            raise HostGone(f"the host answered the hello with {first.type}")
        client.welcome = first
        return client

    async def send(self, text: str) -> None:
        """Send a message's text as it is (tests send malformed ones)."""
        await self.connection.send(text)

    async def receive(self) -> HostMessage:
        """The host's next message, taken into the table; HostGone when the connection ends."""
        try:
            raw = await self.connection.recv()
        except Exception as exc:  # ConnectionClosed, or the transport failing under it
            raise HostGone(str(exc)) from None
        try:
            message = read_host(raw)
        except ValidationError as exc:
            raise HostGone(f"the host sent no message of protocol {PROTOCOL}: {exc}") from None
        self.table.hear(message)
        return message

    async def act(self, text: str) -> None:
        """Send an action's text, made on the state last heard."""
        await self.send(encode(Act(text=text, state=self.table.state)))

    async def undo(self) -> None:
        await self.send(encode(Undo(state=self.table.state)))

    async def resync(self) -> None:
        await self.send(encode(Resync()))

    async def close(self) -> None:
        await self.connection.close()


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host
