"""`climbers demo`: bots play one game after another on new mountains, the camera orbiting slowly
and a caption for every action; any key or click ends it (in the shell: back to the menu)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Entity, Text, camera, color, destroy, time

from climbers.app.screens.play_screen import PlayScreen
from climbers.app.screens.table_screen import clear_scene
from climbers.core import Event, GameState
from climbers.game.captions import caption, opening
from climbers.game.demo import DEMO_BUDGET, demo_game

ORBIT = 4.0
"""Degrees per second the camera turns round the mountain."""
DISTANCE = 48.0
"""How far the camera stands from the mountain's centre."""
NEXT_GAME_AFTER = 6.0
"""Seconds the finished game stays on the table before the next mountain."""
HINT = "Demo · press any key or click to play"
IGNORED = ("mouse move", "scroll up", "scroll down")


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
        self.caption: Text | None = None
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
        for part in (hud.help, hud.skip, hud.done, hud.undo):
            part.enabled = False
        hud.help = Text(HINT, parent=camera.ui, origin=(0, 0), y=-0.475, scale=0.8)
        self.panel = Entity(
            parent=camera.ui,
            model="quad",
            color=color.rgba(0.08, 0.09, 0.12, 0.72),
            y=-0.33,
            z=1,
        )
        self.caption = Text("", parent=camera.ui, origin=(0, 0), y=-0.33, scale=1.2)
        self.show_caption(f"Game {self.games} · {opening(game.session.state)}")
        game.session.subscribe(self._on_change)
        play.rig.pivot.rotation_x = 34
        play.rig.distance = DISTANCE
        self.play = play
        self.finished_for = 0.0

    def show_caption(self, text: str) -> None:
        assert self.caption is not None
        self.caption.text = text
        self.panel.scale = (len(text) * 0.0143 + 0.06, 0.05)

    def _on_change(self, state: GameState, events: list[Event]) -> None:
        entry = self.play.session.history
        action = entry[-1].action
        if events and action is not None and len(entry) > 1:
            self.show_caption(caption(entry[-2].state, action, events))

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
