"""A Clamber lesson on the table: the play screen played through the shared lesson driver
(climbers.session.lessons), with the lesson's panel (where in the course, the goal, how it goes,
the lesson's sentence beside a refusal) and the way on to the next lesson."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Vec2, window

from climbers.app.panels.canvas import BAD, GOOD, INK, MUTED, Canvas, Line, scale, text_panel
from climbers.app.panels.widgets import ACCENT, BUTTON
from climbers.clamber.core import ClamberRefusal, ClamberState, Turn
from climbers.clamber.lessons import ClamberCourse
from climbers.clamber.table.hud import ClamberHud
from climbers.clamber.table.play_screen import PlayScreen
from climbers.io.language import N_, _, say
from climbers.session.driver import Refused
from climbers.session.lessons import LessonDriver

PANEL_WIDTH = 440
"""Reference pixels: the lesson panel's width, at the window's top right."""


class LessonScreen(PlayScreen):
    """Lesson `course.lesson` being played (Blue is the learner); `on_open(id)` opens a lesson,
    `on_menu()` goes back to the new-game screen."""

    def __init__(
        self,
        course: ClamberCourse,
        on_open: Callable[[str], None],
        on_menu: Callable[[], None],
    ) -> None:
        self.course = course
        self.lesson_driver = LessonDriver(course)
        self.on_open = on_open
        self.refused: ClamberRefusal | Refused | None = None
        """The last refusal, the rules' or the lesson's."""
        super().__init__(course.session, driver=self.lesson_driver)
        self.panel = Canvas(name="lesson-panel")
        corner = window.bottom_right  # over the Undo and End turn buttons
        rows = [
            (N_("Restart lesson"), self.restart),
            (N_("Next lesson"), self.next_lesson),
            (N_("Back to menu"), on_menu),
        ]
        self.buttons = [
            ClamberHud._button(_(text), corner + Vec2(-0.155, 0.24 + 0.065 * (2 - i)), action)
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
            lines.append(Line(_("Well done: the goal is reached."), 17, GOOD))
        if self.lesson_driver.explanation:
            lines.append(Line(self.lesson_driver.explanation, 15, BAD))
        if course.progress.problem:
            lines.append(Line(course.progress.problem, 13, MUTED))
        k = scale()
        image = text_panel(lines, PANEL_WIDTH)
        self.panel.show(image, window.size[0] - image.width - 12 * k, 12 * k)
        self.next_button.color = ACCENT if course.goal_reached else BUTTON

    def refuse(self, refusal: ClamberRefusal | Refused) -> None:
        """The reason in the HUD, as in a game, and the lesson's own sentence in its panel
        (every refusal: of a turn played, or of a click the table asked the rules about)."""
        super().refuse(refusal)
        self.refused = refusal
        self.lesson_driver.explanation = self.course.explanation(refusal)
        self.show_lesson()

    def _captioned(self, state: object, events: object) -> None:
        """The lesson's panel stands where the strip of recent turns would."""

    def apply(self, turn: Turn, shown: int = 0) -> bool:
        done = super().apply(turn, shown)
        if done and self.course.goal_reached:
            self.hud.announce(_("Lesson done!"), (80, 200, 120))
            self.enter_turn()
        self.show_lesson()
        return done

    def enter_turn(self) -> None:
        super().enter_turn()
        if self.course.goal_reached:
            self.hud.message(_("Well done: the goal is reached."))

    def hand_over(self, state: ClamberState) -> None:
        """No banner for Red once the lesson is done: the lesson ends with the learner's turn."""
        if not self.course.goal_reached:
            super().hand_over(state)

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
