"""Clamber's lessons on the shared course (climbers.session.lessons): placing, a lower capture,
an equal-capture chain, a subgroup's removal and a win, each a small position set out by hand
with Blue, the learner, to find one turn.

A lesson is done when the learner's turn does what it asks (`goal`); the rules refuse what they
refuse (the lesson's sentence beside their reason), and a turn the rules take that does not
reach the goal is refused by the lesson in its own words, so the board stays as it was and the
learner tries again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from climbers.clamber.core import (
    ClamberState,
    Ended,
    EqualChain,
    Event,
    LowerCapture,
    Place,
    Reason,
    Removed,
    Turn,
    arranged,
)
from climbers.clamber.game.session import ClamberSession
from climbers.io import progress
from climbers.io.language import N_
from climbers.io.progress import Progress
from climbers.session.driver import Refused
from climbers.session.lessons import NOT_THE_GOAL, OFF_GOAL, Course

KIND = "clamber-lesson"
"""Clamber's lesson progress: clamber-lessons-progress.json in the data folder."""
Goal = Literal["place", "lower", "chain", "removal", "win"]


@dataclass(frozen=True)
class ClamberLesson:
    """One lesson: its words (message templates), the rulings it teaches, its position, what
    its goal is, the lesson's sentences beside refusals by reason code (OFF_GOAL: a turn that
    does not reach the goal), and for the tests the turn that solves it and turns refused."""

    id: str
    title: str
    goal: str
    intro: str
    rulings: tuple[str, ...]
    stacks: str
    aim: Goal
    solution: str
    wrong: tuple[str, ...]
    explanations: Mapping[str, str] = field(default_factory=dict)
    count: int = 1
    """How many captures (a chain) or removed stacks (a removal) the goal asks for."""

    @property
    def start(self) -> ClamberState:
        """The position the lesson begins in, Blue to play."""
        return arranged(self.stacks)

    def met_by(self, turn: Turn, events: Sequence[Event]) -> bool:
        """Whether the learner's `turn`, with its `events`, reaches the goal."""
        if self.aim == "place":
            return isinstance(turn, Place)
        if self.aim == "lower":
            return isinstance(turn, LowerCapture)
        if self.aim == "chain":
            return isinstance(turn, EqualChain) and len(turn.targets) >= self.count
        if self.aim == "removal":
            return sum(len(ev.cells) for ev in events if isinstance(ev, Removed)) >= self.count
        return any(isinstance(ev, Ended) and ev.result.winner == 0 for ev in events)


LESSONS = (
    ClamberLesson(
        "placing",
        N_("Placing a stone"),
        N_("Place a stone of yours on an empty cell."),
        N_(
            "Each turn you do one thing. The simplest is to place one stone of your colour on "
            "any empty cell: click it."
        ),
        ("C3", "C6"),
        "A1 b1, C3 r2, D3 r2",
        "place",
        "place E4",
        ("place C3",),
        {
            Reason.OCCUPIED: N_("A stone goes only on an empty cell, one without a stack."),
            Reason.NOT_YOURS: N_("A stone goes only on an empty cell, one without a stack."),
        },
    ),
    ClamberLesson(
        "lower-capture",
        N_("A lower capture"),
        N_("Capture a lower stack next to your stack on C3."),
        N_(
            "Click your stack on C3: the lower enemy stacks next to it get a yellow ring. Click "
            "one to capture it: it gets one of your stones on top and becomes yours."
        ),
        ("C7", "C8"),
        "C3 b3, D3 r1, B3 r2, C4 r4, C5 r1",
        "lower",
        "C3xD3",
        ("place A1", "C3xC5", "C3xC4"),
        {
            OFF_GOAL: N_("Capture instead: click your stack on C3, then a ringed stack."),
            Reason.NOT_NEIGHBOUR: N_("A lower capture takes a stack right next to yours."),
            Reason.NOT_LOWER: N_("Only a stack lower than yours can be captured this way."),
        },
    ),
    ClamberLesson(
        "chain",
        N_("Equal captures and chains"),
        N_("Capture three stacks in one turn, one after the other."),
        N_(
            "A stack captures an enemy stack of its own height in an enemy group that touches "
            "it (a group: one player's stacks joined cell to cell, whatever their heights). "
            "The stack just captured, now yours and one higher, may capture again: start with "
            "B2 and keep going while a stack is marked."
        ),
        ("C9", "C10"),
        "B2 b1, C3 r1, D4 r2, E5 r3, A3 r1",
        "chain",
        "B2=C3=D4=E5",
        ("B2=C3", "place A1", "B2=A3"),
        {
            OFF_GOAL: N_(
                "Keep going: after each capture, capture again with the stack just taken."
            ),
            Reason.GROUP_NOT_ADJACENT: N_(
                "Red's stack on A3 is a group of its own, away from B2. Red's other group, C3, "
                "D4 and E5, touches B2 at C3: capture C3 first."
            ),
        },
        count=3,
    ),
    ClamberLesson(
        "subgroup",
        N_("Removing a subgroup"),
        N_("Capture so that two more enemy stacks leave the board."),
        N_(
            "When you capture a stack, every other enemy stack of its height joined to it (its "
            "subgroup) leaves the board. Look for a stack whose neighbours are as high as it is."
        ),
        ("C5", "C7"),
        "C2 b2, C3 r1, D3 r1, D4 r1, B1 r3, A1 r2",
        "removal",
        "C2xC3",
        ("place E5",),
        {
            OFF_GOAL: N_("Capture one of the three joined stacks of one: the other two go."),
        },
        count=2,
    ),
    ClamberLesson(
        "winning",
        N_("Winning"),
        N_("Win in this turn: leave Red without a stack on the board."),
        N_(
            "You win at once when your capture leaves the other player without any stack. Red "
            "has two joined stacks of one left."
        ),
        ("C12",),
        "C3 b2, D3 r1, D4 r1, A1 b1",
        "win",
        "C3xD3",
        ("place E5",),
        {
            OFF_GOAL: N_("That does not win yet: capture one of Red's two stacks."),
        },
    ),
)


def load_progress(path: Path | None = None) -> Progress:
    """Clamber's lesson progress kept in `path` (default: the data folder's), never fatal."""
    return progress.load_progress(KIND, path)


class ClamberCourse(Course):
    """Clamber's lessons in order, the progress, and the lesson being played."""

    def __init__(
        self, lessons: Sequence[ClamberLesson] = LESSONS, kept: Progress | None = None
    ) -> None:
        super().__init__(lessons, kept if kept is not None else load_progress())

    def new_session(self, lesson: ClamberLesson) -> ClamberSession:
        return ClamberSession(lesson.start)

    def reached(self, lesson: ClamberLesson, session: ClamberSession) -> bool:  # type: ignore[override]
        return any(
            lesson.met_by(entry.action, entry.events) for _, entry in self.learner_steps(session)
        )

    def judge(self, action: Turn) -> Refused | None:
        """A turn the rules take but that does not reach the goal, in the lesson's words."""
        rules = self.session.rules
        try:
            _state, events = rules.apply(self.state, action)
        except rules.refusal:
            return None  # the session refuses it with the rules' reason
        if self.lesson.met_by(action, events):
            return None
        return Refused(OFF_GOAL, NOT_THE_GOAL)
