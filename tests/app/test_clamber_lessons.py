"""Clamber's lessons end to end in a real window: Learn to play on the new-game screen opens the
first lesson; every lesson is completed by real clicks of its intended turn, after its wrong
turns were refused with the lesson's words (and the board left as it was); F1's rules open a
lesson; Next lesson goes on; Esc pauses a lesson; no stack stands under the lesson's panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import Vec3, camera

from app.test_clamber import click, frames
from climbers.app.panels.widgets import ACCENT
from climbers.app.screens.lesson_panel import DONE, no_more, what_now
from climbers.app.screens.pause_card import PauseCard
from climbers.app.screens.play_screen import PlayScreen
from climbers.app.settings import Settings
from climbers.app.table.camera import screen_pixel
from climbers.app.table_shell import TableShell
from climbers.clamber.core import EqualChain, LowerCapture, Place, parse_turn
from climbers.clamber.lessons import LESSONS, load_progress
from climbers.clamber.table.geometry import STONE_RADIUS
from climbers.clamber.table.kit import shell as clamber_shell
from climbers.io.language import translate, use_language
from climbers.session.lessons import GENERAL_EXPLANATION

pytestmark = pytest.mark.display


@pytest.fixture
def shell(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TableShell[Any, Any]]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = clamber_shell(Settings(animation_speed=4.0))
    yield made
    made.close()
    app.step()


def play_by_clicks(screen: PlayScreen[Any, Any], text: str) -> None:
    """A turn as a player makes it: click the cell, or the capturing stack then each target;
    Enter ends a chain that could go on."""
    turn = parse_turn(text)
    if isinstance(turn, Place):
        click(screen, turn.cell)
        return
    click(screen, turn.by)
    targets = (turn.target,) if isinstance(turn, LowerCapture) else turn.targets
    for cell in targets:
        screen.view.tweens.finish()
        click(screen, cell)
    screen.view.tweens.finish()
    if isinstance(turn, EqualChain) and screen.board.chain:
        screen.app.input("enter")


def test_every_lesson_refuses_its_wrong_turns_in_its_words_and_takes_its_solution(
    app: Any, shell: TableShell[Any, Any], tmp_path: Path
) -> None:
    shell.show_menu()
    frames(app)
    assert shell.menu is not None and shell.menu.learn_button is not None
    shell.menu.learn_button.on_click()
    frames(app)
    for number, lesson in enumerate(LESSONS, start=1):
        screen = shell.lesson
        assert (
            screen is not None
            and screen.lesson.course.lesson is lesson
            and screen.lesson.number == number
        )
        screen.app = app
        for wrong in lesson.wrong:
            before = dict(screen.state.stacks)
            play_by_clicks(screen, wrong)
            assert screen.lesson.refused is not None, f"{wrong} is refused"
            own = lesson.explanations.get(screen.lesson.refused.reason)
            expected = translate(own) if own else GENERAL_EXPLANATION.format(goal=lesson.goal)
            assert screen.driver.explanation == expected, wrong
            assert screen.hud.last_refusal, f"{wrong}: the reason is said"
            assert screen.session.log == [] and dict(screen.state.stacks) == before
            while (
                screen.board.chain or screen.board.chosen
            ):  # the chain so far, the stack chosen, let go
                screen.app.input("escape")
            screen.lesson.refused = None
        play_by_clicks(screen, lesson.solution)
        assert screen.session.log == [lesson.solution]
        assert screen.lesson.course.goal_reached and not screen.person_acts()
        assert screen.driver.explanation == ""
        assert (
            lesson.id
            in load_progress(tmp_path / "data" / "clamber-lessons-progress.json").completed
        )
        last = number == len(LESSONS)
        assert screen.lesson.next_button.text == ("Play a game" if last else "Next lesson")
        assert ("That was the last lesson" in " ".join(screen.lesson.panel_lines)) == last
        screen.lesson.next_button.on_click()
        frames(app)
    assert shell.lesson is None and shell.menu is not None, "after the last: a game's set-up"


def test_a_right_step_after_a_refusal_takes_the_refusals_sentence_away(
    app: Any, shell: TableShell[Any, Any]
) -> None:
    """Issue 32, item 13: the red sentence of a refused try goes once a step is right."""
    lesson = next(
        one for one in LESSONS if one.wrong and not isinstance(parse_turn(one.solution), Place)
    )
    shell.show_lessons(lesson.id)
    frames(app)
    screen = shell.lesson
    assert screen is not None and screen.lesson.course.lesson is lesson
    screen.app = app
    play_by_clicks(screen, lesson.wrong[0])
    assert screen.driver.explanation
    said = screen.driver.explanation
    while screen.board.chain or screen.board.chosen:
        screen.app.input("escape")
    turn = parse_turn(lesson.solution)
    assert not isinstance(turn, Place)
    click(screen, turn.by)
    assert screen.board.chosen == turn.by
    assert screen.driver.explanation == "" and said not in screen.lesson.panel_lines


def test_the_rules_open_a_lesson(app: Any, shell: TableShell[Any, Any]) -> None:
    shell.show_menu()
    frames(app)
    shell.input("f1")
    chain = next(t for t in shell.help.topics if t.key == "chain")
    shell.help.open(chain)
    frames(app)
    assert [link.text for link in shell.help.links] == ["Equal captures and chains"]
    shell.help.links[0].on_click()
    frames(app)
    assert shell.lesson is not None and shell.lesson.lesson.course.lesson.id == "chain"
    assert not shell.help.enabled


def test_esc_in_a_lesson_lets_go_first_then_pauses_and_never_drops_the_player_out(
    app: Any, shell: TableShell[Any, Any]
) -> None:
    """Esc puts back the stack chosen, then opens the pause card over the lesson (no Save as:
    a lesson is not a game); Esc again resumes it, and only Back to menu leaves."""
    shell.show_menu()
    frames(app)
    shell.show_lessons("lower-capture")
    frames(app)
    screen = shell.lesson
    assert screen is not None
    screen.app = app
    click(screen, "C3")
    assert screen.board.chosen == "C3"
    app.input("escape")
    frames(app)
    assert shell.lesson is screen and screen.board.chosen is None and shell.dialog is None
    app.input("escape")
    frames(app)
    card = shell.dialog
    assert isinstance(card, PauseCard) and shell.lesson is screen, "paused, still in the lesson"
    assert card.file_field is None and card.save_button is None
    assert card.enabled and card.menu_button.enabled and card.buttons[0].enabled
    assert screen.ignore_input, "the lesson takes no keys under the card"
    app.input("escape")
    frames(app)
    assert shell.dialog is None and shell.lesson is screen and not screen.ignore_input
    app.input("escape")
    frames(app)
    assert isinstance(shell.dialog, PauseCard)
    shell.dialog.menu_button.on_click()
    frames(app)
    assert shell.lesson is None and shell.menu is not None


def stack_box(screen: PlayScreen[Any, Any], cell: str) -> tuple[float, float, float, float]:
    """The window pixels a stack covers: its stones from foot to top and its number."""
    view = screen.view
    piece = view.stacks[cell]
    corners = []
    for point in (view.foot(cell), view.top(cell, piece.stack.height)):
        for dx in (-STONE_RADIUS, STONE_RADIUS):
            for dz in (-STONE_RADIUS, STONE_RADIUS):
                corners.append(screen_pixel(point + Vec3(dx, 0, dz)))
    badge = Vec3(piece.badge.world_position)
    across = camera.right * piece.badge.world_scale_x / 2
    upward = camera.up * piece.badge.world_scale_y / 2
    corners += [screen_pixel(badge + a + b) for a in (across, -across) for b in (upward, -upward)]
    assert all(c is not None for c in corners), f"{cell} is out of the window"
    xs, ys = [c[0] for c in corners if c], [c[1] for c in corners if c]
    return min(xs), min(ys), max(xs), max(ys)


def under(box: tuple[float, ...], panel: tuple[float, ...]) -> bool:
    return box[0] < panel[2] and panel[0] < box[2] and box[1] < panel[3] and panel[1] < box[3]


def stacks_clear_of_panels(screen: PlayScreen[Any, Any], when: str) -> None:
    """Once the board is still, no stack shows under the lesson's panel or the players'."""
    screen.view.tweens.finish()
    frames(screen.app)
    for cell in screen.view.stacks:
        box = stack_box(screen, cell)
        for panel in (screen.lesson.panel.box, screen.hud.panel.box):
            assert not under(box, panel), f"{when}: {cell} {box} is under {panel}"


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_no_stack_of_a_lesson_stands_under_its_panel(
    app: Any, shell: TableShell[Any, Any], language: str
) -> None:
    """At each lesson's start, with the lesson's sentence beside each refused turn, and once it
    is done, every stack on the board shows clear of the lesson's panel and the players'."""
    use_language(language)
    try:
        for lesson in LESSONS:
            shell.show_menu()
            frames(app)
            shell.show_lessons(lesson.id)
            frames(app)
            screen = shell.lesson
            assert screen is not None
            screen.app = app

            stacks_clear_of_panels(screen, f"{lesson.id} at the start")
            for wrong in lesson.wrong:
                play_by_clicks(screen, wrong)
                assert screen.driver.explanation
                stacks_clear_of_panels(screen, f"{lesson.id} after {wrong}")
                while screen.board.chain or screen.board.chosen:
                    app.input("escape")
            play_by_clicks(screen, lesson.solution)
            assert screen.lesson.course.goal_reached
            stacks_clear_of_panels(screen, f"{lesson.id} once done")
    finally:
        use_language("en")


def test_the_turn_banner_keeps_clear_of_the_lessons_panel(
    app: Any, shell: TableShell[Any, Any]
) -> None:
    """The banner that opens a lesson ("Blue's turn") stands beside the lesson's panel, not over
    its title."""
    shell.show_menu()
    frames(app)
    shell.show_lessons("chain")
    frames(app)
    screen = shell.lesson
    assert screen is not None
    banner = screen.hud.banner
    assert banner.enabled and screen.hud.banner_text == "Blue's turn"
    assert not under(banner.box, screen.lesson.panel.box), (
        f"{banner.box} over {screen.lesson.panel.box}"
    )


def test_a_change_of_language_keeps_the_lesson_as_it_stands(
    app: Any, shell: TableShell[Any, Any]
) -> None:
    """F4's language during a lesson shows it anew in the other language as it stands: its
    position on the board, its history, its progress and its Well done; it does not begin
    again."""
    lesson = LESSONS[1]
    shell.show_lessons(lesson.id)
    frames(app)
    screen = shell.lesson
    assert screen is not None
    screen.app = app
    play_by_clicks(screen, lesson.solution)
    screen.view.tweens.finish()
    played = screen.state
    assert screen.lesson.course.goal_reached
    try:
        for language in ("zh-Hant", "en"):
            shell.apply_settings(shell.settings.with_changes(language=language))
            frames(app)
            again = shell.lesson
            assert again is not None and again is not screen, "shown anew"
            again.view.tweens.finish()
            assert again.state == played and again.session.log == [lesson.solution], language
            assert dict(again.view.shown) == dict(played.stacks), "the board shows it"
            assert (
                again.lesson.course.goal_reached and translate(DONE) in again.lesson.panel_lines
            ), language
            assert again.lesson.next_button.color == ACCENT, "Next lesson is the one to press"
            screen = again
    finally:
        use_language("en")


def test_after_the_goal_the_panel_says_what_now_and_a_click_gets_a_reason(
    app: Any, shell: TableShell[Any, Any]
) -> None:
    """Once the goal is reached the players' panel no longer asks for a stone but says to press
    Next lesson or Restart lesson; a click on the board or Enter is answered with why nothing
    happens, in the lesson's words (Play a game after the last lesson)."""
    for lesson in (LESSONS[0], LESSONS[-1]):
        shell.show_lessons(lesson.id)
        frames(app)
        screen = shell.lesson
        assert screen is not None
        screen.app = app
        play_by_clicks(screen, lesson.solution)
        screen.view.tweens.finish()
        after = dict(screen.state.stacks)
        button = "Play a game" if lesson is LESSONS[-1] else "Next lesson"
        assert screen.hud.title_line == what_now(button)
        assert "Click an empty cell" not in screen.hud.title_line
        empty = next(cell for cell in ("E5", "E4", "A3", "B3", "D5") if cell not in after)
        click(screen, empty)
        assert screen.hud.note == no_more(button) and f"Press {button}" in screen.hud.note
        assert dict(screen.state.stacks) == after and screen.session.log == [lesson.solution]
        screen.hud.message("")
        app.input("enter")
        assert screen.hud.note == no_more(button)
