"""Clamber's clips (climbers.app.clips): a saved game drawn by the table's own board and camera,
each turn captioned as in a replay."""

from __future__ import annotations

from collections.abc import Sequence

from ursina import Entity, Vec3, invoke

from climbers.app.clips.reel import Film, SavedGameClips
from climbers.app.table.camera import HEADING, CameraRig
from climbers.clamber.core import ClamberState, Event
from climbers.clamber.core.actions import Place, Turn
from climbers.clamber.core.state import FORMAT
from climbers.clamber.game.session import SAVED, SAVED_FORMAT
from climbers.clamber.table.view import ClamberView
from climbers.clamber.table.words import (
    described,
    headline,
    opening,
    player_name,
    player_standing,
)
from climbers.io.language import N_, say

SHADOW_FIT_DELAY = 0.1
"""Seconds after the table is laid when the sun's shadow is fitted to it once more."""
TURN_SWING = 12.0
"""Degrees the camera swings round the board towards the side of the player on turn."""
FOCUS_SHARE = 0.25
"""How far a turn's camera slides from the board's middle towards the cell the turn starts on."""
NO_PUZZLES = N_("Clamber has no puzzles.")


class ClamberFilm(Entity):  # type: ignore[misc]
    """The board as a clip draws it: the stacks and the window's camera rig, one camera move a
    turn towards where the turn begins."""

    def __init__(self, state: ClamberState) -> None:
        super().__init__(name="clamber-clip-table")
        self.view = ClamberView(state)
        self.rig = CameraRig(self.view.home_view)
        if self.view.sun is not None:
            invoke(self.view.sun.update_bounds, delay=SHADOW_FIT_DELAY)

    def show(self, state: ClamberState) -> None:
        self.view.show(state.stacks)

    def play(
        self, before: ClamberState, action: Turn, after: ClamberState, events: Sequence[Event]
    ) -> None:
        self.view.play(after.stacks, events)

    def moving(self) -> bool:
        sun = self.view.sun
        settling = sun is not None and not sun.settled
        return bool(self.view.tweens.busy or self.rig.glide is not None or settling)

    def frame_turn(self, state: ClamberState, actions: Sequence[Turn]) -> None:
        """Slide a little towards the cell the turn begins on, swung towards its player's
        side."""
        pivot, distance = self.view.home_view()
        turn = actions[0]
        cell = turn.cell if isinstance(turn, Place) else turn.by
        foot = self.view.foot(cell)
        towards = Vec3(foot.x - pivot.x, 0, foot.z - pivot.z) * FOCUS_SHARE
        swing = TURN_SWING if state.to_move == 0 else -TURN_SWING
        self.rig.ease_to(pivot + towards, distance, HEADING + swing)


def standings(state: ClamberState) -> list[str]:
    """Who won (once the game is over), then each player's stacks and stones, the winner
    first."""
    result = state.result
    seats = (0, 1) if result is None or result.winner != 1 else (1, 0)
    lines = [player_standing(state.stacks, seat) for seat in seats]
    return lines if result is None else [headline(result.winner), *lines]


FILM = Film(
    title=N_("Clamber"),
    table=ClamberFilm,
    turn=lambda state: state.turn,
    players=lambda state: say(N_("{first} and {last}"), first=player_name(0), last=player_name(1)),
    standings=standings,
    over=lambda state: bool(state.over),
)
"""How Clamber's states are filmed."""


CLIPS = SavedGameClips(
    FILM,
    (SAVED_FORMAT, FORMAT),  # a position is told apart from a saved game
    SAVED,
    opening,
    described,
    NO_PUZZLES,
)
"""Clamber's clips: from a saved game, as its registry entry names them."""
