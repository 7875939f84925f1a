"""`climbers join HOST[:PORT]`: take a seat in a hosted game, or watch it, from a terminal."""

from __future__ import annotations

import argparse
import asyncio
import getpass

from climbers.cli.arguments import complain, whole_number
from climbers.io.language import N_, say
from climbers.net.client import Client, HostGone, JoinRefused, split_address
from climbers.net.discovery import discover
from climbers.net.line_client import play, stdin_lines
from climbers.net.words import refusal_line


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `join`."""
    cmd.add_argument(
        "address",
        metavar="HOST[:PORT]",
        nargs="?",
        help="the host's address (default: the one game announced on this network)",
    )
    cmd.add_argument("--code", help="the join code, when the host asks for one")
    cmd.add_argument("--name", help="your name at the table (default: your user name)")
    cmd.add_argument("--token", help="your seat's token, to take your seat again after a drop")
    where = cmd.add_mutually_exclusive_group()
    where.add_argument("--seat", type=whole_number(0, 15), help="the seat to take (from 0)")
    where.add_argument("--watch", action="store_true", help="watch from no seat")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play until quit or the connection ends; 2 with one line when it cannot join."""
    address = args.address or asyncio.run(_look())
    if address is None:
        return 2
    try:
        host, port = split_address(address)
    except ValueError as exc:
        complain(f"climbers join: {exc}")
        return 2
    name = (args.name or getpass.getuser() or "player")[:32]
    return asyncio.run(_join(host, port, name, args))


async def _look() -> str | None:
    """The address of the one game announced on this network; None (said why) when there is
    none or more than one."""
    found = await discover()
    if len(found) == 1:
        return found[0].where
    if not found:
        complain(
            say(
                N_(
                    "climbers join: no game is announced on this network; give the host's "
                    "address: climbers join HOST[:PORT]"
                )
            )
        )
        return None
    print(say(N_("Games on this network; join one with its address:")))
    for host in found:
        needs = say(N_("join code needed")) if host.code else ""
        print(f"  {host.where}  {host.game}  {host.name}  {needs}".rstrip())
    return None


async def _join(host: str, port: int, name: str, args: argparse.Namespace) -> int:
    try:
        client = await Client.join(host, port, name, args.code, args.token, args.seat, args.watch)
    except JoinRefused as exc:
        complain(f"climbers join: {refusal_line(exc.refused)}")
        return 2
    except (OSError, TimeoutError, HostGone) as exc:
        complain(f"climbers join: no host at {host}:{port} ({exc})")
        return 2
    return await play(client, f"{host}:{port}", stdin_lines(), print)
