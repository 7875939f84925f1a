"""The strong bot: alpha-beta search with iterative deepening and a transposition table."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from climbers.clamber.ai.base import mover, successors
from climbers.clamber.ai.evaluation import WIN, evaluate
from climbers.clamber.core import ClamberState, Turn
from climbers.clamber.core.engine import turn_of
from climbers.clamber.core.position import PLACE, Cells, Move, Nbrs, has_stack, has_turn

_EXACT, _LOWER, _UPPER = 0, 1, 2
_INF = WIN + 1
Evaluation = Callable[[Cells, Nbrs, int], int]
"""A position's value to the player to move: cells, neighbours, that player's sign."""


class _OutOfBudget(Exception):
    """The turn's time or node budget ran out in the middle of a search."""


class SearchInfo(NamedTuple):
    """What the last search reached: the deepest full depth, nodes visited, the value found."""

    depth: int
    nodes: int
    value: int


class StrongBot:
    """Searches deeper and deeper until `seconds` (or `nodes`, when given) run out, and plays
    the best turn of the deepest finished search. A seed breaks ties between equal turns; with
    a node budget the bot plays the same turns on every machine. `evaluation` values the
    positions where the search stops (an exact search values them all 0)."""

    def __init__(
        self,
        seed: int = 0,
        seconds: float = 0.5,
        nodes: int | None = None,
        depth: int = 30,
        evaluation: Evaluation = evaluate,
    ) -> None:
        self._rng = random.Random(seed)
        self._evaluate = evaluation
        self.seconds = seconds
        self.node_limit = nodes
        self.max_depth = depth
        self.info = SearchInfo(0, 0, 0)
        self._tt: dict[tuple[int, Cells], tuple[int, int, int, Cells | None]] = {}
        self._nbrs: Nbrs = ()
        self._deadline = 0.0
        self._nodes = 0

    def choose(self, state: ClamberState) -> Turn:
        cells, self._nbrs, sign = mover(state)
        self._tt.clear()
        self._nodes = 0
        self._deadline = time.perf_counter() + self.seconds
        root = self._children(cells, sign)
        self._rng.shuffle(root)
        best, value, depth = root[0], 0, 0
        for move, child in root:
            if move[0] != PLACE and not has_stack(child, -sign):
                self.info = SearchInfo(0, 0, WIN)
                return turn_of(state, move)  # a winning capture (C12)
        while len(root) > 1 and depth < self.max_depth and abs(value) < WIN - self.max_depth:
            try:
                value, order = self._root(root, sign, depth + 1)
            except _OutOfBudget:
                break
            depth += 1
            root = order
            best = root[0]
        self.info = SearchInfo(depth, self._nodes, value)
        return turn_of(state, best[0])

    def _root(
        self, root: list[tuple[Move, Cells]], sign: int, depth: int
    ) -> tuple[int, list[tuple[Move, Cells]]]:
        """The value of the root searched `depth` turns deep, and its turns best first."""
        alpha = -_INF
        values: list[int] = []
        for _, child in root:
            values.append(-self._search(child, -sign, depth - 1, -_INF, -alpha, 1))
            alpha = max(alpha, values[-1])
        order = sorted(range(len(root)), key=lambda k: -values[k])  # stable: ties keep order
        return alpha, [root[k] for k in order]

    def _children(self, cells: Cells, sign: int) -> list[tuple[Move, Cells]]:
        """The turns from `cells`, one per different board they leave, most material first."""
        unique: dict[Cells, Move] = {}
        for move, child in successors(cells, self._nbrs, sign):
            unique.setdefault(child, move)
        return sorted(((m, c) for c, m in unique.items()), key=lambda mc: -sign * sum(mc[1]))

    def _search(self, cells: Cells, sign: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of `cells` with `sign` to move, to the mover, searched `depth` turns deep
        (negamax with alpha-beta; wins nearer the root count more)."""
        self._nodes += 1
        if self._nodes & 127 == 0 and (
            time.perf_counter() > self._deadline
            or (self.node_limit is not None and self._nodes > self.node_limit)
        ):
            raise _OutOfBudget
        if depth <= 0:
            return self._evaluate(cells, self._nbrs, sign)
        key = (sign, cells)
        entry = self._tt.get(key)
        first = None
        if entry is not None:
            d, v, flag, first = entry
            if d >= depth and (
                flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha)
            ):
                return v
        children = self._children(cells, sign)
        if not children:  # C11: the player is skipped, or neither can move (C13)
            if has_turn(cells, self._nbrs, -sign):
                return -self._search(cells, -sign, depth - 1, -beta, -alpha, ply + 1)
            return 0
        if first is not None:
            children.sort(key=lambda mc: mc[1] != first)
        start, best, best_child = alpha, -_INF, None
        for move, child in children:
            if move[0] != PLACE and not has_stack(child, -sign):
                v = WIN - ply
            else:
                v = -self._search(child, -sign, depth - 1, -beta, -alpha, ply + 1)
            if v > best:
                best, best_child = v, child
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        flag = _UPPER if best <= start else _LOWER if best >= beta else _EXACT
        self._tt[key] = (depth, best, flag, best_child)
        return best
