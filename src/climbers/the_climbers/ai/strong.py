"""The strong bot: searches whole turns (move, block move, move, disk) within a time budget.

A beam search over the steps of its own turn: each step's candidates are grouped walks, block
moves that build a route for it or cut a rival's (pruned and deduplicated, see options), and
disks on blocks the rivals would climb to. Every position reached is scored by its Outlook; the
best few go on to the next step. The plan is kept for the rest of the turn.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from climbers.the_climbers.ai.base import Bot, move_action, pass_action
from climbers.the_climbers.ai.options import block_choices, reach_grid, walks
from climbers.the_climbers.ai.outlook import outlook, routes
from climbers.the_climbers.core import (
    Action,
    GameState,
    IllegalAction,
    PlaceDisk,
    Step,
    apply,
    disk_targets,
    placement_action,
)

DEFAULT_BUDGET = 1.0
"""Seconds the strong bot may think per turn."""
SEARCH_SHARE = 0.8
"""Part of the budget for the walk and block steps; the rest covers the disk and overheads."""


@dataclass(frozen=True)
class Widths:
    """How much the search looks at: candidates per step and positions kept after each step."""

    walks: int = 6
    per_ladders: int = 2
    build: int = 14
    cut: int = 14
    deny: int = 8
    disks: int = 8
    beam_walk: int = 5
    beam_block: int = 6
    beam_disk: int = 3
    deep: int = 10


@dataclass(frozen=True)
class _Node:
    score: float
    actions: tuple[Action, ...]
    state: GameState


class StrongBot(Bot):
    """Plans its whole turn at its first step; reactions pick the best-scoring walk."""

    level = "strong"

    def __init__(
        self, seed: int = 0, budget: float = DEFAULT_BUDGET, widths: Widths | None = None
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.widths = widths or Widths()
        self._plan: dict[tuple[int, int, int], Action] = {}

    def reset(self) -> None:
        super().reset()
        self._plan.clear()

    def choose(self, state: GameState) -> Action:
        if state.step is Step.REACTION:
            return self._react(state)
        key = (state.actor, state.turn.number, state.turn.step)
        planned = self._plan.pop(key, None)
        if planned is not None and _legal(state, planned):
            return planned
        self._plan.clear()
        actions = self.plan(state)
        for i, action in enumerate(actions[1:], start=1):
            self._plan[(state.actor, state.turn.number, state.turn.step + i)] = action
        return actions[0] if actions else pass_action(state)

    # -- reactions -------------------------------------------------------------------------

    def _react(self, state: GameState) -> Action:
        me = state.actor
        best: tuple[float, Action] = (outlook(state, me).score, pass_action(state))
        for route in walks(state, routes(state, me, False))[: self.widths.walks]:
            if route.level <= state.level(me):
                continue
            action = move_action(state, route)
            after, _ = apply(state, action)
            score = outlook(after, me).score
            if score > best[0]:
                best = (score, action)
        return best[1]

    # -- whole-turn search -----------------------------------------------------------------

    def plan(self, state: GameState) -> list[Action]:
        """The actions for the rest of the acting seat's own turn, one per step."""
        start = time.perf_counter()
        search_end = start + self.budget * SEARCH_SHARE
        hard_end = start + self.budget * 0.95
        me, number = state.actor, state.turn.number
        w = self.widths
        frontier = [_Node(outlook(state, me).score, (), state)]
        while _own_step(frontier[0].state, me, number) in (Step.MOVE, Step.BLOCK):
            children: list[_Node] = []
            for node in frontier:
                hurry = time.perf_counter() > search_end
                for action in self._candidates(node.state, me, hurry):
                    if children and time.perf_counter() > hard_end:
                        break
                    children.append(self._child(node, action, me))
            step = frontier[0].state.step
            width = w.beam_block if step is Step.BLOCK else w.beam_walk
            children.sort(key=lambda n: -n.score)
            frontier = children[:width]
        if _own_step(frontier[0].state, me, number) is Step.DISK:
            children = []
            for node in frontier[: w.beam_disk]:
                for action in self._disks(node.state, me):
                    if children and time.perf_counter() > hard_end:
                        break
                    children.append(self._child(node, action, me))
            frontier = sorted(children, key=lambda n: -n.score)
        deep: list[tuple[float, int]] = []
        for i, node in enumerate(frontier[: w.deep]):
            if deep and time.perf_counter() > search_end:
                break
            deep.append((outlook(node.state, me, deep=True).score, -i))
        return list(frontier[-max(deep)[1]].actions)

    def _child(self, node: _Node, action: Action, me: int) -> _Node:
        after, _ = apply(node.state, action)
        return _Node(outlook(after, me).score, (*node.actions, action), after)

    def _candidates(self, state: GameState, me: int, hurry: bool) -> list[Action]:
        """Pass first, then the walks or block moves worth scoring (fewer when in a hurry)."""
        w = self.widths
        found: list[Action] = [pass_action(state)]
        mine = routes(state, me)
        if state.step is Step.MOVE:
            options = walks(state, mine)
            per: dict[tuple[str, ...], int] = {}
            for r in options:
                if len(found) > (1 if hurry else w.walks):
                    break
                if per.get(r.ladders, 0) < w.per_ladders:
                    per[r.ladders] = per.get(r.ladders, 0) + 1
                    found.append(move_action(state, r))
            return found
        if hurry:
            return found
        rivals = {r: routes(state, r) for r in range(len(state.players)) if r != me}
        choices = block_choices(state, me, mine, rivals, max(w.build, w.cut, w.deny))
        seen: set[tuple[int, ...]] = set()
        for rows in (choices.build[: w.build], choices.cut[: w.cut], choices.deny[: w.deny]):
            for row in rows:
                key = tuple(int(v) for v in row)
                if key not in seen:
                    seen.add(key)
                    found.append(placement_action(state, key))
        return found

    def _disks(self, state: GameState, me: int) -> list[Action]:
        """Pass, and the disk on the blocks under the highest squares rivals could walk to."""
        found: list[Action] = [pass_action(state)]
        targets = disk_targets(state)
        if not targets:
            return found
        s = state.structure
        worth: dict[str, int] = {}
        for seat in range(len(state.players)):
            if seat == me:
                continue
            grid = reach_grid(state, seat, routes(state, seat))
            here = state.level(seat)
            for name in targets:
                b = state.block_index(name)
                if s.top_z(b) > here:
                    level = max((int(grid[sq]) for sq in s.surfaces[b]), default=0)
                    worth[name] = max(worth.get(name, 0), level)
        ranked = sorted((n for n in targets if worth.get(n, 0) > 0), key=lambda n: -worth[n])
        colour = state.players[me].colour
        found += [PlaceDisk(player=colour, block=n) for n in ranked[: self.widths.disks]]
        return found


def _own_step(state: GameState, me: int, number: int) -> Step | None:
    """The step of `me`'s own turn `number` that `state` is at, or None once that turn is over."""
    if state.finished or state.turn.number != number or state.step is Step.REACTION:
        return None
    return state.step if state.actor == me else None


def _legal(state: GameState, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True
