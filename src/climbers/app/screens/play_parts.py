"""What every game's play screen shares, whatever its table: the session it plays (saved after
every action when it has a file), the line when saving fails or works again, F2's picture of
the window, and the pointer over a panel rather than the table.

A game's play screen mixes `PlayParts` in and calls `use_session` first; it has a `hud` with a
`notice` and `message`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ursina import camera, mouse

from climbers.app.pictures import take_picture
from climbers.app.screens.lesson_panel import LessonMode
from climbers.io.language import N_, _, say

UNDO_KEY, REDO_KEY, SHOT_KEY = "u", "y", "f2"


class PlayParts:
    """The session, saving and pictures of a play screen (see the module)."""

    session: Any
    shot_path: Path | None
    hud: Any
    lesson: LessonMode | None = None
    """The lesson played on the screen, if any (climbers.app.screens.lesson_panel)."""

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
