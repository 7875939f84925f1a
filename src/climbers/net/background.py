"""A host run in the background of a program that does something else (the window): the same
`Host` as `climbers host`, on an asyncio loop of its own thread, announced on the local network
unless told not to, until `stop`."""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading

import zeroconf

from climbers.games.tournament import bots_of
from climbers.net.discovery import Announcement, local_addresses
from climbers.net.host import Host
from climbers.net.protocol import DEFAULT_PORT

LOG = logging.getLogger("climbers.net.host")
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A made-up join code's letters: none that are mistaken for another."""
START_SECONDS = 10.0
"""How long `start` waits for the host to listen."""


def join_code(length: int = 6) -> str:
    """A short join code to read out to the other players."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


class BackgroundHost:
    """`host` served on a thread of its own (see the module)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.port = 0
        self.announcement: Announcement | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_forever, name="climbers-host", daemon=True
        )
        self.thread.start()

    def start(
        self, bind: str | None = None, port: int = DEFAULT_PORT, announce: bool = True
    ) -> int:
        """Listen on `bind` (None: every address) and `port`, or any free port when that one
        is taken; announce the game unless not `announce`. The port; OSError when the host
        cannot listen at all."""
        future = asyncio.run_coroutine_threadsafe(self._start(bind, port, announce), self.loop)
        self.port = future.result(timeout=START_SECONDS)
        return self.port

    def stand_in_now(self) -> None:
        """Let a bot of middling strength play every seat whose player is away, from now on
        until they come back."""
        levels = bots_of(self.host.game.entry.name).levels
        chosen = self.host.stand_in_now(levels[len(levels) // 2])
        asyncio.run_coroutine_threadsafe(chosen, self.loop).result(timeout=START_SECONDS)

    @property
    def stand_in(self) -> str | None:
        """The level of the bot that plays for the players away (None: none does)."""
        return None if self.host.stand_in is None else self.host.stand_in[0]

    async def _start(self, bind: str | None, port: int, announce: bool) -> int:
        try:
            listening = await self.host.start(bind, port)
        except OSError:
            listening = await self.host.start(bind, 0)  # the usual port is taken: any other
        if announce:
            game = self.host.game.entry.name
            everywhere = bind in (None, "", "0.0.0.0", "::")
            addresses = local_addresses() if everywhere else [bind or ""]
            self.announcement = Announcement(game, listening, self.host.code is not None, addresses)
            asyncio.create_task(self._announce(self.announcement))
        return listening

    async def _announce(self, announcement: Announcement) -> None:
        try:
            await announcement.start()
        except (OSError, zeroconf.Error) as exc:  # players give the address instead
            LOG.warning("the game is not announced on the network: %s", exc)
            self.announcement = None

    def stop(self) -> None:
        """Stop serving (every connection closed) and end the thread."""
        if not self.loop.is_running():
            return

        async def end() -> None:
            if self.announcement is not None:
                try:
                    await self.announcement.stop()
                except (OSError, zeroconf.Error):
                    pass
            await self.host.stop()

        try:
            asyncio.run_coroutine_threadsafe(end(), self.loop).result(timeout=START_SECONDS)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=START_SECONDS)

    def addresses(self) -> list[str]:
        """HOST:PORT for each of this computer's addresses other players may join at."""
        return [f"{address}:{self.port}" for address in local_addresses()]
