"""Clamber's board as the shared screens show it (climbers.app.screens.replay_screen): the stacks
and their numbers, the camera's opening view clear of the panels, and the players' lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ursina import Vec3

from climbers.app.panels.canvas import Line
from climbers.app.screens.replay_screen import Boxes, ReplayScreen, saved_replay
from climbers.app.settings import Settings
from climbers.app.table.camera import CameraRig
from climbers.clamber.core import ClamberState, Event
from climbers.clamber.game.session import SavedGame
from climbers.clamber.table.view import ClamberView
from climbers.clamber.table.words import described, opening, player_standing
from climbers.session.session import Session


class ClamberBoard:
    """The board of a recorded game: framed with the tallest stack each cell has in `session`,
    whichever point of it shows."""

    caption_at_top = False

    def __init__(self, session: Session[ClamberState]) -> None:
        self.session = session
        self.view = ClamberView(session.start)
        self.rig = CameraRig(self.view.home_view)
        self.room: Boxes = list

    def keep_clear(self, shown: Boxes, room: Boxes) -> None:
        self.view.keep_off = shown
        self.room = room
        self.rig.frame = self.home_view
        self.rig.reset()

    def home_view(self) -> tuple[Vec3, float]:
        """The opening view of the board (the Home key's too), moved as little as it takes for
        every cell and stack to stand clear of the panels, whichever point of the game shows
        (each cell framed with the highest stack it has in the game)."""
        pivot, distance = self.view.home_view()
        highest: dict[str, int] = {}
        for entry in self.session.history:
            for cell, stack in entry.state.stacks.items():
                highest[cell] = max(highest.get(cell, 0), stack.height)
        shapes, clear = self.view.outline(highest)
        return self.rig.clear_view(pivot, distance, shapes, clear, self.room())

    def show(self, state: ClamberState) -> None:
        self.view.show(state.stacks)

    def play(
        self,
        before: ClamberState,
        after: ClamberState,
        events: Sequence[Event],
        action: object,
        rested: Callable[[], None],
    ) -> None:
        self.view.play(after.stacks, events)

    def players(self, state: ClamberState) -> list[Line]:
        return [Line(player_standing(state.stacks, seat), 16) for seat in (0, 1)]

    def use_settings(self, settings: Settings) -> None:
        self.view.tweens.speed = settings.animation_speed

    @property
    def busy(self) -> bool:
        return bool(self.view.tweens.busy)

    flying = None

    def land(self) -> None:
        """Nothing flies on a Clamber board."""


def replay(saved: SavedGame, **places: Any) -> ReplayScreen[ClamberState]:
    """A saved Clamber game on the replay screen (`places`: on_exit, on_play, on_clip)."""
    return saved_replay(saved, opening, described, ClamberBoard, **places)
