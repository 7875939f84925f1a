"""A client's connection run off the caller's thread: the window's frames never wait on the
network. A `Link` runs its own asyncio loop on a daemon thread; what the host says lands in
`inbox` (a thread-safe queue) for the window to take on its own thread, and what the window
sends is handed to the loop. A connection that drops is taken up again with the seat's token, a
bounded number of times, and the inbox says so (`Lost`, then the host's welcome again)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from climbers.net.client import Client, HostGone, JoinRefused
from climbers.net.protocol import Act, HostMessage, Resync, Seated, Undo, Watching, encode

REJOIN_TRIES = 30
"""How many times a dropped connection is tried again (REJOIN_PAUSE apart) before giving up."""
REJOIN_PAUSE = 1.0
"""Seconds between two tries to take the seat again."""


@dataclass(frozen=True)
class Lost:
    """The connection ended: `why` in one line; `final` once it will not be tried again."""

    why: str
    final: bool = False


@dataclass(frozen=True)
class Address:
    """Where the host listens and who joins it: the hello's name, code, seat or watching."""

    host: str
    port: int
    name: str
    code: str | None = None
    seat: int | None = None
    watch: bool = False


Heard = HostMessage | Lost
"""What the inbox holds."""


class Link:
    """One connection to a host on a thread of its own (see the module)."""

    def __init__(self, address: Address) -> None:
        self.address = address
        self.inbox: queue.SimpleQueue[Heard] = queue.SimpleQueue()
        self.token: str | None = None
        """The seat's token once seated: it takes the seat again after a drop."""
        self.welcome: Seated | Watching | None = None
        self.client: Client | None = None
        self.closed = False
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_forever, name="climbers-link", daemon=True
        )
        self.thread.start()

    def open(self) -> concurrent.futures.Future[Seated | Watching]:
        """Connect and say hello; the future's result is the host's welcome, or JoinRefused
        (the host's refusal), HostGone or OSError (nobody there)."""
        return self._run(self._open())

    async def _open(self) -> Seated | Watching:
        a = self.address
        client = await Client.join(a.host, a.port, a.name, a.code, None, a.seat, a.watch)
        self._seated(client)
        return client.welcome  # type: ignore[return-value]

    def _seated(self, client: Client) -> None:
        self.client = client
        self.welcome = client.welcome
        if isinstance(client.welcome, Seated):
            self.token = client.welcome.token
        self.loop.create_task(self._listen(client))

    async def _listen(self, client: Client) -> None:
        """Put every message of the host into the inbox; on a drop, take the seat again."""
        try:
            while True:
                self.inbox.put(await client.receive())
        except HostGone as exc:
            if self.closed or client is not self.client:
                return
            self.inbox.put(Lost(str(exc) or "closed"))
        await self._rejoin()

    async def _rejoin(self) -> None:
        """Try to take the seat again (a watcher watches again), REJOIN_TRIES times at most."""
        a = self.address
        for _ in range(REJOIN_TRIES):
            await asyncio.sleep(REJOIN_PAUSE)
            if self.closed:
                return
            try:
                client = await Client.join(
                    a.host, a.port, a.name, a.code, self.token, None, a.watch or self.token is None
                )
            except JoinRefused as exc:
                self.inbox.put(Lost(exc.refused.reason, final=True))
                return
            except (OSError, HostGone, TimeoutError):
                continue
            self.inbox.put(client.welcome)  # type: ignore[arg-type]
            self._seated(client)
            return
        self.inbox.put(Lost("no answer", final=True))

    def send(self, message: Act | Undo | Resync) -> None:
        """Send a message (dropped when there is no connection: the rejoin resyncs)."""
        self._run(self._send(encode(message)))

    async def _send(self, text: str) -> None:
        if self.client is not None:
            try:
                await self.client.send(text)
            except Exception:  # a connection closing under it: its listener says so
                pass

    def drop(self) -> None:
        """Cut the connection as a failing network would (the link takes the seat again)."""
        self._run(self._drop())

    async def _drop(self) -> None:
        if self.client is not None:
            self.client.connection.transport.abort()

    def close(self) -> None:
        """End the connection and the thread."""
        if self.closed:
            return
        self.closed = True

        async def end() -> None:
            if self.client is not None:
                await self.client.close()
            for task in asyncio.all_tasks():  # the listener, a rejoin waiting
                if task is not asyncio.current_task():
                    task.cancel()

        try:
            self._run(end()).result(timeout=2)
        except Exception:  # already gone, or too slow: the daemon thread ends with the loop
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)

    def _run(self, work: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        return asyncio.run_coroutine_threadsafe(work, self.loop)
