"""The lessons in the real window: each lesson's correct play, carried out through the tools a
player uses, reaches its goal; each wrong try shows the core's reason and the lesson's own."""

from __future__ import annotations

import time
from typing import Any

import pytest

from app.drive import perform
from app.settled import pointer_away
from climbers.the_climbers.lessons import load_lessons
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display
LESSONS = load_lessons()


def open_lesson(app: Any, shell: Shell, lesson_id: str) -> Any:
    shell.show_lessons(lesson_id)
    screen = shell.lesson
    assert screen is not None and shell.course is not None
    screen.app = app
    pointer_away(app)
    return screen


def test_every_lesson_is_completed_by_its_correct_play_in_the_window(
    app: Any, shell: Shell
) -> None:
    started = time.monotonic()
    for lesson in LESSONS:
        screen = open_lesson(app, shell, lesson.id)
        assert not shell.course.goal_reached, f"{lesson.id}: not done before playing it"
        for action in lesson.solution:
            tick = screen.state.tick
            assert perform(screen, action), f"{lesson.id}: {action} cannot be carried out"
            assert screen.state.tick > tick, f"{lesson.id}: {action} was carried out"
            screen.view.tweens.finish()
        assert shell.course.goal_reached, f"{lesson.id}: the goal is reached"
        assert any("Well done" in line for line in screen.lesson.panel_lines)
        assert lesson.id in shell.course.completed
    shell.show_lesson_list()
    assert shell.dialog is not None
    assert time.monotonic() - started < 120


def test_a_wrong_try_shows_the_core_reason_and_the_lessons_explanation(
    app: Any, shell: Shell
) -> None:
    for lesson in LESSONS:
        screen = open_lesson(app, shell, lesson.id)
        wrong = lesson.wrong_tries[0]
        for action in wrong.after:
            assert screen.apply(action)
        assert not screen.apply(wrong.action)
        assert screen.hud.last_refusal, f"{lesson.id}: the core's reason is shown"
        assert screen.lesson.driver.explanation == lesson.explanations.get(
            wrong.reason, screen.lesson.driver.explanation
        ), f"{lesson.id}: the lesson's own sentence for {wrong.reason.value}"
        assert screen.lesson.driver.explanation, f"{lesson.id}: a sentence beside the reason"


def test_the_lesson_list_opens_a_lesson_and_next_moves_on(app: Any, shell: Shell) -> None:
    screen = open_lesson(app, shell, LESSONS[0].id)
    screen.lesson.next_lesson()
    assert shell.course is not None and shell.course.lesson.id == LESSONS[1].id
    shell.show_lesson_list()
    assert shell.dialog is not None
    app.input("escape")
    assert shell.dialog is None


def test_next_after_the_last_lesson_says_so_and_shows_the_list(app: Any, shell: Shell) -> None:
    screen = open_lesson(app, shell, LESSONS[-1].id)
    screen.lesson.next_lesson()
    assert shell.course is not None and shell.course.lesson.id == LESSONS[-1].id, "no wrap"
    assert shell.dialog is not None, "the list of lessons"
    lines = [getattr(part, "text", "") for part in shell.dialog.children]
    assert any("last lesson" in line for line in lines), "said on the list, not under it"


def test_esc_pauses_a_lesson_and_esc_again_goes_back_to_it(app: Any, shell: Shell) -> None:
    from climbers.app.screens.pause_card import PauseCard

    open_lesson(app, shell, LESSONS[0].id)
    app.input("escape")
    app.step()
    assert isinstance(shell.dialog, PauseCard)
    app.input("escape")
    app.step()
    assert shell.dialog is None and shell.lesson is not None


def test_a_real_click_on_a_button_that_changes_the_screen_is_no_fault(
    app: Any, shell: Shell
) -> None:
    """The click that opens the next lesson clears the table while Ursina is still handling it
    (it used to end in 'Something went wrong' on every Next lesson and Back to menu)."""
    from ursina import application, camera, window

    screen = open_lesson(app, shell, LESSONS[0].id)
    x, y, _ = screen.lesson.next_button.get_position(camera.ui)
    w, h = (int(v) for v in window.size)
    application.base.win.move_pointer(
        0, int((x / window.aspect_ratio + 0.5) * w), int((0.5 - y) * h)
    )
    for _ in range(3):
        app.step()
    app.input("left mouse down")  # GUARD.reraise: a fault fails the test
    app.input("left mouse up")
    app.step()
    assert shell.course is not None and shell.course.lesson.id == LESSONS[1].id
    pointer_away(app)


def test_the_outline_follows_a_block_the_lesson_points_at_when_it_moves(
    app: Any, shell: Shell
) -> None:
    from climbers.app.table import coords
    from climbers.the_climbers.core import parse_action

    screen = open_lesson(app, shell, "moving-blocks")
    lesson = shell.course.lesson if shell.course is not None else None
    assert lesson is not None and "half-3" in lesson.focus.blocks
    move = parse_action(str(lesson.solution[0]))
    assert perform(screen, move)
    assert not shell.course.goal_reached
    placed = next(p for p in screen.state.blocks if p.block == "half-3")
    corners = {tuple(round(c, 3) for c in part.position) for part in screen.focus.parts}
    assert tuple(round(c, 3) for c in coords.world(*placed.at)) in corners


def switch_language(app: Any, shell: Shell, language: str) -> Any:
    """F4's language, then the lesson shown anew (a new screen)."""
    before = shell.lesson
    shell.apply_settings(shell.settings.with_changes(language=language))
    screen = shell.lesson
    assert screen is not None and screen is not before, f"{language}: shown anew"
    screen.app = app
    screen.view.tweens.finish()
    return screen


def test_a_change_of_language_keeps_the_lesson_as_it_stands(app: Any, shell: Shell) -> None:
    """F4's language during a lesson keeps it as it stands: a lesson half played keeps its
    position and its history (Undo takes the step back), a lesson done keeps its Well done."""
    from climbers.io.language import translate, use_language

    screen = open_lesson(app, shell, "moving-blocks")
    lesson = shell.course.lesson if shell.course is not None else None
    assert lesson is not None
    assert perform(screen, lesson.solution[0])
    screen.view.tweens.finish()
    half, start = screen.state, lesson.start
    try:
        screen = switch_language(app, shell, "zh-Hant")
        assert screen.state == half and len(screen.session.actions) == 1
        assert not shell.course.goal_reached
        screen.undo()
        screen.view.tweens.finish()
        assert screen.state == start, "Undo takes back the step played before the change"
        for action in lesson.solution:
            assert perform(screen, action)
            screen.view.tweens.finish()
        done = screen.state
        assert shell.course.goal_reached
        for language in ("en", "zh-Hant"):
            screen = switch_language(app, shell, language)
            assert screen.state == done and shell.course.goal_reached, language
            assert translate("Well done: the goal is reached.") in screen.lesson.panel_lines, (
                language
            )
            assert not screen.hud.recent_panel.enabled, "the lesson's panel speaks, no strip"
            assert lesson.id in shell.course.completed
    finally:
        use_language("en")


def test_after_the_goal_the_panel_says_what_now_and_a_move_gets_a_reason(
    app: Any, shell: Shell
) -> None:
    """Once the goal is reached the lesson takes no more moves (the other seat's turn is not
    the learner's to play): the players' panel says to press Next lesson or Restart lesson, and
    Space, Enter or a click on the table is answered with why nothing happens."""
    from ursina import application

    from climbers.app.screens.lesson_panel import no_more, what_now

    screen = open_lesson(app, shell, "moving-blocks")
    assert shell.course is not None
    for action in shell.course.lesson.solution:
        assert perform(screen, action)
        screen.view.tweens.finish()
    assert shell.course.goal_reached
    done = screen.state
    assert screen.hud.title_line == what_now("Next lesson") and screen.tool is None
    assert not screen.hud.skip.enabled and not screen.hud.done.enabled
    for key in ("space", "enter"):
        screen.hud.message("")
        app.input(key)
        assert screen.hud.note == no_more("Next lesson"), key
        assert screen.state == done, f"{key}: nothing was played"
    screen.hud.message("")
    application.base.win.move_pointer(0, 640, 380)  # over the mountain
    for _ in range(3):
        app.step()
    app.input("left mouse down")
    app.input("left mouse up")
    assert screen.hud.note == no_more("Next lesson") and screen.state == done
    pointer_away(app)
