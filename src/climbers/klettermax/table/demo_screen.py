"""Burg Klettermax's demo in the window: bots only, one game after another, the camera orbiting
the table (it frames each flick) and a caption for every action; any key or click ends it (the
shared loop, climbers.app.screens.demo_loop)."""

from __future__ import annotations

from collections.abc import Sequence

from ursina import Vec3

from climbers.app.screens.demo_loop import HINT, DemoLoop, frame_orbit
from climbers.io.language import _
from climbers.klettermax.core import Action, State
from climbers.klettermax.core.events import Event
from climbers.klettermax.game.demo import demo_game
from climbers.klettermax.physics.castle import HALF, WALL_TOP
from climbers.klettermax.table.geometry import SCALE, SUPPLY_Y, world
from climbers.klettermax.table.play_screen import PlayScreen
from climbers.klettermax.table.words import caption, opening


class DemoScreen(DemoLoop):
    """Burg Klettermax's demo (see the module)."""

    screen_name = "klettermax-demo"

    def new_play(self, index: int) -> PlayScreen:
        play = PlayScreen(demo_game(index, self.first_seed).session)
        play.hud.set_help(_(HINT))
        return play

    def frame(self, play: PlayScreen) -> None:
        far = HALF + 12
        corners = [
            Vec3(*world(x, y, z))
            for x in (-far, far)
            for y in (SUPPLY_Y, far)
            for z in (0.0, WALL_TOP)
        ]
        frame_orbit(play.rig, corners, Vec3(0, WALL_TOP * SCALE / 2, 0))

    def opening(self, state: State) -> str:
        return opening(state)

    def describe(self, before: State, action: Action, events: Sequence[Event]) -> str:
        return caption(before, action, events)

    def again(self) -> tuple[object, ...]:
        """The demo from its first game."""
        return (self.first_seed, self.pace)
