"""Burg Klettermax's lessons on the shared course: each begins where it says, its goal is
reached by the play it teaches and not before, a refusal gets the lesson's sentence, and a
completed lesson is kept in the progress file."""

from __future__ import annotations

from pathlib import Path

import pytest

from climbers.io.progress import Progress
from climbers.klettermax.core import (
    Aim,
    Colour,
    End,
    MoveTower,
    Phase,
    Refused,
    Roll,
    Take,
    Turn,
    legal_actions,
)
from climbers.klettermax.core.components import JESTER
from climbers.klettermax.core.dice import roll_dice
from climbers.klettermax.lessons import LESSONS, KlettermaxCourse
from climbers.klettermax.lessons.course import ASKED, KIND
from climbers.klettermax.physics.aiming import targets
from climbers.klettermax.physics.recorded import flick_action
from climbers.session.lessons import OFF_GOAL, LessonDriver


@pytest.fixture
def course(tmp_path: Path) -> KlettermaxCourse:
    return KlettermaxCourse(kept=Progress(tmp_path / "progress.json", KIND))


def test_every_lesson_teaches_rulings_and_begins_with_the_learner_to_act(
    course: KlettermaxCourse,
) -> None:
    assert [lesson.id for lesson in LESSONS] == ["flicking", "rolling", "choosing", "moving"]
    for lesson in LESSONS:
        course.start(lesson.id)
        assert lesson.rulings and course.state.turn.seat == 0
        assert not course.goal_reached, f"{lesson.id} is not done before it is played"


@pytest.mark.rule("K6")
def test_the_rolling_lesson_is_done_by_a_roll(course: KlettermaxCourse) -> None:
    course.start("rolling")
    attempt = course.attempt(Roll())
    assert attempt.applied and attempt.goal_reached
    assert "rolling" in course.completed


@pytest.mark.rule("K9")
def test_the_choosing_lesson_explains_a_colour_already_on_the_tower(
    course: KlettermaxCourse,
) -> None:
    course.start("choosing")
    driver = LessonDriver(course)
    with pytest.raises(Refused):
        driver.act(Take(colour=Colour.RED))
    assert "already has that colour" in driver.explanation
    driver.act(Take(colour=Colour.GREEN))
    assert driver.goal_reached


@pytest.mark.rule("K12")
def test_the_flicking_lesson_is_done_by_a_flick_into_a_chamber_with_tiles(
    course: KlettermaxCourse,
) -> None:
    course.start("flicking")
    seat = course.state.active
    miss = flick_action(seat.spot, 5, Aim(angle=0.0, strength=0.0))
    assert miss.rest != "chamber"
    assert not course.attempt(miss).goal_reached
    assert course.state.turn.phase is Phase.AGAIN, "the beginners' option: flick again"
    aimed = targets(seat.spot, 4, 0.0, 0.0)[7]  # chamber 8, straight ahead, still holding tiles
    hit = flick_action(seat.spot, 4, aimed.aim)
    assert (hit.rest, hit.chamber) == ("chamber", 8)
    assert course.attempt(hit).goal_reached


@pytest.mark.rule("K13")
def test_the_moving_lesson_is_done_by_moving_the_empty_tile(course: KlettermaxCourse) -> None:
    course.start("moving")
    refused = course.attempt(MoveTower(spot=2))
    assert refused.refusal is not None and "holds a tower" in (refused.explanation or "")
    assert course.attempt(MoveTower(spot=5)).goal_reached


@pytest.mark.rule("K13")
def test_every_lesson_refuses_a_legal_action_it_does_not_ask_for_in_its_own_words(
    course: KlettermaxCourse,
) -> None:
    """Enter ending the turn instead of moving the tile (or after a miss in the flick lesson)
    leaves the position as it was, so the lesson can still be done."""
    refused = 0
    for lesson in LESSONS:
        course.start(lesson.id)
        asked = ASKED[lesson.aim]
        for action in legal_actions(course.state):
            if isinstance(action, asked):
                continue
            before = course.state
            attempt = course.attempt(action)
            assert attempt.refusal is not None, f"{lesson.id} takes {action}"
            assert attempt.refusal.reason == OFF_GOAL
            assert attempt.explanation == lesson.explanations[OFF_GOAL]
            assert course.state == before and not course.goal_reached
            refused += 1
    assert refused >= 2, "the rolling lesson's tile moves and the moving lesson's End"
    course.start("flicking")
    miss = flick_action(course.state.active.spot, 5, Aim(angle=0.0, strength=0.0))
    course.attempt(miss)
    assert course.attempt(End()).refusal is not None, "after a miss the lesson wants a flick"
    assert course.state.turn == Turn(seat=0, phase=Phase.AGAIN)


@pytest.mark.rule("K9")
def test_the_choosing_lesson_begins_after_a_roll_of_two_jesters(course: KlettermaxCourse) -> None:
    state = course.start("choosing")
    assert roll_dice(state.seed, state.rolls - 1) == (JESTER, JESTER)
