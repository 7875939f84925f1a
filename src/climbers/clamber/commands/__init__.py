"""Clamber's subcommands of the `climbers` command (imported when run)."""

from climbers.cli.subcommands import Command

COMMANDS = (
    Command(
        "clamber",
        "Clamber: ask its rules, watch its demo, replay a game",
        "climbers.clamber.commands.clamber_command",
    ),
)
