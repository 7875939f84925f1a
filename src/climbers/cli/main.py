"""The `climbers` command: play, and inspect mountains without the 3D client."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from climbers.cli.file_commands import add_file_commands, open_saved, run_check_file, run_replay
from climbers.cli.mountain_command import add_mountain_command, run_mountain_command
from climbers.cli.sandbox_command import add_sandbox_command, render_position, run_sandbox
from climbers.cli.top_view import top_view
from climbers.cli.tournament_command import add_tournament_command, run_tournament_command
from climbers.core import MountainError, generate_mountain, new_game
from climbers.game.demo import add_demo_command, run_demo_command
from climbers.io.mountains import MountainFileError, load_named


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="climbers", description="The Climbers board game.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="start a game")
    play.add_argument("--seed", type=int, default=0, help="mountain seed")
    play.add_argument("--mountain", metavar="NAME", help="a named mountain (see: mountain --list)")
    play.add_argument(
        "--players", help="comma-separated player colours (skips the new-game screen)"
    )
    play.add_argument(
        "--bots",
        default="",
        metavar="COLOUR=LEVEL,...",
        help="with --players: seats played by bots, e.g. red=greedy,yellow=strong",
    )
    play.add_argument("--text", action="store_true", help="print the top view instead of a window")
    play.add_argument("--save-to", type=Path, help="write the game here after every action")
    begin = play.add_mutually_exclusive_group()
    begin.add_argument("--resume", action="store_true", help="continue the last game")
    begin.add_argument("--position", type=Path, help="play on from a saved game or position file")
    play.add_argument("--shot-to", type=Path, help="F2 writes a screenshot here")
    play.add_argument("--fps-probe", action="store_true", help="measure fps while dragging")
    render = sub.add_parser("render", help="write a picture of a mountain")
    render.add_argument("--seed", type=int, default=0)
    render.add_argument("--out", type=Path, required=True)
    render.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT")
    render.add_argument("--position", type=Path, help="draw this saved game or position instead")
    add_sandbox_command(sub)
    add_mountain_command(sub)
    add_file_commands(sub)
    add_tournament_command(sub)
    add_demo_command(sub)
    args = parser.parse_args(argv)
    if args.command == "demo":
        return run_demo_command(args)
    if args.command == "tournament":
        return run_tournament_command(args)
    if args.command == "mountain":
        return run_mountain_command(args)
    if args.command == "check-file":
        return run_check_file(args)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "sandbox":
        return run_sandbox(args)
    if args.command == "render" and args.position is not None:
        return render_position(args)
    try:
        mountain = getattr(args, "mountain", None)
        blocks = load_named(mountain).blocks if mountain else generate_mountain(args.seed)
    except (MountainError, MountainFileError) as exc:
        print(f"climbers: {exc}", file=sys.stderr)
        return 2
    if args.command == "play" and not args.text:
        from climbers.app.screens.play_screen import play as play_window

        bots = parse_bots(args.bots, args.players)
        if bots is None:
            return 2
        session = None
        if args.resume or args.position:
            from climbers.game.autosave import autosave_path
            from climbers.game.session import GameSession

            saved = open_saved(autosave_path() if args.resume else args.position)
            if saved is None:
                return 2
            session = GameSession.resume(saved)
        play_window(
            args.players.split(",") if args.players else None,
            args.seed,
            save_path=args.save_to,
            shot_path=args.shot_to,
            fps_probe=args.fps_probe,
            session=session,
            bots=bots,
            mountain=mountain,
        )
        return 0
    if args.command == "render":
        from climbers.app.table.framing import render as render_picture

        width, height = (int(v) for v in args.size.lower().split("x"))
        render_picture(args.seed, args.out, (width, height))
        return 0
    if args.command == "play":
        colours = (args.players or "teal,purple").split(",")
        print(top_view(new_game(blocks, colours, seed=args.seed)))
    return 0


def parse_bots(text: str, players: str | None) -> dict[str, str] | None:
    """`red=greedy,yellow=strong` as {colour: level}; None (after one line on stderr) if wrong."""
    from climbers.ai import LEVELS

    colours = (players or "").split(",")
    bots = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        colour, _, level = item.partition("=")
        if colour not in colours or level not in LEVELS:
            problem = (
                f"{colour!r} is not among --players"
                if colour not in colours
                else f"bot level {level!r} is not one of {', '.join(LEVELS)}"
            )
            print(f"climbers play --bots: {problem}", file=sys.stderr)
            return None
        bots[colour] = level
    return bots
