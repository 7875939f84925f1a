"""The pieces of Burg Klettermax and the table's numbering (K1–K5)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final, Literal

from pydantic import Field


class Colour(StrEnum):
    """A knight's colour, and the shield on a die face (K2, K3)."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    WHITE = "white"


COLOURS: Final = tuple(Colour)
"""The five colours in their fixed order: legal choices and the supply are listed in it."""
JESTER: Final = "jester"
Face = Colour | Literal["jester"]
"""A die face: a shield of one colour or the jester (K3)."""
FACES: Final[tuple[Face, ...]] = (*COLOURS, JESTER)

KNIGHTS_PER_COLOUR: Final = 4
"""K2: 20 knights, four of each colour."""
TOWER_HEIGHT: Final = len(COLOURS)
"""K11: a tower is full with one knight of every colour."""

CHAMBERS: Final = 9
"""K1: chambers 1–9 row by row from the north-west corner (north row 1 2 3, south row 7 8 9)."""
TILES_PER_CHAMBER: Final = 3
TILE_SET: Final = (1,) * 12 + (2,) * 9 + (3,) * 6
"""K4: the 27 treasure tiles by their number of treasures."""
Tile = Annotated[int, Field(ge=1, le=3)]
"""A treasure tile: how many treasures it shows."""
WINNING_TILES: Final = 5
"""K16: the game ends as soon as a player holds this many tiles."""

SEATS: Final = (2, 4)
"""K5: the fewest and the most players."""
SPOTS: Final = 12
"""K5: tower spots 1–12 clockwise from the north side's west spot, three facing each side."""
FACING: Final = (1, 2, 3, 3, 6, 9, 9, 8, 7, 7, 4, 1)
"""The chamber each spot faces, spot 1 first: north 1 2 3, east 3 6 9, south 9 8 7,
west 7 4 1."""
Spot = Annotated[int, Field(ge=1, le=SPOTS)]
Chamber = Annotated[int, Field(ge=1, le=CHAMBERS)]


def facing(spot: int) -> int:
    """The chamber a tower on `spot` faces."""
    return FACING[spot - 1]


def default_spots(players: int) -> tuple[int, ...]:
    """Distinct starting spots: the middle spot of one side per seat, clockwise, opposite
    sides for two players (K5; K13 lets each player move theirs before their first roll)."""
    middles = (2, 5, 8, 11)
    return (2, 8) if players == 2 else middles[:players]
