"""A Burg Klettermax lesson as a mode of the play screen (climbers.app.screens.lesson_panel):
Purple, seat 0, is the learner; the flick lesson gives TRIES tries (each a flick and, after a
miss, a second) before only a restart helps (K15)."""

from __future__ import annotations

from climbers.app.panels.canvas import BAD, Line
from climbers.app.screens.lesson_panel import LessonMode
from climbers.io.language import N_, _
from climbers.klettermax.lessons import KlettermaxCourse

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


class KlettermaxLesson(LessonMode):
    """Lesson `course.lesson` on the play screen (see the module)."""

    course: KlettermaxCourse

    def extra_lines(self) -> list[Line]:
        """The flick lesson's two misses: only a restart helps (K15)."""
        course = self.course
        if course.goal_reached:
            return []
        missed = course.lesson.aim == "loot" and course.state.turn.seat != 0
        if course.needs_restart or (missed and course.tries >= TRIES):
            return [Line(_(MISSED_TWICE), 15, BAD)]
        return []

    def missed_try(self) -> bool:
        """Whether the flick lesson's try ended in two misses with another try left."""
        course = self.course
        return (
            course.lesson.aim == "loot"
            and not course.goal_reached
            and course.state.turn.seat != 0
            and course.tries < TRIES
        )
