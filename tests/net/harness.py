"""A host and its clients on localhost (127.0.0.1 only) for the network tests: scripted players
that choose actions from their own view alone, and the host's observations by state id to
compare every received view with."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from climbers.klettermax.physics.aiming import targets
from climbers.net.client import Client
from climbers.net.host import Host, Limits
from climbers.net.hosted import HostedGame, new_game
from climbers.net.protocol import End, Full, Refused, Result

LOCAL = "127.0.0.1"
QUICK = Limits(burst=10_000, per_second=10_000.0)
"""Scripted players act as fast as the host answers: far above a person's pace."""
SECONDS = 60.0
"""No game of these tests waits longer than this for a message (a bound, never reached)."""


class Observed:
    """Every state the host reached, by state id: each seat's `observe` (None: a watcher)."""

    def __init__(self, game: HostedGame) -> None:
        self.game = game
        self.views: dict[int, dict[int | None, JsonValue]] = {}
        self.record()

    def record(self) -> None:
        game = self.game
        seats: list[int | None] = [*range(len(game.seats)), None]
        state = game.session.state
        self.views[game.state_id] = {seat: game.rules.observe(state, seat) for seat in seats}

    async def changed(self) -> None:
        self.record()


@asynccontextmanager
async def hosting(
    game: HostedGame, limits: Limits = QUICK, code: str | None = None
) -> AsyncIterator[tuple[Host, int, Observed]]:
    """The game served on 127.0.0.1 (a free port), with its observations recorded."""
    host = Host(game, code=code, limits=limits)
    observed = Observed(game)
    host.on_change = observed.changed
    port = await host.start(LOCAL, 0)
    try:
        yield host, port, observed
    finally:
        await host.stop()


def game_of(name: str, seats: list[str], seed: int, save: Path | None = None) -> HostedGame:
    return new_game(name, seats, seed, save)


Chooser = Callable[[JsonValue, int, random.Random], str]


def from_whole_view(name: str) -> Chooser:
    """A game that hides nothing: its view is its state; a random legal action of it."""
    from climbers.games.registry import game

    rules = game(name).rules

    def choose(view: JsonValue, seat: int, rng: random.Random) -> str:
        state = rules.load(json.dumps(view))
        return rules.action_text(rng.choice(list(rules.legal_actions(state))))

    return choose


def klettermax_choice(view: JsonValue, seat: int, rng: random.Random) -> str:
    """Burg Klettermax from the seat's own view: roll, choose a colour the tower lacks, flick at
    a chamber holding tiles (only the aim is sent), end after a loot."""
    assert isinstance(view, dict)
    turn, own = view["turn"], view["seats"][seat]
    tower = own["tower"]
    if turn["phase"] == "choose":
        lacking = [c for c, n in view["supply"].items() if n and c not in tower]
        return f"take {rng.choice(lacking)}"
    if turn["phase"] == "looted":
        return "end"
    if turn["phase"] == "start" and len(tower) < 5:
        return "roll"
    full = [i + 1 for i, c in enumerate(view["chambers"]) if c["face_up"] is not None]
    best = max(
        (t for t in targets(own["spot"], len(tower), 0.0, 0.0) if t.chamber in full),
        key=lambda t: t.chance,
    )
    return f"flick aim {best.aim.text()}"


CHOOSERS: dict[str, Chooser] = {
    "clamber": from_whole_view("clamber"),
    "climbers": from_whole_view("climbers"),
    "klettermax": klettermax_choice,
}


class Player:
    """A scripted client: everything it hears kept, each view checked against the host's
    observation for its seat, an action chosen from its own view when its seat is to act."""

    def __init__(self, client: Client, observed: Observed, choose: Chooser, seed: int) -> None:
        self.client = client
        self.observed = observed
        self.choose = choose
        self.rng = random.Random(seed)
        self.heard: list[Any] = []
        self.mismatches: list[int] = []
        self.refusals: list[Refused] = []

    @property
    def seat(self) -> int | None:
        return self.client.table.seat

    def check(self, message: Full | Result) -> None:
        expected = self.observed.views[message.state][self.seat]
        if message.view != expected:
            self.mismatches.append(message.state)

    async def play(self, acts: bool = True) -> None:
        """Until the game ends: check every view, act when it is this seat's turn."""
        while True:
            message = await asyncio.wait_for(self.client.receive(), SECONDS)
            self.heard.append(message)
            if isinstance(message, End):
                return
            if isinstance(message, Refused):
                self.refusals.append(message)
            if isinstance(message, Full | Result):
                self.check(message)
                if acts and not message.over and message.to_act == self.seat:
                    seat = self.seat
                    assert seat is not None
                    await self.client.act(self.choose(message.view, seat, self.rng))
