"""A lesson of The Climbers as a mode of its play screen: the shared lesson mode (its driver, its
panel at the top right and its buttons), with a button for the list of all lessons, a line when
the game ended before the goal, a pulsing outline on what to use, and after the last lesson the
list to choose any lesson from."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from climbers.app.panels.canvas import BAD, GOOD, Line
from climbers.app.screens.lesson_panel import DONE, LESSON_DONE, LessonMode
from climbers.io.language import N_, _, say
from climbers.the_climbers.lessons import Course
from climbers.the_climbers.table.focus import Focus
from climbers.the_climbers.table.panels.hud import Hud
from climbers.the_climbers.table.panels.pick_list import Pick, PickList
from climbers.the_climbers.table.panels.side_column import PANEL_WIDTH, ROW, column_at, side_button

ENDED = N_("The game ended before the goal: restart the lesson.")
LAST = N_("That was the last lesson: choose any lesson from the list.")


class ClimbersLesson(LessonMode):
    """Lesson `course.lesson` on The Climbers' play screen; `on_open(id)` opens a lesson,
    `on_list(note)` the list of lessons (with a line under it, '' for none), `on_menu()` the
    new-game screen."""

    panel_width = PANEL_WIDTH

    def __init__(
        self,
        course: Course,
        on_open: Callable[[str], None],
        on_list: Callable[[str], None],
        on_menu: Callable[[], None],
    ) -> None:
        super().__init__(course, on_open, on_menu)
        self.on_list = on_list
        self.focus: Focus | None = None

    def open(self, hud: Hud, focus: Focus) -> None:
        """On the play screen: the panel beside `hud`, the buttons in a column at the right,
        and `focus` outlining what the lesson points at."""
        self.focus = focus
        self.lesson_buttons(hud, side_button, column_at(-0.03), ROW)
        self.outline_focus()

    def rows(self) -> list[tuple[str, Callable[[], None]]]:
        restart, on, menu = super().rows()
        return [restart, (N_("All lessons"), partial(self.on_list, "")), on, menu]

    def _next_words(self) -> str:
        return N_("Next lesson")

    def reached_lines(self) -> list[Line]:
        return [Line(_(DONE), 17, GOOD)]

    def extra_lines(self) -> list[Line]:
        if not self.course.goal_reached and self.course.needs_restart:
            return [Line(_(ENDED), 16, BAD)]
        return []

    def outline_focus(self) -> None:
        """Outline what the lesson points at, where it is now."""
        if self.focus is not None:
            focus = self.course.lesson.focus
            self.focus.outline(self.course.state, focus.squares, focus.blocks, focus.climber)

    def after(self, played: bool) -> None:
        """An action was tried (`played`: and taken): when it reached the goal, say so; else
        the outlines follow what to use, which may have moved."""
        if played and self.done:
            self.hud.announce(_(LESSON_DONE), (80, 200, 120))
        elif played:
            self.outline_focus()
        self.show_lesson()

    def frame(self) -> None:
        """Each frame: the outlines pulse, until the goal is reached."""
        if self.focus is None:
            return
        if self.done and self.focus.parts:
            self.focus.clear()
        self.focus.pulse()

    def next_lesson(self) -> None:
        """On to the lesson after this one; after the last, the list of lessons, saying so."""
        if self.last:
            self.on_list(_(LAST))
            return
        super().next_lesson()


def lesson_list(
    course: Course, on_open: Callable[[str], None], on_close: Callable[[], None], note: str = ""
) -> PickList:
    """Every lesson, with a tick on those done, and `note` under them; a click opens one."""
    picks = [
        Pick(
            say(N_("{number}. {title}"), number=i, title=lesson.text().title),
            lesson.id in course.completed,
            partial(on_open, lesson.id),
        )
        for i, lesson in enumerate(course.lessons, start=1)
    ]
    done = say(N_("{done} of {count} done"), done=len(course.completed), count=len(course.lessons))
    return PickList(_("Learn to play"), done, [("", picks)], on_close, footer=note)
