"""The subcommands of the `climbers` command as a list that imports nothing: each names the
module that fills in its arguments, imported only when that subcommand is run or asked for
its help, so that `climbers --help` loads no game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Command(NamedTuple):
    """One subcommand: its name, its line in `climbers --help`, and the module whose
    `add(parser)` gives the subcommand's parser its arguments and its `run`."""

    name: str
    help: str
    module: str


def chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named on a command line (the first word that is no option or the
    value of `--lang`); None when there is none."""
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None
