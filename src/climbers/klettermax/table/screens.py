"""Burg Klettermax's screens besides the table: the new-game screen (who holds each of the four
seats, the beginners' option) and the end card over the table, every tile revealed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ursina import Entity, Text, color

from climbers.app.panels.widgets import (
    ACCENT,
    CARD_Z,
    MUTED,
    Choice,
    Screen,
    Toggle,
    button,
    card,
    label,
    plain,
)
from climbers.app.screens.new_game_card import ONLY_START, MenuWays, NewGameCard, Way
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
        left = -0.38
        label(self, _("Players, clockwise"), left, 0.28, 1.2)
        self.seats: list[Choice[Holder]] = []
        for seat, who in enumerate(setup.seats):
            y = 0.28 - 0.075 * (seat + 1)
            Entity(
                parent=self, model="quad", scale=0.035, x=left + 0.03, y=y, color=seat_colour(seat)
            )
            label(self, player_name(seat), left + 0.08, y, 1.1)
            self.seats.append(Choice(self, kinds, who, 0.18, y, width=0.4))
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


class EndCard(Screen):
    """Shown over the table when the game is over: every player's tiles and treasures."""

    def __init__(
        self, state: State, on_again: Callable[[], None], on_menu: Callable[[], None], **kwargs: Any
    ) -> None:
        kwargs.setdefault("z", CARD_Z)
        super().__init__(
            backdrop=color.rgba(0.05, 0.06, 0.08, 0.55), name="klettermax-end", **kwargs
        )
        seats = len(state.seats)
        places = ranking(state)
        top = 0.1 + 0.0325 * seats
        bottom = top - 0.14 - 0.065 * seats
        card(self, (0.9, top - bottom + 0.16), y=(top + bottom) / 2)
        self.headline = plain(Text(headline(places), parent=self, y=top, origin=(0, 0), scale=2.2))
        self.headline.color = color.white
        self.rows: list[Text] = []
        for seat, s in enumerate(state.seats):
            y = top - 0.1 - 0.065 * seat
            Entity(parent=self, model="quad", scale=0.035, x=-0.36, y=y, color=seat_colour(seat))
            self.rows.append(label(self, player_name(seat), -0.32, y, 1.2))
            tiles = " + ".join(str(t) for t in s.tiles) or "–"
            words = say(
                N_("{tiles} = {treasures}"), tiles=tiles, treasures=treasures_words(s.treasures)
            )
            label(self, words, -0.08, y, 1.0, color=MUTED)
        self.again_button = button(self, _("Play again"), -0.13, bottom, on_again, 0.24, ACCENT)
        self.menu_button = button(self, _("Back to menu"), 0.13, bottom, on_menu, 0.24)
