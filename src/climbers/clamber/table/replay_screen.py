"""Clamber's replay screen: a saved or finished game turn by turn on the board, forward and back,
with a caption for every turn (the shared replay controls and driver); an unfinished game can be
played on from the turn shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ursina import Entity, camera, invoke

from climbers.app.panels.canvas import Line
from climbers.app.panels.widgets import ACCENT, button
from climbers.app.screens.replay_controls import BUTTONS_Y, ReplayControls
from climbers.app.settings import Settings
from climbers.app.table.camera import CameraRig
from climbers.clamber.core import ClamberState, Event
from climbers.clamber.game.session import ClamberSession, SavedGame
from climbers.clamber.table.view import ClamberView
from climbers.clamber.table.words import described, opening, player_standing
from climbers.io.language import _
from climbers.session.replay import ReplayDriver

SHADOW_FIT_DELAY = 0.1


class ReplayScreen(ReplayControls, Entity):  # type: ignore[misc]
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
        self.add_controls(on_exit, on_clip)
        self.on_play = on_play
        self.play_button = None
        if on_play is not None:
            text = _("Play from here")
            self.play_button = button(camera.ui, text, 0.4, BUTTONS_Y, self.play_on, 0.22, ACCENT)
        self.menu_button = None
        if on_exit is not None:
            self.menu_button = button(camera.ui, _("Menu"), -0.45, BUTTONS_Y, on_exit, 0.14)
        self.refresh()

    def animate_action(
        self, before: ClamberState, after: ClamberState, events: Sequence[Event]
    ) -> None:
        self.view.play(after.stacks, events)

    def show_state(self, state: ClamberState) -> None:
        self.view.show(state.stacks)

    def player_lines(self, state: ClamberState) -> list[Line]:
        return [Line(player_standing(state.stacks, seat), 16) for seat in (0, 1)]

    def refresh(self) -> None:
        super().refresh()
        if self.play_button is not None:
            self.play_button.enabled = not self.driver.state.over

    def play_on(self) -> None:
        """The game from the turn shown, to be played (the turns after it are kept to redo
        until a new turn is played)."""
        if self.on_play is not None and not self.driver.state.over:
            self.on_play(self.session)

    def apply_settings(self, settings: Settings) -> None:
        """The animation speed, at once."""
        self.view.tweens.speed = settings.animation_speed

    def again(self) -> tuple[object, ...]:
        """The recorded game, at the turn shown now."""
        return (self.saved, self.driver.index)

    def hold_input(self, held: bool) -> None:
        """While a dialog is open over the table, keys and the camera leave it alone."""
        self.ignore_input = held
        self.rig.ignore_input = held

    def recover(self) -> None:
        """After an unexpected fault: show the turn reached again."""
        self.show_state(self.driver.state)
        self.refresh()

    def input(self, key: str) -> None:
        self.replay_key(key)
