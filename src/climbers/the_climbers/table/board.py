"""The Climbers' mountain as the shared screens show it (climbers.app.screens.replay_screen):
the blocks and Climbers, the camera easing out to keep every Climber in view, and the players'
lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from climbers.app.panels.canvas import Line
from climbers.app.screens.replay_screen import Boxes, ReplayScreen
from climbers.app.settings import Settings
from climbers.app.table.camera import CameraRig
from climbers.the_climbers.core import Action, Event, GameState
from climbers.the_climbers.game.replay import replay as replay_of
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import SavedGame
from climbers.the_climbers.table.framing import mountain_view
from climbers.the_climbers.table.panels.hud import player_lines
from climbers.the_climbers.table.view import BoardView


class MountainBoard:
    """The mountain of a recorded game (see the module)."""

    caption_at_top = False
    flying = None

    def __init__(self, state: GameState, symbols: bool = True) -> None:
        self.view = BoardView(state, symbols=symbols)
        self.rig = CameraRig(lambda: mountain_view(self.view.state))

    def keep_clear(self, shown: Boxes, room: Boxes) -> None:
        """The camera eases out to keep the Climbers in view; the panels stay where they are."""

    def play(
        self,
        before: GameState,
        after: GameState,
        events: Sequence[Event],
        action: Action,
        rested: Callable[[], None],
    ) -> None:
        self.view.play(before, after, events)
        self.rig.keep_in_view(self.view.marker_points(after))

    def show(self, state: GameState) -> None:
        self.view.show(state)
        self.rig.keep_in_view(self.view.marker_points(state))

    def players(self, state: GameState) -> list[Line]:
        return [Line(text, 16) for text, _seat in player_lines(state)]

    def use_settings(self, settings: Settings) -> None:
        """Animation speed, colour symbols and grid lines, at once."""
        self.view.use_settings(settings)

    @property
    def busy(self) -> bool:
        return bool(self.view.tweens.busy)

    def land(self) -> None:
        """Nothing flies on the mountain."""


def replay(
    saved: SavedGame,
    symbols: bool = True,
    on_exit: Callable[[], None] | None = None,
    on_play: Callable[[GameSession], object] | None = None,
    on_clip: Callable[[int, int], None] | None = None,
) -> ReplayScreen[GameState]:
    """A saved game on the replay screen: Next animates the action redone, Back and jumps show
    the point reached; `on_exit`: Esc and Menu (None: Esc quits, the replay being all the window
    shows); `on_play(session)`: Play from here; `on_clip(first, last)`: Export clip (None: no
    such button)."""
    driver = replay_of(saved)
    board = MountainBoard(driver.state, symbols)
    return ReplayScreen(saved, driver, board, on_exit, on_play, on_clip)
