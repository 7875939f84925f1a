"""What every game's play screen shares, whatever its table: the session it plays (saved after
every action when it has a file), the line when saving fails or works again, F2's picture of
the window, the strip of recent actions, undo through the driver, a lesson played on it, and
the pointer over a panel rather than the table.

A game's play screen mixes `PlayParts` in and calls `use_session` first; it has a `hud` with a
`notice`, `message`, `show_recent` and `clear_refusal`, a `driver`, a camera `rig` and
`enter_turn`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ursina import camera, mouse

from climbers.app.pictures import take_picture
from climbers.app.screens.lesson_panel import LessonMode
from climbers.io.language import N_, _, say

UNDO_KEY, REDO_KEY, SHOT_KEY = "u", "y", "f2"
CAPTIONED = 40
"""How far back the strip of recent actions looks for its lines."""
Caption = Callable[[Any, Any, Sequence[Any]], str]
"""(state before, action, events) → the action's sentence."""


class PlayParts:
    """The session, saving and pictures of a play screen (see the module)."""

    session: Any
    shot_path: Path | None
    hud: Any
    lesson: LessonMode | None = None
    """The lesson played on the screen, if any (climbers.app.screens.lesson_panel)."""
    driver: Any
    rig: Any
    ignore_input: bool

    def enter_turn(self) -> None:
        """Redraw the HUD for the turn as it stands (the game's screen says how)."""
        raise NotImplementedError

    def use_session(
        self,
        session: Any,
        save_path: Path | None,
        saver: Callable[[Path], Callable[[Any], None]],
        shot_path: Path | None,
    ) -> None:
        """Play `session`, saved with `saver(save_path)` after every action (on disk from the
        start, so that Continue finds it) when there is a path; F2 writes to `shot_path`."""
        self.session = session
        if save_path is not None:
            session.saver = saver(save_path)
            session.save()
        self.shot_path = shot_path

    def again(self) -> tuple[object, ...]:
        """The game with its whole history; a lesson as it stands."""
        return (self.session,) if self.lesson is None else self.lesson.again()

    def hold_input(self, held: bool) -> None:
        """While a dialog is open over the table, keys and the camera leave it alone."""
        self.ignore_input = held
        self.rig.ignore_input = held

    def lesson_done(self) -> bool:
        """Whether a lesson's goal is reached (the learner plays no more)."""
        return self.lesson is not None and self.lesson.done

    def told_done(self) -> bool:
        """After a lesson's goal, a move tried on the table says why nothing happens and what
        to press; whether it did."""
        if self.lesson is None or not self.lesson.done:
            return False
        self.lesson.tell_done()
        return True

    def show_recent(self, caption: Caption) -> None:
        """Every action, a person's or a bot's, in its sentence in the strip of recent ones;
        undo takes it off again, redo puts it back (a lesson's panel stands there instead)."""
        if self.lesson is not None:
            return
        history = self.session.history[-CAPTIONED:]
        lines = [
            caption(before.state, entry.action, entry.events)
            for before, entry in zip(history, history[1:], strict=False)
            if entry.action is not None
        ]
        self.hud.show_recent([line for line in lines if line])

    def take_back(self, show: Callable[[], None]) -> None:
        """Undo through the driver and `show()` the table as it is again, or say why there is
        nothing to undo."""
        if self.driver.undo():
            show()
            self.hud.clear_refusal()
            self.enter_turn()
            self.hud.message(_("Undone."))
        else:
            self.enter_turn()
            self.hud.message(_(self.driver.no_undo), bad=True)

    def saving(self, problem: str | None) -> None:
        """Autosave began failing (say why, once) or works again (say so)."""
        if problem is None:
            self.hud.notice.show_text(_("Saving works again: the game is saved."), bad=False)
        else:
            self.hud.notice.show_text(problem)

    def picture(self) -> None:
        """F2: the window as a PNG, at --shot-to or in the pictures folder."""
        try:
            path = take_picture(self.shot_path)
        except OSError as exc:
            problem = N_("The picture could not be saved: {problem}.")
            self.hud.message(say(problem, problem=exc.strerror or exc), bad=True)
            return
        self.hud.message(say(N_("Picture saved to {path}."), path=path))


def over_panel() -> bool:
    """Whether the pointer is over a button or panel of the window (not the table)."""
    hovered = mouse.hovered_entity
    return hovered is not None and bool(hovered.has_ancestor(camera.ui))
