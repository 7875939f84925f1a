"""What every game's demo in the window shares: bots play one game after another, paced so it can
be watched, the camera orbiting slowly and a caption for every action along the bottom; the
finished game stays a few seconds, then the next begins; any key or click ends the demo (in the
shell: back to the menu). The games themselves come from the game (climbers.session.demo holds
their headless part).

A game gives its part as `DemoGames`: how its next game is put on the table (`new_play`),
where the camera stands for it (`frame`) and how its actions are told (`opening`,
`describe`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ursina import Entity, Vec3, destroy, time

from climbers.app.panels.canvas import Canvas, Line, centred_above_bottom, text_panel
from climbers.app.settings import Settings
from climbers.app.table.scene import clear_scene
from climbers.io.language import N_, _, say

ORBIT = 4.0
"""Degrees per second the camera turns round the table."""
CAPTION_GAP = 40
"""Reference pixels between the caption and the window's bottom (above the key help)."""
NEXT_GAME_AFTER = 6.0
"""Seconds the finished game stays on the table before the next one."""
HINT = N_("Demo · press any key or click to play")
IGNORED = ("mouse move", "scroll up", "scroll down")
TILT = 34
"""Degrees the camera looks down."""
MARGIN = 0.13
"""The share of the window's height kept clear round the game (the caption's band)."""


def frame_orbit(rig: Any, corners: Sequence[Vec3], pivot: Vec3) -> None:
    """Stand the camera, looking down at TILT towards `pivot`, where every one of `corners`
    shows inside the window with the caption's band clear, from every heading it will orbit
    through."""
    rig.glide = None
    rig.pivot.rotation_x = TILT
    far = []
    for heading in range(0, 360, 30):
        rig.pivot.rotation_y = heading
        far.append(rig.fitting_distance(corners, pivot, MARGIN))
    rig.pivot.position = pivot
    rig.distance = max(far)


@dataclass(frozen=True)
class DemoGames:
    """A game's part of its demo. `new_play(index, first_seed)` puts game `index` on the table:
    its play screen (with `session`, `bots`, `view.tweens`, `rig` and `state`), every seat a
    bot's; `frame(play)` stands the camera where the whole game shows above the caption while
    it orbits; `opening(state)` is the caption before the first action, `describe(before,
    action, events)` an action's."""

    name: str
    new_play: Callable[[int, int], Any]
    frame: Callable[[Any], None]
    opening: Callable[[Any], str]
    describe: Callable[[Any, Any, Sequence[Any]], str]


class DemoLoop(Entity):  # type: ignore[misc]
    """Survives clearing the scene between games (like the shell); `on_exit` on any key. The
    first game starts at once."""

    def __init__(
        self,
        games: DemoGames,
        on_exit: Callable[[], None],
        pace: float = 0.8,
        first_seed: int = 0,
        speed: float = 1.0,
    ) -> None:
        super().__init__(name=f"{games.name}-demo", eternal=True)
        self.demo = games
        self.on_exit = on_exit
        self.pace = pace
        self.first_seed = first_seed
        self.speed = speed
        self.games = 0
        """Games started so far."""
        self.play: Any = None
        self.caption_text = ""
        self.finished_for = 0.0
        self.stopped = False
        self.next_game()

    # -- the loop -----------------------------------------------------------------------------

    def next_game(self) -> None:
        """Clear the table and start the next game."""
        self._clear()
        play = self.demo.new_play(self.games, self.first_seed)
        play.hud.set_help(_(HINT), over=_(HINT))
        self.games += 1
        play.bots.pace = self.pace
        play.bots.announce = False
        play.hud.message("")  # the demo says every action in its own caption
        play.view.tweens.speed = self.speed
        self.caption = Canvas(name="demo-caption")
        opening_line = N_("Game {number} · {opening}")
        text = say(opening_line, number=self.games, opening=self.demo.opening(play.session.state))
        self.show_caption(text)
        play.session.subscribe(self._on_change)
        self.demo.frame(play)
        self.play = play
        self.finished_for = 0.0

    def show_caption(self, text: str) -> None:
        """The sentence of the last action, large along the bottom."""
        self.caption_text = text
        centred_above_bottom(self.caption, text_panel([Line(text, 22)], 1000), CAPTION_GAP)

    def _on_change(self, state: Any, events: list[Any]) -> None:
        last = self.play.session.last_step()
        if events and last is not None:
            self.show_caption(self.demo.describe(last[0], last[1], events))

    def update(self) -> None:
        if self.play is None:
            return
        self.play.rig.pivot.rotation_y += ORBIT * time.dt
        session = self.play.session
        if session.rules.is_over(session.state) and not self.play.view.tweens.busy:
            self.finished_for += time.dt
            if self.finished_for >= NEXT_GAME_AFTER / self.speed:
                self.next_game()

    def input(self, key: str) -> None:
        if key.endswith(" up") or key.endswith(" hold") or key in IGNORED:
            return
        self.stop()
        self.on_exit()

    def again(self) -> tuple[object, ...]:
        """The demo from its first game."""
        return (self.first_seed, self.pace)

    def apply_settings(self, settings: Settings) -> None:
        """The animation speed of the games to come."""
        self.speed = settings.animation_speed

    def recover(self) -> None:
        """After a fault the next game starts."""
        self.next_game()

    def stop(self) -> None:
        """Clear the table and go (the caller shows what comes next); once."""
        if self.stopped:
            return
        self.stopped = True
        self._clear()
        self.eternal = False
        destroy(self)

    def _clear(self) -> None:
        if self.play is not None:
            self.play.session.unsubscribe(self._on_change)
        self.play = None
        clear_scene()
