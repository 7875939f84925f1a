"""The end-of-game screen: the winner, every level, the tie-break in a sentence, what next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Text

from climbers.app.panels.widgets import (
    MUTED,
    card,
    plain,
    wrap_text,
)
from climbers.app.screens.end_card import EndCard
from climbers.the_climbers.core import Colour, GameState
from climbers.the_climbers.game.results import headline, place_words, standings, tie_break
from climbers.the_climbers.table.textures import tint

TIE_BREAK_WIDTH = 0.78
"""The tie-break sentence's lines at most, inside the card."""


class EndScreen(EndCard):
    """Shown over the table when the game is over; the mountain stays visible around it."""

    def __init__(
        self,
        state: GameState,
        on_again: Callable[[], None],
        on_menu: Callable[[], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        table = standings(state)
        height = 0.3 + 0.065 * len(table)
        card(self, (0.9, height + 0.12), y=0.0)
        top = height / 2
        self.add_headline(headline(state), top - 0.02)
        for i, s in enumerate(table):
            row, level = place_words(s)
            y = top - 0.12 - 0.065 * i
            self.add_row(y, tint(Colour(s.colour)), row, level, reached_x=0.12, reached_size=1.1)
        self.tie_break = plain(
            Text(" ", parent=self, y=top - 0.15 - 0.065 * len(table), origin=(0, 0), color=MUTED)
        )
        wrap_text(self.tie_break, tie_break(state), TIE_BREAK_WIDTH)
        self.add_buttons(-top + 0.02, on_again, on_menu)
