"""What every game's end card shares: the table dimmed behind it, the headline, a row per
player (a sign of the player's colour, the name, what the player reached) and Play again and
Back to menu; a game's card lays out its rows between `add_headline` and `add_buttons`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Color, Text, color

from climbers.app.panels.widgets import ACCENT, CARD_Z, MUTED, Screen, button, label, plain
from climbers.app.panels.widgets import sign as player_sign
from climbers.io.language import _


class EndCard(Screen):
    """Shown over the table when the game is over; the table stays visible around it."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("z", CARD_Z)
        super().__init__(backdrop=color.rgba(0.05, 0.06, 0.08, 0.55), **kwargs)
        self.rows: list[Text] = []
        """Each player's name, in the order of the rows."""

    def add_headline(self, text: str, y: float) -> None:
        """The result in large white letters, centred at `y`."""
        self.headline = plain(Text(text, parent=self, y=y, origin=(0, 0), scale=2.2))
        self.headline.color = color.white

    def add_row(
        self,
        y: float,
        tint: Color,
        name: str,
        reached: str,
        *,
        x: float = -0.3,
        reached_x: float = 0.0,
        reached_size: float = 1.0,
        square: bool = False,
    ) -> None:
        """A player's row at height `y`: the sign of colour `tint` (a disc, or a square) at `x`,
        the name after it and what the player reached, muted, at `reached_x`."""
        player_sign(self, x, y, tint, square)
        self.rows.append(label(self, name, x + 0.04, y, 1.2))
        label(self, reached, reached_x, y, reached_size, color=MUTED)

    def add_buttons(
        self, y: float, on_again: Callable[[], None], on_menu: Callable[[], None]
    ) -> None:
        """Play again and Back to menu side by side at height `y`."""
        self.again_button = button(self, _("Play again"), -0.13, y, on_again, 0.24, ACCENT)
        self.menu_button = button(self, _("Back to menu"), 0.13, y, on_menu, 0.24)
