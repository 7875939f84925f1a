"""What the new-game screen chooses, and the game it starts (no window needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from climbers.io.bot_words import bot_choices
from climbers.io.folders import typed_file
from climbers.io.language import N_, say
from climbers.the_climbers.core import (
    PLAYER_COLOURS,
    Colour,
    GameState,
    Rules,
    generate_mountain,
    new_game,
)
from climbers.the_climbers.core.rules import Preset, preset_rules
from climbers.the_climbers.core.state import PlayerName
from climbers.the_climbers.io import BotLevel, load_game
from climbers.the_climbers.io.mountains import load_named

SeatKind = Literal["human", "bot"]
MountainSource = Literal["seed", "named", "file"]


KINDS = {"human": N_("Human"), **bot_choices("random", "greedy", "strong")}
"""Who plays a seat, as the table names it: a person, or a bot of one of the levels (see
climbers.the_climbers.ai)."""


class Seat(BaseModel):
    """One player at the table."""

    model_config = ConfigDict(frozen=True)

    colour: Colour
    name: PlayerName = ""
    kind: SeatKind = "human"
    level: BotLevel = "greedy"
    """How well the bot plays, for a bot seat."""


class GameSetup(BaseModel):
    """Everything chosen before a game: seats, rules, mountain and who starts."""

    model_config = ConfigDict(frozen=True)

    seats: tuple[Seat, ...] = (Seat(colour=Colour.TEAL), Seat(colour=Colour.PURPLE))
    preset: Preset = "2018"
    reactions: bool = True
    """R13: the other players may answer each turn with one move."""
    reaction_ladders: bool = False
    two_rounds: bool = False
    bridges: bool = False
    mountain: MountainSource = "seed"
    seed: int = Field(default=0, ge=0)
    name: str = "classic"
    """For a named mountain: its name in assets/mountains (see io.mountains)."""
    position_file: str = ""
    first: int | None = None
    """The seat that starts; None draws it from the seed."""

    @model_validator(mode="after")
    def _check(self) -> GameSetup:
        if not 2 <= len(self.seats) <= 5:
            raise ValueError(say(N_("a game has 2 to 5 players")))
        if len({s.colour for s in self.seats}) != len(self.seats):
            raise ValueError(say(N_("each player needs a colour of their own")))
        if any(s.colour not in PLAYER_COLOURS for s in self.seats):
            raise ValueError(say(N_("grey is no player colour")))
        if self.first is not None and not 0 <= self.first < len(self.seats):
            raise ValueError(say(N_("the starting player must be one of the players")))
        return self

    def seated_as(self, state: GameState, bots: Mapping[Colour, str]) -> GameSetup:
        """This setup with the players and rules of a game in progress (its names, colours and
        bot seats), so that Play again after continuing a game keeps them."""
        rules = state.rules
        seats = tuple(
            Seat(colour=p.colour, name=p.name, kind="bot", level=bots[p.colour])
            if p.colour in bots
            else Seat(colour=p.colour, name=p.name)
            for p in state.players
        )
        return self.model_copy(
            update={
                "seats": seats,
                "preset": "classic-2008" if rules.classic_turn else "2018",
                "reactions": rules.reactions,
                "reaction_ladders": rules.reaction_ladders,
                "two_rounds": rules.two_rounds,
                "bridges": rules.bridges,
                "first": None,
            }
        )

    def bots(self) -> dict[Colour, str]:
        """The bot level of every seat a bot plays, by colour."""
        return {s.colour: s.level for s in self.seats if s.kind == "bot"}

    def rules(self) -> Rules:
        """The rules chosen: the preset, with the variant toggles on top."""
        base = preset_rules(self.preset, len(self.seats))
        return base.model_copy(
            update={
                "reactions": base.reactions and self.reactions,
                "reaction_ladders": self.reaction_ladders,
                "two_rounds": base.two_rounds or (self.two_rounds and len(self.seats) == 2),
                "bridges": self.bridges,
            }
        )


def seats_for(colours: Sequence[str], bots: Mapping[str, str]) -> tuple[Seat, ...]:
    """Seats for these colours; those named in `bots` (colour -> level) are played by bots."""
    return tuple(
        Seat(colour=Colour(c), kind="bot", level=bots[c]) if c in bots else Seat(colour=Colour(c))
        for c in colours
    )


def build_game(setup: GameSetup) -> GameState:
    """The game at its start; MountainError, MountainFileError or FileProblem say why not."""
    if setup.mountain == "file":
        blocks = load_game(typed_file(setup.position_file)).blocks
    elif setup.mountain == "named":
        blocks = load_named(setup.name).blocks
    else:
        blocks = generate_mountain(setup.seed)
    return new_game(
        blocks,
        [s.colour for s in setup.seats],
        rules=setup.rules(),
        first=setup.first,
        seed=setup.seed,
        names=[s.name for s in setup.seats],
    )
