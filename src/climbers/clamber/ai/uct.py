"""A plain UCT bot (Monte Carlo tree search): uniformly random playouts, UCB1 in the tree."""

from __future__ import annotations

import math
import random

from climbers.clamber.ai.base import mover, successors
from climbers.clamber.core import ClamberState, Turn
from climbers.clamber.core.engine import turn_of
from climbers.clamber.core.position import PLACE, Cells, Move, Nbrs, has_stack, has_turn

PLAYOUT_TURNS = 60
"""A playout still going after this many turns counts as a draw."""


class _Node:
    """A position in the tree, with the mover's sign, its untried turns and its statistics."""

    __slots__ = ("cells", "sign", "untried", "children", "visits", "score", "won")

    def __init__(self, cells: Cells, sign: int, won: bool) -> None:
        self.cells = cells
        self.sign = sign
        self.won = won  # the player who moved into this position wiped the mover out (C12)
        self.untried: list[tuple[Move, Cells]] | None = None
        self.children: list[tuple[Move, _Node]] = []
        self.visits = 0
        self.score = 0.0  # summed results for the player who moved into this position


def _wins(move: Move, after: Cells, sign: int) -> bool:
    return move[0] != PLACE and not has_stack(after, -sign)


def playout(cells: Cells, nbrs: Nbrs, sign: int, rng: random.Random) -> float:
    """A uniformly random game from `cells` with `sign` to move: 1 if Blue wins, 0 if Red
    wins, 0.5 for a draw or a playout that runs too long."""
    for _ in range(PLAYOUT_TURNS):
        options = successors(cells, nbrs, sign)
        if not options:
            if not has_turn(cells, nbrs, -sign):
                return 0.5
            sign = -sign
            continue
        move, after = options[rng.randrange(len(options))]
        if _wins(move, after, sign):
            return 1.0 if sign > 0 else 0.0
        cells, sign = after, -sign
    return 0.5


class UctBot:
    """Runs `iterations` rounds of selection (UCB1 with constant `c`), expansion, one random
    playout and back-propagation, then plays the most visited turn."""

    def __init__(self, seed: int = 0, iterations: int = 1000, c: float = 1.4) -> None:
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.c = c

    def choose(self, state: ClamberState) -> Turn:
        cells, nbrs, sign = mover(state)
        root = _Node(cells, sign, False)
        for _ in range(self.iterations):
            self._round(root, nbrs)
        best = max(root.children, key=lambda mc: mc[1].visits)
        return turn_of(state, best[0])

    def _round(self, root: _Node, nbrs: Nbrs) -> None:
        path = [root]
        node = root
        while not node.won:
            if node.untried is None:
                node.untried = successors(node.cells, nbrs, node.sign)
                self._rng.shuffle(node.untried)
            if node.untried:
                move, after = node.untried.pop()
                child = _Node(after, -node.sign, _wins(move, after, node.sign))
                node.children.append((move, child))
                path.append(child)
                node = child
                break
            if not node.children:  # no turn: skipped (C11) or a draw; the playout decides
                break
            log = math.log(node.visits)
            node = max(
                (c for _, c in node.children),
                key=lambda c: c.score / c.visits + self.c * math.sqrt(log / c.visits),
            )
            path.append(node)
        if node.won:
            blue = 1.0 if node.sign < 0 else 0.0
        else:
            blue = playout(node.cells, nbrs, node.sign, self._rng)
        for n in path:
            n.visits += 1
            n.score += blue if n.sign < 0 else 1.0 - blue
