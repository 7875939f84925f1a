"""The `climbers` command: play, and inspect mountains without the 3D client."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from climbers.core import MountainError, generate_mountain, new_game
from climbers.textview import top_view


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="climbers", description="The Climbers board game.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="start a game")
    play.add_argument("--seed", type=int, default=0, help="mountain seed")
    play.add_argument("--players", default="teal,purple", help="comma-separated player colours")
    mountain = sub.add_parser("mountain", help="print a mountain's top view")
    mountain.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        blocks = generate_mountain(args.seed)
    except MountainError as exc:
        print(f"climbers: {exc}", file=sys.stderr)
        return 2
    if args.command in ("play", "mountain"):
        colours = args.players.split(",") if args.command == "play" else ["teal", "purple"]
        print(top_view(new_game(blocks, colours, seed=args.seed)))
    return 0
