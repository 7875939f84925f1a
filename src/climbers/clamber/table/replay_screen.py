"""Clamber's replay screen: a saved or finished game turn by turn on the board, forward and back,
with a caption for every turn (the shared replay controls and driver); an unfinished game can be
played on from the turn shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ursina import Vec3, invoke

from climbers.app.panels.canvas import Line
from climbers.app.screens.replay_controls import SavedGameReplay
from climbers.app.table.camera import CameraRig
from climbers.clamber.core import ClamberState, Event
from climbers.clamber.game.session import ClamberSession, SavedGame
from climbers.clamber.table.view import ClamberView
from climbers.clamber.table.words import described, opening, player_standing
from climbers.session.replay import ReplayDriver

SHADOW_FIT_DELAY = 0.1


class ReplayScreen(SavedGameReplay):
    """A saved Clamber game on the table (its turns must fit: `SavedGame.session`); Esc or Menu
    goes back (`on_exit`), Play from here hands the game, cut at the turn shown, to `on_play`."""

    def __init__(
        self,
        saved: SavedGame,
        on_exit: Callable[[], None] | None = None,
        on_play: Callable[[ClamberSession], None] | None = None,
        on_clip: Callable[[int, int], None] | None = None,
    ) -> None:
        super().__init__(name="clamber-replay")
        self.saved = saved
        self.session = session = saved.session()
        self.driver = ReplayDriver(session, opening, described)
        self.view = ClamberView(self.driver.state)
        self.rig = CameraRig(self.view.home_view)
        if self.view.sun is not None:
            invoke(self.view.sun.update_bounds, delay=SHADOW_FIT_DELAY)
        self.add_buttons(on_exit, on_play, on_clip)
        self.view.keep_off = lambda: [self.panel.box, self.caption.box]
        self.rig.frame = self.home_view
        self.rig.reset()

    def home_view(self) -> tuple[Vec3, float]:
        """The opening view of the board (the Home key's too), moved as little as it takes for
        every cell and stack to stand clear of the panel and the caption, whichever turn it
        shows (each cell framed with the highest stack it has in the game)."""
        pivot, distance = self.view.home_view()
        highest: dict[str, int] = {}
        for entry in self.session.history:
            for cell, stack in entry.state.stacks.items():
                highest[cell] = max(highest.get(cell, 0), stack.height)
        panels = [self.panel.box, self.caption_room()]
        rig: CameraRig = self.rig
        shapes, clear = self.view.outline(highest)
        return rig.clear_view(pivot, distance, shapes, clear, panels)

    def animate_action(
        self, before: ClamberState, after: ClamberState, events: Sequence[Event]
    ) -> None:
        self.view.play(after.stacks, events)

    def show_state(self, state: ClamberState) -> None:
        self.view.show(state.stacks)

    def player_lines(self, state: ClamberState) -> list[Line]:
        return [Line(player_standing(state.stacks, seat), 16) for seat in (0, 1)]
