"""Clamber's lessons without a window: each is completed by its intended turn and kept in the
progress file; each wrong turn is refused (by the rules or by the lesson) with the lesson's own
words, leaving the position as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from climbers.clamber.core import ClamberRefusal, parse_turn
from climbers.clamber.lessons import LESSONS, ClamberCourse, ClamberLesson, load_progress
from climbers.clamber.lessons.course import NOT_THE_GOAL, OFF_GOAL
from climbers.io.language import translate
from climbers.session.driver import Refused
from climbers.session.lessons import GENERAL_EXPLANATION, LessonDriver

RULINGS = {f"C{n}" for n in range(1, 14)}


@pytest.fixture
def course(tmp_path: Path) -> ClamberCourse:
    return ClamberCourse(LESSONS, load_progress(tmp_path / "progress.json"))


def test_the_five_lessons_teach_placing_captures_chains_removal_and_winning() -> None:
    assert [lesson.id for lesson in LESSONS] == [
        "placing",
        "lower-capture",
        "chain",
        "subgroup",
        "winning",
    ]
    assert all(set(lesson.rulings) <= RULINGS for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_intended_turn_completes_the_lesson(
    lesson: ClamberLesson, course: ClamberCourse, tmp_path: Path
) -> None:
    course.start(lesson.id)
    assert not course.goal_reached
    attempt = course.attempt(parse_turn(lesson.solution))
    assert attempt.applied and attempt.goal_reached
    assert lesson.id in load_progress(tmp_path / "progress.json").completed


@pytest.mark.parametrize(
    ("lesson", "wrong"),
    [(lesson, wrong) for lesson in LESSONS for wrong in lesson.wrong],
    ids=lambda x: x if isinstance(x, str) else x.id,
)
def test_a_wrong_turn_is_refused_with_the_lessons_words(
    lesson: ClamberLesson, wrong: str, course: ClamberCourse
) -> None:
    before = course.start(lesson.id)
    driver = LessonDriver(course)
    with pytest.raises((ClamberRefusal, Refused)) as refused:
        driver.act(parse_turn(wrong))
    assert course.state == before and course.session.log == []
    reason = refused.value.reason
    own = lesson.explanations.get(reason)
    expected = translate(own) if own else GENERAL_EXPLANATION.format(goal=translate(lesson.goal))
    assert driver.explanation == expected
    if isinstance(refused.value, Refused):
        assert reason == OFF_GOAL and refused.value.template == NOT_THE_GOAL
    assert not course.goal_reached
    driver.act(parse_turn(lesson.solution))
    assert driver.goal_reached and driver.explanation == ""
