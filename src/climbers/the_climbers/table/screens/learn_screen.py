"""A lesson on the table: the game's own tools and panels, every attempt checked by the core
through the lesson's course, the lesson's sentence beside every refusal, a pulsing outline on
what to use, and the way on to the next lesson or to the list of all of them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from climbers.app.panels.canvas import BAD, GOOD, INK, MUTED, Line
from climbers.app.screens.lesson_panel import no_more, what_now
from climbers.app.screens.play_parts import over_panel
from climbers.io.language import N_, _, say
from climbers.session.driver import Refused
from climbers.the_climbers.core import Event, GameState, IllegalAction
from climbers.the_climbers.lessons import Course, LessonDriver
from climbers.the_climbers.table.screens.play_screen import DONE_KEY, SKIP_KEY
from climbers.the_climbers.table.screens.practice_screen import Pick, PickList, PracticeScreen

NEXT = N_("Next lesson")


class LearnScreen(PracticeScreen):
    """Lesson `course.lesson` being played; `on_open(id)` opens a lesson, `on_list()` the list."""

    def __init__(
        self,
        course: Course,
        on_open: Callable[[str], None],
        on_list: Callable[[], None],
        on_menu: Callable[[], None],
        symbols: bool = True,
    ) -> None:
        self.lesson_driver = LessonDriver(course)
        self.course = course
        super().__init__(self.lesson_driver, symbols=symbols)
        self.on_open = on_open
        self.on_list = on_list
        self.outline_focus()
        self.buttons = self.side_buttons(
            [
                (N_("Restart lesson"), self.restart),
                (N_("All lessons"), on_list),
                (NEXT, self.next_lesson),
                (N_("Back to menu"), on_menu),
            ]
        )
        self.next_button = self.buttons[2]
        self.show_lesson()

    # ----- the lesson -------------------------------------------------------------------------

    @property
    def number(self) -> int:
        """The lesson's place in the course, from 1."""
        return self.course.lessons.index(self.course.lesson) + 1

    def show_lesson(self) -> None:
        """Redraw the lesson panel: where in the course, the goal, the intro, how it goes."""
        lesson, course = self.course.lesson.text(), self.course
        lines = [
            Line(
                say(
                    N_("Lesson {number} of {count}: {title}"),
                    number=self.number,
                    count=len(course.lessons),
                    title=lesson.title,
                ),
                19,
            ),
            Line(lesson.goal, 17, INK),
            Line(lesson.intro, 15, MUTED),
        ]
        if course.goal_reached:
            lines.append(Line(_("Well done: the goal is reached."), 17, GOOD))
        elif course.needs_restart:
            lines.append(Line(_("The game ended before the goal: restart the lesson."), 16, BAD))
        if self.lesson_driver.explanation:
            lines.append(Line(self.lesson_driver.explanation, 15, BAD))
        if course.progress.problem:
            lines.append(Line(course.progress.problem, 13, MUTED))
        self.show_panel(lines)
        self.light(self.next_button, course.goal_reached)

    def outline_focus(self) -> None:
        """Outline what the lesson points at, where it is now."""
        focus = self.course.lesson.focus
        self.outline(self.state, focus.squares, focus.blocks, focus.climber)

    def update(self) -> None:
        super().update()
        if self.course.goal_reached and self.focus_parts:
            self.clear_outline()

    # ----- attempts -------------------------------------------------------------------------

    def show_applied(self, before: GameState, events: list[Event]) -> None:
        super().show_applied(before, events)
        if self.lesson_driver.goal_reached:
            self.hud.announce(_("Lesson done!"), (80, 200, 120))
        else:  # what to use may have moved: the outlines follow it
            self.outline_focus()
        self.show_lesson()

    def refuse(self, refusal: IllegalAction | Refused) -> None:
        super().refuse(refusal)
        self.show_lesson()

    def enter_step(self) -> None:
        """Once the goal is reached the lesson takes no more moves (Undo may still take back
        a step of the turn): no tool, and the players' panel says what to do now."""
        if not self.course.goal_reached:
            super().enter_step()
            return
        self.close_tool()
        self.hud.refresh(self.state, can_undo=self.driver.can_undo)
        self.hud.set_title(what_now(NEXT))
        self.hud.skip.enabled = self.hud.done.enabled = False

    def tell_done(self) -> None:
        """A move tried after the goal: why nothing happens, and what to press."""
        self.hud.message(no_more(NEXT), bad=True)

    def input(self, key: str) -> None:
        """After the goal Space, Enter or a click on the table says why nothing happens (the
        Skip and Done buttons are off)."""
        on_table = key == "left mouse down" and not over_panel()
        if self.course.goal_reached and (key in (SKIP_KEY, DONE_KEY) or on_table):
            self.tell_done()
            return
        super().input(key)

    def again(self) -> tuple[object, ...]:
        """The lesson on the table as it stands: its position, history and goal."""
        return (self.course.lesson.id, True)

    def restart(self) -> None:
        """Begin this lesson again."""
        self.on_open(self.course.lesson.id)

    def next_lesson(self) -> None:
        """On to the lesson after this one; after the last, the list of lessons, saying so."""
        lessons = self.course.lessons
        if self.number == len(lessons):
            self.hud.message(_("That was the last lesson: choose any lesson from the list."))
            self.on_list()
            return
        self.on_open(lessons[self.number].id)

    def recover(self) -> None:
        super().recover()
        self.show_lesson()


def lesson_list(
    course: Course, on_open: Callable[[str], None], on_close: Callable[[], None]
) -> PickList:
    """Every lesson, with a tick on those done; a click opens one."""
    picks = [
        Pick(
            say(N_("{number}. {title}"), number=i, title=lesson.text().title),
            lesson.id in course.completed,
            partial(on_open, lesson.id),
        )
        for i, lesson in enumerate(course.lessons, start=1)
    ]
    done = say(N_("{done} of {count} done"), done=len(course.completed), count=len(course.lessons))
    return PickList(_("Learn to play"), done, [("", picks)], on_close)
