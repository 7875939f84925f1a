"""`climbers check-file FILE`: is this a usable saved game or position, of any game? The file's
"format" says whose it is; that game checks it as its commands would open it."""

from __future__ import annotations

import argparse

from climbers.cli.arguments import complain, path
from climbers.games.registry import GameEntry, games
from climbers.io.json_input import format_of
from climbers.io.messages import one_line, short_path


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `check-file`."""
    cmd.add_argument("file", type=path)
    cmd.set_defaults(run=run)


def checker(kind: str | None) -> GameEntry:
    """The game whose files have the format `kind` (the first game that checks files when none
    does: its reader names the problem)."""
    checking = [entry for entry in games().values() if entry.check is not None]
    return next((entry for entry in checking if kind in entry.formats), checking[0])


def run(args: argparse.Namespace) -> int:
    """Exit 0 with 'ok: ...' for a usable file, else 2 with the file and its problem."""
    check = checker(format_of(args.file)).load_check()
    assert check is not None, "checker() gives a game that checks files"
    try:
        said = check(args.file)
    except ValueError as exc:
        complain(str(exc))
        return 2
    print(one_line(f"ok: {short_path(args.file)}: {said}"))
    return 0
