"""Where things stand on Burg Klettermax's table, in the window's units: the physics' castle,
spots and knights (`climbers.klettermax.physics.castle`, centimetres, z up) scaled by `SCALE`
into Ursina's axes (x east, y up, z north), and the places the physics has no part in (the
supply, the dice, the tiles each player holds). Plain numbers: no window needed."""

from __future__ import annotations

import math

from climbers.klettermax.core.components import COLOURS, Colour
from climbers.klettermax.physics.castle import (
    HALF,
    KNIGHT_SIZE,
    TILE_SIZE,
    chamber_centre,
    spot,
)

SCALE = 0.25
"""Window units per centimetre."""
Point = tuple[float, float, float]
"""A point in the window's axes (x east, y up, z north)."""
TREASURE_TILE = 5.2
TREASURE_THICK = 0.22
"""A treasure tile's side and thickness (cm)."""
SUPPLY_Y = -(HALF + 21.5)
"""The supply's row lies this far south of the castle's centre (cm): beyond the tiles the
players on the south side hold."""
SUPPLY_PITCH = 7.5
DICE_AT = (-(HALF + 9.5), -(HALF + 9.5))
"""The dice tray's centre (cm, x and y of the physics): the castle's free corner between the
supply and the spots, in every view of the table (not under the panels at the window's foot)."""
DIE_SIZE = 2.8
HELD_OUT = 5.2
HELD_STEP = 1.3
"""How far beyond a tower spot, away from the castle, the first tile its player holds lies, and
how much farther out each next one lies, on the one before: a strip of every tile shows (cm)."""


def world(x: float, y: float, z: float) -> Point:
    """The window's point of a physics point (cm, z up)."""
    return x * SCALE, z * SCALE, y * SCALE


def spot_point(number: int) -> Point:
    """The centre of tower spot `number` on the table."""
    s = spot(number)
    return world(s.x, s.y, 0.0)


def spot_yaw(number: int) -> float:
    """The heading (degrees about the upright axis, clockwise from north as Ursina turns) of a
    tower on `number`, facing the wall."""
    s = spot(number)
    return math.degrees(math.atan2(s.facing[0], s.facing[1]))


def knight_foot(number: int, level: float) -> Point:
    """Where the foot of the knight `level` (0 at the bottom; a fraction: above the tower, as a
    carried knight passes) of a tower on spot `number` stands."""
    s = spot(number)
    return world(s.x, s.y, TILE_SIZE[2] + KNIGHT_SIZE[2] * level)


def chamber_point(chamber: int, height: float) -> Point:
    """The centre of chamber `chamber` at `height` cm."""
    x, y = chamber_centre(chamber)
    return world(x, y, height)


def supply_point(colour: Colour, index: int) -> Point:
    """Where supply knight `index` (0-3) of `colour` stands: the five colours in a row south
    of the castle, four knights in a little square each."""
    column = COLOURS.index(colour)
    x = (column - 2) * SUPPLY_PITCH + (index % 2 - 0.5) * 2.2
    y = SUPPLY_Y + (index // 2 - 0.5) * 2.2
    return world(x, y, 0.0)


def supply_corners(colour: Colour) -> list[Point]:
    """The corners of the box the supply's knights of `colour` stand in, foot to top."""
    half = KNIGHT_SIZE[0] / 2
    xs = [supply_point(colour, i)[0] / SCALE for i in (0, 1)]
    ys = [supply_point(colour, i)[2] / SCALE for i in (0, 2)]
    return [
        world(x, y, z)
        for x in (min(xs) - half, max(xs) + half)
        for y in (min(ys) - half, max(ys) + half)
        for z in (0.0, KNIGHT_SIZE[2])
    ]


def held_point(number: int, index: int) -> Point:
    """Where the `index`-th tile its player holds lies beside the tower on spot `number`: just
    outside the spot, away from the castle, each next one farther out and on the one before."""
    s = spot(number)
    out = HELD_OUT + HELD_STEP * index
    return world(s.x - s.facing[0] * out, s.y - s.facing[1] * out, TREASURE_THICK * index)


def die_point(index: int) -> Point:
    """Where die `index` (0 or 1) comes to rest in the tray."""
    x, y = DICE_AT
    return world(x + (index - 0.5) * DIE_SIZE * 1.6, y, DIE_SIZE / 2)


def dice_corners() -> list[Point]:
    """The corners of the box both dice lie in, in their tray."""
    (x, y), half, apart = DICE_AT, DIE_SIZE / 2, DIE_SIZE * 0.8
    return [
        world(x + dx, y + dy, z)
        for dx in (-apart - half, apart + half)
        for dy in (-half, half)
        for z in (0.0, DIE_SIZE)
    ]
