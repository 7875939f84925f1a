"""`climbers join`'s line client against a host on 127.0.0.1: it says the seat and the token
to come back with, each result, refusals in a sentence, who is at the table, and sends what is
typed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from climbers.cli.main import main
from climbers.io.language import use_language
from climbers.net.client import Client, Table, split_address
from climbers.net.line_client import play, tell
from climbers.net.protocol import Presence, SeatPresence
from net.harness import LOCAL, game_of, hosting, not_a_host


async def typed(
    lines: list[tuple[str, str]], client: Client, said: list[str]
) -> AsyncIterator[str]:
    """Each line typed as a person would: once a line said starts with what it waits for, and
    it is the player's turn."""
    for line, awaited in lines:
        for _ in range(500):  # 10 s at most
            if any(s.startswith(awaited) for s in said) and client.table.to_act == 0:
                break
            await asyncio.sleep(0.02)
        else:
            raise TimeoutError(f"{awaited!r} was never said before {line!r}")
        yield line


def test_the_line_client_plays_and_says_refusals() -> None:
    async def run() -> list[str]:
        said: list[str] = []
        async with hosting(game_of("clamber", ["open", "random"], 4)) as (host, port, _):
            client = await Client.join(LOCAL, port, "Ann")
            status = await play(
                client,
                f"{LOCAL}:{port}",
                typed(
                    [
                        ("place C3", "Your turn"),
                        ("C3xQ9", "Seat 1 played: "),
                        ("bogus", "The rules refuse that action (wrong_board"),
                        ("quit", "That is not an action of this game ("),
                    ],
                    client,
                    said,
                ),
                said.append,
            )
            assert status == 0
            assert host.game.session.log[0] == "place C3"
        return said

    said = asyncio.run(run())
    assert said[0] == "You hold seat 0 of clamber."
    assert said[1].startswith(f"To come back after a drop: climbers join {LOCAL}:")
    assert "Seat 0 played: place C3" in said
    assert any(line.startswith("Seat 1 played: ") for line in said)
    assert any(line.startswith("The rules refuse that action (wrong_board") for line in said)
    assert any(line.startswith("That is not an action of this game (") for line in said)


def test_a_bot_at_the_table_is_said_as_the_game_says_it_in_the_players_language() -> None:
    """A bot's seat by its label ('1 (strong bot)'), never by its level as the program spells
    it ('strong')."""
    presence = Presence(
        seats=[
            SeatPresence(seat=0, name="Ann", status="here", thinking=True),
            SeatPresence(seat=1, name="strong", status="bot", thinking=False),
            SeatPresence(seat=2, name="Bo", status="away", thinking=False),
        ],
        watching=1,
    )
    said: list[str] = []
    tell(presence, Table(), LOCAL, said.append)
    try:
        use_language("zh-Hant")
        tell(presence, Table(), LOCAL, said.append)
    finally:
        use_language("en")
    assert said == [
        "At the table: 0: Ann, 1 (strong bot), 2: Bo (waiting for them); watching: 1",
        "桌上：0：Ann, 1（電腦・高手）, 2：Bo（等待重新連線）；觀戰：1",
    ]


def test_addresses_with_and_without_a_port() -> None:
    assert split_address("192.168.1.20") == ("192.168.1.20", 47474)
    assert split_address("table.local:5000") == ("table.local", 5000)
    assert split_address("[::1]:5001") == ("::1", 5001)
    assert split_address("[fe80::1]") == ("fe80::1", 47474)
    for wrong in ("host:", "host:99999", ":5000", "[::1]x", "host:port"):
        try:
            split_address(wrong)
        except ValueError:
            continue
        raise AssertionError(f"{wrong!r} was taken")


def test_climbers_join_at_what_is_no_game_host_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    async def run() -> int:
        async with not_a_host() as port:
            return await asyncio.to_thread(main, ["join", f"{LOCAL}:{port}", "--name", "Eve"])

    assert asyncio.run(run()) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"climbers join: no host at {LOCAL}:")
