"""`climbers demo`: attract mode in the window, or the same games headless with memory per game."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from climbers.cli.arguments import window
from climbers.game.demo import DEMO_BUDGET, run_headless


def add(sub: Any) -> None:
    """Register `demo`."""
    cmd = sub.add_parser("demo", help="attract mode: bots play one game after another")
    cmd.add_argument("--seed", type=int, default=0, help="first mountain seed")
    cmd.add_argument("--budget", type=float, default=DEMO_BUDGET, help="strong bot's seconds")
    cmd.add_argument("--pace", type=float, help="seconds between bot actions (default: settings)")
    cmd.add_argument("--headless", action="store_true", help="no window: play and print memory")
    cmd.add_argument("--games", type=int, default=20, help="with --headless: how many games")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the demo in a window (never returns) or headless (prints a line per game)."""
    if args.games < 1 or args.budget <= 0 or (args.pace is not None and args.pace < 0):
        print("climbers demo: bad --games/--budget/--pace", file=sys.stderr)
        return 2
    if args.headless:
        sizes = run_headless(args.games, args.seed, args.budget)
        print(
            f"RSS after game 1: {sizes[0] / 1024:.1f} MiB; after game {len(sizes)}: "
            f"{sizes[-1] / 1024:.1f} MiB; growth {(sizes[-1] - sizes[0]) / 1024:+.1f} MiB"
        )
        return 0
    main = window()
    if main is None:
        return 2
    main.run(lambda shell: shell.start_demo(args.seed, args.budget, args.pace))
    return 0
