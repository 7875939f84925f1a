"""`climbers demo`: bots play one game after another on new mountains, the camera orbiting slowly
and a caption for every action; any key or click ends it (in the shell: back to the menu)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Entity, Vec3, destroy, time

from climbers.app.panels.canvas import Canvas, Line, centred_above_bottom, text_panel
from climbers.app.settings import Settings
from climbers.io.language import N_, _, say
from climbers.the_climbers.core import Event, GameState
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.game.demo import DEMO_BUDGET, demo_game
from climbers.the_climbers.table.framing import mountain_corners
from climbers.the_climbers.table.screens.play_screen import PlayScreen
from climbers.the_climbers.table.screens.table_screen import clear_scene

ORBIT = 4.0
"""Degrees per second the camera turns round the mountain."""
TILT = 34
"""Degrees the camera looks down."""
MARGIN = 0.13
"""The share of the window's height kept clear round the mountain (the caption's band)."""
CAPTION_GAP = 40
"""Reference pixels between the caption and the window's bottom (above the key help)."""
NEXT_GAME_AFTER = 6.0
"""Seconds the finished game stays on the table before the next mountain."""
HINT = N_("Demo · press any key or click to play")
IGNORED = ("mouse move", "scroll up", "scroll down")


def frame_mountain(rig: Any, state: GameState) -> None:
    """Stand the camera, looking down at TILT, where the whole mountain, foot to top, shows
    inside the window with the caption's band clear, from every heading it will orbit through."""
    corners = mountain_corners(state)
    low = min(c.y for c in corners)
    high = max(c.y for c in corners)
    pivot = sum(corners, Vec3(0, 0, 0)) / len(corners)
    pivot.y = low + 0.3 * (high - low)
    rig.glide = None
    rig.pivot.rotation_x = TILT
    far = []
    for heading in range(0, 360, 30):
        rig.pivot.rotation_y = heading
        far.append(rig.fitting_distance(corners, pivot, MARGIN))
    rig.pivot.position = pivot
    rig.distance = max(far)


class DemoScreen(Entity):  # type: ignore[misc]
    """Survives clearing the scene between games (like the shell); `on_exit` on any key."""

    def __init__(
        self,
        on_exit: Callable[[], None],
        pace: float = 0.8,
        budget: float = DEMO_BUDGET,
        first_seed: int = 0,
        symbols: bool = True,
        speed: float = 1.0,
    ) -> None:
        super().__init__(name="demo", eternal=True)
        self.on_exit = on_exit
        self.pace = pace
        self.budget = budget
        self.first_seed = first_seed
        self.symbols = symbols
        self.speed = speed
        self.games = 0
        """Games started so far."""
        self.play: Any = None
        self.finished_for = 0.0
        self.next_game()

    def next_game(self) -> None:
        """Clear the table and start the next game on the next mountain."""
        self._clear()
        game = demo_game(self.games, self.first_seed)
        self.games += 1
        play = PlayScreen(game.session, symbols=self.symbols)
        play.bots.use_budget(self.budget)
        play.bots.pace = self.pace
        play.bots.announce = False
        play.view.tweens.speed = self.speed
        hud = play.hud
        for button in (hud.skip, hud.done, hud.undo):
            button.enabled = False
        hud.set_help(_(HINT))
        self.caption = Canvas(name="demo-caption")
        opening_line = N_("Game {number} · {opening}")
        self.show_caption(say(opening_line, number=self.games, opening=opening(game.session.state)))
        game.session.subscribe(self._on_change)
        frame_mountain(play.rig, play.state)
        self.play = play
        self.finished_for = 0.0

    def show_caption(self, text: str) -> None:
        """The sentence of the last action, large along the bottom."""
        self.caption_text = text
        centred_above_bottom(self.caption, text_panel([Line(text, 22)], 1000), CAPTION_GAP)

    def _on_change(self, state: GameState, events: list[Event]) -> None:
        last = self.play.session.last_step()
        if events and last is not None:
            self.show_caption(caption(last[0], last[1], events))

    def update(self) -> None:
        if self.play is None:
            return
        self.play.rig.pivot.rotation_y += ORBIT * time.dt
        if self.play.state.finished and not self.play.view.tweens.busy:
            self.finished_for += time.dt
            if self.finished_for >= NEXT_GAME_AFTER / self.speed:
                self.next_game()

    def input(self, key: str) -> None:
        if key.endswith(" up") or key.endswith(" hold") or key in IGNORED:
            return
        self.stop()
        self.on_exit()

    def apply_settings(self, settings: Settings) -> None:
        """The animation speed of the games to come."""
        self.speed = settings.animation_speed

    def again(self) -> tuple[object, ...]:
        """The demo from its first game."""
        return (self.first_seed, self.budget, self.pace)

    def recover(self) -> None:
        """After a fault the next game starts."""
        self.next_game()

    def stop(self) -> None:
        """Clear the table and go (the caller shows what comes next)."""
        self._clear()
        self.eternal = False
        destroy(self)

    def _clear(self) -> None:
        if self.play is not None:
            self.play.session.unsubscribe(self._on_change)
        self.play = None
        clear_scene()
