"""Burg Klettermax's screens besides the table: the new-game screen (who holds each of the four
seats, the beginners' option) and the end card over the table, every tile revealed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from climbers.app.panels.widgets import (
    ACCENT,
    Choice,
    Toggle,
    button,
    card,
    label,
)
from climbers.app.screens.end_card import EndCard as SharedEndCard
from climbers.app.screens.new_game_card import (
    ONLY_START,
    SEAT_LEFT,
    MenuWays,
    NewGameCard,
    Way,
)
from climbers.io.language import N_, _, say
from climbers.klettermax.core import State, ranking
from climbers.klettermax.game.setup import Holder, KlettermaxSetup
from climbers.klettermax.table.textures import seat_colour
from climbers.klettermax.table.words import KINDS, headline, player_name, treasures_words

OnStart = Callable[[KlettermaxSetup], object]


class NewGameScreen(NewGameCard):
    """Choose who holds each seat and the beginners' option, then Start: `on_start(setup)`."""

    def __init__(
        self,
        on_start: OnStart,
        setup: KlettermaxSetup | None = None,
        ways: MenuWays = ONLY_START,
        **kwargs: Any,
    ) -> None:
        super().__init__(ways, name="klettermax-menu", **kwargs)
        setup = setup or KlettermaxSetup()
        self.on_start = on_start
        self.seed = setup.seed
        self.add_heading(_("Burg Klettermax"))
        card(self, (0.9, 0.5), y=0.08)
        kinds: list[tuple[Holder, str]] = [(k, _(name)) for k, name in KINDS.items()]  # type: ignore[misc]
        label(self, _("Players, clockwise"), SEAT_LEFT, 0.28, 1.2)
        self.seats: list[Choice[Holder]] = [
            self.add_seat_row(
                0.28 - 0.075 * (seat + 1), seat_colour(seat), player_name(seat), kinds, who, True
            )
            for seat, who in enumerate(setup.seats)
        ]
        self.beginners = Toggle(
            self,
            _("Beginners: a second flick after a miss"),
            setup.beginners,
            0.0,
            -0.11,
            width=0.76,
        )
        own = [Way(_("Demo"), -0.32, ways.demo, 0.18), Way(_("Rules"), -0.51, ways.rules, 0.18)]
        self.demo_button, self.rules_button = self.add_foot(self.start, own)
        self.learn_button = None
        if ways.learn is not None:  # under the card, where a new player looks first
            learn = _("Learn to play")
            self.learn_button = button(self, learn, 0.0, -0.27, ways.learn, 0.3, ACCENT)

    @property
    def setup(self) -> KlettermaxSetup:
        """The game as chosen on the screen."""
        return KlettermaxSetup(
            seats=tuple(choice.value for choice in self.seats),
            beginners=self.beginners.value,
            seed=self.seed,
        )

    def start(self) -> None:
        """Hand the chosen game on, or say why it cannot start."""
        setup = self.setup
        if setup.problem() is not None:
            self.problem.text = _("Burg Klettermax needs 2 to 4 players: give a seat to someone.")
            return
        self.problem.text = ""
        self.on_start(setup)


class EndCard(SharedEndCard):
    """Shown over the table when the game is over: every player's tiles and treasures."""

    def __init__(
        self, state: State, on_again: Callable[[], None], on_menu: Callable[[], None], **kwargs: Any
    ) -> None:
        super().__init__(name="klettermax-end", **kwargs)
        seats = len(state.seats)
        places = ranking(state)
        top = 0.1 + 0.0325 * seats
        bottom = top - 0.14 - 0.065 * seats
        card(self, (0.9, top - bottom + 0.16), y=(top + bottom) / 2)
        self.add_headline(headline(places), top)
        for seat, s in enumerate(state.seats):
            tiles = " + ".join(str(t) for t in s.tiles) or "–"
            words = say(
                N_("{tiles} = {treasures}"), tiles=tiles, treasures=treasures_words(s.treasures)
            )
            y = top - 0.1 - 0.065 * seat
            self.add_row(
                y,
                seat_colour(seat),
                player_name(seat),
                words,
                x=-0.36,
                reached_x=-0.08,
                square=True,
            )
        self.add_buttons(bottom, on_again, on_menu)
