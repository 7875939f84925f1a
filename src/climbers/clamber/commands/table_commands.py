"""`climbers clamber demo`, `climbers clamber replay FILE` and `climbers clamber learn`:
Clamber's table in the window for a demo (or its games headless), a saved game to step through
and the lessons (or their list with progress)."""

from __future__ import annotations

import argparse
from typing import Any

from climbers.app.settings import LONGEST_BOT_PACE
from climbers.clamber.ai.tournament import BOTS, DEFAULT_SECONDS
from climbers.clamber.core import RULES
from climbers.clamber.game.demo import demo_game, outcome
from climbers.clamber.game.session import SavedGameProblem, read_saved
from climbers.clamber.lessons import LESSONS, load_progress
from climbers.cli.arguments import complain, path, seconds, seed, whole_number, window
from climbers.io.language import _
from climbers.session.demo import run_headless
from climbers.session.lessons import listing


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
    learn = ask.add_parser("learn", help="learn to play Clamber in five short lessons")
    pick = learn.add_mutually_exclusive_group()
    pick.add_argument("--lesson", metavar="ID", help="open this lesson (see --list)")
    pick.add_argument(
        "--list", action="store_true", help="list the lessons and which are done, no window"
    )
    learn.set_defaults(run=run_learn)


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


def run_learn(args: argparse.Namespace) -> int:
    """Print the list, or open the window on a lesson (2 with one line for an unknown one)."""
    ids = [lesson.id for lesson in LESSONS]
    if args.lesson is not None and args.lesson not in ids:
        complain(
            f"climbers clamber learn: no lesson {args.lesson!r}; the lessons are {', '.join(ids)}"
        )
        return 2
    if args.list:
        kept = load_progress()
        if kept.problem is not None:
            complain(f"climbers: {kept.problem}")
        texts = [(_(x.title), _(x.goal), x.id in kept.completed) for x in LESSONS]
        print("\n".join(listing(texts)))
        return 0
    main = window()
    if main is None:
        return 2
    main.run(RULES.name, lambda shell: shell.show_lessons(args.lesson))
    return 0
