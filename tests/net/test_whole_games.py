"""Whole seeded games of every game through the protocol on localhost: scripted clients choose
from their own views, host bots play their seats, and every view a client receives equals the
host's `observe` for its seat; no seat ever receives another seat's hidden Burg Klettermax
tiles (K4, K12)."""

from __future__ import annotations

import asyncio

import pytest

from climbers.devtools.network_soak import Tally, soak_game
from climbers.net.client import Client
from climbers.net.hosted import HostedGame
from climbers.net.protocol import Full, Result
from net.harness import LOCAL, Scripted, game_of, hosting

GAMES = {
    "clamber": ["open", "open"],
    "climbers": ["open", "open", "random"],
    "klettermax": ["open", "open", "easy"],
}


async def whole_game(name: str, seed: int) -> tuple[list[Scripted], Scripted, HostedGame]:
    game = game_of(name, GAMES[name], seed)
    async with hosting(game) as (host, port, observed):
        players = []
        for number in range(GAMES[name].count("open")):
            client = await Client.join(LOCAL, port, f"P{number}")
            players.append(Scripted(client, observed, port, seed * 10 + number))
        watcher = Scripted(await Client.join(LOCAL, port, "W", watch=True), observed, port, 0)
        await asyncio.gather(*(p.play() for p in players), watcher.play(acts=False))
        for p in [*players, watcher]:
            await p.client.close()
        return players, watcher, game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_every_view_is_the_hosts_observation(name: str) -> None:
    players, watcher, game = asyncio.run(whole_game(name, 3))
    assert game.over
    actions = len(game.session.log)
    for p in [*players, watcher]:
        results = [m for m in p.heard if isinstance(m, Result)]
        assert len(results) == actions, "every applied action reached every client"
        assert [m.action for m in results] == game.session.log
        assert p.mismatches == []
        assert p.client.table.view == game.rules.observe(game.session.state, p.seat)
    assert [p.refusals for p in players] == [[] for _ in players]


@pytest.mark.rule("K12")
def test_no_seat_receives_another_seats_hidden_tiles() -> None:
    players, watcher, game = asyncio.run(whole_game("klettermax", 5))
    looted = 0
    for p in [*players, watcher]:
        for message in p.heard:
            if not isinstance(message, Full | Result) or message.over:
                continue
            view = message.view
            assert isinstance(view, dict)
            for number, seat in enumerate(view["seats"]):
                if number != p.seat:
                    assert seat["treasures"] is None, f"seat {p.seat} saw seat {number}'s tiles"
            if isinstance(message, Result):
                for event in message.events:
                    assert isinstance(event, dict)
                    if event["event"] == "Looted":
                        looted += 1
                        own = event["seat"] == p.seat
                        assert (event["treasures"] is not None) == own
    assert looted > 0, "the game had loots whose treasures were hidden from the others"


def test_a_short_network_soak_with_drops_and_stale_actions_loses_nothing() -> None:
    tally = Tally()
    for number, name in enumerate(("clamber", "klettermax")):
        asyncio.run(soak_game(name, 11 + number, drop=0.1, stale=0.1, tally=tally))
    assert tally.drops > 0 and tally.resyncs > 0
    assert (tally.mismatches, tally.unfinished, tally.refused) == (0, 0, 0)
