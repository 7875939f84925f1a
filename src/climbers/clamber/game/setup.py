"""A new Clamber game as the new-game screen chooses it: who holds each seat and the board."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from climbers.clamber.core import ClamberRules, ClamberState

Holder = Literal["human", "random", "greedy", "strong", "expert"]
"""Who plays a seat: a person, or a bot of one of the levels."""


class ClamberSetup(BaseModel):
    """Who plays Blue (who begins) and Red, and the board's cells per side (C1)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    blue: Holder = "human"
    red: Holder = "human"
    size: Literal[3, 4] = 3

    def bots(self) -> dict[int, str]:
        """The bot level of each seat a bot holds."""
        return {seat: who for seat, who in enumerate((self.blue, self.red)) if who != "human"}

    def start(self) -> ClamberState:
        """The empty board, Blue to move."""
        return ClamberRules(self.size).new_state(2, 0)

    @classmethod
    def seated_as(cls, size: int, bots: dict[int, str]) -> ClamberSetup:
        """The setup of a game on the `size`-board with these bots (a continued game)."""
        return cls.model_validate(
            {"blue": bots.get(0, "human"), "red": bots.get(1, "human"), "size": size}
        )
