"""A Burg Klettermax lesson on the table: the play screen played through the shared lesson
driver (climbers.session.lessons), with the lesson's panel (where in the course, the goal, how
it goes, the lesson's sentence beside a refusal) and the way on to the next lesson."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Vec2, window

from climbers.app.panels.canvas import BAD, GOOD, INK, MUTED, Canvas, Line, scale, text_panel
from climbers.app.panels.widgets import ACCENT, BUTTON
from climbers.io.language import N_, _, say
from climbers.klettermax.core import Action, Refused
from climbers.klettermax.lessons import KlettermaxCourse
from climbers.klettermax.table.hud import KlettermaxHud
from climbers.klettermax.table.play_screen import PlayScreen
from climbers.session.lessons import LessonDriver

PANEL_WIDTH = 440
"""Reference pixels: the lesson panel's width, at the window's top right."""
DONE = N_("Well done: the goal is reached.")


class LessonScreen(PlayScreen):
    """Lesson `course.lesson` being played (Purple, seat 0, is the learner); `on_open(id)` opens
    a lesson, `on_menu()` goes back to the new-game screen."""

    def __init__(
        self, course: KlettermaxCourse, on_open: Callable[[str], None], on_menu: Callable[[], None]
    ) -> None:
        self.course = course
        self.lesson_driver = LessonDriver(course)
        self.on_open = on_open
        super().__init__(course.session, driver=self.lesson_driver)
        self.panel = Canvas(name="lesson-panel")
        corner = window.bottom_left  # the right holds the game's buttons
        rows = [
            (N_("Restart lesson"), self.restart),
            (N_("Next lesson"), self.next_lesson),
            (N_("Back to menu"), on_menu),
        ]
        self.buttons = [
            KlettermaxHud._button(_(text), corner + Vec2(0.155, 0.22 - 0.065 * i), action)
            for i, (text, action) in enumerate(rows)
        ]
        self.next_button = self.buttons[1]
        self.show_lesson()

    @property
    def number(self) -> int:
        """The lesson's place in the course, from 1."""
        return self.course.lessons.index(self.course.lesson) + 1

    def person_acts(self) -> bool:
        """The learner plays until the goal is reached; then the lesson is done."""
        return super().person_acts() and not self.course.goal_reached

    def show_lesson(self) -> None:
        """Redraw the lesson panel: where in the course, the goal, the intro, how it goes."""
        lesson, course = self.course.lesson, self.course
        title = say(
            N_("Lesson {number} of {count}: {title}"),
            number=self.number,
            count=len(course.lessons),
            title=_(lesson.title),
        )
        lines = [Line(title, 19), Line(_(lesson.goal), 17, INK), Line(_(lesson.intro), 15, MUTED)]
        if course.goal_reached:
            lines.append(Line(_(DONE), 17, GOOD))
        elif course.needs_restart or (lesson.aim == "loot" and course.state.turn.seat != 0):
            lines.append(Line(_("Missed twice: Restart lesson tries again."), 15, BAD))
        if self.lesson_driver.explanation:
            lines.append(Line(self.lesson_driver.explanation, 15, BAD))
        if course.progress.problem:
            lines.append(Line(course.progress.problem, 13, MUTED))
        k = scale()
        image = text_panel(lines, PANEL_WIDTH)
        self.panel.show(image, window.size[0] - image.width - 12 * k, 12 * k)
        self.next_button.color = ACCENT if course.goal_reached else BUTTON

    def refuse(self, problem: Refused) -> None:
        """The reason in the HUD, as in a game, and the lesson's own sentence in its panel."""
        super().refuse(problem)
        self.lesson_driver.explanation = self.course.explanation(problem)
        self.show_lesson()

    def _captioned(self, state: object, events: object) -> None:
        """The lesson's panel stands where the strip of recent actions would."""

    def apply(self, action: Action) -> bool:
        done = super().apply(action)
        if done and self.course.goal_reached:
            self.hud.announce(_("Lesson done!"), (80, 200, 120))
            self.hud.message(_(DONE))
        self.show_lesson()
        return done

    def again(self) -> tuple[object, ...]:
        """The lesson on the table, from its start."""
        return (self.course.lesson.id,)

    def restart(self) -> None:
        """Begin this lesson again."""
        self.on_open(self.course.lesson.id)

    def next_lesson(self) -> None:
        """On to the lesson after this one (after the last: the first)."""
        lessons = self.course.lessons
        self.on_open(lessons[self.number % len(lessons)].id)
