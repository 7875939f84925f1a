"""Clamber's demo in the window: bot against bot, one game after another, the camera orbiting the
board and a caption for every turn; any key or click ends it (the shared loop,
climbers.app.screens.demo_loop)."""

from __future__ import annotations

from collections.abc import Sequence

from ursina import Vec3

from climbers.app.screens.demo_loop import HINT, DemoLoop, frame_orbit
from climbers.clamber.core import ClamberState, Event, Turn
from climbers.clamber.game.demo import demo_game
from climbers.clamber.table.geometry import BOARD_TOP
from climbers.clamber.table.play_screen import PlayScreen
from climbers.clamber.table.view import top_of
from climbers.clamber.table.words import caption, opening
from climbers.io.language import _

TALL = 4
"""Stones a stack may reach that the framing keeps in sight."""


class DemoScreen(DemoLoop):
    """Clamber's demo (see the module)."""

    screen_name = "clamber-demo"

    def new_play(self, index: int) -> PlayScreen:
        play = PlayScreen(demo_game(index, self.first_seed).session)
        play.hud.set_help(_(HINT))
        return play

    def frame(self, play: PlayScreen) -> None:
        corners = [
            Vec3(x, y, z) for x, z in play.view.layout.corners for y in (BOARD_TOP, top_of(TALL))
        ]
        frame_orbit(play.rig, corners, Vec3(0, BOARD_TOP, 0))

    def opening(self, state: ClamberState) -> str:
        return opening(state)

    def describe(self, before: ClamberState, action: Turn, events: Sequence[Event]) -> str:
        return caption(before, action, events)

    def again(self) -> tuple[object, ...]:
        """The demo from its first game."""
        return (self.first_seed, self.pace)
