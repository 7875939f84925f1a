"""The new-game screen: players, rules, mountain and starting player, then Start."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from ursina import Button, Entity, Text, color

from climbers.app.panels.widgets import (
    MUTED,
    Choice,
    TextBox,
    Toggle,
    button,
    card,
    label,
    plain,
    plain_button,
)
from climbers.app.screens.new_game_card import ONLY_START, MenuWays, NewGameCard, Way
from climbers.io.language import N_, NC_, _, say, say_in
from climbers.the_climbers.core import PLAYER_COLOURS, Colour, GameState, MountainError
from climbers.the_climbers.core.rules import Preset
from climbers.the_climbers.game.game_setup import (
    KINDS,
    GameSetup,
    MountainSource,
    Seat,
    build_game,
)
from climbers.the_climbers.io import FileProblem
from climbers.the_climbers.io.mountains import MountainFileError, named_mountains
from climbers.the_climbers.io.words import player_word
from climbers.the_climbers.table.textures import tint

OnStart = Callable[[GameState, GameSetup], None]

LEFT, RIGHT = -0.8, 0.07
ROW = 0.07
NAME_LIMIT = 24
PATH_LIMIT = 4096
MOUNTAIN_NAMES = {
    # TRANSLATORS: the names of the mountains in assets/mountains, in the new-game screen.
    "classic": NC_("mountain", "Classic"),
    "jumble": NC_("mountain", "Jumble"),
    "plateau": NC_("mountain", "Plateau"),
    "spire": NC_("mountain", "Spire"),
    "tottering": NC_("mountain", "Tottering"),
}
"""The shipped mountains' names for players (`climbers mountain --list` describes them)."""


def mountain_name(name: str) -> str:
    """A named mountain as players call it, in the current language (a mountain added to
    assets/mountains without a name here: its file name, capitalised)."""
    return say_in(*MOUNTAIN_NAMES[name]) if name in MOUNTAIN_NAMES else name.capitalize()


class SeatRow(Entity):  # type: ignore[misc]
    """One player's line: colour swatch (click for the next free colour), name, human or bot
    (with its level)."""

    def __init__(self, screen: NewGameScreen, seat: Seat, y: float) -> None:
        super().__init__(parent=screen, y=y)
        self.screen = screen
        self.colour = seat.colour
        self.swatch = plain_button(
            Button("", parent=self, x=LEFT + 0.03, scale=(0.05, 0.05), color=tint(seat.colour))
        )
        self.swatch.on_click = self.next_colour
        self.name_field = TextBox(
            self,
            seat.name,
            LEFT + 0.245,
            0,
            0.31,
            limit=NAME_LIMIT,
            hint=self.hint_text,
            on_refuse=screen.refuse_typed,
        )
        kind = seat.level if seat.kind == "bot" else "human"
        kinds = [(value, _(name)) for value, name in KINDS.items()]
        self.kind = Choice(self, kinds, kind, x=LEFT + 0.55, y=0, width=0.28)
        self.remove = button(self, "x", LEFT + 0.74, 0, lambda: screen.remove_seat(self), 0.05)

    def next_colour(self) -> None:
        """Take the next colour no other player has."""
        taken = {r.colour for r in self.screen.rows if r is not self}
        i = PLAYER_COLOURS.index(self.colour)
        for k in range(1, len(PLAYER_COLOURS)):
            c = PLAYER_COLOURS[(i + k) % len(PLAYER_COLOURS)]
            if c not in taken:
                self.colour = c
                break
        self.swatch.color = tint(self.colour)
        self.name_field.hint = self.hint_text
        self.name_field.set(self.name_field.value)
        self.screen.refresh()

    @property
    def hint_text(self) -> str:
        """What an empty name field says: what the player will be called."""
        return say(N_("{player} (type a name)"), player=player_word(self.colour))

    @property
    def seat(self) -> Seat:
        """The seat as chosen now."""
        name = self.name_field.value.strip()
        if self.kind.value == "human":
            return Seat(colour=self.colour, name=name)
        return Seat(colour=self.colour, name=name, kind="bot", level=self.kind.value)


class NewGameScreen(NewGameCard):
    """Choose a game and press Start: `on_start(state, setup)` gets the game ready to play.

    A mountain that cannot be made or a position file that cannot be read is reported on the
    screen in one line, and the screen stays.
    """

    def __init__(
        self,
        on_start: OnStart,
        setup: GameSetup | None = None,
        ways: MenuWays = ONLY_START,
        new_mountain: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(ways, **kwargs)
        setup = setup or GameSetup()
        self.on_start = on_start
        plain(
            Text(
                _("The Climbers"), parent=self, y=0.43, origin=(0, 0), scale=2.6, color=color.white
            )
        )
        label(self, _("New game"), -0.05, 0.37, 1.1, color=MUTED)
        card(self, (0.8, 0.62), x=-0.43, y=0.03)
        card(self, (0.8, 0.62), x=0.43, y=0.03)

        label(self, _("Players"), LEFT, 0.3, 1.2)
        self.rows: list[SeatRow] = []
        for seat in setup.seats:
            self._add_row(seat)
        self.add_button = button(self, _("+ Add player"), LEFT + 0.12, 0, self.add_seat, 0.24)
        label(self, _("Starts"), LEFT, -0.1, color=MUTED)
        self.first = Choice(self, [(None, _("Random"))], setup.first, LEFT + 0.42, -0.1, width=0.4)

        label(self, _("Rules"), RIGHT, 0.3, 1.2)
        presets: list[tuple[Preset, str]] = [
            ("2018", _("2018 rules")),
            ("classic-2008", _("Classic")),
        ]
        self.preset = Choice(self, presets, setup.preset, RIGHT + 0.36, 0.3 - ROW, width=0.62)
        self.reactions = Toggle(
            self, _("Answering moves"), setup.reactions, RIGHT + 0.2, 0.3 - 2 * ROW, width=0.3
        )
        self.reaction_ladders = Toggle(
            self, _("with ladders"), setup.reaction_ladders, RIGHT + 0.52, 0.3 - 2 * ROW, width=0.3
        )
        self.two_rounds = Toggle(
            self,
            _("Two rounds (2 players)"),
            setup.two_rounds,
            RIGHT + 0.36,
            0.3 - 3 * ROW,
            width=0.62,
        )
        self.bridges = Toggle(
            self, _("Bridges"), setup.bridges, RIGHT + 0.36, 0.3 - 4 * ROW, width=0.62
        )

        label(self, _("Mountain"), RIGHT, -0.05, 1.2)
        sources: list[tuple[MountainSource, str]] = [
            ("seed", _("Random mountain")),
            ("named", _("Named mountain")),
            ("file", _("Saved position")),
        ]
        y = -0.05 - ROW
        self.source = Choice(
            self, sources, setup.mountain, RIGHT + 0.2, y, width=0.32, on_change=self._on_source
        )
        self.seed_field = TextBox(
            self, str(setup.seed), RIGHT + 0.46, y, 0.14, limit=9, allowed="0123456789"
        )
        self.dice = button(self, _("New"), RIGHT + 0.62, y, self.new_seed, 0.12)
        names = [(n, mountain_name(n)) for n in named_mountains()] or [
            ("classic", mountain_name("classic"))
        ]
        self.named = Choice(self, names, setup.name, RIGHT + 0.53, y, width=0.3)
        self.file_field = TextBox(
            self,
            setup.position_file,
            RIGHT + 0.53,
            y,
            0.3,
            limit=PATH_LIMIT,
            hint=_("saved game or position file"),
            on_refuse=self.refuse_typed,
        )

        own = [
            Way(_("Learn to play"), -0.74, ways.learn, 0.24),
            Way(_("Puzzles"), -0.51, ways.puzzles, 0.18),
            Way(_("Sandbox"), -0.32, ways.sandbox, 0.18),
        ]
        self.learn_button, self.puzzles_button, self.sandbox_button = self.add_foot(self.start, own)
        self.demo_button = None
        if ways.demo is not None:  # the foot row is full: at the top, beside All games
            x = -0.74 if self.games_button is None else -0.53
            self.demo_button = button(self, _("Demo"), x, 0.43, ways.demo, 0.18)
        self._on_source(setup.mountain)
        if setup.mountain == "seed" and new_mountain:
            self.new_seed()  # every new game on a new mountain
        self.refresh()

    def again(self) -> tuple[object, ...]:
        """The menu as chosen so far, on the same mountain."""
        return (False,)

    # -- seats ----------------------------------------------------------------------------

    def _add_row(self, seat: Seat) -> None:
        self.rows.append(SeatRow(self, seat, 0))

    def add_seat(self) -> None:
        """Add a player with the first free colour (at most five)."""
        taken = {r.colour for r in self.rows}
        free = [c for c in PLAYER_COLOURS if c not in taken]
        if free and len(self.rows) < 5:
            self._add_row(Seat(colour=free[0]))
            self.refresh()

    def remove_seat(self, row: SeatRow) -> None:
        """Remove a player (at least two stay)."""
        if len(self.rows) > 2:
            self.rows.remove(row)
            from ursina import destroy

            destroy(row)
            self.refresh()

    def refresh(self) -> None:
        """Lay out the seat rows and update what depends on the players."""
        for i, row in enumerate(self.rows):
            row.y = 0.3 - ROW * (i + 1)
            row.remove.enabled = len(self.rows) > 2
        self.add_button.y = 0.3 - ROW * (len(self.rows) + 1)
        self.add_button.enabled = len(self.rows) < 5
        starts: list[tuple[int | None, str]] = [(None, _("Random"))]
        starts += [(i, r.seat.name or player_word(r.colour)) for i, r in enumerate(self.rows)]
        self.first.set_options(starts, self.first.value)
        self.problem.text = ""

    def refuse_typed(self, reason: str) -> None:
        """Say why a text box did not take a typed character (a name, a file name)."""
        self.problem.text = reason

    # -- mountain -------------------------------------------------------------------------

    def _on_source(self, source: MountainSource) -> None:
        self.seed_field.enabled = self.dice.enabled = source == "seed"
        self.named.enabled = source == "named"
        self.file_field.enabled = source == "file"

    def new_seed(self) -> None:
        """Draw a fresh random seed."""
        self.seed_field.set(str(random.randrange(100_000)))

    # -- result ---------------------------------------------------------------------------

    @property
    def setup(self) -> GameSetup:
        """The game as chosen on the screen; ValidationError if the choices do not fit."""
        seed_text = self.seed_field.value.strip()
        return GameSetup(
            seats=tuple(r.seat for r in self.rows),
            preset=self.preset.value,
            reactions=self.reactions.value,
            reaction_ladders=self.reaction_ladders.value,
            two_rounds=self.two_rounds.value,
            bridges=self.bridges.value,
            mountain=self.source.value,
            seed=int(seed_text) if seed_text.isdigit() else 0,
            name=self.named.value,
            position_file=self.file_field.value.strip(),
            first=self.first.value,
        )

    def start(self) -> None:
        """Build the game and hand it on, or say in one line why it cannot start."""
        chosen = self.chosen()
        if chosen is not None:
            self.on_start(*chosen)

    def chosen(self) -> tuple[GameState, GameSetup] | None:
        """The game as chosen, built, and its set-up; None once the screen says in one line
        why it cannot start."""
        try:
            setup = self.setup
            if setup.mountain == "file" and not setup.position_file:
                self.problem.text = _("Type the path of a saved game or position file.")
                return None
            state = build_game(setup)
        except ValidationError as exc:
            self.problem.text = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
            return None
        except (MountainError, MountainFileError, FileProblem) as exc:
            self.problem.text = " ".join(str(exc).split())
            return None
        self.problem.text = ""
        return state, setup

    def colours(self) -> list[Colour]:
        """The players' colours in seating order."""
        return [r.colour for r in self.rows]
