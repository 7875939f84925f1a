"""The replay screen: a saved game step by step in the 3D view, forward and back, with captions
(the shared replay of a saved game, climbers.app.screens.replay_controls); Esc or Menu goes
back, and an unfinished game can be played on from the action shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ursina import invoke

from climbers.app.panels.canvas import Line
from climbers.app.screens.replay_controls import SavedGameReplay
from climbers.app.settings import Settings
from climbers.app.table.camera import CameraRig
from climbers.the_climbers.core import Event, GameState
from climbers.the_climbers.game.replay import replay as replay_of
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import SavedGame
from climbers.the_climbers.table.framing import mountain_view
from climbers.the_climbers.table.panels.hud import player_lines
from climbers.the_climbers.table.screens.table_screen import SHADOW_FIT_DELAY
from climbers.the_climbers.table.view import BoardView


class ReplayScreen(SavedGameReplay):
    """A saved game on the table through a replay driver: Next animates the action redone, Back
    and jumps show the point reached; the camera eases out to keep every Climber in view."""

    def __init__(
        self,
        saved: SavedGame,
        symbols: bool = True,
        on_exit: Callable[[], None] | None = None,
        on_play: Callable[[GameSession], object] | None = None,
        on_clip: Callable[[int, int], None] | None = None,
    ) -> None:
        """`on_exit`: Esc and Menu (None: Esc quits, the replay being all the window shows);
        `on_play(session)`: Play from here; `on_clip(first, last)`: Export clip (None: no such
        button)."""
        super().__init__(name="replay-screen")
        self.saved = saved
        self.driver = replay_of(saved)
        self.session = self.driver.session
        self.view = BoardView(self.driver.state, symbols=symbols)
        self.rig = CameraRig(lambda: mountain_view(self.view.state))
        if self.view.sun is not None:
            invoke(self.view.sun.update_bounds, delay=SHADOW_FIT_DELAY)
        self.add_buttons(on_exit, on_play, on_clip)

    def animate_action(self, before: GameState, after: GameState, events: Sequence[Event]) -> None:
        self.view.play(before, after, events)
        self.rig.keep_in_view(self.view.marker_points(after))

    def show_state(self, state: GameState) -> None:
        self.view.show(state)
        self.rig.keep_in_view(self.view.marker_points(state))

    def apply_settings(self, settings: Settings) -> None:
        """Animation speed, colour symbols and grid lines, at once."""
        self.view.use_settings(settings)

    def player_lines(self, state: GameState) -> list[Line]:
        return [Line(text, 16) for text, _seat in player_lines(state)]

    def again(self) -> tuple[object, ...]:
        """The saved game, at the action shown now, with the clip's range."""
        return (self.saved, self.driver.index, self.clip_range)
