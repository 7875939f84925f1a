"""Clamber's lessons end to end in a real window: Learn to play on the new-game screen opens the
first lesson; every lesson is completed by real clicks of its intended turn, after its wrong
turns were refused with the lesson's words (and the board left as it was); F1's rules open a
lesson; Next lesson goes on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.test_clamber import click, frames
from climbers.app.settings import Settings
from climbers.clamber.core import EqualChain, LowerCapture, Place, parse_turn
from climbers.clamber.lessons import LESSONS, load_progress
from climbers.clamber.table.lesson_screen import LessonScreen
from climbers.clamber.table.shell import ClamberShell
from climbers.io.language import translate
from climbers.session.lessons import GENERAL_EXPLANATION

pytestmark = pytest.mark.display


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClamberShell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = ClamberShell(Settings(animation_speed=4.0))
    yield made
    made.close()
    app.step()


def play_by_clicks(screen: LessonScreen, text: str) -> None:
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
    if isinstance(turn, EqualChain) and screen.chain:
        screen.app.input("enter")


def test_every_lesson_refuses_its_wrong_turns_in_its_words_and_takes_its_solution(
    app: Any, shell: ClamberShell, tmp_path: Path
) -> None:
    shell.show_menu()
    frames(app)
    assert shell.menu is not None and shell.menu.learn_button is not None
    shell.menu.learn_button.on_click()
    frames(app)
    for number, lesson in enumerate(LESSONS, start=1):
        screen = shell.lesson
        assert screen is not None and screen.course.lesson is lesson and screen.number == number
        screen.app = app
        for wrong in lesson.wrong:
            before = dict(screen.state.stacks)
            play_by_clicks(screen, wrong)
            assert screen.refused is not None, f"{wrong} is refused"
            own = lesson.explanations.get(screen.refused.reason)
            expected = translate(own) if own else GENERAL_EXPLANATION.format(goal=lesson.goal)
            assert screen.lesson_driver.explanation == expected, wrong
            assert screen.hud.last_refusal, f"{wrong}: the reason is said"
            assert screen.session.log == [] and dict(screen.state.stacks) == before
            while screen.chain or screen.chosen:  # the chain so far, the stack chosen, let go
                screen.app.input("escape")
            screen.refused = None
        play_by_clicks(screen, lesson.solution)
        assert screen.session.log == [lesson.solution]
        assert screen.course.goal_reached and not screen.person_acts()
        assert screen.lesson_driver.explanation == ""
        assert (
            lesson.id
            in load_progress(tmp_path / "data" / "clamber-lessons-progress.json").completed
        )
        last = number == len(LESSONS)
        assert screen.next_button.text == ("Play a game" if last else "Next lesson")
        assert ("That was the last lesson" in " ".join(screen.panel_lines)) == last
        screen.next_button.on_click()
        frames(app)
    assert shell.lesson is None and shell.menu is not None, "after the last: a game's set-up"


def test_the_rules_open_a_lesson(app: Any, shell: ClamberShell) -> None:
    shell.show_menu()
    frames(app)
    shell.input("f1")
    chain = next(t for t in shell.help.topics if t.key == "chain")
    shell.help.open(chain)
    frames(app)
    assert [link.text for link in shell.help.links] == ["Equal captures and chains"]
    shell.help.links[0].on_click()
    frames(app)
    assert shell.lesson is not None and shell.lesson.course.lesson.id == "chain"
    assert not shell.help.enabled
