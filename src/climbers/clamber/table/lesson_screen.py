"""A Clamber lesson on the table: the play screen played through the shared lesson driver
(climbers.session.lessons), with the shared lesson panel and buttons
(climbers.app.screens.lesson_panel)."""

from __future__ import annotations

import math
from collections.abc import Callable

from ursina import Vec2, Vec3, window

from climbers.app.screens.lesson_panel import DONE, LessonPanel
from climbers.app.table.camera import HEADING
from climbers.clamber.core import ClamberRefusal, ClamberState, Turn
from climbers.clamber.lessons import ClamberCourse
from climbers.clamber.table.hud import ClamberHud
from climbers.clamber.table.play_screen import PlayScreen
from climbers.io.language import _
from climbers.session.driver import Refused
from climbers.session.lessons import LessonDriver

ASIDE, BACK = 0.7, 1.08
"""How far the lesson's view of the board looks to the right of the game's (in cells), and from
how much farther: the stacks stand clear of the lesson's panel at the top right, however long
its text grows, and of the players' panel at the top left."""


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
        self.rig.frame = self.lesson_view
        self.rig.reset()
        corner = window.bottom_right  # over the Undo and End turn buttons
        self.lesson_buttons(ClamberHud._button, corner + Vec2(-0.155, 0.37), Vec2(0, -0.065))
        self.show_lesson()

    def lesson_view(self) -> tuple[Vec3, float]:
        """The game's opening view looking ASIDE cells to its right from BACK times as far (the
        Home key's too)."""
        pivot, distance = self.view.home_view()
        heading = math.radians(HEADING)
        return pivot + Vec3(math.cos(heading), 0, -math.sin(heading)) * ASIDE, distance * BACK

    def person_acts(self) -> bool:
        """The learner plays until the goal is reached; then the lesson is done."""
        return super().person_acts() and not self.course.goal_reached

    def click(self, cell: str | None) -> None:
        """After the goal a click on the board says why nothing happens and what to press."""
        if self.course.goal_reached and cell is not None:
            self.tell_done()
            return
        super().click(cell)

    def end_chain(self) -> None:
        """Enter or Space after the goal: the same."""
        if self.course.goal_reached:
            self.tell_done()
            return
        super().end_chain()

    def refuse(self, refusal: ClamberRefusal | Refused) -> None:
        """The reason in the HUD, as in a game, and the lesson's own sentence in its panel
        (every refusal: of a turn played, or of a click the table asked the rules about)."""
        super().refuse(refusal)
        self.refused = refusal
        self.explain(refusal)

    def choose(self, cell: str) -> None:
        super().choose(cell)
        self.step_taken()

    def capture_equal(self, cell: str) -> None:
        chain = len(self.chain)
        super().capture_equal(cell)
        if len(self.chain) > chain:
            self.step_taken()

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

    def show_turn(self) -> None:
        """Once the goal is reached the players' panel says what to do now, not whose turn
        it is."""
        if not self.course.goal_reached:
            super().show_turn()
            return
        self.hud.refresh(self.state, self.done_title(), can_undo=self.session.can_undo())

    def hand_over(self, state: ClamberState) -> None:
        """No banner for Red once the lesson is done: the lesson ends with the learner's turn."""
        if not self.course.goal_reached:
            super().hand_over(state)
