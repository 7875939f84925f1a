"""Burg Klettermax's table as the shared screens show it (climbers.app.screens.replay_screen):
the castle, towers and supply, every flick with its aim flown again by the physics as it is
shown (a saved game whose flick the physics would bring to rest elsewhere does not open:
`SavedGame.session`). Flicks saved without their aim are shown where the game says and named in
a line; a game played under an earlier physics is shown by its recorded resting places, and
says so."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from climbers.app.panels.canvas import Line, Notice
from climbers.app.screens.replay_screen import Boxes, ReplayScreen, saved_replay
from climbers.app.settings import Settings
from climbers.io.language import N_, _, say_n
from climbers.klettermax.core import PHYSICS, Action, State
from climbers.klettermax.core.events import Event
from climbers.klettermax.game.session import SavedGame
from climbers.klettermax.physics import verify_flicks
from climbers.klettermax.table.flight import Flight, replay_action
from climbers.klettermax.table.play_board import HOME, HOME_HEADING, TableRig
from climbers.klettermax.table.sounds import ImpactSounds
from climbers.klettermax.table.view import KlettermaxView
from climbers.klettermax.table.words import (
    described,
    in_flight,
    opening,
    player_name,
    treasures_words,
)
from climbers.session.session import Session

EARLIER = N_("An earlier flick's game: knights shown where they rested.")
"""Short: the notice stands between the replay's panel and its caption."""


class KlettermaxBoard:
    """The table of a recorded game (see the module); the caption stands at the top right, so
    that the supply of knights along the window's foot stays in view."""

    caption_at_top = True

    def __init__(self, saved: SavedGame, session: Session[State]) -> None:
        """`session` holds the whole game `saved`."""
        self.mismatches = verify_flicks(session.start, session.actions, saved.physics)
        self.view = KlettermaxView(session.start)
        self.rig = TableRig(lambda: None)
        self.flight: Flight | None = None
        self.in_flight: str | None = None
        """Who flicks, while the knight is in the air."""
        self.sounds = ImpactSounds()
        self.notice = Notice()
        if saved.physics < PHYSICS:
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

    def keep_clear(self, shown: Boxes, room: Boxes) -> None:
        """The opening view keeps clear of the players' panel by itself (`TableRig`)."""

    @property
    def busy(self) -> bool:
        """Whether anything still moves: pieces, a flight, the camera."""
        return self.view.tweens.busy or self.flight is not None or self.rig.glide is not None

    @property
    def flying(self) -> str | None:
        return self.in_flight if self.flight is not None else None

    def play(
        self,
        before: State,
        after: State,
        events: Sequence[Event],
        action: Action,
        rested: Callable[[], None],
    ) -> None:
        """A flick with its aim flies again from `before`; then the action's events."""
        self.land()

        def landed() -> None:
            self.flight = None
            rested()

        home = (*HOME, HOME_HEADING)
        self.in_flight = in_flight(before, action)
        self.flight = replay_action(
            self.view, self.rig, before, action, after, events, home, landed, self.sounds.strike
        )

    def land(self) -> None:
        """A flight under way ends at once where the physics brings it (Next again)."""
        if self.flight is not None:
            self.flight.finish()

    def show(self, state: State) -> None:
        if self.flight is not None:
            self.flight.on_rest = lambda _result: None
            self.flight.finish()
            self.flight = None
        self.view.show(state)

    def players(self, state: State) -> list[Line]:
        return [
            Line(f"{player_name(seat)} · {len(s.tiles)}/5 · {treasures_words(s.treasures)}", 16)
            for seat, s in enumerate(state.seats)
        ]

    def use_settings(self, settings: Settings) -> None:
        self.view.tweens.speed = settings.animation_speed
        self.sounds.enabled = settings.sound


def replay(saved: SavedGame, **places: Any) -> ReplayScreen[State]:
    """A saved game on the replay screen (`places`: on_exit, on_play, on_clip)."""
    board = partial(KlettermaxBoard, saved)
    return saved_replay(saved, opening, described, board, **places)
