"""The commands a game's table brings besides The Climbers': `climbers GAME demo` (in the window,
or its games headless), `climbers GAME replay FILE`, and `climbers play --game GAME` with the
flags of `climbers play` that make sense for it (the others, which choose The Climbers' mountain
and seats, are refused in one line). A game gives its parts; nothing here imports a game."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from climbers.app.settings import LONGEST_BOT_PACE
from climbers.cli.arguments import complain, open_table, path, seconds, seed, whole_number
from climbers.session.demo import growth_line, run_headless
from climbers.session.saved_games import SavedGameProblem, SavedGames

THE_CLIMBERS_FLAGS = (
    ("seed", 0, "--seed"),
    ("mountain", None, "--mountain"),
    ("players", None, "--players"),
    ("bots", "", "--bots"),
    ("text", False, "--text"),
)
"""The Climbers' own flags of `climbers play`: (argument, its default, flag)."""
PROBES = (("fps_probe", "--fps-probe"), ("idle_probe", "--idle-probe"))
"""The probes of `climbers play`: (argument, flag)."""


@dataclass(frozen=True)
class GameCommands:
    """One game's table commands (see the module)."""

    name: str
    """The game's name in the registry (the window's `run` opens its table)."""
    title: str
    """The game's name for players, in the commands' help and problems."""
    saved: SavedGames[Any]
    demo_game: Callable[[int, int], Any]
    """(game index, first seed) → a demo game for the headless demo (climbers.session.demo)."""
    bots: Callable[[], Any]
    """The bots of the headless demo (a game's `Bots`), asked for only when it runs: they may
    need parts of the game a command line without the window's packages lacks."""
    outcome: Callable[[Any], str]
    """A demo game's end in one line."""
    probes: dict[str, Callable[[Any], None]]
    """Per probe flag taken ('fps_probe', 'idle_probe'): it starts the probe on the shell."""
    bot_seconds: float = 0.0
    """The headless demo's thinking time per bot action."""

    def add(self, ask: Any) -> None:
        """Register `demo` and `replay` under the game's command."""
        demo = ask.add_parser("demo", help="bots only, one game after another")
        demo.add_argument("--seed", type=seed, default=0, help="the first game's seed")
        demo.add_argument(
            "--pace",
            type=seconds(0, LONGEST_BOT_PACE),
            help="seconds between bot actions, 0 to 5 (default: settings)",
        )
        demo.add_argument(
            "--headless", action="store_true", help="no window: play and print memory"
        )
        demo.add_argument(
            "--games",
            type=whole_number(1, 10_000),
            default=20,
            help="with --headless: how many games",
        )
        demo.set_defaults(run=self.run_demo)
        replay = ask.add_parser("replay", help=f"step through a saved {self.title} game")
        replay.add_argument("file", type=path, help=f"a saved {self.title} game")
        replay.set_defaults(run=self.run_replay)

    def run_demo(self, args: argparse.Namespace) -> int:
        """The demo in a window (never returns) or headless (prints the memory it took)."""
        if args.headless:
            sizes = run_headless(
                args.games,
                lambda i: self.demo_game(i, args.seed),
                self.bots(),
                self.bot_seconds,
                self.outcome,
            )
            print(growth_line(sizes))
            return 0
        return open_table(self.name, lambda shell: shell.start_demo(args.seed, args.pace))

    def run_replay(self, args: argparse.Namespace) -> int:
        """The saved game as a replay in the window; 2 with one line when it cannot be used."""
        try:
            saved: Any = self.saved.read(args.file)
            saved.session()
        except SavedGameProblem as exc:
            complain(f"climbers {self.name} replay: {exc}")
            return 2
        except ValueError as exc:
            complain(f"climbers {self.name} replay: {SavedGameProblem(args.file, str(exc))}")
            return 2
        return open_table(self.name, lambda shell: shell.show_replay(saved))

    def run_play(self, args: argparse.Namespace) -> int:
        """`climbers play --game NAME`: the table as the flags ask; 2 with one line for a flag
        or a file it cannot use."""
        taken = ["--resume", "--position", "--save-to", "--shot-to"]
        taken += [flag for name, flag in PROBES if name in self.probes]
        refused = [
            f"{flag} is for The Climbers"
            for name, default, flag in THE_CLIMBERS_FLAGS
            if getattr(args, name) != default
        ]
        refused += [
            f"{flag} is not for {self.title}"
            for name, flag in PROBES
            if name not in self.probes and getattr(args, name)
        ]
        if refused:
            complain(
                f"climbers play --game {self.name}: {refused[0]}; "
                f"{self.title} takes {', '.join(taken)}"
            )
            return 2
        session: Any = None
        if args.resume or args.position:
            try:
                session = self.saved.open(
                    self.saved.autosave.last_path() if args.resume else args.position
                )
            except SavedGameProblem as exc:
                complain(f"climbers play: {exc}")
                return 2
        probe = next((run for name, run in self.probes.items() if getattr(args, name)), None)

        def mode(shell: Any) -> None:
            if probe is not None:
                probe(shell)
            elif session is not None:
                shell.start(session)
            else:
                shell.show_menu()

        return open_table(self.name, mode, save_path=args.save_to, shot_path=args.shot_to)
