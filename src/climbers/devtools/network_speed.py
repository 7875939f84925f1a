"""`scripts/bench` for play across computers, on 127.0.0.1 with the host and its clients in one
process (one event loop: a pessimistic setting, a real host runs alone): an action's round trip,
a full resync's size and time for each game, and how many watchers one host serves at 10
actions a second with every result reaching them within 100 ms (p95), up to all a host lets in
(MAX_CONNECTIONS, the two players among them)."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Sequence
from typing import TypeVar

from climbers.games.registry import games
from climbers.net.client import Client
from climbers.net.host import MAX_CONNECTIONS, Host, Limits
from climbers.net.hosted import HostedGame, new_game
from climbers.net.protocol import Full, Result, encode

LOCAL = "127.0.0.1"
ROUND_TRIP_TARGET = 20.0
"""ms, median of an action's round trip on localhost."""
WATCH_P95 = 100.0
"""ms: the p95 of a result's way to the watchers at 10 actions a second."""
WATCHERS_TARGET = 50
M = TypeVar("M", Full, Result)
UNLIMITED = Limits(burst=1_000_000, per_second=1_000_000.0)


def p95(values: Sequence[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(0.95 * len(values)))]


async def _until(client: Client, kind: type[M]) -> M:
    """The client's next message of `kind` (others passed over)."""
    while not isinstance(message := await asyncio.wait_for(client.receive(), 30), kind):
        pass
    return message


async def _served(game: HostedGame) -> tuple[Host, int]:
    host = Host(game, limits=UNLIMITED)
    return host, await host.start(LOCAL, 0)


async def round_trips(count: int) -> list[float]:
    """ms from sending each Clamber turn to hearing its result, the two seats in turn (a game
    restarted when it ends)."""
    found: list[float] = []
    while len(found) < count:
        game = new_game("clamber", ["open", "open"], len(found), None)
        host, port = await _served(game)
        players = [await Client.join(LOCAL, port, name) for name in ("A", "B")]
        for p in players:
            await _until(p, Full)
        while not game.over and len(found) < count:
            mover = players[game.to_act or 0]
            text = game.rules.action_text(game.rules.legal_actions(game.session.state)[0])
            start = time.perf_counter()
            await mover.act(text)
            await _until(mover, Result)
            found.append((time.perf_counter() - start) * 1000)
            await _until(players[1 - players.index(mover)], Result)
        for p in players:
            await p.close()
        await host.stop()
    return found


async def resync(name: str, actions: int, tries: int) -> tuple[int, list[float]]:
    """A full resync of `name` after `actions` of a seeded game: its size in bytes and the ms
    each of `tries` resyncs took."""
    entry = games()[name]
    low = entry.rules.seats[0]
    game = new_game(name, ["open"] * low, 1, None)
    rules = game.rules
    for _ in range(actions):
        if game.over:
            break
        game.apply(game.to_act or 0, rules.legal_actions(game.session.state)[0])
    host, port = await _served(game)
    client = await Client.join(LOCAL, port, "R", watch=True)
    size = len(encode(await _until(client, Full)).encode())
    times = []
    for _ in range(tries):
        start = time.perf_counter()
        await client.resync()
        await _until(client, Full)
        times.append((time.perf_counter() - start) * 1000)
    await client.close()
    await host.stop()
    return size, times


async def watched(watchers: int, actions: int) -> list[float]:
    """ms from each action sent to its result at each of `watchers` watching clients, at 10
    actions a second."""
    game = new_game("clamber", ["open", "open"], 2, None)
    host, port = await _served(game)
    players = [await Client.join(LOCAL, port, name) for name in ("A", "B")]
    crowd = [await Client.join(LOCAL, port, f"W{i}", watch=True) for i in range(watchers)]
    for client in [*players, *crowd]:
        await _until(client, Full)
    found: list[float] = []
    for _ in range(actions):
        if game.over:
            break
        mover = players[game.to_act or 0]
        text = game.rules.action_text(game.rules.legal_actions(game.session.state)[0])
        start = time.perf_counter()
        await mover.act(text)

        async def heard(client: Client, start: float) -> None:
            await _until(client, Result)
            found.append((time.perf_counter() - start) * 1000)

        await asyncio.gather(*(heard(c, start) for c in [*crowd, *players]))
        await asyncio.sleep(max(0.0, 0.1 - (time.perf_counter() - start)))
    for client in [*players, *crowd]:
        await client.close()
    await host.stop()
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench (network)")
    parser.add_argument("--quick", action="store_true", help="small samples: a smoke run for CI")
    args, _ = parser.parse_known_args(argv)
    quick = args.quick
    trips = asyncio.run(round_trips(40 if quick else 400))
    print("play across computers (127.0.0.1, host and clients in one process)")
    median = statistics.median(trips)
    missed = median > ROUND_TRIP_TARGET
    print(
        f"action round trip (Clamber, {len(trips)} actions): median {median:.2f} ms, "
        f"p95 {p95(trips):.2f} ms, target ≤ {ROUND_TRIP_TARGET:g} ms "
        f"({'ok' if not missed else 'MISSED'})"
    )
    for name in games():
        size, times = asyncio.run(resync(name, 10, 5 if quick else 30))
        print(
            f"full resync ({name}, after 10 actions): {size} bytes, median "
            f"{statistics.median(times):.2f} ms, p95 {p95(times):.2f} ms"
        )
    served = 0
    for count in (10,) if quick else (25, 50, MAX_CONNECTIONS - 2):
        delays = asyncio.run(watched(count, 20 if quick else 50))
        ok = p95(delays) <= WATCH_P95
        print(
            f"{count} watchers at 10 actions/s: result p95 {p95(delays):.2f} ms, "
            f"median {statistics.median(delays):.2f} ms ({'ok' if ok else 'over 100 ms'})"
        )
        if ok:
            served = count
    if not quick:
        print(
            f"watchers served with p95 ≤ {WATCH_P95:g} ms: {served} (target ≥ "
            f"{WATCHERS_TARGET}; a host lets {MAX_CONNECTIONS} connections in)"
        )
        missed = missed or served < WATCHERS_TARGET
    return 0 if quick or not missed else 1


if __name__ == "__main__":
    raise SystemExit(main())
