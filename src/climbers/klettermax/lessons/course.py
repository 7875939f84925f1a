"""Burg Klettermax's lessons on the shared course (climbers.session.lessons): first the flick,
the game's skill (a knight into a chamber, with a few tries), then rolling for knights, choosing
knights after two jesters, and moving the tower tile after a loot; each a small position with
the learner (seat 0, Purple) to act and one other player.

A lesson is done when the learner's play does what it asks (`goal`). The rules refuse what they
refuse, with the lesson's sentence beside their reason, and an action the rules take that is not
the kind the lesson asks for (ending the turn, rolling in the flick lesson) is refused by the
lesson in its own words, so the position stays as it was. The flick lesson has the beginners'
option on, so a miss may be flicked again; after two misses the table puts the knights back for
another try, a few times (`climbers.klettermax.table.lesson_mode.TRIES`), then only a restart helps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from climbers.io import progress
from climbers.io.language import N_
from climbers.io.progress import Progress
from climbers.klettermax.core import (
    COLOURS,
    Action,
    Colour,
    Flick,
    MoveTower,
    Phase,
    Reason,
    Roll,
    Seat,
    State,
    Take,
    Turn,
    refusal,
)
from climbers.klettermax.core.dice import deal_tiles
from climbers.klettermax.game.session import KlettermaxSession
from climbers.session.driver import Refused
from climbers.session.lessons import NOT_THE_GOAL, OFF_GOAL, Course

OFF_SPOT = "off_spot"
"""The reason code of a tower tile dropped on no spot (the table puts it back)."""
KIND = "klettermax-lesson"
"""Burg Klettermax's lesson progress: klettermax-lessons-progress.json in the data folder."""
Goal = Literal["roll", "choose", "loot", "move"]
ASKED: dict[Goal, type[Action]] = {"roll": Roll, "choose": Take, "loot": Flick, "move": MoveTower}
"""The kind of action each goal asks for; the lesson refuses the others."""
SEED = 3
"""The deal of every lesson's castle."""
TWO_JESTERS = 7
"""The number of a roll of SEED's dice that shows two jesters (K9): the roll before the choosing
lesson, which the dice on the table show."""


@dataclass(frozen=True)
class KlettermaxLesson:
    """One lesson: its words (message templates), the rulings it teaches, its position, what
    its goal is, and the lesson's sentences beside refusals by reason code (OFF_GOAL: an action
    the rules allow but the lesson does not ask for)."""

    id: str
    title: str
    goal: str
    intro: str
    rulings: tuple[str, ...]
    aim: Goal
    start: State
    explanations: Mapping[str, str] = field(default_factory=dict)

    def met(self, before: State, after: State) -> bool:
        """Whether the learner's step from `before` to `after` reaches the goal."""
        learner, was = after.seats[0], before.seats[0]
        if self.aim == "roll":
            return after.rolls > before.rolls
        if self.aim == "choose":
            return len(learner.tower) - len(was.tower) >= 1 and after.turn.seat != 0
        if self.aim == "loot":
            return len(learner.tiles) > len(was.tiles)
        return learner.spot != was.spot


def _lesson_state(tower: tuple[Colour, ...] = (), **changes: object) -> State:
    """The learner on spot 8 facing chamber 8 with `tower`, the other player on spot 2; seat 0
    to act (`changes`: other fields of the state)."""
    fields: dict[str, object] = {
        "seed": SEED,
        "seats": (Seat(spot=8, tower=tower), Seat(spot=2)),
        "chambers": deal_tiles(SEED),
        "turn": Turn(seat=0),
        **changes,
    }
    return State.model_validate(fields)


def _looted() -> State:
    """The learner has just looted chamber 8's tile; the tower is empty."""
    chambers = list(deal_tiles(SEED))
    tile, chambers[7] = chambers[7][0], chambers[7][1:]
    return State(
        seed=SEED,
        seats=(Seat(spot=8, tiles=(tile,)), Seat(spot=2)),
        chambers=tuple(chambers),
        turn=Turn(seat=0, phase=Phase.LOOTED),
    )


LESSONS: tuple[KlettermaxLesson, ...] = (
    KlettermaxLesson(
        "flicking",
        N_("The flick"),
        N_("Flick your top knight into a chamber that holds tiles."),
        N_(
            "Press on the top knight, pull back away from the castle and let go while still "
            "moving, as a flick on a phone: the pull's direction aims, its speed as you let go "
            "sets the strength (the label shows it). A flick at an easy, even speed lands in "
            "the castle; too slow falls short, too fast sails over. A miss may be flicked again, "
            "and the lesson gives you a few tries."
        ),
        ("K11", "K12", "K15"),
        "loot",
        _lesson_state(COLOURS, beginners=True),
        {
            Reason.MUST_FLICK.value: N_("A full tower flicks: press on its top knight."),
            OFF_GOAL: N_("This lesson is about the flick: press on your top knight and pull."),
        },
    ),
    KlettermaxLesson(
        "rolling",
        N_("Rolling for knights"),
        N_("Roll the dice: press Space or the Roll button."),
        N_(
            "Each shield rolled brings a knight of its colour to your tower, which never holds "
            "two of one colour; a knight you cannot use goes on clockwise to the next player."
        ),
        ("K6", "K7"),
        "roll",
        _lesson_state(),
        {
            Reason.MUST_ROLL.value: N_("Roll first: Space or the Roll button."),
            OFF_GOAL: N_("This lesson is about the roll: press Space or the Roll button."),
        },
    ),
    KlettermaxLesson(
        "choosing",
        N_("Two jesters"),
        N_("Choose the colour of the knight the jesters give you."),
        N_(
            "Two jesters, or shields nobody can use: you choose your knights' colours yourself. "
            "Click a marked colour in the supply, or its button at the right."
        ),
        ("K8", "K9"),
        "choose",
        _lesson_state(
            (Colour.RED,), rolls=TWO_JESTERS + 1, turn=Turn(seat=0, phase=Phase.CHOOSE, choices=1)
        ),
        {
            Reason.COLOUR_ON_TOWER.value: N_(
                "Your tower already has that colour: choose one of the marked ones."
            ),
            Reason.MUST_CHOOSE.value: N_("First choose a colour: click a marked one."),
        },
    ),
    KlettermaxLesson(
        "moving",
        N_("Moving your tower"),
        N_("Drag your empty tower tile to another free spot."),
        N_(
            "After a loot your tower is empty, and its tile may move to any free spot, facing "
            "the chamber you want next. Press on the tile and drop it on a green spot."
        ),
        ("K12", "K13"),
        "move",
        _looted(),
        {
            Reason.SPOT_TAKEN.value: N_("That spot holds a tower: drop the tile on a green one."),
            Reason.SAME_SPOT.value: N_("Drop the tile on another spot, one marked green."),
            OFF_SPOT: N_("Let go of the tile right over a green spot: off the spots it goes back."),
            OFF_GOAL: N_(
                "This lesson is about moving the tile: press on it and drop it on a green spot."
            ),
        },
    ),
)


def load_progress(path: Path | None = None) -> Progress:
    """Burg Klettermax's lesson progress kept in `path` (default: the data folder's)."""
    return progress.load_progress(KIND, path)


class KlettermaxCourse(Course):
    """Burg Klettermax's lessons in order, the progress, and the lesson being played."""

    def __init__(
        self, lessons: Sequence[KlettermaxLesson] = LESSONS, kept: Progress | None = None
    ) -> None:
        super().__init__(lessons, kept if kept is not None else load_progress())
        self.tries = 1
        """The flick lesson's try under way."""

    def new_session(self, lesson: KlettermaxLesson) -> KlettermaxSession:
        self.tries = 1
        return KlettermaxSession(lesson.start)

    def next_try(self) -> State:
        """The lesson's position again, the try counted."""
        tries = self.tries
        state: State = self.restart()
        self.tries = tries + 1
        return state

    def reached(self, lesson: KlettermaxLesson, session: KlettermaxSession) -> bool:  # type: ignore[override]
        return any(
            lesson.met(before.state, entry.state) for before, entry in self.learner_steps(session)
        )

    def judge(self, action: Action) -> Refused | None:
        """An action the rules take but of another kind than the lesson asks for (Enter ending
        the turn instead of moving the tile), in the lesson's words."""
        if refusal(self.state, action) is not None:
            return None  # the session refuses it with the rules' reason
        if isinstance(action, ASKED[self.lesson.aim]):
            return None
        return Refused(OFF_GOAL, NOT_THE_GOAL)
