"""`scripts/soak --network`: seeded games of every hosted game played through the protocol on
127.0.0.1 by scripted clients that choose from their own views, drop at random and take their
seats back with their tokens, and now and then act on a stale state; every view a client
receives is compared with the host's `observe` for its seat at that state id, and every game
must end with each client holding the host's final view. Exit 1 on any mismatch."""

from __future__ import annotations

import argparse
import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import JsonValue

from climbers.games.registry import games
from climbers.net.client import Client
from climbers.net.host import Host, Limits
from climbers.net.hosted import HostedGame, new_game
from climbers.net.protocol import Act, End, Full, Reason, Refused, Result, encode
from climbers.net.remote import suggestion

LOCAL = "127.0.0.1"
QUICK = Limits(burst=10_000, per_second=10_000.0)
"""Scripted players act as fast as the host answers: far above a person's pace."""
SECONDS = 60.0
"""No game waits longer than this for one message (a bound, never reached)."""


class Observed:
    """Every state the host reached, by state id: each seat's `observe` (None: a watcher)."""

    def __init__(self, game: HostedGame) -> None:
        self.game = game
        self.views: dict[int, dict[int | None, JsonValue]] = {}
        self.record()

    def record(self) -> None:
        """Keep what every seat may see of the game now."""
        game = self.game
        state = game.session.state
        seats: list[int | None] = [*range(len(game.seats)), None]
        self.views[game.state_id] = {seat: game.rules.observe(state, seat) for seat in seats}

    async def changed(self) -> None:
        self.record()


async def serve(
    game: HostedGame, limits: Limits = QUICK, code: str | None = None
) -> tuple[Host, int, Observed]:
    """The game served on 127.0.0.1 (a free port), and its observations recorded."""
    host = Host(game, code=code, limits=limits)
    observed = Observed(game)
    host.on_change = observed.changed
    return host, await host.start(LOCAL, 0), observed


class Scripted:
    """A scripted client: everything it hears kept, each view checked against the host's
    observation for its seat, an action chosen from its own view when its seat is to act;
    before acting it may drop (and come back with its token) or act on a stale state."""

    def __init__(
        self,
        client: Client,
        observed: Observed,
        port: int,
        seed: int,
        drop: float = 0.0,
        stale: float = 0.0,
    ) -> None:
        self.client = client
        self.observed = observed
        self.port = port
        self.rng = random.Random(seed)
        self.drop, self.stale = drop, stale
        self.heard: list[Any] = []
        self.mismatches: list[int] = []
        self.refusals: list[Refused] = []
        self.drops = 0
        self.resyncs = 0

    @property
    def seat(self) -> int | None:
        return self.client.table.seat

    def check(self, message: Full | Result) -> None:
        """Note a view that is not the host's observation for this seat at its state id."""
        if message.view != self.observed.views[message.state][self.seat]:
            self.mismatches.append(message.state)

    async def play(self, acts: bool = True) -> None:
        """Until the game ends: check every view, act when it is this seat's turn."""
        game = self.observed.game
        while True:
            message = await asyncio.wait_for(self.client.receive(), SECONDS)
            self.heard.append(message)
            if isinstance(message, End):
                return
            if isinstance(message, Refused) and message.reason != Reason.STALE:
                self.refusals.append(message)
            if not isinstance(message, Full | Result):
                continue
            self.check(message)
            self.resyncs += isinstance(message, Full) and message.cause == "stale"
            seat = self.seat
            if not acts or message.over or seat is None or message.to_act != seat:
                continue
            if self.rng.random() < self.drop:
                await self._drop_and_return()
            elif message.state and self.rng.random() < self.stale:
                text = suggestion(game.remote, game.rules, message.view, seat, self.rng)
                await self.client.send(encode(Act(text=text, state=message.state - 1)))
            else:
                await self.client.act(
                    suggestion(game.remote, game.rules, message.view, seat, self.rng)
                )

    async def _drop_and_return(self) -> None:
        """Vanish without a goodbye, then take the seat back with its token."""
        token, name = self.client.table.token, f"seat {self.seat}"
        transport = self.client.connection.transport
        if transport is not None:
            transport.abort()
        self.drops += 1
        await asyncio.sleep(0.02)
        self.client = await Client.join(LOCAL, self.port, name, token=token)


@dataclass
class Tally:
    """What the soak played and found."""

    games: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    drops: int = 0
    resyncs: int = 0
    mismatches: int = 0
    unfinished: int = 0
    refused: int = 0


async def soak_game(name: str, seed: int, drop: float, stale: float, tally: Tally) -> None:
    """One seeded game of `name`, its fewest seats all held by scripted clients, and a
    watcher."""
    low = games()[name].rules.seats[0]
    game = new_game(name, ["open"] * low, seed, None)
    host, port, observed = await serve(game)
    try:
        players = [
            Scripted(await Client.join(LOCAL, port, f"seat {n}"), observed, port,
                     seed * 10 + n, drop, stale)
            for n in range(low)
        ]  # fmt: skip
        watcher = Scripted(await Client.join(LOCAL, port, "watcher", watch=True), observed, port, 0)
        await asyncio.gather(*(p.play() for p in players), watcher.play(acts=False))
        for p in [*players, watcher]:
            final = game.rules.observe(game.session.state, p.seat)
            tally.mismatches += len(p.mismatches) + (p.client.table.view != final)
            tally.drops += p.drops
            tally.resyncs += p.resyncs
            tally.refused += len(p.refusals)
            await p.client.close()
    finally:
        await host.stop()
    tally.games[name] = tally.games.get(name, 0) + 1
    tally.actions += len(game.session.log)
    tally.unfinished += not game.over


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/soak --network")
    parser.add_argument("--games", type=int, default=30, help="games in all (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--drop", type=float, default=0.05, help="chance to drop before acting")
    parser.add_argument("--stale", type=float, default=0.05, help="chance to act on a stale id")
    args = parser.parse_args(argv)
    names = list(games())
    tally = Tally()
    for number in range(args.games):
        name = names[number % len(names)]
        asyncio.run(soak_game(name, args.seed + number, args.drop, args.stale, tally))
    played = ", ".join(f"{name} {count}" for name, count in tally.games.items())
    print(
        f"network soak: {sum(tally.games.values())} games ({played}), {tally.actions} actions, "
        f"{tally.drops} drops taken back, {tally.resyncs} stale actions resynced, "
        f"{tally.refused} other refusals, {tally.mismatches} mismatches, "
        f"{tally.unfinished} unfinished"
    )
    return 1 if tally.mismatches or tally.unfinished or tally.refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
