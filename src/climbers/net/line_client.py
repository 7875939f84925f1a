"""`climbers join` in a terminal: the game as this seat sees it, in lines, and actions typed in
their text form (`undo`, `resync` and `quit` besides)."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator, Callable

from pydantic import JsonValue

from climbers.io.bot_words import bot_label
from climbers.io.language import N_, say
from climbers.io.messages import one_line
from climbers.net.client import Client, HostGone, Table
from climbers.net.protocol import (
    End,
    Full,
    Presence,
    Refused,
    Result,
    Seated,
    SeatPresence,
    Watching,
)
from climbers.net.words import refusal_line

Say = Callable[[str], None]
STATUS = {
    "open": N_("{seat}: free"),
    "here": N_("{seat}: {name}"),
    "away": N_("{seat}: {name} (waiting for them)"),
}
"""A seat of each status but a bot's (its label: `seat_words`)."""


def summary(view: JsonValue, width: int = 100) -> list[str]:
    """The view in a few lines: each of its fields, shortened to `width` characters."""
    if not isinstance(view, dict):
        return [one_line(json.dumps(view), width)]
    return [one_line(f"  {key}: {json.dumps(value)}", width) for key, value in view.items()]


def seat_words(seat: SeatPresence) -> str:
    """'0: Ann', '1 (strong bot)': a seat at the table (a bot's name is its level)."""
    if seat.status == "bot":
        return bot_label(seat.name or "", str(seat.seat))
    return say(STATUS[seat.status], seat=seat.seat, name=seat.name or "")


def tell(message: object, table: Table, address: str, out: Say) -> None:
    """Say one of the host's messages in lines."""
    if isinstance(message, Seated):
        out(say(N_("You hold seat {seat} of {game}."), seat=message.seat, game=message.game))
        out(
            say(
                N_("To come back after a drop: climbers join {address} --token {token}"),
                address=address,
                token=message.token,
            )
        )
    elif isinstance(message, Watching):
        out(say(N_("You are watching {game}."), game=message.game))
    elif isinstance(message, Full | Result):
        if isinstance(message, Result):
            out(say(N_("Seat {seat} played: {action}"), seat=message.seat, action=message.action))
        for line in summary(message.view):
            out(line)
        if not message.over and message.to_act is not None:
            if message.to_act == table.seat:
                out(say(N_("Your turn: type an action (or undo, resync, quit).")))
            else:
                out(say(N_("Seat {seat} is to act."), seat=message.to_act))
    elif isinstance(message, Refused):
        out(refusal_line(message))
    elif isinstance(message, Presence):
        out(
            say(
                N_("At the table: {seats}; watching: {watching}"),
                seats=", ".join(seat_words(seat) for seat in message.seats),
                watching=message.watching,
            )
        )
    elif isinstance(message, End):
        places = ", ".join(f"{seat}: {place}" for seat, place in enumerate(message.ranking))
        out(say(N_("The game is over. Places by seat: {places}"), places=places))


async def stdin_lines() -> AsyncIterator[str]:
    """The lines typed, until the input ends."""
    while line := await asyncio.to_thread(sys.stdin.readline):
        yield line.strip()


async def play(client: Client, address: str, lines: AsyncIterator[str], out: Say) -> int:
    """Show the game and send what is typed, until `quit`, the end of input or of the
    connection; the exit status."""

    async def listen() -> None:
        while True:
            message = await client.receive()
            tell(message, client.table, address, out)

    tell(client.welcome, client.table, address, out)
    listening = asyncio.create_task(listen())
    typed = aiter(lines)
    try:
        while True:
            line_task = asyncio.ensure_future(anext(typed))
            await asyncio.wait({line_task, listening}, return_when=asyncio.FIRST_COMPLETED)
            if listening.done():
                line_task.cancel()
                problem = listening.exception()
                out(say(N_("The connection to the host ended ({problem})."), problem=problem))
                return 1
            try:
                line = line_task.result()
            except StopAsyncIteration:
                return 0
            if line == "quit":
                return 0
            if line == "undo":
                await client.undo()
            elif line == "resync":
                await client.resync()
            elif line:
                await client.act(line)
    finally:
        listening.cancel()
        try:
            await listening
        except (asyncio.CancelledError, HostGone):
            pass
        await client.close()
