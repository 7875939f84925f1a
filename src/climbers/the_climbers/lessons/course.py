"""Playing the lessons: the driver the window uses, without a window of its own.

Every attempt goes through the core (core.apply, by way of a GameSession), so every
refusal is the core's; the lesson adds its own sentence beside it. The player plays the lesson's
learner seat; every other seat passes whenever it is its turn to act, until the goal is reached.
A lesson completes on its goal (lessons.goals), not on any action, and its id is then
kept in the progress file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from climbers.io.language import N_, say, translate
from climbers.the_climbers.core import Action, Event, GameState, IllegalAction, Pass
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.lessons.goals import goal_reached, seat_of
from climbers.the_climbers.lessons.model import Lesson, load_lessons
from climbers.the_climbers.lessons.progress import Progress, load_progress

GENERAL_EXPLANATION = N_("Not that way. The goal: {goal}")
"""The lesson's sentence beside a refusal it has no explanation of its own for: its goal again
(the core's reason beside it says what failed)."""


@dataclass(frozen=True)
class Attempt:
    """What one attempt did.

    Refused: `refusal` is the core's (reason, sentence, squares and blocks at fault) and
    `explanation` the lesson's sentence for it. Applied: `events` are all that happened, the
    other seats' passes included. Either way `goal_reached` tells whether the lesson is done, and
    `needs_restart` whether the game ended without the goal.
    """

    events: tuple[Event, ...]
    goal_reached: bool
    needs_restart: bool
    refusal: IllegalAction | None = None
    explanation: str | None = None

    @property
    def applied(self) -> bool:
        """Whether the action was applied."""
        return self.refusal is None


class Course:
    """The lessons in order, the player's progress, and the lesson being played."""

    def __init__(self, lessons: Sequence[Lesson], progress: Progress) -> None:
        self.lessons = tuple(lessons)
        self.progress = progress
        self._lesson: Lesson | None = None
        self._session: GameSession | None = None
        self._seat = 0

    @classmethod
    def open(cls, lessons: Path | None = None, progress: Path | None = None) -> Course:
        """The lessons of a lesson file (default: the bundled one; LessonFileProblem when it is
        not usable) with the progress kept in `progress` (default: the data folder's)."""
        return cls(load_lessons(lessons), load_progress(progress))

    # -- reading ---------------------------------------------------------------------------

    def find(self, lesson_id: str) -> Lesson:
        """The lesson with this id; KeyError when there is none."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)

    @property
    def completed(self) -> frozenset[str]:
        """The ids of the lessons completed so far."""
        return frozenset(self.progress.completed)

    @property
    def lesson(self) -> Lesson:
        """The lesson being played (RuntimeError before `start`)."""
        if self._lesson is None:
            raise RuntimeError("no lesson started")
        return self._lesson

    @property
    def session(self) -> GameSession:
        """The lesson's game: its state, history and listeners (RuntimeError before `start`)."""
        if self._session is None:
            raise RuntimeError("no lesson started")
        return self._session

    @property
    def state(self) -> GameState:
        """The current state of the lesson's game."""
        return self.session.state

    @property
    def goal_reached(self) -> bool:
        """Whether the lesson's goal holds now."""
        return goal_reached(self.lesson.done_when, self.session.history)

    @property
    def needs_restart(self) -> bool:
        """Whether the game has ended without the goal: only a restart helps."""
        return self.state.finished and not self.goal_reached

    def explanation(self, refusal: IllegalAction) -> str:
        """The lesson's sentence to show beside the core's refusal, in the current language."""
        own = self.lesson.explanations.get(refusal.reason)
        if own is None:
            return say(GENERAL_EXPLANATION, goal=translate(self.lesson.goal))
        return translate(own)

    # -- playing ---------------------------------------------------------------------------

    def start(self, lesson_id: str) -> GameState:
        """Begin lesson `lesson_id` (KeyError when there is none) at its position."""
        lesson = self.find(lesson_id)
        self._lesson = lesson
        self._seat = seat_of(lesson.start, lesson.learner)
        self._session = GameSession(lesson.start)
        self._let_others_pass()
        return self.state

    def restart(self) -> GameState:
        """Begin the current lesson again."""
        return self.start(self.lesson.id)

    def attempt(self, action: Action) -> Attempt:
        """Apply the player's `action` through the core, then let the other seats pass."""
        try:
            events = self.session.act(action)
        except IllegalAction as refusal:
            return Attempt(
                (), self.goal_reached, self.needs_restart, refusal, self.explanation(refusal)
            )
        return self._applied(events)

    def end_turn(self) -> Attempt:
        """Pass every step left of the player's own turn (or the player's answering move)."""
        if self.state.finished or self.state.actor != self._seat:
            return self.attempt(Pass(player=self.lesson.learner))
        return self._applied(self.session.done())

    def _applied(self, events: list[Event]) -> Attempt:
        events = events + self._let_others_pass()
        if self.goal_reached:
            self.progress.complete(self.lesson.id)
        return Attempt(tuple(events), self.goal_reached, self.needs_restart)

    def _let_others_pass(self) -> list[Event]:
        """Every other seat passes while it is its turn to act, until the goal is reached."""
        events: list[Event] = []
        while not (self.state.finished or self.state.actor == self._seat or self.goal_reached):
            events += self.session.act(Pass(player=self.state.players[self.state.actor].colour))
        return events


class LessonDriver:
    """A lesson on the table (climbers.session.driver): every action is an attempt at the
    lesson's goal, after which the other seats pass; a refusal keeps the lesson's explanation."""

    no_undo = N_("Nothing of this turn to undo.")

    def __init__(self, course: Course) -> None:
        self.course = course
        self.explanation = ""
        """The lesson's sentence beside the last refusal ('' once an action went through)."""
        self.goal_reached = course.goal_reached

    @property
    def session(self) -> GameSession:
        return self.course.session

    @property
    def state(self) -> GameState:
        return self.course.state

    def act(self, action: Action) -> list[Event]:
        return self._outcome(self.course.attempt(action))

    def done(self) -> list[Event]:
        return self._outcome(self.course.end_turn())

    def _outcome(self, attempt: Attempt) -> list[Event]:
        self.explanation = attempt.explanation or ""
        if attempt.refusal is not None:
            raise attempt.refusal
        self.goal_reached = attempt.goal_reached
        return list(attempt.events)

    def undo(self) -> bool:
        return self.course.session.undo()

    def redo(self) -> list[Event] | None:
        return self.course.session.redo()
