"""Burg Klettermax's names in players' words, in the current language: the players, by their
tower tile's colour, and the knights' colours."""

from __future__ import annotations

from climbers.io.language import NC_, say_in
from climbers.klettermax.core import Colour

COLOUR_NAMES = {
    Colour.RED: NC_("knight colour", "red"),
    Colour.YELLOW: NC_("knight colour", "yellow"),
    Colour.GREEN: NC_("knight colour", "green"),
    Colour.BLUE: NC_("knight colour", "blue"),
    Colour.WHITE: NC_("knight colour", "white"),
}
PLAYERS = (
    NC_("klettermax player", "Purple"),
    NC_("klettermax player", "Orange"),
    NC_("klettermax player", "Teal"),
    NC_("klettermax player", "Pink"),
)
"""The players by seat, clockwise, named by their tower tile's colour."""


def colour_name(colour: Colour | str) -> str:
    """'red', 'jester', ... in the current language."""
    if colour == "jester":
        return say_in("die face", "jester")
    return say_in(*COLOUR_NAMES[Colour(colour)])


def player_name(seat: int) -> str:
    """'Purple', 'Orange', ... in the current language."""
    return say_in(*PLAYERS[seat])
