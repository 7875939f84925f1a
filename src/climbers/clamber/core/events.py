"""What happened when a turn was applied, in order: the table animates and captions these."""

from __future__ import annotations

from typing import NamedTuple

from climbers.clamber.core.state import Result


class Placed(NamedTuple):
    """A stone of `seat` was put on the empty `cell`."""

    cell: str
    seat: int


class Captured(NamedTuple):
    """The stack on `by` captured the one on `cell`, now `seat`'s and `height` high (C7)."""

    by: str
    cell: str
    seat: int
    height: int


class Removed(NamedTuple):
    """The rest of the captured stack's subgroup left the board (C7)."""

    cells: tuple[str, ...]


class Skipped(NamedTuple):
    """`seat` has no turn and is skipped (C11)."""

    seat: int


class Ended(NamedTuple):
    """The game ended (C12, C13)."""

    result: Result


Event = Placed | Captured | Removed | Skipped | Ended
