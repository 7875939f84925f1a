"""Clamber's subcommands of the `climbers` command."""

from climbers.clamber.commands import clamber_command

COMMANDS = (clamber_command,)
