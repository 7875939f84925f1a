"""Playing The Climbers' lessons: the shared course and driver (climbers.session.lessons) with
this game's sessions, goals and seats.

The player plays the lesson's learner seat; every other seat passes whenever it is its turn to
act, until the goal is reached. A lesson completes on its goal (lessons.goals).
"""

from __future__ import annotations

from pathlib import Path

from climbers.session.lessons import GENERAL_EXPLANATION, Attempt, LessonDriver
from climbers.session.lessons import Course as SharedCourse
from climbers.the_climbers.core import Event, Pass
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.lessons.goals import goal_reached, seat_of
from climbers.the_climbers.lessons.model import Lesson, load_lessons
from climbers.the_climbers.lessons.progress import load_progress

__all__ = ["GENERAL_EXPLANATION", "Attempt", "Course", "LessonDriver"]


class Course(SharedCourse):
    """The Climbers' lessons in order, the player's progress, and the lesson being played."""

    lesson: Lesson
    session: GameSession

    @classmethod
    def open(cls, lessons: Path | None = None, progress: Path | None = None) -> Course:
        """The lessons of a lesson file (default: the bundled one; LessonFileProblem when it is
        not usable) with the progress kept in `progress` (default: the data folder's)."""
        return cls(load_lessons(lessons), load_progress(progress))

    def new_session(self, lesson: Lesson) -> GameSession:
        self._seat = seat_of(lesson.start, lesson.learner)
        return GameSession(lesson.start)

    def reached(self, lesson: Lesson, session: GameSession) -> bool:  # type: ignore[override]
        return goal_reached(lesson.done_when, session.history)

    def end_turn(self) -> Attempt:
        """Pass every step left of the player's own turn (or the player's answering move)."""
        if self.state.finished or self.state.actor != self._seat:
            return self.attempt(Pass(player=self.lesson.learner))
        return self.applied(self.session.done())

    def others_act(self) -> list[Event]:
        """Every other seat passes while it is its turn to act, until the goal is reached."""
        events: list[Event] = []
        while not (self.state.finished or self.state.actor == self._seat or self.goal_reached):
            events += self.session.act(Pass(player=self.state.players[self.state.actor].colour))
        return events
