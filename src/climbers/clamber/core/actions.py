"""Turns (C6): a placement, a lower capture or a chain of equal captures, and their text forms.

Cells are named in notation ("C3"), so a turn reads the same on both boards; whether its cells
are on the board of a game is for the engine to say (`wrong_board`).
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Place(NamedTuple):
    """Put a single stone of the player's colour on an empty cell: `place C3`."""

    cell: str


class LowerCapture(NamedTuple):
    """A stack captures a lower enemy neighbour (C8): `C3xD3`."""

    by: str
    target: str


class EqualChain(NamedTuple):
    """One or more equal captures (C9): `B2=C4=E5`, the capturing stack, then each captured
    stack, each capturing the next."""

    by: str
    targets: tuple[str, ...]


Turn = Place | LowerCapture | EqualChain

_CELL = r"([A-Z][1-9][0-9]?)"
_PLACE = re.compile(rf"^PLACE\s+{_CELL}$")
_LOWER = re.compile(rf"^{_CELL}X{_CELL}$")
_CHAIN = re.compile(rf"^{_CELL}(?:={_CELL})+$")
MAX_TEXT = 400
"""A turn's text has at most this many characters (a chain is far shorter on either board)."""


def turn_text(turn: Turn) -> str:
    """The turn's one-line text form: `place C3`, `C3xD3` or `B2=C4=E5`."""
    if isinstance(turn, Place):
        return f"place {turn.cell}"
    if isinstance(turn, LowerCapture):
        return f"{turn.by}x{turn.target}"
    return "=".join((turn.by, *turn.targets))


def parse_turn(text: str) -> Turn:
    """The turn a text form names (any case, spaces around it ignored); ValueError when the
    text is malformed. Whether the cells exist on a board is not checked here."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"a turn's text has at most {MAX_TEXT} characters")
    upper = text.strip().upper()
    if m := _PLACE.match(upper):
        return Place(m[1])
    if m := _LOWER.match(upper):
        return LowerCapture(m[1], m[2])
    if _CHAIN.match(upper):
        by, *targets = upper.split("=")
        return EqualChain(by, tuple(targets))
    example = "'place C3', 'C3xD3' or 'B2=C4'"
    raise ValueError(f"not a Clamber turn: {text.strip()[:40]!r} (e.g. {example})")
