"""Burg Klettermax's replay screen: a saved or finished game action by action on the table,
forward and back, with a caption for every action (the shared replay controls and driver). A
flick with its aim is flown again by the physics as it is shown (a saved game whose flick the
physics would bring to rest elsewhere does not open: `SavedGame.session`); flicks saved without
their aim are shown where the game says and named in a line. A game played under an earlier
physics is shown by its recorded resting places, and says so. An unfinished game can be played
on from the point shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ursina import window

from climbers.app.panels.canvas import Line, Notice, scale, text_panel
from climbers.app.panels.hud_frame import RECENT_WIDTH
from climbers.app.screens.replay_controls import SavedGameReplay
from climbers.app.settings import Settings
from climbers.io.language import N_, _, say_n
from climbers.klettermax.core import PHYSICS, State
from climbers.klettermax.core.events import Event
from climbers.klettermax.game.session import KlettermaxSession, SavedGame
from climbers.klettermax.physics import verify_flicks
from climbers.klettermax.table.flight import Flight, replay_action
from climbers.klettermax.table.play_screen import HOME, HOME_HEADING, TableRig
from climbers.klettermax.table.sounds import ImpactSounds
from climbers.klettermax.table.view import KlettermaxView
from climbers.klettermax.table.words import (
    described,
    in_flight,
    opening,
    player_name,
    treasures_words,
)
from climbers.session.replay import ReplayDriver

EARLIER = N_("An earlier flick's game: knights shown where they rested.")
"""Short: the notice stands between the replay's panel and its caption."""


class ReplayScreen(SavedGameReplay):
    """A saved game on the table (its actions must fit: `SavedGame.session`); Esc or Menu goes
    back (`on_exit`), Play from here hands the game, cut at the point shown, to `on_play`."""

    def __init__(
        self,
        saved: SavedGame,
        on_exit: Callable[[], None] | None = None,
        on_play: Callable[[KlettermaxSession], object] | None = None,
        on_clip: Callable[[int, int], None] | None = None,
    ) -> None:
        super().__init__(name="klettermax-replay")
        self.saved = saved
        self.session = session = saved.session()
        self.mismatches = verify_flicks(session.start, session.actions, saved.physics)
        self.earlier = saved.physics < PHYSICS
        """Whether the game's flicks were made under an earlier physics: shown as recorded."""
        self.driver = ReplayDriver(session, opening, described)
        self.view = KlettermaxView(self.driver.state)
        self.rig = TableRig(lambda: None)
        self.flight: Flight | None = None
        self.flying_caption: str | None = None
        """The caption while a flight is in the air (its result not yet said)."""
        self.shown_caption = ""
        """The caption the window shows."""
        self.sounds = ImpactSounds()
        self.notice = Notice()
        if self.earlier:
            self.notice.show_text(_(EARLIER), bad=False)
        elif self.mismatches:
            count = len(self.mismatches)
            self.notice.show_text(
                say_n(
                    "{count} flick was saved without its aim: shown where it rested.",
                    "{count} flicks were saved without their aim: shown where they rested.",
                    count,
                    count=count,
                ),
                bad=False,
            )
        self.add_buttons(on_exit, on_play, on_clip)

    @property
    def busy(self) -> bool:
        """Whether anything still moves: pieces, a flight, the camera."""
        return self.view.tweens.busy or self.flight is not None or self.rig.glide is not None

    def animate_action(self, before: State, after: State, events: Sequence[Event]) -> None:
        """A flick with its aim flies again from `before`; then the action's events."""
        self.land()
        action = self.session.history[self.driver.index].action

        def landed() -> None:
            self.flight = None
            self.show_caption(self.caption_text)

        home = (*HOME, HOME_HEADING)
        self.flying_caption = in_flight(before, action)
        self.flight = replay_action(
            self.view, self.rig, before, action, after, events, home, landed, self.sounds.strike
        )

    def land(self) -> None:
        """A flight under way ends at once where the physics brings it (Next again)."""
        if self.flight is not None:
            self.flight.finish()

    def show_state(self, state: State) -> None:
        if self.flight is not None:
            self.flight.on_rest = lambda _result: None
            self.flight.finish()
            self.flight = None
        self.view.show(state)

    def player_lines(self, state: State) -> list[Line]:
        return [
            Line(f"{player_name(seat)} · {len(s.tiles)}/5 · {treasures_words(s.treasures)}", 16)
            for seat, s in enumerate(state.seats)
        ]

    def show_caption(self, text: str) -> None:
        """At the top right, where a game's recent actions stand: the supply of knights along
        the window's foot stays in view. While a knight flies, only who flicks."""
        if self.flight is not None and self.flying_caption is not None:
            text = self.flying_caption  # the result is said once the knight rests
        self.shown_caption = text
        k = scale()
        image = text_panel([Line(text, 16)], RECENT_WIDTH)
        self.caption.show(image, window.size[0] - image.width - 12 * k, 12 * k)

    def apply_settings(self, settings: Settings) -> None:
        super().apply_settings(settings)
        self.sounds.enabled = settings.sound
