"""`climbers clamber demo` and `climbers clamber replay FILE`: Clamber's table in the window
for a demo (or its games headless) and for a saved game to step through."""

from __future__ import annotations

import argparse
from typing import Any

from climbers.app.settings import LONGEST_BOT_PACE
from climbers.clamber.ai.tournament import BOTS, DEFAULT_SECONDS
from climbers.clamber.core import RULES
from climbers.clamber.game.demo import demo_game, outcome
from climbers.clamber.game.session import SavedGameProblem, read_saved
from climbers.cli.arguments import complain, path, seconds, seed, whole_number, window
from climbers.session.demo import run_headless


def add(ask: Any) -> None:
    """Register `demo` and `replay` under `clamber`."""
    demo = ask.add_parser("demo", help="bot against bot, one game after another")
    demo.add_argument("--seed", type=seed, default=0, help="the first game's seed")
    demo.add_argument(
        "--pace",
        type=seconds(0, LONGEST_BOT_PACE),
        help="seconds between bot turns, 0 to 5 (default: settings)",
    )
    demo.add_argument("--headless", action="store_true", help="no window: play and print memory")
    demo.add_argument(
        "--games", type=whole_number(1, 10_000), default=20, help="with --headless: how many games"
    )
    demo.set_defaults(run=run_demo)
    replay = ask.add_parser("replay", help="step through a saved Clamber game in the window")
    replay.add_argument("file", type=path, help="a saved Clamber game")
    replay.set_defaults(run=run_replay)


def run_demo(args: argparse.Namespace) -> int:
    """The demo in a window (never returns) or headless (prints a line per game)."""
    if args.headless:
        sizes = run_headless(
            args.games, lambda i: demo_game(i, args.seed), BOTS, DEFAULT_SECONDS, outcome
        )
        print(
            f"RSS after game 1: {sizes[0] / 1024:.1f} MiB; after game {len(sizes)}: "
            f"{sizes[-1] / 1024:.1f} MiB; growth {(sizes[-1] - sizes[0]) / 1024:+.1f} MiB"
        )
        return 0
    main = window()
    if main is None:
        return 2
    main.run(RULES.name, lambda shell: shell.start_demo(args.seed, args.pace))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """The saved game as a replay in the window; 2 with one line when it cannot be used."""
    try:
        saved = read_saved(args.file)
        saved.session()
    except SavedGameProblem as exc:
        complain(f"climbers clamber replay: {exc}")
        return 2
    except ValueError as exc:
        complain(f"climbers clamber replay: {SavedGameProblem(args.file, str(exc))}")
        return 2
    main = window()
    if main is None:
        return 2
    main.run(RULES.name, lambda shell: shell.show_replay(saved))
    return 0
