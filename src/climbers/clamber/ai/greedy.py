"""The greedy bot: the turn that leaves it the most material now, a winning capture first."""

from __future__ import annotations

import random

from climbers.clamber.ai.base import mover, successors
from climbers.clamber.ai.evaluation import WIN, material
from climbers.clamber.core import ClamberState, Turn
from climbers.clamber.core.engine import turn_of
from climbers.clamber.core.position import PLACE, has_stack


class GreedyBot:
    """Maximises the height balance after its turn; ties are broken by a seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: ClamberState) -> Turn:
        cells, nbrs, sign = mover(state)
        scored = [
            (WIN if m[0] != PLACE and not has_stack(after, -sign) else material(after, sign), m)
            for m, after in successors(cells, nbrs, sign)
        ]
        best = max(score for score, _ in scored)
        return turn_of(state, self._rng.choice([m for score, m in scored if score == best]))
