"""`climbers learn`: the lessons of a first game in the 3D view, or their list with progress."""

from __future__ import annotations

import argparse

from climbers.cli import learning
from climbers.cli.arguments import complain, open_table, window_size
from climbers.the_climbers.core.game import RULES as GAME
from climbers.the_climbers.lessons import LessonFileProblem, load_lessons, load_progress


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `learn`."""
    learning.add_choice(cmd)
    cmd.add_argument("--size", type=window_size, default=(1280, 720), help="WIDTHxHEIGHT")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the list, or open the window on the lessons (2 with one line on a problem)."""
    try:
        lessons = load_lessons()
    except LessonFileProblem as exc:
        complain(f"climbers: {exc}")
        return 2
    if learning.unknown("climbers learn", args.lesson, [lesson.id for lesson in lessons]):
        return 2
    if args.list:
        texts = [(x.id, x.text().title, x.text().goal) for x in lessons]
        learning.print_list(texts, load_progress())
        return 0
    return open_table(
        GAME.name,
        lambda shell: shell.show_lessons(args.lesson),
        args.size,
        title="The Climbers — lessons",
    )
