"""Where the cells of a Clamber board lie on the table, in Ursina's plane (x east, z north; y is
up): the board's centre at the origin, row A to the north, neighbouring cells one unit apart
(C2), and where the cell names stand along the board's edges. Plain numbers: no window needed."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from climbers.clamber.core import Board, board

ROOT3 = math.sqrt(3.0)
CELL_RADIUS = 1 / ROOT3
"""From a cell's centre to its corners (neighbouring centres are 1 apart)."""
BOARD_TOP = 0.22
"""The height of the board's playing surface above the table."""
STONE_RADIUS = 0.37
STONE_HEIGHT = 0.13
MARGIN = 1.45
"""From the corner cells' centres to the board's corners, beyond the cells: room for the
names along the edges."""
LABEL_STEP = 0.8
"""How far beyond the last cell of its row (or number) a name along the edge stands, in steps
between neighbours."""

Point = tuple[float, float]


def row_col(name: str) -> tuple[int, int]:
    """A cell's row (0 for A) and number, from its name ('C3' -> (2, 3))."""
    return ord(name[0]) - ord("A"), int(name[1:])


def at(size: int, row: float, col: float) -> Point:
    """The (x, z) of the place at `row` and number `col` of the `size`-board (rows and numbers
    off the board too: the edge labels stand there)."""
    return col - row / 2 - (size + 1) / 2, -(row - (size - 1)) * ROOT3 / 2


@dataclass(frozen=True)
class Layout:
    """One board size laid on the table: each cell's centre by name, the board's corners and
    the labels along its edges."""

    size: int
    centres: dict[str, Point]
    corners: tuple[Point, ...]
    """The board's outline, a hexagon with its flat sides north and south, anticlockwise from
    the east corner."""
    labels: tuple[tuple[str, Point], ...]
    """Each row's letter beyond its east end, each number beyond its south-west end."""

    @property
    def board(self) -> Board:
        return board(self.size)

    @property
    def radius(self) -> float:
        """From the centre to the board's corners."""
        return self.size - 1 + MARGIN

    def cell_at(self, x: float, z: float) -> str | None:
        """The cell whose hexagon holds the point (x, z), or None off the cells."""
        best, nearest = None, math.inf
        for name, (cx, cz) in self.centres.items():
            d = math.hypot(x - cx, z - cz)
            if d < nearest:
                best, nearest = name, d
        # the nearest centre's hexagon holds the point when it is inside the hexagon
        if best is None or nearest > CELL_RADIUS:
            return None
        cx, cz = self.centres[best]
        return best if inside_hexagon(x - cx, z - cz) else None


def inside_hexagon(dx: float, dz: float) -> bool:
    """Whether (dx, dz) from a cell's centre lies in its hexagon (corners north and south)."""
    ax, az = abs(dx), abs(dz)
    return ax <= 0.5 and ax * 0.5 + az * ROOT3 / 2 <= 0.5


def hexagon(cx: float, cz: float, radius: float, flat: bool) -> list[Point]:
    """A hexagon's corners anticlockwise: with `flat` sides north and south (the board), else
    with corners north and south (a cell)."""
    start = 0.0 if flat else 30.0
    return [
        (
            cx + radius * math.cos(math.radians(start + 60 * k)),
            cz + radius * math.sin(math.radians(start + 60 * k)),
        )
        for k in range(6)
    ]


@cache
def layout(size: int) -> Layout:
    """The `size`-board on the table."""
    b = board(size)
    rc = {name: row_col(name) for name in b.names}
    centres = {name: at(size, r, c) for name, (r, c) in rc.items()}
    labels: list[tuple[str, Point]] = []
    for row in range(2 * size - 1):
        last = max(c for r, c in rc.values() if r == row)
        labels.append((chr(ord("A") + row), at(size, row, last + LABEL_STEP)))
    for col in range(1, 2 * size):
        low = max(r for r, c in rc.values() if c == col)
        labels.append((str(col), at(size, low + LABEL_STEP, col)))
    corners = tuple(hexagon(0.0, 0.0, size - 1 + MARGIN, flat=True))
    return Layout(size, centres, corners, tuple(labels))
