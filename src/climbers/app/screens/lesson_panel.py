"""A lesson as a mode of a game's play screen: the shared lesson driver (climbers.session.lessons)
that the screen plays through, and its side panel at the top right (where in the course, the
goal, how it goes, the lesson's sentence beside a refusal), the buttons Restart lesson, Next
lesson and Back to menu, and the way through the course: after the last lesson, Next lesson
becomes Play a game and leads to the game's new-game screen.

A play screen given a `LessonMode` plays through its `driver`, asks it whether the learner may
act (`done`), tells it of every action played (`after`), refusal (`refuse`) and step taken
(`step_taken`), and lets it say what now once the goal is reached. The play screen stays the
game's one play screen: no mode subclasses it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Vec2

from climbers.app.panels.canvas import BAD, GOOD, INK, MUTED, Canvas, Line, at_top_right, text_panel
from climbers.app.panels.widgets import ACCENT, BUTTON
from climbers.io.language import N_, _, say
from climbers.session.lessons import Course, LessonDriver

PANEL_WIDTH = 440
"""Reference pixels: the lesson panel's width, at the window's top right."""
DONE = N_("Well done: the goal is reached.")
LAST = N_("That was the last lesson: Play a game starts one.")
LESSON_DONE = N_("Lesson done!")
WHAT_NOW = N_("Press {next} to go on, or Restart lesson to play it again.")
NO_MORE = N_("Lesson done: no more moves here. Press {next} or Restart lesson.")


def what_now(next_words: str) -> str:
    """The players' panel's lines once a lesson's goal is reached: done, and what now (the
    button on, `next_words`, a template)."""
    return _(LESSON_DONE) + "\n" + say(WHAT_NOW, next=_(next_words))


def no_more(next_words: str) -> str:
    """Why a move on the table after a lesson's goal does nothing, and what to press."""
    return say(NO_MORE, next=_(next_words))


class LessonMode:
    """Lesson `course.lesson` on a play screen (see the module); `on_open(id)` opens a lesson,
    `on_menu()` goes back to the new-game screen."""

    hud: Any
    panel: Canvas | None = None
    panel_width = PANEL_WIDTH
    """Reference pixels: the panel's width."""

    def __init__(
        self, course: Course, on_open: Callable[[str], None], on_menu: Callable[[], None]
    ) -> None:
        self.course = course
        self.driver = LessonDriver(course)
        """What the play screen plays through: every action judged by the lesson."""
        self.on_open = on_open
        self.on_menu = on_menu
        self.refused: Exception | None = None
        """The last refusal, the rules' or the lesson's."""
        self.panel_lines: list[str] = []

    @property
    def done(self) -> bool:
        """Whether the goal is reached: the learner plays no more in this lesson."""
        return bool(self.course.goal_reached)

    def lesson_buttons(
        self,
        hud: Any,
        make: Callable[[str, Vec2, Callable[[], None]], Any],
        at: Vec2,
        step: Vec2,
    ) -> None:
        """The panel beside the play screen's `hud`, and the three buttons made by the game's
        `make(text, position, action)` from `at`, each `step` further; the panel shown."""
        self.hud = hud
        self.panel = Canvas(name="lesson-panel")
        self.hud.beside = lambda: (self.panel,)  # the banner keeps clear of it
        rows = self.rows()
        self.buttons = [
            make(_(text), at + step * i, action) for i, (text, action) in enumerate(rows)
        ]
        self.next_button = next(
            made
            for made, (_text, action) in zip(self.buttons, rows, strict=True)
            if action == self.next_lesson
        )
        self.show_lesson()

    def rows(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons beside the panel, top to bottom: each label's template, its action."""
        return [
            (N_("Restart lesson"), self.restart),
            (self._next_words(), self.next_lesson),
            (N_("Back to menu"), self.on_menu),
        ]

    @property
    def number(self) -> int:
        """The lesson's place in the course, from 1."""
        return int(self.course.lessons.index(self.course.lesson)) + 1

    @property
    def last(self) -> bool:
        """Whether this is the course's last lesson."""
        return self.number == len(self.course.lessons)

    def _next_words(self) -> str:
        return N_("Play a game") if self.last else N_("Next lesson")

    def reached_lines(self) -> list[Line]:
        """The lines once the goal is reached: done, and after the last lesson what next."""
        lines = [Line(_(DONE), 17, GOOD)]
        if self.last:
            lines.append(Line(_(LAST), 15, INK))
        return lines

    def extra_lines(self) -> list[Line]:
        """Lines a game adds under the goal's (none by default)."""
        return []

    def show_lesson(self) -> None:
        """Redraw the lesson panel: where in the course, the goal, the intro, how it goes."""
        lesson, course = self.course.lesson, self.course
        title = say(
            N_("Lesson {number} of {count}: {title}"),
            number=self.number,
            count=len(course.lessons),
            title=_(lesson.title),
        )
        lines = [Line(title, 19), Line(_(lesson.goal), 17, INK), Line(_(lesson.intro), 15, MUTED)]
        if course.goal_reached:
            lines += self.reached_lines()
        lines += self.extra_lines()
        if self.driver.explanation:
            lines.append(Line(self.driver.explanation, 15, BAD))
        if course.progress.problem:
            lines.append(Line(course.progress.problem, 13, MUTED))
        self.panel_lines = [line.text for line in lines]
        if self.panel is None:
            return
        at_top_right(self.panel, text_panel(lines, self.panel_width))
        self.hud.keep_banner_clear()
        self.next_button.color = ACCENT if course.goal_reached else BUTTON

    def refuse(self, refusal: Exception) -> None:
        """A refusal, the rules' or the lesson's: its lesson sentence in the panel (the HUD
        shows the rules' reason)."""
        self.refused = refusal
        self.driver.explanation = self.course.explanation(refusal)
        self.show_lesson()

    def step_taken(self) -> None:
        """A step of the action that the table allowed (a stack chosen, a capture of a chain,
        a pull begun): the last refusal's sentence goes from the panel."""
        if self.driver.explanation:
            self.driver.explanation = ""
            self.show_lesson()

    def after(self, played: bool) -> None:
        """An action was tried (`played`: and taken): when it reached the goal, say so; the
        panel anew either way."""
        if played and self.done:
            self.hud.announce(_(LESSON_DONE), (80, 200, 120))
            self.hud.message(_(DONE))
        self.show_lesson()

    def done_title(self) -> str:
        """The players' panel's lines once the goal is reached: what to do now."""
        return what_now(self._next_words())

    def tell_done(self) -> None:
        """A move tried on the table after the goal: why nothing happens, what to press."""
        self.hud.message(no_more(self._next_words()), bad=True)

    def again(self) -> tuple[object, ...]:
        """The lesson on the table as it stands: its position, history and goal."""
        return (self.course.lesson.id, True)

    def restart(self) -> None:
        """Begin this lesson again."""
        self.on_open(self.course.lesson.id)

    def next_lesson(self) -> None:
        """On to the lesson after this one; after the last, the new-game screen to play."""
        if self.last:
            self.on_menu()
            return
        self.on_open(self.course.lessons[self.number].id)
