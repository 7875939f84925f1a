"""What several commands share: window sizes, opening a saved game, and starting the window."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from climbers.io import FileProblem, SavedGame, load_saved
from climbers.io.messages import one_line


def window_size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT as two whole numbers (argparse type)."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1280x720")
    return int(width), int(height)


def open_saved(path: Path, prefix: str = "climbers: ") -> SavedGame | None:
    """The file's game, or None after printing its one-line problem on stderr."""
    try:
        return load_saved(path)
    except FileProblem as exc:
        print(one_line(f"{prefix}{exc}"), file=sys.stderr)
        return None


def window() -> Any:
    """The composition root of the 3D client (climbers.app.main), or None after one line on
    stderr saying how to install it when the app extra is missing."""
    try:
        from climbers.app import main
    except ModuleNotFoundError as exc:
        print(
            f"climbers: the 3D window needs {exc.name}, which is not installed; "
            "install the app extra: pip install 'climbers[app]'",
            file=sys.stderr,
        )
        return None
    return main
