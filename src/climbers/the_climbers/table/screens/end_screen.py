"""The end-of-game screen: the winner, every level, the tie-break in a sentence, what next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Entity, Text, color

from climbers.app.panels.widgets import (
    ACCENT,
    CARD_Z,
    MUTED,
    Screen,
    button,
    card,
    label,
    plain,
    wrap_text,
)
from climbers.io.language import _
from climbers.the_climbers.core import Colour, GameState
from climbers.the_climbers.game.results import headline, place_words, standings, tie_break
from climbers.the_climbers.table.textures import tint

TIE_BREAK_WIDTH = 0.78
"""The tie-break sentence's lines at most, inside the card."""


class EndScreen(Screen):
    """Shown over the table when the game is over; the mountain stays visible around it."""

    def __init__(
        self,
        state: GameState,
        on_again: Callable[[], None],
        on_menu: Callable[[], None],
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("z", CARD_Z)
        super().__init__(backdrop=color.rgba(0.05, 0.06, 0.08, 0.55), **kwargs)
        table = standings(state)
        height = 0.3 + 0.065 * len(table)
        card(self, (0.9, height + 0.12), y=0.0)
        top = height / 2
        self.headline = plain(
            Text(headline(state), parent=self, y=top - 0.02, origin=(0, 0), scale=2.2)
        )
        self.headline.color = color.white
        self.rows: list[Text] = []
        for i, s in enumerate(table):
            y = top - 0.12 - 0.065 * i
            Entity(
                parent=self, model="circle", scale=0.04, x=-0.3, y=y, color=tint(Colour(s.colour))
            )
            row, level = place_words(s)
            self.rows.append(label(self, row, -0.26, y, 1.2))
            label(self, level, 0.12, y, 1.1, color=MUTED)
        self.tie_break = plain(
            Text(" ", parent=self, y=top - 0.15 - 0.065 * len(table), origin=(0, 0), color=MUTED)
        )
        wrap_text(self.tie_break, tie_break(state), TIE_BREAK_WIDTH)
        y = -top + 0.02
        self.again_button = button(self, _("Play again"), -0.13, y, on_again, 0.24, ACCENT)
        self.menu_button = button(self, _("Back to menu"), 0.13, y, on_menu, 0.24)
