"""A host process killed outright and started again with --resume takes everyone back: the same
seats by their tokens, the same game and state id, and play goes on (real processes and sockets
on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
from pathlib import Path

from climbers.games.registry import game
from climbers.net.client import Client
from climbers.net.protocol import Full, Result
from climbers.net.remote import remote_of, suggestion
from net.harness import LOCAL

BOUND = 30.0
RULES = game("clamber").rules
REMOTE = remote_of(game("clamber"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        return int(probe.getsockname()[1])


def environment(data: Path) -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2] / "src")
    return {**os.environ, "CLIMBERS_DATA_DIR": str(data), "PYTHONPATH": src}


async def start_host(data: Path, port: int, *more: str) -> asyncio.subprocess.Process:
    """`climbers host` for Clamber on 127.0.0.1:`port`, once it says it listens."""
    command = [sys.executable, "-m", "climbers", "--lang", "en", "host", "--game", "clamber"]
    command += ["--bind", LOCAL, "--port", str(port), "--pace", "0", "--no-announce", *more]
    process = await asyncio.create_subprocess_exec(
        *command, env=environment(data), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), BOUND)
    assert line.startswith(b"Hosting clamber"), line
    return process


async def play_turns(players: list[Client], turns: int, rng: random.Random) -> None:
    """`turns` turns, each by the seat to act, chosen from its own view."""
    for _ in range(turns):
        mover = next(p for p in players if p.table.to_act == p.table.seat)
        view = mover.table.view
        await mover.act(suggestion(REMOTE, RULES, view, mover.table.seat or 0, rng))
        for p in players:
            while not isinstance(await asyncio.wait_for(p.receive(), BOUND), Result):
                pass


async def settle(client: Client) -> Full:
    while not isinstance(message := await asyncio.wait_for(client.receive(), BOUND), Full):
        pass
    return message


def test_a_killed_host_resumed_takes_everyone_back(tmp_path: Path) -> None:
    async def run() -> None:
        port = free_port()
        host = await start_host(tmp_path, port, "--seed", "7")
        try:
            players = [await Client.join(LOCAL, port, name) for name in ("Ann", "Bob")]
            for p in players:
                await settle(p)
            await play_turns(players, 6, random.Random(2))
            before = [(p.table.seat, p.table.token, p.table.state, p.table.view) for p in players]
            for p in players:
                await p.close()
        finally:
            host.kill()  # no goodbye: SIGKILL
            await host.wait()
        saved = (tmp_path / "hosted-clamber.json").read_text(encoding="utf-8")
        assert json.loads(saved)["state"] == 6 and len(json.loads(saved)["actions"]) == 6
        assert all(token not in saved for _, token, _, _ in before if token)  # digests only
        host = await start_host(tmp_path, port, "--resume")
        try:
            back = []
            for (seat, token, state, view), name in zip(before, ("Ann", "Bob"), strict=True):
                client = await Client.join(LOCAL, port, name, token=token)
                full = await settle(client)
                assert (client.table.seat, full.state, full.view) == (seat, state, view)
                back.append(client)
            await play_turns(back, 4, random.Random(3))
            assert back[0].table.state == back[1].table.state == 10
            assert back[0].table.view == back[1].table.view
            for p in back:
                await p.close()
        finally:
            host.terminate()
            await host.wait()

    asyncio.run(run())


def test_resume_without_a_hosted_game_says_so_in_one_line(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "climbers",
        "--lang",
        "en",
        "host",
        "--game",
        "clamber",
        "--resume",
        "--bind",
        LOCAL,
        "--port",
        str(free_port()),
        "--no-announce",
    ]
    done = subprocess.run(
        command, env=environment(tmp_path), capture_output=True, text=True, timeout=BOUND
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "no hosted game to resume" in done.stderr
