"""Players' names the window can draw: a game from a file whose name has a character the bundled
font lacks (it would be drawn as a box) is refused in one line naming it."""

from __future__ import annotations

from climbers.app.fonts import code_point, first_undrawable
from climbers.io.language import N_, say
from climbers.the_climbers.core import GameState
from climbers.the_climbers.io.words import player_word

UNDRAWN_NAME = N_(
    "{player}'s name has {char}, which the game's font cannot draw: the file is not opened."
)


def undrawn_name(state: GameState) -> str | None:
    """Why the window does not open a game with this state (None when it may): the first name
    with a character the font cannot draw, the player called by colour, the character itself and
    its code point."""
    for player in state.players:
        ch = first_undrawable(player.name)
        if ch is not None:
            return say(UNDRAWN_NAME, player=player_word(player.colour), char=code_point(ch))
    return None
