"""`climbers klettermax demo` and `climbers klettermax replay FILE`: Burg Klettermax's table in
the window for a demo (or its games headless) and for a saved game to step through, its flicks
flown again."""

from __future__ import annotations

import argparse
from typing import Any

from climbers.app.settings import LONGEST_BOT_PACE
from climbers.cli.arguments import complain, path, seconds, seed, whole_number, window
from climbers.games.tournament import bots_of
from climbers.klettermax.core import RULES
from climbers.klettermax.game.demo import demo_game, outcome
from climbers.klettermax.game.session import SavedGameProblem, read_saved
from climbers.session.demo import run_headless


def add(sub: Any) -> None:
    """Register `klettermax` with `demo` and `replay`."""
    cmd = sub.add_parser("klettermax", help="Burg Klettermax: watch its demo, replay a game")
    ask = cmd.add_subparsers(dest="question", required=True)
    demo = ask.add_parser("demo", help="bots only, one game after another")
    demo.add_argument("--seed", type=seed, default=0, help="the first game's seed")
    demo.add_argument(
        "--pace",
        type=seconds(0, LONGEST_BOT_PACE),
        help="seconds between bot actions, 0 to 5 (default: settings)",
    )
    demo.add_argument("--headless", action="store_true", help="no window: play and print memory")
    demo.add_argument(
        "--games", type=whole_number(1, 10_000), default=20, help="with --headless: how many games"
    )
    demo.set_defaults(run=run_demo)
    replay = ask.add_parser("replay", help="step through a saved Burg Klettermax game")
    replay.add_argument("file", type=path, help="a saved Burg Klettermax game")
    replay.set_defaults(run=run_replay)


def run_demo(args: argparse.Namespace) -> int:
    """The demo in a window (never returns) or headless (prints a line per game)."""
    if args.headless:
        sizes = run_headless(
            args.games, lambda i: demo_game(i, args.seed), bots_of(RULES.name), 0.0, outcome
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
        complain(f"climbers klettermax replay: {exc}")
        return 2
    except ValueError as exc:
        complain(f"climbers klettermax replay: {SavedGameProblem(args.file, str(exc))}")
        return 2
    main = window()
    if main is None:
        return 2
    main.run(RULES.name, lambda shell: shell.show_replay(saved))
    return 0
