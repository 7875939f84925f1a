"""`climbers check-file FILE`: is this a usable saved game or position?"""

from __future__ import annotations

import argparse

from climbers.cli.arguments import (
    path,
)
from climbers.io.messages import one_line, short_path
from climbers.the_climbers.commands.options import open_saved
from climbers.the_climbers.io import SavedGame


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `check-file`."""
    cmd.add_argument("file", type=path)
    cmd.set_defaults(run=run)


def summary(saved: SavedGame) -> str:
    """What a valid file holds, in a few words."""
    state = saved.state
    what = "finished game" if state.finished else "game"
    where = "over" if state.finished else f"at turn {state.turn.number}"
    log = (
        f"{len(saved.log)} actions logged"
        if saved.start is not None
        else "a position without action log"
    )
    return f"{what} of {len(state.players)} players, {where}, {log}"


def run(args: argparse.Namespace) -> int:
    """Exit 0 with 'ok: ...' for a valid file, else 2 with the file and its problem."""
    saved = open_saved(args.file, prefix="")
    if saved is None:
        return 2
    print(one_line(f"ok: {short_path(args.file)}: {summary(saved)}"))
    return 0
