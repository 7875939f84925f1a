"""`climbers demo`: bots play one game after another on new mountains, the camera orbiting slowly
and a caption for every action; any key or click ends it (in the shell: back to the menu). The
loop is the shared one (climbers.app.screens.demo_loop)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ursina import Vec3

from climbers.app.screens.demo_loop import HINT, DemoLoop, frame_orbit
from climbers.io.language import _
from climbers.the_climbers.core import Action, Event, GameState
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.game.demo import DEMO_BUDGET, demo_game
from climbers.the_climbers.table.framing import mountain_corners
from climbers.the_climbers.table.screens.play_screen import PlayScreen


def frame_mountain(rig: Any, state: GameState) -> None:
    """Stand the camera where the whole mountain, foot to top, shows above the caption from
    every heading it will orbit through."""
    corners = mountain_corners(state)
    low = min(c.y for c in corners)
    high = max(c.y for c in corners)
    pivot = sum(corners, Vec3(0, 0, 0)) / len(corners)
    pivot.y = low + 0.3 * (high - low)
    frame_orbit(rig, corners, pivot)


class DemoScreen(DemoLoop):
    """The Climbers' demo: mixed line-ups of bots on one mountain after another."""

    def __init__(
        self,
        on_exit: Callable[[], None],
        pace: float = 0.8,
        budget: float = DEMO_BUDGET,
        first_seed: int = 0,
        symbols: bool = True,
        speed: float = 1.0,
    ) -> None:
        self.budget = budget
        self.symbols = symbols
        super().__init__(on_exit, pace, first_seed, speed)

    def new_play(self, index: int) -> PlayScreen:
        game = demo_game(index, self.first_seed)
        play = PlayScreen(game.session, symbols=self.symbols)
        play.bots.use_budget(self.budget)
        hud = play.hud
        for button in (hud.skip, hud.done, hud.undo):
            button.enabled = False
        hud.set_help(_(HINT))
        return play

    def frame(self, play: PlayScreen) -> None:
        frame_mountain(play.rig, play.state)

    def opening(self, state: GameState) -> str:
        return opening(state)

    def describe(self, before: GameState, action: Action, events: Sequence[Event]) -> str:
        return caption(before, action, list(events))

    def again(self) -> tuple[object, ...]:
        """The demo from its first game."""
        return (self.first_seed, self.pace, self.budget)
