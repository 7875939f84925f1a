"""`climbers host --game NAME`: host a game for other computers, headless (docs/NETWORK.md). The
game is saved after every action; `--resume` takes it up again after the host stopped."""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
from pathlib import Path

import zeroconf

from climbers.cli.arguments import complain, path, seconds, seed, whole_number
from climbers.games.registry import games
from climbers.io.language import N_, say
from climbers.net.background import join_code
from climbers.net.discovery import Announcement, local_addresses
from climbers.net.host import Host
from climbers.net.hosted import (
    OPEN,
    HostedGame,
    HostedProblem,
    autosave,
    new_game,
    read_position,
    resume,
)
from climbers.net.protocol import DEFAULT_PORT

CODE = re.compile(r"[A-Za-z0-9_-]{4,32}")


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `host`."""
    hosted = [name for name, entry in games().items() if entry.remote is not None]
    cmd.add_argument("--game", choices=hosted, required=True, help="the game to host")
    cmd.add_argument(
        "--port",
        type=whole_number(1, 65535),
        default=DEFAULT_PORT,
        help="the port to listen on (default: %(default)s)",
    )
    cmd.add_argument(
        "--bind", metavar="ADDRESS", help="listen on this address only (default: every address)"
    )
    cmd.add_argument(
        "--seats",
        metavar="LIST",
        help=f"comma-separated, one per seat: {OPEN} for a player, or a bot's level "
        "(default: the game's fewest seats, all open)",
    )
    cmd.add_argument("--seed", type=seed, help="the new game's seed (default: a random one)")
    start = cmd.add_mutually_exclusive_group()
    start.add_argument(
        "--position",
        type=path,
        metavar="FILE",
        help="start from a position (the game's state as JSON)",
    )
    start.add_argument(
        "--resume", action="store_true", help="take up the last hosted game of this game again"
    )
    cmd.add_argument(
        "--public",
        action="store_true",
        help="accept players from any address, not only the local network "
        "(a join code is then required: --code, or one is made up)",
    )
    cmd.add_argument(
        "--code", help="the join code players must give (4 to 32 letters, digits, _ -)"
    )
    cmd.add_argument(
        "--no-announce",
        action="store_true",
        help="do not announce the game on the local network (mDNS); players give the address",
    )
    cmd.add_argument(
        "--stand-in",
        metavar="LEVEL:SECONDS",
        type=stand_in,
        help="a player away this long is played by this bot until they come back (e.g. easy:60)",
    )
    cmd.add_argument(
        "--pace",
        type=seconds(0, 5),
        default=0.5,
        help="seconds before a bot acts (default: %(default)s)",
    )
    cmd.set_defaults(run=run)


def stand_in(text: str) -> tuple[str, float]:
    """LEVEL:SECONDS, 1 to 3600 seconds (argparse type; the level is checked by the host)."""
    level, _, number = text.partition(":")
    return level[:32], seconds(1, 3600)(number)


def run(args: argparse.Namespace) -> int:
    """Host until interrupted; 2 with one line when the game cannot be hosted."""
    if args.code is not None and not CODE.fullmatch(args.code):
        complain("climbers host: --code takes 4 to 32 letters, digits, _ or -")
        return 2
    code = args.code
    if args.public and code is None:
        code = join_code()
    saves = autosave(args.game)
    try:
        game = _game(args, saves.last_path() if args.resume else None, saves.claim())
    except HostedProblem as exc:
        complain(f"climbers host: {exc}")
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        host = Host(game, code, args.public, pace=args.pace, stand_in=args.stand_in)
    except ValueError as exc:
        complain(f"climbers host: {exc}")
        return 2
    try:
        asyncio.run(_serve(host, args, code))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        complain(f"climbers host: cannot listen on port {args.port} ({exc.strerror or exc})")
        return 2
    print(
        say(
            N_("Stopped. Take the game up again: climbers host --game {game} --resume"),
            game=args.game,
        )
    )
    return 0


def _game(args: argparse.Namespace, resumed: Path | None, save_path: Path) -> HostedGame:
    """The game to host: resumed from `resumed`, else new (from a position when given)."""
    if resumed is not None:
        if args.seats or args.seed is not None:
            raise HostedProblem("--resume keeps the game's seats and seed")
        return resume(resumed, save_path)
    rules = games()[args.game].rules
    spec = args.seats.split(",") if args.seats else [OPEN] * rules.seats[0]
    position = read_position(args.game, args.position) if args.position else None
    number = random.SystemRandom().randrange(10_000) if args.seed is None else args.seed
    return new_game(args.game, [word.strip() for word in spec], number, save_path, position)


async def _serve(host: Host, args: argparse.Namespace, code: str | None) -> None:
    """Serve the game until interrupted, announced on the local network unless told not to."""
    game = host.game
    port = await host.start(args.bind, args.port)
    where = N_("Hosting {game} for any address on port {port}; saved to {file}.")
    if not args.public:
        where = N_("Hosting {game} for the local network on port {port}; saved to {file}.")
    print(say(where, game=game.entry.name, port=port, file=game.save_path), flush=True)
    join = f"climbers join ADDRESS:{port}" + (f" --code {code}" if code else "")
    print(say(N_("Players join with: {command}"), command=join), flush=True)
    announcement = None
    if not args.no_announce:
        everywhere = args.bind in (None, "", "0.0.0.0", "::")
        addresses = local_addresses() if everywhere else [args.bind]
        announcement = Announcement(game.entry.name, port, code is not None, addresses)
        try:
            await announcement.start()
        except (OSError, zeroconf.Error) as exc:
            announcement = None
            line = N_("The game is not announced on the network ({problem}): give the address.")
            print(say(line, problem=exc), flush=True)
    try:
        await asyncio.Future()  # until interrupted
    finally:
        if announcement is not None:
            await announcement.stop()
        await host.stop()
