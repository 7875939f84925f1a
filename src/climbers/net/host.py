"""The host: a hosted game behind an asyncio WebSocket server (`websockets`). It is the only
authority: every action is read and applied by the game's rules on the host, each result goes to
every client as its own seat's view, and bots play their seats here. A client is never trusted:
a message that is too large, malformed, for a seat not its own or faster than a person acts is
refused in one line and logged, and the game goes on."""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from climbers.games.tournament import Bot, bots_of
from climbers.net.hosted import Applied, HostedGame
from climbers.net.protocol import Act as ActMessage
from climbers.net.protocol import (
    End,
    Hello,
    Presence,
    Reason,
    Refused,
    Seated,
    SeatPresence,
    Unreadable,
    Watching,
    encode,
    read_client,
    refusal,
)
from climbers.net.protocol import Undo as UndoMessage

LOG = logging.getLogger("climbers.net.host")
MAX_FRAME = 1 << 20
"""A frame longer than this closes the connection unread (1009); one between MAX_MESSAGE and
this is refused and the connection goes on."""
HELLO_SECONDS = 10.0
"""A connection that says no hello within this time is closed."""
MAX_CONNECTIONS = 64
"""Connections beyond this many at once are closed at once (1013, try again later)."""
WRONG_CODE_DELAY = 0.5
"""Seconds before a wrong join code is answered, so that codes cannot be tried quickly."""


@dataclass(frozen=True)
class Limits:
    """How fast a client may send: `burst` messages at once, then `per_second`; the messages
    beyond are dropped (the first of a burst is answered TOO_FAST), and a client that has
    `close_after` dropped is disconnected."""

    burst: int = 20
    per_second: float = 8.0
    close_after: int = 200


def is_local(address: str) -> bool:
    """Whether a peer's address is on a local network (private, link-local or loopback)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_private or ip.is_loopback or ip.is_link_local


@dataclass(eq=False)
class Client:
    """One connection: the seat it holds (None: watching), its name and its sending budget."""

    connection: ServerConnection
    peer: str
    limits: Limits
    name: str = "?"
    seat: int | None = None
    allowance: float = 0.0
    checked: float = field(default_factory=time.monotonic)
    dropped: int = 0
    flooding: bool = False

    def __post_init__(self) -> None:
        self.allowance = float(self.limits.burst)

    def admit(self) -> bool:
        """Whether one more message fits the client's budget (a token bucket)."""
        now = time.monotonic()
        self.allowance = min(
            self.limits.burst, self.allowance + (now - self.checked) * self.limits.per_second
        )
        self.checked = now
        if self.allowance >= 1:
            self.allowance -= 1
            self.flooding = False
            return True
        self.dropped += 1
        return False

    async def send(self, text: str) -> None:
        """Send one message; a closed connection is left to its own handler."""
        try:
            await self.connection.send(text)
        except ConnectionClosed:
            pass


class Host:
    """A hosted game served to clients (see the module). `code`: the join code every hello
    must carry (None: none asked); `public`: accept any address (a code is then required);
    `pace`: seconds before a bot acts; `stand_in`: (a bot's level, seconds): a player away that
    long plays through that bot until they come back."""

    def __init__(
        self,
        game: HostedGame,
        code: str | None = None,
        public: bool = False,
        limits: Limits | None = None,
        pace: float = 0.0,
        stand_in: tuple[str, float] | None = None,
    ) -> None:
        if public and not code:
            raise ValueError("a public host needs a join code")
        if stand_in is not None:
            levels = bots_of(game.entry.name).levels
            if stand_in[0] not in levels:
                raise ValueError(f"no bot {stand_in[0]!r}; choose {', '.join(levels)}")
        self.game = game
        self.code = code
        self.public = public
        self.limits = limits or Limits()
        self.pace = pace
        self.stand_in = stand_in
        self.stand_ins: dict[int, Bot] = {}
        self.away_since: dict[int, float] = {}
        """When each seat's player dropped (the seats of players away)."""
        self.clients: set[Client] = set()
        self.connections = 0
        """Connections open now, seated, watching or still to say hello."""
        self.holders: dict[int, Client] = {}
        self.lock = asyncio.Lock()
        self._turn = asyncio.Event()
        self._bot_task: asyncio.Task[None] | None = None
        self.server: Server | None = None
        self.on_change: Callable[[], Awaitable[None]] | None = None
        """Called after every applied action (tests and figures watch the game through it)."""

    # -- serving ---------------------------------------------------------------------------------

    async def start(self, bind: str | None, port: int) -> int:
        """Listen on `bind` (None: every address) and `port` (0: any free one); the port."""
        self.server = await serve(
            self.handle, bind, port, max_size=MAX_FRAME, compression=None, ping_timeout=30
        )
        self._bot_task = asyncio.create_task(self._bots())
        self._turn.set()
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Close every connection and stop listening."""
        if self._bot_task is not None:
            self._bot_task.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def handle(self, connection: ServerConnection) -> None:
        """One client's connection, from its hello to its end."""
        peer = str(connection.remote_address[0])
        client = Client(connection, peer, self.limits)
        if not self.public and not is_local(peer):
            LOG.info("%s: refused, not on the local network (host started without --public)", peer)
            await connection.close(1008, "local network only")
            return
        if self.connections >= MAX_CONNECTIONS:
            LOG.warning("%s: refused, %d connections already", peer, self.connections)
            await connection.close(1013, "too many connections")
            return
        self.connections += 1
        try:
            if not await self._welcome(client):
                return
            async for raw in connection:
                if not await self._receive(client, raw):
                    connection.transport.abort()  # a flood's backlog is not read to a close
                    break
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            await self._leave(client)

    async def _welcome(self, client: Client) -> bool:
        """Read the hello and seat the client; False (connection closed) when refused."""
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                raw = await client.connection.recv()
        except TimeoutError:
            await client.connection.close(1008, "no hello")
            return False
        try:
            hello = read_client(raw)
        except Unreadable as exc:
            return await self._turn_away(client, exc.refusal)
        if not isinstance(hello, Hello):
            return await self._turn_away(client, refusal(Reason.HELLO_FIRST, hello.type))
        client.name = hello.name
        if self.code is not None and not hmac.compare_digest(
            (hello.code or "").encode(), self.code.encode()
        ):
            await asyncio.sleep(WRONG_CODE_DELAY)
            return await self._turn_away(client, refusal(Reason.CODE, "wrong or missing code"))
        async with self.lock:
            seated = self._seat(client, hello)
            if isinstance(seated, Refused):
                return await self._turn_away(client, seated)
            self.clients.add(client)
            await client.send(encode(seated))
            await client.send(encode(self.game.full(client.seat, "hello")))
            if self.game.over:
                await client.send(encode(self._end()))
            await self._presence()
        LOG.info("%s: %s %s", client.peer, client.name, _where(client.seat))
        return True

    async def _turn_away(self, client: Client, refused: Refused) -> Literal[False]:
        LOG.info("%s: hello refused, %s %s", client.peer, refused.reason, refused.detail)
        await client.send(encode(refused))
        await client.connection.close(1008, refused.reason)
        return False

    def _seat(self, client: Client, hello: Hello) -> Seated | Watching | Refused:
        """The seat the hello asks for, taken (or watching), or why not."""
        game = self.game
        name, seats = game.entry.name, len(game.seats)
        if hello.watch:
            return Watching(game=name, seats=seats)
        if hello.token is not None:
            seat = game.seat_of(hello.token)
            if seat is None:
                return refusal(Reason.TOKEN)
            former = self.holders.get(seat)
            if former is not None:  # the same player on a new connection: the old one is gone
                former.seat = None
                asyncio.create_task(former.connection.close(1000, "seat taken again"))
            game.rename(seat, hello.name)
            token = hello.token
        else:
            if hello.seat is not None:
                if hello.seat >= seats:
                    return refusal(Reason.NO_SUCH_SEAT, f"{seats} seats")
                if not game.is_free(hello.seat):
                    return refusal(Reason.SEAT_TAKEN)
                seat = hello.seat
            else:
                free = [s for s in range(seats) if game.is_free(s)]
                if not free:
                    return refusal(Reason.NO_SEAT)
                seat = free[0]
            token = game.take(seat, hello.name)
        client.seat = seat
        self.holders[seat] = client
        self.away_since.pop(seat, None)
        return Seated(game=name, seats=seats, seat=seat, token=token)

    async def _leave(self, client: Client) -> None:
        async with self.lock:
            self.clients.discard(client)
            if client.seat is not None and self.holders.get(client.seat) is client:
                del self.holders[client.seat]
                self.away_since[client.seat] = time.monotonic()
                if self.stand_in is not None:
                    asyncio.get_running_loop().call_later(self.stand_in[1], self._turn.set)
                LOG.info(
                    "%s: %s left; %s waits for them", client.peer, client.name, _where(client.seat)
                )
                await self._presence()

    # -- messages --------------------------------------------------------------------------------

    async def _receive(self, client: Client, raw: str | bytes) -> bool:
        """Answer one message; False when the client is to be disconnected (a flood)."""
        if not client.admit():
            if not client.flooding:
                client.flooding = True
                await self._refuse(client, refusal(Reason.TOO_FAST, "messages dropped"))
            if client.dropped >= self.limits.close_after:
                LOG.warning(
                    "%s: %s closed after %d dropped messages",
                    client.peer,
                    client.name,
                    client.dropped,
                )
                return False
            return True
        try:
            message = read_client(raw)
        except Unreadable as exc:
            await self._refuse(client, exc.refusal)
            return True
        if isinstance(message, Hello):
            await self._refuse(client, refusal(Reason.HELLO_FIRST, "hello again"))
        elif isinstance(message, ActMessage | UndoMessage) and client.seat is None:
            await self._refuse(client, refusal(Reason.WATCHING))
        elif isinstance(message, ActMessage):
            await self._act(client, message)
        elif isinstance(message, UndoMessage):
            await self._undo(client, message)
        else:
            async with self.lock:
                await client.send(encode(self.game.full(client.seat, "resync")))
        return True

    async def _refuse(self, client: Client, refused: Refused) -> None:
        LOG.info(
            "%s: %s: refused %s%s",
            client.peer,
            client.name,
            refused.reason,
            f" ({refused.detail})" if refused.detail else "",
        )
        await client.send(encode(refused))

    async def _act(self, client: Client, message: ActMessage) -> None:
        assert client.seat is not None
        async with self.lock:
            done = await asyncio.to_thread(self.game.act, client.seat, message.text, message.state)
            if isinstance(done, Refused):
                await self._refuse(client, done)
                if done.reason == Reason.STALE:
                    await client.send(encode(self.game.full(client.seat, "stale")))
                return
            await self._broadcast(done)

    async def _undo(self, client: Client, message: UndoMessage) -> None:
        assert client.seat is not None
        async with self.lock:
            refused = self.game.undo(client.seat, message.state)
            if refused is not None:
                await self._refuse(client, refused)
                if refused.reason == Reason.STALE:
                    await client.send(encode(self.game.full(client.seat, "stale")))
                return
            LOG.info("%s: %s took back a step", client.peer, client.name)
            for other in list(self.clients):
                await other.send(encode(self.game.full(other.seat, "undo")))
            await self._presence()

    async def _broadcast(self, applied: Applied) -> None:
        """Send an applied action to every client as its seat sees it (the lock held)."""
        if self.game.save_problem is not None:
            LOG.warning("%s", self.game.save_problem)
        said: dict[int | None, str] = {}  # one message per seat; every watcher gets the same
        for client in list(self.clients):
            if client.seat not in said:
                said[client.seat] = encode(self.game.result(client.seat, applied))
            await client.send(said[client.seat])
        if self.game.over:
            end = encode(self._end())
            for client in list(self.clients):
                await client.send(end)
        await self._presence()
        self._turn.set()
        if self.on_change is not None:
            await self.on_change()

    def _end(self) -> End:
        return End(ranking=list(self.game.rules.ranking(self.game.session.state)))

    async def _presence(self) -> None:
        """Tell everyone who is at the table (the lock held)."""
        to_act = self.game.to_act
        seats = []
        for number, record in enumerate(self.game.seats):
            status: Literal["open", "here", "away", "bot"]
            if record.level is not None:
                status = "bot"
            elif number in self.holders:
                status = "here"
            else:
                status = "away" if record.token is not None else "open"
            name = record.level if record.level is not None else record.name
            seats.append(
                SeatPresence(seat=number, name=name, status=status, thinking=number == to_act)
            )
        watching = sum(client.seat is None for client in self.clients)
        text = encode(Presence(seats=seats, watching=watching))
        for client in list(self.clients):
            await client.send(text)

    # -- bots ------------------------------------------------------------------------------------

    async def stand_in_now(self, level: str) -> None:
        """From now on a player away is played by the bot `level` until they come back (the
        hosting table chose when; on the host's loop)."""
        self.stand_in = (level, 0.0)
        self._turn.set()

    def _bot_for(self, seat: int) -> Bot | None:
        """The bot playing `seat` now: its own, or the stand-in of a player away long enough."""
        if seat in self.game.bots:
            return self.game.bots[seat]
        since = self.away_since.get(seat)
        if self.stand_in is None or since is None:
            return None
        level, seconds = self.stand_in
        if time.monotonic() - since < seconds:
            return None
        if seat not in self.stand_ins:
            kit = bots_of(self.game.entry.name)
            self.stand_ins[seat] = kit.make(level, 2000 + seat, kit.budget)
        return self.stand_ins[seat]

    async def _bots(self) -> None:
        """Play the bots' seats on the host whenever one is to act."""
        while True:
            await self._turn.wait()
            self._turn.clear()
            while (seat := self.game.to_act) is not None and (bot := self._bot_for(seat)):
                await asyncio.sleep(self.pace)
                async with self.lock:
                    state, state_id = self.game.session.state, self.game.state_id
                try:
                    action: Any = await asyncio.to_thread(bot.choose, state)
                except Exception as exc:  # a bot's bug stops the bot, never the host
                    LOG.error("the bot of seat %d failed: %s: %s", seat, type(exc).__name__, exc)
                    return
                async with self.lock:
                    if self.game.state_id != state_id or self._bot_for(seat) is not bot:
                        continue
                    done = self.game.apply(seat, action)
                    if isinstance(done, Refused):
                        LOG.error("the bot of seat %d was refused: %s", seat, done.detail)
                        return
                    await self._broadcast(done)


def _where(seat: int | None) -> str:
    return "watching" if seat is None else f"seat {seat}"
