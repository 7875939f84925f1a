"""`climbers learn`: the lessons of a first game in the 3D view, or their list with progress."""

from __future__ import annotations

import argparse

from climbers.cli.arguments import complain, open_table, window_size
from climbers.session import lessons as shared
from climbers.the_climbers.core.game import RULES as GAME
from climbers.the_climbers.lessons import Lesson, LessonFileProblem, load_lessons, load_progress


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `learn`."""
    pick = cmd.add_mutually_exclusive_group()
    pick.add_argument("--lesson", metavar="ID", help="open this lesson (see --list)")
    pick.add_argument(
        "--list", action="store_true", help="list the lessons and which are done, no window"
    )
    cmd.add_argument("--size", type=window_size, default=(1280, 720), help="WIDTHxHEIGHT")
    cmd.set_defaults(run=run)


def listing(lessons: tuple[Lesson, ...], completed: set[str]) -> list[str]:
    """The lines of `climbers learn --list`: each lesson in order, then how many are done."""
    texts = [(lesson.text(), lesson.id in completed) for lesson in lessons]
    return shared.listing([(text.title, text.goal, done) for text, done in texts])


def run(args: argparse.Namespace) -> int:
    """Print the list, or open the window on the lessons (2 with one line on a problem)."""
    try:
        lessons = load_lessons()
    except LessonFileProblem as exc:
        complain(f"climbers: {exc}")
        return 2
    if args.lesson is not None and args.lesson not in {lesson.id for lesson in lessons}:
        known = ", ".join(lesson.id for lesson in lessons)
        complain(f"climbers learn: no lesson {args.lesson!r}; the lessons are {known}")
        return 2
    if args.list:
        progress = load_progress()
        if progress.problem is not None:
            complain(f"climbers: {progress.problem}")
        print("\n".join(listing(lessons, progress.completed)))
        return 0
    return open_table(
        GAME.name,
        lambda shell: shell.show_lessons(args.lesson),
        args.size,
        title="The Climbers — lessons",
    )
