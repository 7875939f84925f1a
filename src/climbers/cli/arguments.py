"""What the commands of every game share: the one-line argument parser, checked argument types
(sizes, counts, seconds, seeds and paths), problem lines, and starting the window."""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from climbers.app.settings import LARGEST_WINDOW, SMALLEST_WINDOW
from climbers.io.folders import home_path
from climbers.io.messages import MAX_LINE, one_line, quoted

MAX_SEED = 2**32 - 1
"""Mountain seeds run from 0 to this."""
MAX_PATH = 4096
"""Paths on the command line have at most this many characters."""
KERNEL_FOLDERS = (Path("/proc"), Path("/sys"))
"""Folders of the kernel's file systems, where no file can be written."""
APP_MODULES = ("ursina", "panda3d", "PIL")
"""What the 3D window needs beyond the rules: the packages of the app extra."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser that reports a bad command line in one line and exits with 2."""

    def error(self, message: str) -> NoReturn:
        where = f" (see {self.prog} --help)"
        self.exit(2, one_line(f"{self.prog}: {message}", MAX_LINE - len(where)) + where + "\n")


def complain(line: str) -> None:
    """Print a problem on stderr as one line of at most 200 characters, control codes escaped."""
    print(one_line(line), file=sys.stderr)


def window_size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT in pixels, from 320x240 to 7680x4320 (argparse type)."""
    width, _, height = text.lower().partition("x")
    if not (_digits(width) and _digits(height)):
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not WIDTHxHEIGHT, e.g. 1280x720")
    smallest, largest = SMALLEST_WINDOW, LARGEST_WINDOW
    size = (int(width), int(height)) if len(width) <= 5 and len(height) <= 5 else None
    if size is None or not all(
        low <= side <= high for low, side, high in zip(smallest, size, largest, strict=True)
    ):
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is not between {smallest[0]}x{smallest[1]} and "
            f"{largest[0]}x{largest[1]}"
        )
    return size


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        digits = text.removeprefix("-")
        if not _digits(digits):
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number")
        if len(digits) > len(str(high)) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not between {low} and {high}")
        return int(text)

    return parse


def seconds(low: float, high: float, zero: bool = True) -> Callable[[str], float]:
    """An argparse type: a time in seconds from `low` to `high` (above 0 unless `zero`)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if text.isascii() and len(text) <= 20 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of seconds")
        if not (low <= value <= high and (zero or value > 0)):
            bounds = f"between {low:g} and" if zero else f"above {low:g} and at most"
            raise argparse.ArgumentTypeError(f"{value:.15g} is not {bounds} {high:g}")
        return value

    return parse


seed = whole_number(0, MAX_SEED)
"""A mountain seed (argparse type)."""
BUDGET = seconds(0, 60, zero=False)
"""A strong bot's thinking time per turn in seconds, above 0 and at most 60 (argparse type)."""


def path(text: str) -> Path:
    """A file's path: not empty, at most 4096 characters, no unknown ~user (argparse type)."""
    if not text or len(text) > MAX_PATH:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is no path (1 to {MAX_PATH} characters)")
    found = home_path(text)
    if found.parts and found.parts[0].startswith("~"):
        user = quoted(found.parts[0][1:])
        raise argparse.ArgumentTypeError(f"{quoted(text)}: this computer has no user {user}")
    return found


def output_path(text: str) -> Path:
    """Where a file will be written: a path that is no folder, in a folder that exists and
    takes new files (argparse type). No folder is made for it."""
    target = path(text)
    folder = target.parent
    try:
        if target.is_dir():
            raise argparse.ArgumentTypeError(f"{quoted(text)} is a folder, not a file")
        if not folder.is_dir():
            problem = "is a file, not a folder" if folder.exists() else "does not exist"
            raise argparse.ArgumentTypeError(f"the folder {quoted(str(folder))} {problem}")
        if target.exists() and not target.is_file():
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a regular file")
        if not os.access(folder, os.W_OK) or _system_folder(folder):
            raise argparse.ArgumentTypeError(f"no file can be written in {quoted(str(folder))}")
    except OSError as exc:
        problem = f"{quoted(text)} cannot be used ({exc.strerror})"
        raise argparse.ArgumentTypeError(problem) from None
    return target


def _system_folder(folder: Path) -> bool:
    """Whether `folder` is in a file system of the kernel's (/proc, /sys), where a write that
    looks allowed fails."""
    resolved = folder.resolve()
    return any(resolved == root or root in resolved.parents for root in KERNEL_FOLDERS)


def window() -> Any:
    """The composition root of the 3D client (climbers.app.main), or None after one line on
    stderr saying how to install it when the app extra is missing."""
    missing = next((name for name in APP_MODULES if not _installed(name)), None)
    if missing is not None:
        complain(
            f"climbers: the 3D window needs {missing}, which is not installed; "
            "install the app extra: pip install 'climbers[app]'"
        )
        return None
    from climbers.app import main

    return main


def open_table(game: str | None, mode: Callable[[Any], None], *args: Any, **options: Any) -> int:
    """Open the window on `game`'s table and start `mode(shell)` in it (`climbers.app.main.run`,
    given the other arguments too): 0 once it returns, 2 when the window is missing (`window`
    has said so)."""
    main = window()
    if main is None:
        return 2
    main.run(game, mode, *args, **options)
    return 0


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False
