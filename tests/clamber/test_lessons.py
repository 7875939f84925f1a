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


def test_no_lesson_before_the_subgroup_one_shows_a_stack_leaving_the_board() -> None:
    """Issue 32, item 13: subgroups (C5, C7's removal) are taught in the subgroup lesson; no
    earlier lesson's turn removes a stack, and no rules figure beside a topic that opens only
    earlier lessons crosses one out."""
    from climbers.clamber.core import Removed, apply
    from climbers.clamber.table.rules_text import TOPICS

    ids = [lesson.id for lesson in LESSONS]
    earlier = set(ids[: ids.index("subgroup")])
    for lesson in LESSONS:
        if lesson.id in earlier:
            for text in (lesson.solution, *lesson.wrong):
                try:
                    _after, events = apply(lesson.start, parse_turn(text))
                except ClamberRefusal:
                    continue
                gone = [ev for ev in events if isinstance(ev, Removed)]
                assert not gone, f"{lesson.id}: {text} removes {gone}"
    for topic in TOPICS:
        if topic.lessons and set(topic.lessons) <= earlier:
            for figure in topic.figures:
                assert figure is None or not figure.gone, f"{topic.key} crosses out {figure}"


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_the_chain_lessons_refusal_of_a_group_that_does_not_touch_names_it(
    language: str, course: ClamberCourse
) -> None:
    """Issue 32, item 13: B2 taking A3 (as high, in a group away from B2) is refused with the
    lesson's sentence naming that group and where the group that does touch B2 is."""
    from climbers.clamber.core import Reason
    from climbers.io.language import use_language

    use_language(language)
    try:
        course.start("chain")
        driver = LessonDriver(course)
        with pytest.raises(ClamberRefusal) as refused:
            driver.act(parse_turn("B2=A3"))
        assert refused.value.reason == Reason.GROUP_NOT_ADJACENT
        said = driver.explanation
        assert all(cell in said for cell in ("A3", "B2", "C3")), said
        assert said != GENERAL_EXPLANATION.format(goal=translate(course.lesson.goal))
    finally:
        use_language("en")
