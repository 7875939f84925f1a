"""`climbers play --game klettermax --fps-probe`: four full towers stand round the castle and
knights are flicked one after the other (each flight the physics' own, drawn as it happens)
while the table is timed against the plain reference scene (the shared probe,
climbers.app.table.fps_probe)."""

from __future__ import annotations

from climbers.app.screens.play_screen import PlayScreen
from climbers.app.table.fps_probe import FpsProbe
from climbers.klettermax.core import COLOURS, Action, Aim, Seat, State, Turn
from climbers.klettermax.core.dice import deal_tiles
from climbers.klettermax.table.play_board import KlettermaxPlay

AIMS = (Aim(angle=0.0, strength=0.5), Aim(angle=-20.0, strength=0.7), Aim(angle=15.0, strength=0.3))
"""The flicks flown one after the other: the middle chamber, a far one, a near one."""


def four_towers() -> State:
    """Four players, each tower full (all twenty knights stand), the first to flick."""
    seats = tuple(Seat(spot=spot, tower=COLOURS) for spot in (2, 5, 8, 11))
    return State(seed=0, seats=seats, chambers=deal_tiles(0), turn=Turn(seat=0))


class FlightProbe(FpsProbe):
    """Times the table while a knight is in flight, flight after flight (nothing is played:
    each flight starts again from the full tower)."""

    doing = "while a knight is in flight, four towers standing"

    def __init__(self, screen: PlayScreen[State, Action], seconds: float = 4.0) -> None:
        super().__init__(screen, seconds)
        self.flights = 0

    def begin(self) -> None:
        self.launch()

    def launch(self) -> None:
        """Fly the next aim; when it rests, the tower stands full again and the next one flies."""
        board = self.screen.board
        assert isinstance(board, KlettermaxPlay)
        aim = AIMS[self.flights % len(AIMS)]
        self.flights += 1

        def again(_result: object) -> None:
            board.after_flight = False
            board.view.show(board.state)
            if self.reference is None:
                self.launch()

        board.fly(aim, again)

    def end(self) -> None:
        self.screen.recover()
