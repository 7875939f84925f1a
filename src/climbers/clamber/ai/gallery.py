"""Clamber's gallery of sparring partners: scripted bots that each play one rule of thumb a new
player might follow, for measuring the searching bots against human-like play.

Every gallery bot takes a capture that wins at once (C12) and otherwise ranks its turns by its
rule, breaking ties with a seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from climbers.clamber.ai.base import mover, successors
from climbers.clamber.ai.evaluation import captures
from climbers.clamber.core import ClamberState, Turn
from climbers.clamber.core.engine import turn_of
from climbers.clamber.core.position import (
    PLACE,
    Cells,
    Move,
    Nbrs,
    equal_targets,
    has_stack,
    lower_targets,
)

Rule = Callable[[Cells, Nbrs, int, Move, Cells], float]
"""A turn's worth under a rule of thumb: cells before, neighbours, the mover's sign, the turn
and the cells after it; the highest worth is played."""


def gain(before: Cells, after: Cells, sign: int) -> int:
    """The stones the `sign` player gains on balance by a turn (C7: captures remove subgroups)."""
    return sign * (sum(after) - sum(before))


def can_be_taken(cells: Cells, nbrs: Nbrs, cell: int) -> bool:
    """Whether the opponent of the stack on `cell` can capture it on their next turn (C8, C9)."""
    v = cells[cell]
    for i, w in enumerate(cells):
        if w * v < 0 and (
            cell in lower_targets(cells, nbrs, i) or cell in equal_targets(cells, nbrs, i)
        ):
            return True
    return False


@cache
def distances(nbrs: Nbrs) -> tuple[tuple[int, ...], ...]:
    """Steps between every two cells of the board (breadth-first over the neighbours)."""
    out = []
    for a in range(len(nbrs)):
        dist = [-1] * len(nbrs)
        dist[a] = 0
        todo = [a]
        for i in todo:
            for j in nbrs[i]:
                if dist[j] < 0:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        out.append(tuple(dist))
    return tuple(out)


def cautious(cells: Cells, nbrs: Nbrs, sign: int, move: Move, after: Cells) -> float:
    """The beginner's rule: never place a stone where it can be taken next turn; otherwise take
    the capture that gains most."""
    if move[0] == PLACE:
        return -100.0 if can_be_taken(after, nbrs, move[1]) else 1.0
    return gain(cells, after, sign) + 0.5


def hunter(cells: Cells, nbrs: Nbrs, sign: int, move: Move, after: Cells) -> float:
    """Capture the tallest enemy stack there is to capture; otherwise place anywhere."""
    if move[0] == PLACE:
        return 0.0
    return float(max(abs(cells[t]) for t in move[2:]))


def chainer(cells: Cells, nbrs: Nbrs, sign: int, move: Move, after: Cells) -> float:
    """Always chain, as long as possible (a lower capture counts as a chain of one); otherwise
    place next to the enemy."""
    if move[0] == PLACE:
        return -10.0 + sum(1 for j in nbrs[move[1]] if cells[j] * sign < 0)
    return 10.0 * (len(move) - 2)


def distant(cells: Cells, nbrs: Nbrs, sign: int, move: Move, after: Cells) -> float:
    """Capture when it gains; otherwise place as far from the enemy as the board allows."""
    if move[0] != PLACE:
        return 100.0 + gain(cells, after, sign)
    dist = distances(tuple(tuple(n) for n in nbrs))[move[1]]
    enemy = [dist[j] for j, v in enumerate(cells) if v * sign < 0]
    return float(min(enemy, default=0))


def builder(cells: Cells, nbrs: Nbrs, sign: int, move: Move, after: Cells) -> float:
    """Capture when it gains; otherwise place next to its own stacks, building one group."""
    if move[0] != PLACE:
        return 100.0 + gain(cells, after, sign)
    return float(sum(1 for j in nbrs[move[1]] if cells[j] * sign > 0))


def defender(cells: Cells, nbrs: Nbrs, sign: int, move: Move, after: Cells) -> float:
    """Leave nothing hanging: the most it gains now less the most the opponent's best capture
    gains back."""
    return gain(cells, after, sign) - captures(after, nbrs)[sign > 0]


RULES: dict[str, Rule] = {
    "cautious": cautious,
    "hunter": hunter,
    "chainer": chainer,
    "distant": distant,
    "builder": builder,
    "defender": defender,
}
"""The gallery's rules of thumb by name."""


class ScriptedBot:
    """Plays the turn its rule of thumb rates highest; a winning capture first."""

    def __init__(self, rule: Rule, seed: int = 0) -> None:
        self._rule = rule
        self._rng = random.Random(seed)

    def choose(self, state: ClamberState) -> Turn:
        cells, nbrs, sign = mover(state)
        scored: list[tuple[float, Move]] = []
        for move, after in successors(cells, nbrs, sign):
            if move[0] != PLACE and not has_stack(after, -sign):
                return turn_of(state, move)
            scored.append((self._rule(cells, nbrs, sign, move, after), move))
        best = max(score for score, _ in scored)
        return turn_of(state, self._rng.choice([m for score, m in scored if score == best]))
