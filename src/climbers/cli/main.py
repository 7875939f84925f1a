"""The `climbers` command: parse the arguments and run the chosen subcommand."""

from __future__ import annotations

from collections.abc import Sequence

from climbers.cli import (
    check_file_command,
    demo_command,
    learn_command,
    mountain_command,
    play_command,
    puzzle_command,
    render_command,
    replay_command,
    sandbox_command,
    tournament_command,
)
from climbers.cli.arguments import OneLineParser
from climbers.io.language import LANGUAGES, pin_language

COMMANDS = (
    play_command,
    render_command,
    sandbox_command,
    mountain_command,
    check_file_command,
    replay_command,
    tournament_command,
    demo_command,
    learn_command,
    puzzle_command,
)


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
    for command in COMMANDS:
        command.add(sub)
    args = parser.parse_args(argv)
    if args.lang:
        pin_language(args.lang)
    code: int = args.run(args)
    return code
