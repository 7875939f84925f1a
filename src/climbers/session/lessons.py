"""Playing lessons of any game, without a window: the course (the lessons in order, the player's
progress, the lesson being played) and the driver a table plays a lesson through.

Every attempt goes through the game's rules (a session's `act`), so every refusal of the rules
is the game's own, with the lesson's sentence beside it; a game may also refuse a legal attempt
in the lesson's words (`judge`: a lesson about one kind of turn). A lesson completes on its goal,
not on any action, and its id is then kept in the progress file. A game's course says how a
lesson's session begins (`new_session`), when its goal holds (`reached`) and what the other
seats do between the learner's turns (`others_act`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Protocol

from climbers.io.language import N_, say, translate
from climbers.io.progress import Progress
from climbers.session.driver import Refused
from climbers.session.session import Entry, Session

LINES = {
    False: N_("{number}. {title}: {goal}"),
    True: N_("{number}. {title} (done): {goal}"),
}
"""One line of a list of lessons, by whether the lesson is completed."""
SUMMARY = N_("{done} of {total} lessons done.")
OFF_GOAL = "off_goal"
"""The reason code of a lesson's refusal of an action the rules allow but the lesson does not
ask for (a course's `judge`)."""
NOT_THE_GOAL = N_("The rules allow that turn, but it is not what this lesson asks for.")
GENERAL_EXPLANATION = N_("Not that way. The goal: {goal}")
"""The lesson's sentence beside a refusal it has no explanation of its own for: its goal again
(the rules' reason beside it says what failed)."""


def listing(lessons: Sequence[tuple[str, str, bool]]) -> list[str]:
    """The lines of a game's `learn --list`: each lesson (its title and goal in the current
    language, whether it is done) in order, then how many are done."""
    lines = [
        say(LINES[done], number=i, title=title, goal=goal)
        for i, (title, goal, done) in enumerate(lessons, start=1)
    ]
    done = sum(1 for *_, finished in lessons if finished)
    return [*lines, say(SUMMARY, done=done, total=len(lessons))]


class Lesson(Protocol):
    """What the course reads of a lesson: its id, its goal (a message template) and its own
    sentences beside refusals, by the refusal's reason code."""

    @property
    def id(self) -> str: ...

    @property
    def goal(self) -> str: ...

    @property
    def explanations(self) -> Mapping[Any, str]: ...


@dataclass(frozen=True)
class Attempt:
    """What one attempt did.

    Refused: `refusal` is the rules' (or the lesson's) and `explanation` the lesson's sentence
    for it. Applied: `events` are all that happened, the other seats' turns included. Either way
    `goal_reached` tells whether the lesson is done, and `needs_restart` whether the game ended
    without the goal.
    """

    events: tuple[Any, ...]
    goal_reached: bool
    needs_restart: bool
    refusal: Exception | None = None
    explanation: str | None = None

    @property
    def applied(self) -> bool:
        """Whether the action was applied."""
        return self.refusal is None


class Course:
    """The lessons in order, the player's progress, and the lesson being played."""

    def __init__(self, lessons: Sequence[Any], progress: Progress) -> None:
        self.lessons = tuple(lessons)
        self.progress = progress
        self._lesson: Any = None
        self._session: Session[Any] | None = None

    # -- the game's part ---------------------------------------------------------------------

    def new_session(self, lesson: Any) -> Session[Any]:
        """The session lesson `lesson` is played in, at its start."""
        raise NotImplementedError

    def reached(self, lesson: Any, session: Session[Any]) -> bool:
        """Whether the lesson's goal holds in the session's history."""
        raise NotImplementedError

    def others_act(self) -> list[Any]:
        """What the other seats do until the learner acts again (default: nothing)."""
        return []

    def judge(self, action: Any) -> Refused | None:
        """The lesson's own refusal of an action the rules take (default: none)."""
        return None

    # -- reading ---------------------------------------------------------------------------

    def find(self, lesson_id: str) -> Any:
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
    def lesson(self) -> Any:
        """The lesson being played (RuntimeError before `start`)."""
        if self._lesson is None:
            raise RuntimeError("no lesson started")
        return self._lesson

    @property
    def session(self) -> Any:
        """The lesson's game: its state, history and listeners (RuntimeError before `start`)."""
        if self._session is None:
            raise RuntimeError("no lesson started")
        return self._session

    @property
    def state(self) -> Any:
        """The current state of the lesson's game."""
        return self.session.state

    @property
    def goal_reached(self) -> bool:
        """Whether the lesson's goal holds now."""
        return self.reached(self.lesson, self.session)

    @property
    def needs_restart(self) -> bool:
        """Whether the game has ended without the goal: only a restart helps."""
        return self.session.rules.is_over(self.state) and not self.goal_reached

    @staticmethod
    def learner_steps(session: Session[Any]) -> Iterator[tuple[Entry[Any], Entry[Any]]]:
        """Each action the learner (seat 0) took in the session: the history's entry it was
        taken at, and the entry it led to."""
        for before, after in pairwise(session.history):
            if session.rules.to_act(before.state) == 0:
                yield before, after

    def explanation(self, refusal: Exception) -> str:
        """The lesson's sentence to show beside a refusal, in the current language."""
        own = self.lesson.explanations.get(getattr(refusal, "reason", None))
        if own is None:
            return say(GENERAL_EXPLANATION, goal=translate(self.lesson.goal))
        return translate(own)

    # -- playing ---------------------------------------------------------------------------

    def start(self, lesson_id: str) -> Any:
        """Begin lesson `lesson_id` (KeyError when there is none) at its position."""
        lesson = self.find(lesson_id)
        self._lesson = lesson
        self._session = self.new_session(lesson)
        self.others_act()
        return self.state

    def play(self, lesson_id: str, going_on: bool = False) -> Any:
        """Lesson `lesson_id` for a new table: from its start, or (`going_on`: the lesson under
        way, shown anew in another language) as it stands, with its history, its progress and
        its goal, the old table no longer told of its changes."""
        if going_on and self._lesson is not None and self._lesson.id == lesson_id:
            self.session.forget_listeners()
            return self.state
        return self.start(lesson_id)

    def restart(self) -> Any:
        """Begin the current lesson again."""
        return self.start(self.lesson.id)

    def attempt(self, action: Any) -> Attempt:
        """Apply the player's `action` through the rules (unless the lesson refuses it), then
        let the other seats act."""
        refusal: Exception | None = self.judge(action)
        if refusal is None:
            try:
                return self.applied(self.session.act(action))
            except self.session.rules.refusal as exc:
                refusal = exc
        return Attempt(
            (), self.goal_reached, self.needs_restart, refusal, self.explanation(refusal)
        )

    def end_turn(self) -> Attempt:
        """End the player's own turn where the game has such a step (the Done button)."""
        return self.applied(self.session.done())

    def applied(self, events: list[Any]) -> Attempt:
        """After the player's action: the other seats act, and a goal reached is kept."""
        events = events + self.others_act()
        if self.goal_reached:
            self.progress.complete(self.lesson.id)
        return Attempt(tuple(events), self.goal_reached, self.needs_restart)


class LessonDriver:
    """A lesson on the table (climbers.session.driver): every action is an attempt at the
    lesson's goal, after which the other seats act; a refusal keeps the lesson's explanation."""

    no_undo = N_("Nothing of this turn to undo.")

    def __init__(self, course: Course) -> None:
        self.course = course
        self.explanation = ""
        """The lesson's sentence beside the last refusal ('' once an action went through)."""
        self.goal_reached = course.goal_reached

    @property
    def session(self) -> Any:
        return self.course.session

    @property
    def state(self) -> Any:
        return self.course.state

    def act(self, action: Any) -> list[Any]:
        return self._outcome(self.course.attempt(action))

    def done(self) -> list[Any]:
        return self._outcome(self.course.end_turn())

    def _outcome(self, attempt: Attempt) -> list[Any]:
        self.explanation = attempt.explanation or ""
        if attempt.refusal is not None:
            raise attempt.refusal
        self.goal_reached = attempt.goal_reached
        return list(attempt.events)

    @property
    def can_undo(self) -> bool:
        return bool(self.course.session.can_undo())

    def undo(self) -> bool:
        return bool(self.course.session.undo())

    def redo(self) -> list[Any] | None:
        events: list[Any] | None = self.course.session.redo()
        return events
