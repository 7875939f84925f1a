"""`climbers demo`: attract mode in the window, or the same games headless with memory per game."""

from __future__ import annotations

import argparse

from climbers.app.settings import LONGEST_BOT_PACE
from climbers.cli.arguments import BUDGET, open_table, seconds, seed, whole_number
from climbers.session.demo import growth_line, run_headless
from climbers.the_climbers.ai.tournament import BOTS
from climbers.the_climbers.core.game import RULES as GAME
from climbers.the_climbers.game.demo import DEMO_BUDGET, demo_game, outcome


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `demo`."""
    cmd.add_argument("--seed", type=seed, default=0, help="first mountain seed")
    cmd.add_argument(
        "--budget", type=BUDGET, default=DEMO_BUDGET, help="strong bot's seconds (up to 60)"
    )
    cmd.add_argument(
        "--pace",
        type=seconds(0, LONGEST_BOT_PACE),
        help="seconds between bot actions, 0 to 5 (default: settings)",
    )
    cmd.add_argument("--headless", action="store_true", help="no window: play and print memory")
    cmd.add_argument(
        "--games", type=whole_number(1, 10_000), default=20, help="with --headless: how many games"
    )
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the demo in a window (never returns) or headless (prints a line per game)."""
    if args.headless:
        sizes = run_headless(
            args.games, lambda i: demo_game(i, args.seed), BOTS, args.budget, outcome
        )
        print(growth_line(sizes))
        return 0
    return open_table(GAME.name, lambda shell: shell.start_demo(args.seed, args.pace, args.budget))
