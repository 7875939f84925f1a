"""A new Burg Klettermax game as the new-game screen chooses it: who holds each of the four
seats (a person, a bot, or nobody) and the beginners' option (K15)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from climbers.klettermax.core import State, new_state
from climbers.klettermax.core.components import SEATS

Holder = Literal["human", "easy", "medium", "hard", "nobody"]
"""Who plays a seat: a person, a bot of one of the levels, or nobody (the seat stays empty)."""


class KlettermaxSetup(BaseModel):
    """Who holds each seat, clockwise; the seats held by nobody are left out of the game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: tuple[Holder, ...] = Field(default=("human", "medium", "nobody", "nobody"))
    beginners: bool = False
    seed: int = 0

    @model_validator(mode="after")
    def _players(self) -> KlettermaxSetup:
        if len(self.seats) != SEATS[1]:
            raise ValueError(f"{SEATS[1]} seats, held or empty")
        return self

    @property
    def holders(self) -> tuple[Holder, ...]:
        """The seats in play, clockwise."""
        return tuple(h for h in self.seats if h != "nobody")

    def problem(self) -> str | None:
        """Why the game cannot start as chosen (too few players), or None."""
        return None if len(self.holders) >= SEATS[0] else "too few"

    def bots(self) -> dict[int, str]:
        """The bot level of each seat in play a bot holds."""
        return {seat: who for seat, who in enumerate(self.holders) if who != "human"}

    def start(self) -> State:
        """The castle dealt from the seed; the first player chosen by it (K5)."""
        return new_state(len(self.holders), self.seed, self.beginners)

    @classmethod
    def seated_as(cls, state: State, bots: dict[int, str]) -> KlettermaxSetup:
        """The setup of a game like `state` with these bots (a continued game)."""
        held: list[Holder] = [bots.get(s, "human") for s in range(len(state.seats))]  # type: ignore[misc]
        held += ["nobody"] * (SEATS[1] - len(held))
        return cls(seats=tuple(held), beginners=state.beginners, seed=state.seed)
