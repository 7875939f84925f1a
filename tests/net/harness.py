"""A host and its clients on localhost (127.0.0.1 only) for the network tests: the network
soak's scripted clients, which choose actions from their own view alone, and the host's
observations by state id to compare every received view with."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from climbers.devtools.network_soak import LOCAL, QUICK, Observed, Scripted, serve
from climbers.net.host import Host, Limits
from climbers.net.hosted import HostedGame, new_game

__all__ = ["LOCAL", "QUICK", "Observed", "Scripted", "game_of", "hosting", "not_a_host"]


@asynccontextmanager
async def hosting(
    game: HostedGame, limits: Limits = QUICK, code: str | None = None
) -> AsyncIterator[tuple[Host, int, Observed]]:
    """The game served on 127.0.0.1 (a free port), with its observations recorded."""
    host, port, observed = await serve(game, limits, code)
    try:
        yield host, port, observed
    finally:
        await host.stop()


def game_of(name: str, seats: list[str], seed: int, save: Path | None = None) -> HostedGame:
    return new_game(name, seats, seed, save)


@asynccontextmanager
async def not_a_host() -> AsyncIterator[int]:
    """A port on 127.0.0.1 where something else than a game host answers (an HTTP server)."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(1024)
        writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(answer, LOCAL, 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        await server.wait_closed()
