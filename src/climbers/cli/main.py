"""The `climbers` command: parse the arguments and run the chosen subcommand (each game on the
table brings its own, found through the registry). Only the chosen subcommand's module is
imported: `climbers --help` lists them all without loading any."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module

from climbers.cli.arguments import OneLineParser
from climbers.cli.subcommands import Command, chosen
from climbers.games.registry import GameEntry, games, load
from climbers.io.language import LANGUAGES, pin_language

SHARED = (
    Command(
        "check-file",
        "check a saved game or position file of any game",
        "climbers.cli.check_file_command",
    ),
    Command(
        "tournament",
        "bots play each other; print win rates and times",
        "climbers.cli.tournament_command",
    ),
    Command(
        "export",
        "write a saved game, a part of it or a puzzle's solution as a clip",
        "climbers.cli.export_command",
    ),
    Command(
        "host",
        "host a game for players on other computers (headless)",
        "climbers.cli.host_command",
    ),
    Command(
        "join",
        "take a seat in a hosted game, or watch it, from a terminal",
        "climbers.cli.join_command",
    ),
)
"""The subcommands of every game."""


def game_commands(entry: GameEntry) -> tuple[Command, ...]:
    """The game's subcommands (its entry's `commands`), checked to be commands."""
    if entry.commands is None:
        return ()
    found = load(entry.commands)
    if not isinstance(found, tuple) or not all(isinstance(c, Command) for c in found):
        raise TypeError(f"{entry.commands} is no tuple of commands")
    return found


def commands() -> list[Command]:
    """Every subcommand: each game's, in the order of their tiles, then the shared ones."""
    found: list[Command] = []
    for entry in games().values():
        found += game_commands(entry)
    return found + list(SHARED)


def parser(filled: str | None) -> OneLineParser:
    """The command's parser, with the arguments of the subcommand `filled` only."""
    top = OneLineParser(prog="climbers", description="The Climbers board game.")
    top.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the language of the game's sentences (default: the Language setting, F4, or else "
        "the system locale's)",
    )
    sub = top.add_subparsers(dest="command", required=True)
    for command in commands():
        cmd = sub.add_parser(command.name, help=command.help)
        if command.name == filled:
            import_module(command.module).add(cmd)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; returns the process exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    args = parser(chosen(words)).parse_args(words)
    if getattr(args, "run", None) is None:  # named otherwise than read here
        args = parser(args.command).parse_args(words)
    if args.lang:
        pin_language(args.lang)
    code: int = args.run(args)
    return code
