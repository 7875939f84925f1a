"""What several of The Climbers' commands share: player colours and opening a saved game."""

from __future__ import annotations

import argparse
from pathlib import Path

from climbers.cli.arguments import complain
from climbers.io.messages import quoted
from climbers.the_climbers.core import PLAYER_COLOURS
from climbers.the_climbers.io import FileProblem, SavedGame, load_saved


def player_colours(text: str) -> list[str]:
    """Two to five different player colours, comma-separated (argparse type)."""
    colours = [part.strip() for part in text.split(",")]
    known = [c.value for c in PLAYER_COLOURS]
    unknown = [c for c in colours if c not in known]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"{quoted(unknown[0])} is no player colour ({', '.join(known)})"
        )
    if len(set(colours)) != len(colours) or not 2 <= len(colours) <= 5:
        raise argparse.ArgumentTypeError("name 2 to 5 different colours, e.g. teal,red")
    return colours


def open_saved(file: Path, prefix: str = "climbers: ") -> SavedGame | None:
    """The file's game, or None after printing its one-line problem on stderr."""
    try:
        return load_saved(file)
    except FileProblem as exc:
        complain(f"{prefix}{exc}")
        return None
