"""A Burg Klettermax lesson on the table: the play screen played through the shared lesson
driver (climbers.session.lessons), with the shared lesson panel and buttons
(climbers.app.screens.lesson_panel)."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Vec2, window

from climbers.app.panels.canvas import BAD, Line, scale
from climbers.app.screens.lesson_panel import LessonPanel
from climbers.io.language import N_, _, say
from climbers.klettermax.core import Action, Refused, State
from climbers.klettermax.lessons import OFF_SPOT, KlettermaxCourse
from climbers.klettermax.table.flight import Box, frame_tower
from climbers.klettermax.table.hud import KlettermaxHud
from climbers.klettermax.table.play_screen import WENT_BACK, PlayScreen
from climbers.session.driver import Refused as ModeRefused
from climbers.session.lessons import LessonDriver

MISSED_TWICE = N_("Missed twice: Restart lesson tries again.")
TRIES = 3
"""Tries the flick lesson gives (each a flick and, after a miss, a second): after a try's second
miss the knights are put back for the next."""
TRY_AGAIN = N_("Try {number} of {count}: your knights are back; faster flies farther.")
BUTTONS_WIDTH = 220.0
"""Reference pixels the lesson's buttons take at the bottom left: the line above the key help
keeps clear of them."""
GROWTH = 70
"""Reference pixels the lesson's panel may grow by (a refusal's sentence, the two misses'):
the view framing the tower keeps the spots clear of them too."""


class LessonScreen(LessonPanel, PlayScreen):
    """Lesson `course.lesson` being played (Purple, seat 0, is the learner); `on_open(id)` opens
    a lesson, `on_menu()` goes back to the new-game screen."""

    def __init__(
        self, course: KlettermaxCourse, on_open: Callable[[str], None], on_menu: Callable[[], None]
    ) -> None:
        self.course = course
        self.lesson_driver = LessonDriver(course)
        self.on_open = on_open
        self.on_menu = on_menu
        super().__init__(course.session, driver=self.lesson_driver)
        corner = window.bottom_left  # the right holds the game's buttons
        self.lesson_buttons(KlettermaxHud._button, corner + Vec2(0.155, 0.22), Vec2(0, -0.065))
        self.hud.clear_of = (BUTTONS_WIDTH, self.hud.clear_of[1])
        self.show_lesson()
        if self.can_flick():  # framed before the panel was there
            frame_tower(self.rig, self.state, at_once=True, clear_of=self.panels())

    def panels(self) -> tuple[Box, ...]:
        """The players' panel and the lesson's, with room for it to grow."""
        lesson = getattr(self, "panel", None)
        if lesson is None:
            return super().panels()
        left, top, right, bottom = lesson.box
        return (*super().panels(), (left, top, right, bottom + GROWTH * scale()))

    def viewer_spot(self) -> int | None:
        """The table is seen from the learner's tower, whoever is to act (after the goal the
        other player is, and a change of language shows the lesson anew)."""
        return self.state.seats[0].spot

    def person_acts(self) -> bool:
        """The learner plays until the goal is reached; then the lesson is done."""
        return super().person_acts() and not self.course.goal_reached

    def offered(self, state: State) -> list[Action]:
        """Only the actions the lesson takes: no End turn where it refuses ending the turn."""
        return [a for a in super().offered(state) if self.course.judge(a) is None]

    def extra_lines(self) -> list[Line]:
        """The flick lesson's two misses: only a restart helps (K15)."""
        course = self.course
        if course.goal_reached:
            return []
        missed = course.lesson.aim == "loot" and course.state.turn.seat != 0
        if course.needs_restart or (missed and course.tries >= TRIES):
            return [Line(_(MISSED_TWICE), 15, BAD)]
        return []

    def title(self, state: State, ends: bool = True) -> str:
        """Once the goal is reached the players' panel says what to do now."""
        if self.course.goal_reached:
            return self.done_title()
        return super().title(state, ends)

    def press(self) -> None:
        """After the goal a press on the table says why nothing happens and what to press."""
        if self.course.goal_reached:
            self.tell_done()
        else:
            super().press()

    def pull_began(self) -> None:
        """The lesson's sentence for the last refusal goes too."""
        super().pull_began()
        self.step_taken()

    def roll(self) -> None:
        """Space after the goal: the same."""
        if self.course.goal_reached:
            self.tell_done()
        else:
            super().roll()

    def end_turn(self) -> None:
        """Enter after the goal: the same."""
        if self.course.goal_reached:
            self.tell_done()
        else:
            super().end_turn()

    def refuse(self, problem: Refused | ModeRefused) -> None:
        """The reason in the HUD, as in a game, and the lesson's own sentence in its panel."""
        super().refuse(problem)
        self.explain(problem)

    def went_back(self) -> None:
        """The tile dropped on no spot: the lesson's sentence for it beside the table's line."""
        super().went_back()
        self.explain(ModeRefused(OFF_SPOT, WENT_BACK))

    def _captioned(self, state: object, events: object) -> None:
        """The lesson's panel stands where the strip of recent actions would."""

    def missed_try(self) -> bool:
        """Whether the flick lesson's try ended in two misses with another try left."""
        course = self.course
        return (
            course.lesson.aim == "loot"
            and not course.goal_reached
            and course.state.turn.seat != 0
            and course.tries < TRIES
        )

    @property
    def moving(self) -> bool:
        """Whether pieces, a flight or the camera still move."""
        return bool(super().busy)

    @property
    def busy(self) -> bool:
        """Whether anything still moves, or a missed try waits for the knights to go back."""
        return self.moving or self.missed_try()

    def update(self) -> None:
        """Once a missed try has settled, the knights go back for the next try."""
        super().update()
        if self.missed_try() and not self.moving:
            self.next_try()

    def next_try(self) -> None:
        """The lesson's position again, on the same screen, with the try counted."""
        self.course.next_try()
        self.session = self.course.session
        self._framed = self._announced = None
        self.view.show(self.state)
        self.enter_turn()
        self.show_lesson()
        self.hud.message(say(TRY_AGAIN, number=self.course.tries, count=TRIES))

    def apply(self, action: Action) -> bool:
        done = super().apply(action)
        if done and self.course.goal_reached:
            self.lesson_done()
        self.show_lesson()
        return done
