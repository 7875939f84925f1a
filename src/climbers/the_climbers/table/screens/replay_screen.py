"""The replay screen: a saved game step by step in the 3D view, forward and back, with captions
(the shared replay controls, climbers.app.screens.replay_controls)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from climbers.app.panels.canvas import Line
from climbers.app.screens.replay_controls import ReplayControls
from climbers.the_climbers.core import Event, GameState
from climbers.the_climbers.game.replay import replay as replay_of
from climbers.the_climbers.io import SavedGame
from climbers.the_climbers.table.panels.hud import player_lines
from climbers.the_climbers.table.screens.table_screen import TableScreen


class ReplayScreen(ReplayControls, TableScreen):
    """A saved game on the table through a replay driver: Next animates the action redone, Back
    and jumps show the point reached."""

    def __init__(
        self,
        saved: SavedGame,
        symbols: bool = True,
        on_clip: Callable[[int, int], None] | None = None,
    ) -> None:
        """`on_clip(first, last)`: Export clip (None: no such button)."""
        self.driver = replay_of(saved)
        super().__init__(self.driver.state, symbols, name="replay-screen")
        self.saved = saved
        self.add_controls(on_clip=on_clip)
        self.refresh()

    def animate_action(self, before: GameState, after: GameState, events: Sequence[Event]) -> None:
        self.view.play(before, after, events)

    def show_state(self, state: GameState) -> None:
        self.view.show(state)

    def player_lines(self, state: GameState) -> list[Line]:
        return [Line(text, 16) for text, _seat in player_lines(state)]

    def again(self) -> tuple[object, ...]:
        """The saved game, at the action shown now, with the clip's range."""
        return (self.saved, self.driver.index, self.clip_range)

    def recover(self) -> None:
        """After an unexpected fault: show the current frame again."""
        self.view.show(self.driver.state)
        self.refresh()

    def input(self, key: str) -> None:
        self.replay_key(key)
