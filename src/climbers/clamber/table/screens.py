"""Clamber's screens besides the table: the new-game screen (who plays Blue and Red, the board)
and the end card over the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Text

from climbers.app.panels.widgets import (
    MUTED,
    Choice,
    TextBox,
    button,
    card,
    label,
    plain,
    wrap_text,
)
from climbers.app.screens.end_card import EndCard as SharedEndCard
from climbers.app.screens.new_game_card import (
    ONLY_START,
    SEAT_LEFT,
    MenuWays,
    NewGameCard,
    Way,
)
from climbers.clamber.core import ClamberState
from climbers.clamber.game.setup import ClamberSetup, Holder
from climbers.clamber.table.textures import seat_colour
from climbers.clamber.table.words import KINDS, ending, headline, material, player_name
from climbers.io.language import N_, _, say

OnStart = Callable[[ClamberSetup], None]
PATH_LIMIT = 4096


class NewGameScreen(NewGameCard):
    """Choose who plays each colour and the board, then Start: `on_start(setup)`."""

    def __init__(
        self,
        on_start: OnStart,
        setup: ClamberSetup | None = None,
        ways: MenuWays = ONLY_START,
        **kwargs: Any,
    ) -> None:
        super().__init__(ways, name="clamber-menu", **kwargs)
        setup = setup or ClamberSetup()
        self.on_start = on_start
        self.add_heading(_("Clamber"))
        card(self, (0.9, 0.58), y=0.02)
        kinds: list[tuple[Holder, str]] = [(k, _(name)) for k, name in KINDS.items()]  # type: ignore[misc]
        left = SEAT_LEFT
        label(self, _("Players"), left, 0.26, 1.2)
        self.seats: list[Choice[Holder]] = [
            self.add_seat_row(
                0.26 - 0.08 * (seat + 1), seat_colour(seat), player_name(seat), kinds, who
            )
            for seat, who in enumerate((setup.blue, setup.red))
        ]
        label(self, _("Board"), left, -0.03, 1.2)
        sizes = [
            (3, say(N_("{side} cells a side ({cells} cells)"), side=3, cells=19)),
            (4, say(N_("{side} cells a side ({cells} cells)"), side=4, cells=37)),
        ]
        self.size = Choice(self, sizes, setup.size, 0.1, -0.11, width=0.56)
        self.file_field: TextBox | None = None
        self.open_button = None
        if ways.open is not None:
            label(self, _("Saved game"), left, -0.2, 1.2)
            hint = _("file to open and replay")
            self.file_field = TextBox(
                self, "", 0.02, -0.2, 0.4, limit=PATH_LIMIT, hint=hint, on_refuse=self.refuse_typed
            )
            self.open_button = button(self, _("Open"), 0.32, -0.2, self.open_file, 0.16)
        own = [
            Way(_("Learn to play"), -0.74, ways.learn, 0.24),
            Way(_("Demo"), -0.32, ways.demo, 0.18),
            Way(_("Rules"), -0.51, ways.rules, 0.18),
        ]
        self.learn_button, self.demo_button, self.rules_button = self.add_foot(
            self.start, own, problem_y=-0.31
        )

    @property
    def setup(self) -> ClamberSetup:
        """The game as chosen on the screen."""
        blue, red = (choice.value for choice in self.seats)
        return ClamberSetup(blue=blue, red=red, size=self.size.value)

    def again(self) -> tuple[object, ...]:
        """The menu as chosen so far (the shell keeps the setup)."""
        return ()

    def start(self) -> None:
        """Hand the chosen game on."""
        self.problem.text = ""
        self.on_start(self.setup)

    def open_file(self) -> None:
        """Hand the path typed on (the shell says in `problem` why a file cannot be opened)."""
        assert self.file_field is not None and self.ways.open is not None
        typed = self.file_field.value.strip()
        if not typed:
            self.problem.text = _("Type the path of a saved Clamber game to open it.")
            return
        self.problem.text = ""
        self.ways.open(typed)

    def refuse_typed(self, reason: str) -> None:
        """Say why the file box did not take a typed character."""
        self.problem.text = reason


class EndCard(SharedEndCard):
    """Shown over the table when the game is over; the board stays visible around it."""

    def __init__(
        self,
        state: ClamberState,
        on_again: Callable[[], None],
        on_menu: Callable[[], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(name="clamber-end", **kwargs)
        card(self, (0.9, 0.5))
        winner = state.result.winner if state.result is not None else None
        self.add_headline(headline(winner), 0.17)
        self.reason = plain(Text(" ", parent=self, y=0.09, origin=(0, 0), color=MUTED))
        wrap_text(self.reason, ending(state), 0.8)
        for seat in (0, 1):
            y = 0.0 - 0.065 * seat
            self.add_row(y, seat_colour(seat), player_name(seat), material(state.stacks, seat))
        self.add_buttons(-0.18, on_again, on_menu)
