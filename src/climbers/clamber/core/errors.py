"""Why a turn is refused: a reason code, the cells at fault and plain values for the sentence.

The sentence players read is made at the edge from `reason` and `params`; the core has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Reason(StrEnum):
    """Every reason a turn, or a step of a chain being built, can be refused."""

    GAME_OVER = "game_over"
    WRONG_BOARD = "wrong_board"
    """A cell that is not on this board (e.g. G4 on the 3-board)."""
    OCCUPIED = "occupied"
    """A stone is placed on a cell that holds a stack (C6)."""
    NO_STACK = "no_stack"
    """A capture names an empty cell as the capturing or the captured stack."""
    NOT_YOURS = "not_yours"
    """The capturing stack belongs to the opponent (C4)."""
    NOT_ENEMY = "not_enemy"
    """The captured stack belongs to the player (C8, C9)."""
    NOT_NEIGHBOUR = "not_neighbour"
    """A lower capture of a stack that is not next to the capturing stack (C8)."""
    NOT_LOWER = "not_lower"
    """A lower capture of a stack as high as or higher than the capturing stack (C8)."""
    NOT_EQUAL = "not_equal"
    """An equal capture of a stack of another height (C9)."""
    EMPTY_CHAIN = "empty_chain"
    """An equal-capture chain that names no stack to capture."""
    GROUP_NOT_ADJACENT = "group_not_adjacent"
    """An equal capture of a stack whose group does not touch the capturing stack (C9)."""


class ClamberRefusal(Exception):
    """A turn that is not allowed in this position; the state is left unchanged.

    `places` are the cells at fault in notation ("C3"); `params` holds plain values (cells,
    heights) for the sentence shown to players. `str()` is a short English line for logs.
    """

    def __init__(
        self,
        reason: Reason,
        places: tuple[str, ...] = (),
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.reason = reason
        self.places = places
        self.params = dict(params or {})
        detail = " ".join(f"{k}={v}" for k, v in self.params.items())
        super().__init__(f"{reason.value}: {' '.join(places)} {detail}".strip())

    def __repr__(self) -> str:
        return f"ClamberRefusal({self})"
