"""Rule settings chosen before a game: options of R13 and variants V1–V3, and two presets."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Step(StrEnum):
    """One step of a turn (R20)."""

    MOVE = "move"
    BLOCK = "block"
    DISK = "disk"
    REACTION = "reaction"


class Rules(BaseModel):
    """The options a game is played with; defaults are the 2018 rules."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reactions: bool = True
    """R13: after a turn each other player may make one move."""
    reaction_ladders: bool = False
    """R13: ladders may be used in reaction moves."""
    two_rounds: bool = False
    """V1: two players run move, block, move twice per turn."""
    bridges: bool = False
    """V2: a ladder laid flat carries a Climber across a gap at the same level."""
    classic_turn: bool = False
    """V3: block, move, disk; no reaction moves."""
    table_size: int = Field(default=32, ge=16, le=64)
    """R16: the play area is a table of table_size × table_size squares."""

    def turn_steps(self) -> tuple[Step, ...]:
        """The steps of the active player's own turn, before any reactions (R20, V1, V3)."""
        round_ = (
            (Step.BLOCK, Step.MOVE) if self.classic_turn else (Step.MOVE, Step.BLOCK, Step.MOVE)
        )
        rounds = round_ * (2 if self.two_rounds else 1)
        return (*rounds, Step.DISK)

    @property
    def has_reactions(self) -> bool:
        """Whether reaction moves follow a turn (R13; never with the classic turn V3)."""
        return self.reactions and not self.classic_turn

    def end_after(self, players: int) -> int:
        """R22: how many consecutive non-upward turns end the game."""
        return 4 if players == 2 else players


Preset = Literal["2018", "classic-2008"]


def preset_rules(preset: Preset, players: int) -> Rules:
    """The 2018 rules (default) or the classic 2008 turn: V3, plus V1 with two players."""
    if preset == "2018":
        return Rules()
    return Rules(classic_turn=True, reactions=False, two_rounds=players == 2)
