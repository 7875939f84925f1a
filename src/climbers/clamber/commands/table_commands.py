"""`climbers clamber demo`, `climbers clamber replay FILE`, `climbers clamber learn` and
`climbers play --game clamber`: Clamber's table in the window for a demo (or its games
headless), a saved game to step through, the lessons (or their list with progress), and a
game with the flags of `climbers play` it takes."""

from __future__ import annotations

import argparse
from typing import Any

from climbers.clamber.ai.tournament import BOTS, DEFAULT_SECONDS
from climbers.clamber.core import RULES
from climbers.clamber.game.demo import demo_game, outcome
from climbers.clamber.game.session import SAVED, ClamberSession
from climbers.clamber.lessons import LESSONS, load_progress
from climbers.cli import learning
from climbers.cli.arguments import window
from climbers.cli.game_commands import GameCommands
from climbers.io.language import _


def _stacked(probe: str) -> Any:
    """A probe on every cell of the 4-board stacked up to 8 high."""

    def start(shell: Any) -> None:
        from climbers.app.table.idle_probe import IdleProbe
        from climbers.clamber.table.fps_probe import StackedProbe, stacked_board

        play = shell.start(ClamberSession(stacked_board()), saved=False)
        (StackedProbe if probe == "fps" else IdleProbe)(play)

    return start


COMMANDS = GameCommands(
    name=RULES.name,
    title="Clamber",
    saved=SAVED,
    demo_game=demo_game,
    bots=lambda: BOTS,
    outcome=outcome,
    probes={"fps_probe": _stacked("fps"), "idle_probe": _stacked("idle")},
    bot_seconds=DEFAULT_SECONDS,
)
run_play = COMMANDS.run_play
"""`climbers play --game clamber` (the game's registry entry names it)."""


def add(ask: Any) -> None:
    """Register `demo`, `replay` and `learn` under `clamber`."""
    COMMANDS.add(ask)
    learn = ask.add_parser("learn", help="learn to play Clamber in five short lessons")
    learning.add_choice(learn)
    learn.set_defaults(run=run_learn)


def run_learn(args: argparse.Namespace) -> int:
    """Print the list, or open the window on a lesson (2 with one line for an unknown one)."""
    if learning.unknown("climbers clamber learn", args.lesson, [x.id for x in LESSONS]):
        return 2
    if args.list:
        learning.print_list([(x.id, _(x.title), _(x.goal)) for x in LESSONS], load_progress())
        return 0
    main = window()
    if main is None:
        return 2
    main.run(RULES.name, lambda shell: shell.show_lessons(args.lesson))
    return 0
