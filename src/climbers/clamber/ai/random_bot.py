"""The random bot: any legal turn, uniformly, from a seeded generator."""

from __future__ import annotations

import random

from climbers.clamber.core import ClamberState, Turn, legal_turns


class RandomBot:
    """Picks uniformly among the legal turns; the same seed plays the same game."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: ClamberState) -> Turn:
        turns = legal_turns(state)
        if not turns:
            raise ValueError("the game is over: no turn to choose")
        return self._rng.choice(turns)
