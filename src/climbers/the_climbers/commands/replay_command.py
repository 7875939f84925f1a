"""`climbers replay FILE`: step through a saved game in the 3D view."""

from __future__ import annotations

import argparse

from climbers.cli.arguments import (
    open_table,
    path,
    window_size,
)
from climbers.io.language import N_
from climbers.the_climbers.commands.options import open_saved
from climbers.the_climbers.core.game import RULES as GAME


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `replay`."""
    cmd.add_argument("file", type=path)
    cmd.add_argument("--size", type=window_size, default=(1280, 720), help="WIDTHxHEIGHT")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Open the replay window on a valid file (2 with one line when the file is not)."""
    saved = open_saved(args.file)
    if saved is None:
        return 2
    return open_table(
        GAME.name,
        lambda shell: shell.show_replay(saved),
        args.size,
        title=N_("The Climbers — replay"),
    )
