"""A lesson on the table: the game's own tools and panels, every attempt checked by the core
through the lesson's course, the lesson's sentence beside every refusal, a pulsing outline on
what to use, and the way on to the next lesson or to the list of all of them."""

from __future__ import annotations

import math
from collections.abc import Callable

from ursina import Entity, camera, color, time, window

from climbers.app.panels.canvas import BAD, GOOD, INK, MUTED, Canvas, Line, scale, text_panel
from climbers.app.panels.widgets import ACCENT, Screen, button, card, label
from climbers.app.screens.play_screen import PlayScreen
from climbers.app.table.marks import HOVERED, TARGET, Marks, mark_texture
from climbers.app.table.shapes import box_edges
from climbers.core import Action, Event, IllegalAction
from climbers.core.geometry import extent
from climbers.lessons import Course

PULSE = 4.0
"""How fast the outline on what to use pulses (radians per second)."""
PANEL_WIDTH = 400


class LearnScreen(PlayScreen):
    """Lesson `course.lesson` being played; `on_open(id)` opens a lesson, `on_list()` the list."""

    def __init__(
        self,
        course: Course,
        on_open: Callable[[str], None],
        on_list: Callable[[], None],
        on_menu: Callable[[], None],
        symbols: bool = True,
    ) -> None:
        super().__init__(course.session, symbols=symbols)
        self.course = course
        self.on_open = on_open
        self.explanation = ""
        self.session.unsubscribe(self._captioned)  # the lesson panel speaks instead
        self.panel = Canvas(name="lesson-panel")
        self.focus = Marks(lift=0.04)
        self.focus_parts: list[Entity] = []
        self._outline()
        right = window.right.x - 0.17
        self.buttons = [
            button(camera.ui, "Restart lesson", right, -0.03, self.restart, 0.3),
            button(camera.ui, "All lessons", right, -0.09, on_list, 0.3),
            button(camera.ui, "Next lesson", right, -0.15, self.next_lesson, 0.3),
            button(camera.ui, "Back to menu", right, -0.21, on_menu, 0.3),
        ]
        self.next_button = self.buttons[2]
        self.show_lesson()

    # ----- the lesson -------------------------------------------------------------------------

    @property
    def number(self) -> int:
        """The lesson's place in the course, from 1."""
        return self.course.lessons.index(self.course.lesson) + 1

    def show_lesson(self) -> None:
        """Redraw the lesson panel: where in the course, the goal, the intro, how it goes."""
        lesson, course = self.course.lesson, self.course
        lines = [
            Line(f"Lesson {self.number} of {len(course.lessons)}: {lesson.title}", 19),
            Line(lesson.goal, 17, INK),
            Line(lesson.intro, 15, MUTED),
        ]
        if course.goal_reached:
            lines.append(Line("Well done: the goal is reached.", 17, GOOD))
        elif course.needs_restart:
            lines.append(Line("The game ended before the goal: restart the lesson.", 16, BAD))
        if self.explanation:
            lines.append(Line(self.explanation, 15, BAD))
        if course.progress.problem:
            lines.append(Line(course.progress.problem, 13, MUTED))
        self.panel_lines = [line.text for line in lines]
        image = text_panel(lines, PANEL_WIDTH)
        w, _ = window.size
        self.panel.show(image, w - image.width - 12 * scale(), 12 * scale())
        self.next_button.color = ACCENT if course.goal_reached else color.rgb(0.2, 0.22, 0.26)

    def _outline(self) -> None:
        """Mark what the lesson points at: squares, blocks, and the Climber to use."""
        focus, state = self.course.lesson.focus, self.state
        self.focus.paint(state, focus.squares, HOVERED)
        for name in focus.blocks:
            entity = self.view.blocks[name]
            ex, ey, ez = extent(entity.spec.dims, entity.rot or 0)
            self.focus_parts.append(
                Entity(
                    model=box_edges((ex, ez, ey), thickness=4),
                    position=entity.position,
                    color=color.rgb(1, 1, 0.5),
                    unlit=True,
                    always_on_top=True,
                )
            )
        if focus.climber is not None:
            seat = next(i for i, p in enumerate(state.players) if p.colour == focus.climber)
            self.focus_parts.append(
                Entity(
                    parent=self.view.pawns[seat],
                    model="quad",
                    texture=mark_texture(TARGET),
                    rotation_x=90,
                    y=0.03,
                    scale=1.1,
                    unlit=True,
                )
            )

    def update(self) -> None:
        super().update()
        glow = 0.55 + 0.45 * math.sin(time.time() * PULSE)
        for part in (*self.focus_parts, *self.focus.parts):
            part.alpha = glow
        if self.course.goal_reached:
            for part in self.focus_parts:
                part.enabled = False
            self.focus.clear()

    # ----- attempts -------------------------------------------------------------------------

    def perform(self, action: Action) -> list[Event]:
        attempt = self.course.attempt(action)
        if attempt.refusal is not None:
            self.explanation = attempt.explanation or ""
            raise attempt.refusal
        return self._done(list(attempt.events), attempt.goal_reached)

    def finish_turn(self) -> list[Event]:
        attempt = self.course.end_turn()
        if attempt.refusal is not None:
            self.explanation = attempt.explanation or ""
            self.refuse(attempt.refusal)
            return []
        return self._done(list(attempt.events), attempt.goal_reached)

    def _done(self, events: list[Event], goal: bool) -> list[Event]:
        self.explanation = ""
        if goal:
            self.hud.announce("Lesson done!", (80, 200, 120))
        self.show_lesson()
        return events

    def refuse(self, refusal: IllegalAction) -> None:
        super().refuse(refusal)
        self.show_lesson()

    def restart(self) -> None:
        """Begin this lesson again."""
        self.on_open(self.course.lesson.id)

    def next_lesson(self) -> None:
        """On to the lesson after this one (the first again after the last)."""
        lessons = self.course.lessons
        self.on_open(lessons[self.number % len(lessons)].id)

    def recover(self) -> None:
        super().recover()
        self.show_lesson()


class LessonList(Screen):
    """Every lesson, with a tick on those done; a click opens one."""

    def __init__(
        self, course: Course, on_open: Callable[[str], None], on_close: Callable[[], None]
    ) -> None:
        super().__init__()
        self.on_close = on_close
        count = len(course.lessons)
        card(self, (0.9, 0.16 + 0.058 * count))
        top = 0.029 * count + 0.03
        label(self, "Learn to play", -0.4, top + 0.02, 1.4)
        label(self, f"{len(course.completed)} of {count} done", 0.18, top + 0.02, 0.9)
        for i, lesson in enumerate(course.lessons):
            done = "  (done)" if lesson.id in course.completed else ""
            button(
                self,
                f"{i + 1}. {lesson.title}{done}",
                0.0,
                top - 0.06 - 0.058 * i,
                lambda lesson_id=lesson.id: on_open(lesson_id),
                0.8,
                ACCENT if not done else color.rgb(0.2, 0.22, 0.26),
            )

    def input(self, key: str) -> None:
        if key == "escape":
            self.on_close()
