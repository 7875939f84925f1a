"""A Clamber lesson on the table: the play screen played through the shared lesson driver
(climbers.session.lessons), with the shared lesson panel and buttons
(climbers.app.screens.lesson_panel)."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Vec2, window

from climbers.app.screens.lesson_panel import DONE, LessonPanel
from climbers.clamber.core import ClamberRefusal, ClamberState, Turn
from climbers.clamber.lessons import ClamberCourse
from climbers.clamber.table.hud import ClamberHud
from climbers.clamber.table.play_screen import PlayScreen
from climbers.io.language import _
from climbers.session.driver import Refused
from climbers.session.lessons import LessonDriver


class LessonScreen(LessonPanel, PlayScreen):
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
        self.on_menu = on_menu
        self.refused: ClamberRefusal | Refused | None = None
        """The last refusal, the rules' or the lesson's."""
        super().__init__(course.session, driver=self.lesson_driver)
        corner = window.bottom_right  # over the Undo and End turn buttons
        self.lesson_buttons(ClamberHud._button, corner + Vec2(-0.155, 0.37), Vec2(0, -0.065))
        self.show_lesson()

    def person_acts(self) -> bool:
        """The learner plays until the goal is reached; then the lesson is done."""
        return super().person_acts() and not self.course.goal_reached

    def refuse(self, refusal: ClamberRefusal | Refused) -> None:
        """The reason in the HUD, as in a game, and the lesson's own sentence in its panel
        (every refusal: of a turn played, or of a click the table asked the rules about)."""
        super().refuse(refusal)
        self.refused = refusal
        self.explain(refusal)

    def _captioned(self, state: object, events: object) -> None:
        """The lesson's panel stands where the strip of recent turns would."""

    def apply(self, turn: Turn, shown: int = 0) -> bool:
        done = super().apply(turn, shown)
        if done and self.course.goal_reached:
            self.lesson_done()
        self.show_lesson()
        return done

    def enter_turn(self) -> None:
        super().enter_turn()
        if self.course.goal_reached:
            self.hud.message(_(DONE))

    def hand_over(self, state: ClamberState) -> None:
        """No banner for Red once the lesson is done: the lesson ends with the learner's turn."""
        if not self.course.goal_reached:
            super().hand_over(state)
