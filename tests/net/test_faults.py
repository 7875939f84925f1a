"""Faults a host meets, with real sockets on 127.0.0.1: every kind of malformed message, a
too-large one, a flood, a stale action, a wrong join code or version, a client killed mid-turn
and back with its token, and undo within a turn only. Each is refused in one line (or the
connection closed) and the game goes on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect

from climbers.games.registry import game
from climbers.net.client import Client, HostGone, JoinRefused
from climbers.net.host import MAX_CONNECTIONS, Host, Limits, is_local
from climbers.net.protocol import (
    MAX_MESSAGE,
    PROTOCOL,
    Full,
    Presence,
    Reason,
    Refused,
    Result,
    read_host,
)
from climbers.net.words import refusal_line
from net.harness import LOCAL, QUICK, game_of, hosting, not_a_host

BOUND = 10.0
"""No test waits longer than this for one message."""


async def until(client: Client, wanted: Callable[[Any], bool]) -> Any:
    """The first message from the host that is `wanted` (others passed over)."""
    while True:
        message = await asyncio.wait_for(client.receive(), BOUND)
        if wanted(message):
            return message


def kind(cls: type) -> Callable[[Any], bool]:
    return lambda m: isinstance(m, cls)


async def quiet(client: Client, seconds: float = 0.3) -> list[Any]:
    """Every message until none comes for `seconds`."""
    heard = []
    while True:
        try:
            heard.append(await asyncio.wait_for(client.receive(), seconds))
        except TimeoutError:
            return heard


async def seated_pair(port: int, **hello: Any) -> tuple[Client, Client]:
    first = await Client.join(LOCAL, port, "Ann", **hello)
    second = await Client.join(LOCAL, port, "Bob")
    await quiet(first, 0.1)
    await quiet(second, 0.1)
    return first, second


MALFORMED = [
    "not json{",
    "[1, 2]",
    '{"type": "shout"}',
    '{"type": "action", "text": "place C3"}',
    '{"type": "action", "text": "place C3", "state": 0, "seat": 1}',
    '{"type": "action", "text": "place C3", "state": "0"}',
    '{"type": "action", "text": "place C3", "state": -1}',
    '{"type": "action", "text": "place C3", "state": 1e400}',
    '{"type": "action", "text": "' + "x" * 300 + '", "state": 0}',
    '{"type": "undo"}',
    '{"type": "resync", "please": true}',
]


def test_every_malformed_message_is_refused_and_the_game_goes_on() -> None:
    async def run() -> None:
        hosted = game_of("clamber", ["open", "open"], 1)
        async with hosting(hosted) as (host, port, _):
            ann, bob = await seated_pair(port)
            watcher = await Client.join(LOCAL, port, "Wes", watch=True)
            await quiet(watcher, 0.1)
            for raw in MALFORMED:
                await ann.send(raw)
                answer = await until(ann, kind(Refused))
                assert answer.reason == Reason.MALFORMED, raw
            await ann.send(b"\x00\x01binary")
            assert (await until(ann, kind(Refused))).reason == Reason.MALFORMED
            cases: list[tuple[Client, str, str]] = [
                (
                    ann,
                    '{"type": "hello", "program": "x", "protocol": 1, "name": "A"}',
                    Reason.HELLO_FIRST,
                ),
                (bob, '{"type": "action", "text": "place C3", "state": 0}', Reason.NOT_YOUR_TURN),
                (watcher, '{"type": "action", "text": "place C3", "state": 0}', Reason.WATCHING),
                (ann, '{"type": "action", "text": "bogus", "state": 0}', Reason.NOT_AN_ACTION),
            ]
            for sender, raw, reason in cases:
                await sender.send(raw)
                assert (await until(sender, kind(Refused))).reason == reason, raw
            await ann.act("C3xD3")  # a capture on an empty board: the rules' own reason
            rules_refusal = await until(ann, kind(Refused))
            assert rules_refusal.reason not in set(Reason)
            assert hosted.state_id == 0 and hosted.session.log == []
            await ann.act("place C3")
            for client in (ann, bob, watcher):
                result = await until(client, kind(Result))
                assert (result.seat, result.action, result.state) == (0, "place C3", 1)

    asyncio.run(run())


def test_a_too_large_message_is_refused_and_a_huge_one_closes_only_its_connection() -> None:
    async def run() -> None:
        async with hosting(game_of("clamber", ["open", "open"], 1)) as (host, port, _):
            ann, bob = await seated_pair(port)
            await ann.send('{"type": "resync", "pad": "' + "x" * MAX_MESSAGE + '"}')
            assert (await until(ann, kind(Refused))).reason == Reason.TOO_LARGE
            await ann.act("place C3")
            assert (await until(bob, kind(Result))).action == "place C3"
            await bob.send("x" * (2 << 20))
            with pytest.raises(HostGone):
                await until(bob, kind(Result))
            await until(ann, lambda m: isinstance(m, Presence) and m.seats[1].status == "away")

    asyncio.run(run())


def test_a_flood_is_dropped_then_closed_and_the_game_goes_on() -> None:
    async def run() -> None:
        limits = Limits(burst=20, per_second=2.0, close_after=200)  # slow refill: load-proof
        async with hosting(game_of("clamber", ["open", "open"], 1), limits) as (host, port, _):
            ann, bob = await seated_pair(port)
            for _ in range(60):
                await bob.send('{"type": "resync"}')
            heard = await quiet(bob)
            answered = [m for m in heard if isinstance(m, Full)]
            too_fast = [m for m in heard if isinstance(m, Refused)]
            assert 20 <= len(answered) < 25
            assert [m.reason for m in too_fast] == [Reason.TOO_FAST]
            await ann.act("place C3")
            assert (await until(bob, kind(Result))).action == "place C3"
            await asyncio.sleep(1.0)  # a person's pause: the budget fills again
            await bob.act("place A1")
            await until(ann, lambda m: isinstance(m, Result) and m.action == "place A1")
            for _ in range(400):
                await bob.send('{"type": "resync"}')
            with pytest.raises(HostGone):
                while True:
                    await asyncio.wait_for(bob.receive(), BOUND)
            await ann.act("place E5")
            assert (await until(ann, kind(Result))).state == 3

    asyncio.run(run())


def test_an_action_on_a_stale_state_is_refused_with_a_full_resync() -> None:
    async def run() -> None:
        async with hosting(game_of("clamber", ["open", "open"], 1)) as (host, port, observed):
            ann, bob = await seated_pair(port)
            await ann.act("place C3")
            await until(ann, kind(Result))
            await bob.send('{"type": "action", "text": "place A1", "state": 0}')
            assert (await until(bob, kind(Refused))).reason == Reason.STALE
            full = await until(bob, kind(Full))
            assert (full.cause, full.state) == ("stale", 1)
            assert full.view == observed.views[1][1]
            await bob.act("place A1")
            assert (await until(ann, kind(Result))).state == 2

    asyncio.run(run())


def test_a_wrong_or_missing_join_code_is_refused() -> None:
    async def run() -> None:
        hosted = game_of("clamber", ["open", "open"], 1)
        async with hosting(hosted, code="ROPE42") as (host, port, _):
            for code in (None, "ROPE43"):
                with pytest.raises(JoinRefused) as caught:
                    await Client.join(LOCAL, port, "Eve", code=code)
                assert caught.value.refused.reason == Reason.CODE
            assert all(hosted.is_free(seat) for seat in range(2))
            ann = await Client.join(LOCAL, port, "Ann", code="ROPE42")
            assert ann.table.seat == 0

    asyncio.run(run())


def test_a_public_host_needs_a_code() -> None:
    with pytest.raises(ValueError, match="join code"):
        Host(game_of("clamber", ["open", "open"], 1), public=True)


@pytest.mark.parametrize(
    ("address", "local"),
    [
        ("127.0.0.1", True),
        ("192.168.1.20", True),
        ("10.0.0.7", True),
        ("::1", True),
        ("fe80::1%eth0", True),
        ("::ffff:192.168.0.2", True),
        ("8.8.8.8", False),
        ("2001:4860::8888", False),
        ("::ffff:8.8.8.8", False),
        ("nonsense", False),
    ],
)
def test_without_public_only_local_addresses_are_served(address: str, local: bool) -> None:
    assert is_local(address) is local


def test_a_peer_off_the_local_network_is_turned_away_unless_public(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As if 127.0.0.1 were a far address: closed before its hello; a public host (with its
    code) serves it."""
    monkeypatch.setattr("climbers.net.host.is_local", lambda address: False)

    async def run() -> None:
        async with hosting(game_of("clamber", ["open", "open"], 1)) as (host, port, _):
            with pytest.raises(HostGone, match="local network only"):
                await Client.join(LOCAL, port, "Eve")
            assert host.connections == 0
            host.public, host.code = True, "ROPE42"
            ann = await Client.join(LOCAL, port, "Ann", code="ROPE42")
            assert ann.table.seat == 0

    asyncio.run(run())


def test_joining_what_is_no_game_host_says_so() -> None:
    """A port where something else answers (an HTTP server): HostGone, in one line."""

    async def run() -> None:
        async with not_a_host() as port:
            with pytest.raises(HostGone, match="no game host answers there"):
                await Client.join(LOCAL, port, "Eve")

    asyncio.run(run())


def test_another_protocol_version_is_refused_naming_both() -> None:
    async def run() -> None:
        async with hosting(game_of("clamber", ["open", "open"], 1)) as (host, port, _):
            async with connect(f"ws://{LOCAL}:{port}") as raw:
                await raw.send(
                    '{"type": "hello", "program": "climbers 9.9", "protocol": 99, "name": "Old"}'
                )
                answer = read_host(await asyncio.wait_for(raw.recv(), BOUND))
                assert isinstance(answer, Refused) and answer.reason == Reason.VERSION
                assert answer.params["host_protocol"] == PROTOCOL
                assert answer.params["client_protocol"] == "99"
                line = refusal_line(answer)
                assert f"protocol {PROTOCOL}" in line and "protocol 99" in line
                assert "climbers 9.9" in line and "\n" not in line
                await asyncio.wait_for(raw.wait_closed(), BOUND)
            assert host.game.is_free(0)

    asyncio.run(run())


def test_seats_taken_none_free_and_unknown_tokens_are_refused() -> None:
    async def run() -> None:
        async with hosting(game_of("clamber", ["open", "random"], 1)) as (host, port, _):
            for hello, reason in (
                ({"seat": 1}, Reason.SEAT_TAKEN),
                ({"seat": 5}, Reason.NO_SUCH_SEAT),
                ({"token": "nobody"}, Reason.TOKEN),
            ):
                with pytest.raises(JoinRefused) as caught:
                    await Client.join(LOCAL, port, "Eve", **hello)
                assert caught.value.refused.reason == reason
            ann = await Client.join(LOCAL, port, "Ann")
            assert ann.table.seat == 0
            with pytest.raises(JoinRefused) as caught:
                await Client.join(LOCAL, port, "Eve")
            assert caught.value.refused.reason == Reason.NO_SEAT

    asyncio.run(run())


def choosing_seed() -> int:
    """A Burg Klettermax seed whose first roll leaves seat 0 choosing a knight (mid-turn)."""
    rules = game("klettermax").rules
    for seed in range(200):
        state = rules.new_state(2, seed)
        if rules.to_act(state) == 0:
            after, _ = rules.apply(state, rules.parse_action("roll"))
            if after.turn.phase == "choose":
                return seed
    raise AssertionError("no seed leaves a knight to choose")


@pytest.mark.rule("K8")
def test_a_client_killed_mid_turn_takes_its_seat_back_with_its_token() -> None:
    async def run() -> None:
        hosted = game_of("klettermax", ["open", "open"], choosing_seed())
        async with hosting(hosted) as (host, port, observed):
            ann, bob = await seated_pair(port)
            token = ann.table.token
            await ann.act("roll")
            rolled = await until(ann, kind(Result))
            assert rolled.view["turn"]["phase"] == "choose"
            assert ann.connection.transport is not None
            ann.connection.transport.abort()  # killed: no goodbye
            away = await until(
                bob, lambda m: isinstance(m, Presence) and m.seats[0].status == "away"
            )
            assert away.seats[0].name == "Ann"
            back = await Client.join(LOCAL, port, "Ann", token=token)
            assert back.table.seat == 0 and back.table.token == token
            full = await until(back, kind(Full))
            assert full.view == observed.views[hosted.state_id][0]
            assert full.view["turn"]["phase"] == "choose" and full.state == 1
            await until(bob, lambda m: isinstance(m, Presence) and m.seats[0].status == "here")
            colour = next(c for c, n in full.view["supply"].items() if n)
            await back.act(f"take {colour}")
            assert (await until(bob, kind(Result))).action == f"take {colour}"

    asyncio.run(run())


@pytest.mark.rule("K13")
def test_undo_takes_back_only_the_senders_own_step_of_its_turn() -> None:
    async def run() -> None:
        hosted = game_of("klettermax", ["open", "open"], choosing_seed())
        async with hosting(hosted) as (host, port, observed):
            ann, bob = await seated_pair(port)
            taken = {seat["spot"] for seat in ann.table.view["seats"]}
            spot = min(set(range(1, 13)) - taken)
            await ann.act(f"move-tower {spot}")
            await until(ann, kind(Result))
            await bob.undo()
            assert (await until(bob, kind(Refused))).reason == Reason.STALE  # bob's old id
            await until(bob, kind(Full))
            await bob.undo()
            assert (await until(bob, kind(Refused))).reason == Reason.NOT_YOUR_TURN
            await ann.undo()
            for client, seat in ((ann, 0), (bob, 1)):
                full = await until(client, kind(Full))
                assert full.cause == "undo" and full.state == 2
                assert full.view == observed.views[0][seat]
            assert hosted.session.log == []
            await ann.act("roll")
            await until(ann, kind(Result))
            await ann.undo()  # the dice have spoken (K6): a roll stands
            assert (await until(ann, kind(Refused))).reason == Reason.NO_UNDO
            assert hosted.session.log == ["roll"]

    asyncio.run(run())


def test_a_stand_in_bot_plays_for_a_player_away_until_they_come_back() -> None:
    async def run() -> None:
        hosted = game_of("clamber", ["open", "open"], 1)
        host = Host(hosted, limits=QUICK, stand_in=("random", 0.3))
        port = await host.start(LOCAL, 0)
        try:
            ann, bob = await seated_pair(port)
            token = bob.table.token
            await ann.act("place C3")
            await until(bob, kind(Result))
            assert bob.connection.transport is not None
            bob.connection.transport.abort()  # gone on his turn
            stood_in = await until(ann, lambda m: isinstance(m, Result) and m.seat == 1)
            assert stood_in.state == 2
            back = await Client.join(LOCAL, port, "Bob", token=token)
            await until(back, kind(Full))
            text = "place A1" if "A1" not in hosted.session.state.stacks else "place E5"
            await ann.act(text)
            await until(back, lambda m: isinstance(m, Result) and m.seat == 0)
            await asyncio.sleep(0.6)  # longer than the stand-in waits: Bob is back, it does not
            assert hosted.state_id == 3 and hosted.to_act == 1
        finally:
            await host.stop()

    asyncio.run(run())


def test_a_stand_in_must_be_one_of_the_games_bots() -> None:
    with pytest.raises(ValueError, match="no bot 'wizard'"):
        Host(game_of("clamber", ["open", "open"], 1), stand_in=("wizard", 5.0))


def test_connections_beyond_the_limit_are_closed_and_the_host_serves_on() -> None:
    async def run() -> None:
        async with hosting(game_of("clamber", ["open", "open"], 1)) as (host, port, _):
            idle = [await connect(f"ws://{LOCAL}:{port}") for _ in range(MAX_CONNECTIONS)]
            extra = await connect(f"ws://{LOCAL}:{port}")
            await asyncio.wait_for(extra.wait_closed(), BOUND)
            assert extra.close_code == 1013
            for connection in idle:
                await connection.close()
            ann = await Client.join(LOCAL, port, "Ann")
            assert ann.table.seat == 0

    asyncio.run(run())
