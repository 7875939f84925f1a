"""What every game's `learn` command shares: `--lesson ID` or `--list`, the one line for a lesson
there is not, and the list of the lessons with the player's progress."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from climbers.cli.arguments import complain
from climbers.io.progress import Progress
from climbers.session.lessons import listing


def add_choice(cmd: argparse.ArgumentParser) -> None:
    """`--lesson ID` (open that lesson) or `--list` (no window), not both."""
    pick = cmd.add_mutually_exclusive_group()
    pick.add_argument("--lesson", metavar="ID", help="open this lesson (see --list)")
    pick.add_argument(
        "--list", action="store_true", help="list the lessons and which are done, no window"
    )


def unknown(command: str, lesson: str | None, ids: Sequence[str]) -> bool:
    """Whether the `lesson` asked for (None: none) is none of `ids`; `command` then says so in
    one line."""
    if lesson is None or lesson in ids:
        return False
    complain(f"{command}: no lesson {lesson!r}; the lessons are {', '.join(ids)}")
    return True


def print_list(lessons: Sequence[tuple[str, str, str]], kept: Progress) -> None:
    """Print the lessons (id, title and goal in the current language) in order, each marked done
    as `kept` says, and how many are done; a problem of the progress file first, in one line."""
    if kept.problem is not None:
        complain(f"climbers: {kept.problem}")
    print("\n".join(listing([(title, goal, id in kept.completed) for id, title, goal in lessons])))
