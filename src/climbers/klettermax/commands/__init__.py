"""Burg Klettermax's ways in from the command line: `climbers play --game klettermax` (its
registry entry's `play`) and the `climbers klettermax` subcommands."""

from climbers.klettermax.commands import table_commands

COMMANDS = (table_commands,)
