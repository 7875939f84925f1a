"""The `climbers` command: parse the arguments and run the chosen subcommand (each game on the
table brings its own, found through the registry)."""

from __future__ import annotations

from collections.abc import Sequence

from climbers.cli import export_command, tournament_command
from climbers.cli.arguments import OneLineParser
from climbers.games.registry import games, load
from climbers.io.language import LANGUAGES, pin_language


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; returns the process exit code."""
    parser = OneLineParser(prog="climbers", description="The Climbers board game.")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the language of the game's sentences (default: the Language setting, F4, or else "
        "the system locale's)",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for entry in games().values():
        for command in load(entry.commands) if entry.commands else ():
            command.add(sub)
    tournament_command.add(sub)
    export_command.add(sub)
    args = parser.parse_args(argv)
    if args.lang:
        pin_language(args.lang)
    code: int = args.run(args)
    return code
