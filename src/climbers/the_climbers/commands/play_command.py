"""`climbers play`: the new-game screen, a game straight from the command line, a continued game,
or (--text) the mountain's top view in the terminal."""

from __future__ import annotations

import argparse
from typing import Any

from climbers.cli.arguments import (
    complain,
    open_table,
    output_path,
    path,
    seed,
)
from climbers.games.registry import tables
from climbers.io.messages import quoted
from climbers.the_climbers.ai import LEVELS
from climbers.the_climbers.commands.options import open_saved, player_colours
from climbers.the_climbers.commands.top_view import top_view
from climbers.the_climbers.core import PLAYER_COLOURS, MountainError, generate_mountain, new_game
from climbers.the_climbers.core.game import RULES as GAME
from climbers.the_climbers.game.autosave import AUTOSAVE
from climbers.the_climbers.game.game_setup import GameSetup, seats_for
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io.mountains import MountainFileError, load_named

PROBE_MOUNTAIN = "tottering"
"""The tallest named mountain: where --fps-probe and --idle-probe measure when no players are
given."""


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `play`."""
    cmd.add_argument(
        "--game",
        choices=list(tables()),
        help="open this game's new-game screen, skipping the choice of game",
    )
    cmd.add_argument("--seed", type=seed, default=0, help="mountain seed")
    cmd.add_argument("--mountain", metavar="NAME", help="a named mountain (see: mountain --list)")
    cmd.add_argument(
        "--players",
        type=player_colours,
        help="2 to 5 comma-separated player colours (skips the new-game screen)",
    )
    cmd.add_argument(
        "--bots",
        default="",
        metavar="COLOUR=LEVEL,...",
        help="with --players: seats played by bots, e.g. red=greedy,yellow=strong",
    )
    cmd.add_argument("--text", action="store_true", help="print the top view instead of a window")
    cmd.add_argument("--save-to", type=output_path, help="write the game here after every action")
    begin = cmd.add_mutually_exclusive_group()
    begin.add_argument("--resume", action="store_true", help="continue the last game")
    begin.add_argument("--position", type=path, help="play on from a saved game or position file")
    cmd.add_argument("--shot-to", type=output_path, help="F2 writes a screenshot here")
    probe = cmd.add_mutually_exclusive_group()
    probe.add_argument("--fps-probe", action="store_true", help="measure fps while dragging")
    probe.add_argument(
        "--idle-probe", action="store_true", help="measure the CPU a still table costs"
    )
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Open the window (or print the top view); 2 with one line when an input is unusable. A
    game with a way of its own (its entry's `play`) is handed the arguments."""
    own = tables()[args.game].load_play() if args.game else None
    if own is not None:
        return own(args)
    try:
        blocks = load_named(args.mountain).blocks if args.mountain else generate_mountain(args.seed)
    except (MountainError, MountainFileError) as exc:
        complain(f"climbers: {exc}")
        return 2
    bots = parse_bots(args.bots, args.players)
    if bots is None:
        return 2
    if args.text:
        colours = args.players or ["teal", "purple"]
        print(top_view(new_game(blocks, colours, seed=args.seed)))
        return 0
    session = None
    if args.resume or args.position:
        saved = open_saved(AUTOSAVE.last_path() if args.resume else args.position)
        if saved is None:
            return 2
        session = GameSession.resume(saved)
    setup = None
    if args.players:
        source = {"mountain": "named", "name": args.mountain} if args.mountain else {}
        setup = GameSetup(seats=seats_for(args.players, bots), seed=args.seed, **source)
    elif args.fps_probe or args.idle_probe:  # measured: five Climbers, the tallest mountain
        name = args.mountain or PROBE_MOUNTAIN
        setup = GameSetup(seats=seats_for(PLAYER_COLOURS, {}), mountain="named", name=name)
    chosen = session is not None or setup is not None or args.save_to or args.shot_to
    game = args.game or (GAME.name if chosen else None)

    def mode(shell: Any) -> None:
        if session is not None:
            shell.start(session)
        elif setup is None:
            shell.show_menu()
        else:
            play = shell.begin(setup)
            if args.fps_probe:
                from climbers.the_climbers.table.fps_probe import DragProbe

                DragProbe(play)
            elif args.idle_probe:
                from climbers.app.table.idle_probe import IdleProbe

                IdleProbe(play)

    return open_table(game, mode, save_path=args.save_to, shot_path=args.shot_to)


def parse_bots(text: str, players: list[str] | None) -> dict[str, str] | None:
    """`red=greedy,yellow=strong` as {colour: level}; None (after one line on stderr) if wrong."""
    colours = players or []
    bots = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        colour, _, level = item.partition("=")
        if colour not in colours or level not in LEVELS:
            problem = (
                f"{quoted(colour)} is not among --players"
                if colour not in colours
                else f"bot level {quoted(level)} is not one of {', '.join(LEVELS)}"
            )
            complain(f"climbers play --bots: {problem}")
            return None
        bots[colour] = level
    return bots
