"""The castle, the tower spots and the knights of Burg Klettermax as plain geometry (K1, K5).

Units are centimetres (grams for mass, seconds for time), z up, the castle centred on the origin,
north = +y. Every solid is an axis-aligned box, given here as data so that the Bullet world
(`world.py`) and the window draw the same things.

Shapes, step and why (figures measured on this machine, headless):

- The castle is a 25 cm square box bottom: a 1 cm floor slab cut into nine chamber floors (floor
  top at z = 1), outer walls 2.5 cm thick up to z = 9 topped by seven 1 cm pinnacles a side
  (crenels 2.3 cm wide, wider than a knight), and 1 cm inner walls up to z = 8. Chambers are 6 cm
  square inside. A knight can come to rest on an outer wall's top or in a crenel, or lying
  across an inner wall (K12: on the wall). Static boxes cost Bullet little and collide exactly;
  each chamber floor is its own body, so a contact names its chamber.
- A knight is a 1.8 × 1.8 × 3 cm box of 5 g, on a 5 × 5 × 0.3 cm tower tile. Bullet's dedicated
  box–box contact generator gives all four corners of a resting face in one step, so a stack of
  five stands still: over 3 s on every spot no knight moves more than 0.02 cm or tilts 0.02°, and
  every stack falls asleep (30 s: the same). A cylinder stack in the same world drifts 0.3 cm and
  7 of 12 are still awake after 3 s; at 1/240 s with 10 solver iterations 11 of 12 cylinder
  stacks fell. A box does not roll away like a cylinder or capsule; it tumbles to rest as a
  flat-sided wooden figure does. The window may draw any knight figure inside this box.
- The step is 1/480 s with 20 solver iterations (`world.STEP`, `world.SETTINGS`): at 1/240 s with
  Panda3D's default 10 iterations the stacks crept 0.1–0.7 cm in 3 s and some stayed awake. A
  full-strength knight moves 1.17 cm a step, under its 1.8 cm width; continuous collision
  detection takes over above 0.45 cm a step.
- A flick costs 25 ms median, 60 ms p95 (240 flicks over all spots, `speed.speed_rows`, since
  issue 31: flights are longer and harder flicks slide metres); a flight comes to rest after
  1.2 s median, 2.25 s at most over those 240 flicks (limit 6 s).
- Centimetres rather than metres keep the knights well above Bullet's 0.04-unit collision margin
  (0.4 mm here) and near Bullet's tuning for bodies of about unit size.
- Friction and restitution multiply between two bodies in Bullet: friction 0.7 everywhere (wood
  on wood or card 0.49); restitution 0.7 for a knight, 0.6 for the castle and 0.5 for the table,
  so a knight bounces off the castle with 0.42 and off the table with 0.35: a landing knight
  hops and tumbles, now and then into the next chamber or out over a wall, as wooden figures
  on a card castle do. (Issue 31: with 0.25 against the castle nearly every landing stuck.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

HALF = 12.5
"""Half the castle's side (cm)."""
OUTER_WALL = 2.5
INNER_WALL = 1.0
FLOOR_TOP = 1.0
WALL_TOP = 9.0
INNER_WALL_TOP = 8.0
PINNACLE_HEIGHT = 1.0
PINNACLE_WIDTH = 1.6
PINNACLES_PER_SIDE = 7

INSIDE = HALF - OUTER_WALL
CHAMBER = (2 * INSIDE - 2 * INNER_WALL) / 3
"""The inside width of one chamber (cm)."""
LANES = (-(CHAMBER + INNER_WALL), 0.0, CHAMBER + INNER_WALL)
"""Chamber centre coordinates along either axis, west→east and south→north."""

KNIGHT_SIZE = (1.8, 1.8, 3.0)
KNIGHT_MASS = 5.0
TILE_SIZE = (5.0, 5.0, 0.3)
SPOT_DISTANCE = 18.5
"""From the castle's centre to a tower spot's centre (the tile's near edge is 3.5 cm out)."""

CASTLE_FRICTION = 0.7
CASTLE_RESTITUTION = 0.6
KNIGHT_FRICTION = 0.7
KNIGHT_RESTITUTION = 0.7
TABLE_FRICTION = 0.7
TABLE_RESTITUTION = 0.5

Vec3 = tuple[float, float, float]
Part = Literal["floor", "wall", "pinnacle"]


@dataclass(frozen=True)
class Box:
    """An axis-aligned solid of the castle; `chamber` is set for a chamber's floor."""

    part: Part
    centre: Vec3
    half: Vec3
    chamber: int | None = None


@dataclass(frozen=True)
class Spot:
    """A tower spot just outside the wall, facing one chamber; `facing` is the unit direction
    straight at the wall (the flick's zero angle)."""

    number: int
    x: float
    y: float
    facing: tuple[float, float]
    chamber: int


def chamber_centre(chamber: int) -> tuple[float, float]:
    """The centre of chamber 1–9 (row by row from the north-west)."""
    if not 1 <= chamber <= 9:
        raise ValueError(f"no chamber {chamber}")
    row, col = divmod(chamber - 1, 3)
    return LANES[col], LANES[2 - row]


def chamber_at(x: float, y: float) -> int | None:
    """The chamber whose floor lies under (x, y), or None over a wall or outside the castle."""
    col = _lane(x)
    row = _lane(-y)
    return None if col is None or row is None else row * 3 + col + 1


def _lane(u: float) -> int | None:
    for i, centre in enumerate(LANES):
        if abs(u - centre) < CHAMBER / 2:
            return i
    return None


def _box(part: Part, lo: Vec3, hi: Vec3, chamber: int | None = None) -> Box:
    centre = ((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2)
    half = ((hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2)
    return Box(part, centre, half, chamber)


def castle_boxes() -> tuple[Box, ...]:
    """Every solid of the castle: nine floors, the walls, the pinnacles."""
    c = CHAMBER / 2
    boxes = [
        _box("floor", (x - c, y - c, 0.0), (x + c, y + c, FLOOR_TOP), n)
        for n in range(1, 10)
        for x, y in [chamber_centre(n)]
    ]
    boxes += [
        _box("wall", (-HALF, INSIDE, 0.0), (HALF, HALF, WALL_TOP)),
        _box("wall", (-HALF, -HALF, 0.0), (HALF, -INSIDE, WALL_TOP)),
        _box("wall", (INSIDE, -INSIDE, 0.0), (HALF, INSIDE, WALL_TOP)),
        _box("wall", (-HALF, -INSIDE, 0.0), (-INSIDE, INSIDE, WALL_TOP)),
    ]
    w = INNER_WALL / 2
    for lane in (LANES[0] + c + w, LANES[2] - c - w):
        boxes.append(_box("wall", (lane - w, -INSIDE, 0.0), (lane + w, INSIDE, INNER_WALL_TOP)))
        boxes.append(_box("wall", (-INSIDE, lane - w, 0.0), (INSIDE, lane + w, INNER_WALL_TOP)))
    pitch = (2 * HALF - PINNACLE_WIDTH) / (PINNACLES_PER_SIDE - 1)
    top = WALL_TOP + PINNACLE_HEIGHT
    p = PINNACLE_WIDTH / 2
    for k in range(PINNACLES_PER_SIDE):
        t = -HALF + p + k * pitch
        for y in (INSIDE, -HALF):
            boxes.append(_box("pinnacle", (t - p, y, WALL_TOP), (t + p, y + OUTER_WALL, top)))
        if 0 < k < PINNACLES_PER_SIDE - 1:
            for x in (INSIDE, -HALF):
                boxes.append(_box("pinnacle", (x, t - p, WALL_TOP), (x + OUTER_WALL, t + p, top)))
    return tuple(boxes)


def spot(number: int) -> Spot:
    """Tower spot 1–12, clockwise from the north side's west spot (K5)."""
    if not 1 <= number <= 12:
        raise ValueError(f"no tower spot {number}")
    side, i = divmod(number - 1, 3)
    d = SPOT_DISTANCE
    lane = LANES[i]
    if side == 0:
        return Spot(number, lane, d, (0.0, -1.0), (1, 2, 3)[i])
    if side == 1:
        return Spot(number, d, -lane, (-1.0, 0.0), (3, 6, 9)[i])
    if side == 2:
        return Spot(number, -lane, -d, (0.0, 1.0), (9, 8, 7)[i])
    return Spot(number, -d, lane, (1.0, 0.0), (7, 4, 1)[i])
