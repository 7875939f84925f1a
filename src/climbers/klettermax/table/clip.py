"""Burg Klettermax's clips (climbers.app.clips): a saved game drawn by the table's own view and
camera, every flick with its aim flown again by the physics as in a replay (the flight played
as the window plays it, at least 24 frames to a second of flight), each action captioned, a
flick's result only once its knight rests."""

from __future__ import annotations

from collections.abc import Sequence

from ursina import Entity

from climbers.app.clips.reel import Film, SavedGameClips
from climbers.io.language import N_, say, say_in
from climbers.klettermax.core import RULES, Action, State
from climbers.klettermax.core.events import Event
from climbers.klettermax.game.session import SAVED, SAVED_FORMAT
from climbers.klettermax.table.flight import Flight, replay_action
from climbers.klettermax.table.play_board import HOME, HOME_HEADING, TableRig
from climbers.klettermax.table.view import KlettermaxView
from climbers.klettermax.table.words import (
    described,
    headline,
    in_flight,
    opening,
    player_name,
    treasures_words,
)

TURN_SWING = 20.0
"""Degrees the camera swings round the castle from its opening heading, by the seat on turn."""
NO_PUZZLES = N_("Burg Klettermax has no puzzles.")


class KlettermaxFilm(Entity):  # type: ignore[misc]
    """The castle as a clip draws it: the pieces and the table's camera rig, one swing a turn."""

    def __init__(self, state: State) -> None:
        super().__init__(name="klettermax-clip-table")
        self.view = KlettermaxView(state)
        self.rig = TableRig(lambda: None)
        self.flight: Flight | None = None

    def show(self, state: State) -> None:
        self.view.show(state)

    def play(self, before: State, action: Action, after: State, events: Sequence[Event]) -> None:
        def landed() -> None:
            self.flight = None

        home = (*HOME, self.rig.heading)
        self.flight = replay_action(
            self.view, self.rig, before, action, after, events, home, landed
        )

    def moving(self) -> bool:
        sun = self.view.sun
        settling = sun is not None and not sun.settled
        busy = self.view.tweens.busy or self.flight is not None or self.rig.glide is not None
        return bool(busy or settling)

    def frame_turn(self, state: State, actions: Sequence[Action]) -> None:
        """Swing round the castle towards the side of the seat on turn."""
        seats = len(state.seats)
        swing = TURN_SWING * (2 * state.turn.seat / max(1, seats - 1) - 1)
        self.rig.ease_to(*HOME, heading=HOME_HEADING + swing)


def standings(state: State) -> list[str]:
    """Who won (once the game is over), then every player's place and treasures, best first."""
    places = RULES.ranking(state)
    order = sorted(range(len(state.seats)), key=lambda seat: (places[seat], seat))
    lines = [
        say(
            N_("{place} · {level}"),
            place=say(N_("{place}.  {player}"), place=places[seat], player=player_name(seat)),
            level=treasures_words(state.seats[seat].treasures),
        )
        for seat in order
    ]
    return [headline(places), *lines] if state.over else lines


FILM = Film(
    title=N_("Burg Klettermax"),
    table=KlettermaxFilm,
    turn=lambda state: state.turn.seat,
    players=lambda state: say_in("list separator", ", ").join(
        player_name(seat) for seat in range(len(state.seats))
    ),
    standings=standings,
    over=lambda state: bool(state.over),
    pending=in_flight,
)
"""How Burg Klettermax's states are filmed."""


CLIPS = SavedGameClips(
    FILM,
    (SAVED_FORMAT,),
    SAVED,
    opening,
    described,
    NO_PUZZLES,
)
"""Burg Klettermax's clips: from a saved game, as its registry entry names them."""
