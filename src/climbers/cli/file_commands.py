"""`climbers check-file` and `climbers replay`: look at a saved game or position file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from climbers.io import FileProblem, SavedGame, load_saved


def add_file_commands(sub: Any) -> None:
    """Register `check-file` and `replay` on an argparse subparsers object."""
    check = sub.add_parser("check-file", help="check a saved game or position file")
    check.add_argument("file", type=Path)
    replay = sub.add_parser("replay", help="step through a saved game in the 3D view")
    replay.add_argument("file", type=Path)
    replay.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT")


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


def open_saved(path: Path) -> SavedGame | None:
    """The file's game, or None after printing its one-line problem on stderr."""
    try:
        return load_saved(path)
    except FileProblem as exc:
        print(exc, file=sys.stderr)
        return None


def run_check_file(args: argparse.Namespace) -> int:
    """Exit 0 with 'ok: ...' for a valid file, else 2 with the file and its problem."""
    saved = open_saved(args.file)
    if saved is None:
        return 2
    print(f"ok: {args.file}: {summary(saved)}")
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """Open the replay window on a valid file (2 with one line when the file is not)."""
    saved = open_saved(args.file)
    if saved is None:
        return 2
    from climbers.app.screens.replay_screen import replay_window

    width, height = (int(v) for v in args.size.lower().split("x"))
    replay_window(saved, (width, height))
    return 0
