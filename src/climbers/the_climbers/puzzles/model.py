"""A climbing puzzle: a position, the player who climbs, a target level, the turns allowed and
the proven shortest solution, as the versioned JSON of `assets/puzzles/*.json`.

    {"format": "climbers-puzzle", "version": 1,
     "title": "...", "description": "...",         one line each, in players' words
     "player": "teal", "target": 7, "turns": 2,     reach level 7 or higher within 2 turns
     "solution": ["teal move 12,18 +tall", ...],    the player's actions, disk steps passed
     "position": {...}}                             a game file (docs/FILE-FORMAT.md)

The difficulty band is the number of turns (1 to 4). The position is where the player's turn
begins, played by the solo rules of `climbers.the_climbers.core.solo`.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from climbers.the_climbers.core import Action, Colour, GameState, parse_action
from climbers.the_climbers.core.solo import solo_rules

FORMAT = "climbers-puzzle"
VERSION = 1
BANDS = (1, 2, 3, 4)
"""Difficulty bands: the number of turns a puzzle takes."""
_TECHNICAL = re.compile(r"\d+\s*,\s*\d+|\b(?:half|cube|double|neutral)-\d+\b")


class Puzzle(BaseModel):
    """One puzzle, checked on construction (a refusal names the first problem)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["climbers-puzzle"] = "climbers-puzzle"
    version: Literal[1] = 1
    title: str = Field(min_length=1, max_length=80)
    description: str = Field(min_length=1, max_length=320)
    player: Colour
    target: int = Field(ge=1, le=40)
    turns: int = Field(ge=BANDS[0], le=BANDS[-1])
    solution: tuple[str, ...] = Field(min_length=1)
    position: GameState

    @field_validator("title", "description")
    @classmethod
    def _players_words(cls, text: str) -> str:
        if text != text.strip() or not text.isprintable():
            raise ValueError(
                "must be one line of printable characters, not starting or ending in a space"
            )
        if _TECHNICAL.search(text):
            raise ValueError("must speak in players' words: no coordinates or block names")
        return text

    @model_validator(mode="after")
    def _check(self) -> Puzzle:
        state = self.position
        colours = [p.colour for p in state.players]
        if self.player not in colours:
            raise ValueError(f"player {self.player} has no seat in the position")
        if state.rules != solo_rules(state.rules.table_size):
            raise ValueError(
                "position.rules: puzzles use the 2018 turn without reaction moves or variants"
            )
        turn = state.turn
        fresh = turn.step == 0 and not (turn.moved_this_turn or turn.moved_last_turn)
        if state.finished or turn.active != self.seat or not fresh or turn.quiet_turns:
            raise ValueError(
                f"position.turn: the position must be the start of {self.player}'s turn, "
                "with no block moved before it"
            )
        if any(p.disk == "placed" for p in state.players):
            raise ValueError("position: no blocking disk may lie on the mountain")
        if state.level(self.seat) >= self.target:
            raise ValueError(f"target {self.target}: {self.player} already stands that high")
        for i, text in enumerate(self.solution):
            try:
                action = parse_action(text)
            except ValueError:
                raise ValueError(f"solution[{i}]: not an action: {text!r}") from None
            if action.player != self.player:
                raise ValueError(f"solution[{i}]: {text!r} is not {self.player}'s action")
        return self

    @property
    def seat(self) -> int:
        """The seat of the player who climbs."""
        return next(i for i, p in enumerate(self.position.players) if p.colour == self.player)

    @property
    def band(self) -> int:
        """The difficulty band: the number of turns."""
        return self.turns

    def actions(self) -> list[Action]:
        """The stored solution as actions."""
        return [parse_action(text) for text in self.solution]
