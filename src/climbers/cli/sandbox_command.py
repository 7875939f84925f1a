"""`climbers sandbox [--position FILE]` and `climbers render --position FILE --out FILE.png`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from climbers.core import GameState
from climbers.io import FileProblem, load_game


def add_sandbox_command(sub: Any) -> None:
    """Register the sandbox subcommand."""
    sandbox = sub.add_parser("sandbox", help="build, describe, check and analyse positions")
    sandbox.add_argument("--position", type=Path, help="open a saved game or position file")
    sandbox.add_argument("--size", default="", help="window WIDTHxHEIGHT")


def _load(path: Path) -> GameState | None:
    try:
        return load_game(path)
    except FileProblem as exc:
        print(f"climbers: {exc}", file=sys.stderr)
        return None


def _size(text: str) -> tuple[int, int] | None:
    if not text:
        return None
    width, height = (int(v) for v in text.lower().split("x"))
    return width, height


def run_sandbox(args: argparse.Namespace) -> int:
    """Open the sandbox window (on a position when given)."""
    state = None
    if args.position is not None:
        state = _load(args.position)
        if state is None:
            return 2
    from climbers.app.screens.sandbox_screen import run

    run(state, size=_size(args.size))
    return 0


def render_position(args: argparse.Namespace) -> int:
    """Write a picture of the position in args.position to args.out."""
    state = _load(args.position)
    if state is None:
        return 2
    from climbers.app.table.framing import render_state

    render_state(state, args.out, _size(args.size) or (1280, 720))
    return 0
