"""`climbers sandbox [--position FILE]`: build, describe, check and analyse positions."""

from __future__ import annotations

import argparse

from climbers.cli.arguments import (
    open_table,
    path,
    window_size,
)
from climbers.the_climbers.commands.options import open_saved
from climbers.the_climbers.core.game import RULES as GAME


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `sandbox`."""
    cmd.add_argument("--position", type=path, help="open a saved game or position file")
    cmd.add_argument("--size", type=window_size, help="window WIDTHxHEIGHT")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Open the sandbox window (on a position when given)."""
    state = None
    if args.position is not None:
        saved = open_saved(args.position)
        if saved is None:
            return 2
        state = saved.state
    return open_table(GAME.name, lambda shell: shell.show_sandbox(state), args.size)
