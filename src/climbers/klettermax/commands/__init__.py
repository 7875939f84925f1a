"""Burg Klettermax's ways in from the command line: `climbers play --game klettermax` (its
registry entry's `play`) and the `climbers klettermax` subcommands (imported when run)."""

from climbers.cli.subcommands import Command

COMMANDS = (
    Command(
        "klettermax",
        "Burg Klettermax: watch its demo, replay a game",
        "climbers.klettermax.commands.table_commands",
    ),
)
