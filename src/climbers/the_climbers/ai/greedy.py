"""The greedy bot: climbs as high as it can this turn without handing rivals a route."""

from __future__ import annotations

from climbers.the_climbers.ai.base import Bot, move_action, pass_action
from climbers.the_climbers.ai.options import block_choices, walks
from climbers.the_climbers.ai.outlook import best_level, routes
from climbers.the_climbers.core import Action, GameState, Step, apply, placement_action
from climbers.the_climbers.core.movement import Route

BUILD_LOOKS = 12
"""Block moves the greedy bot tries for a higher second walk."""


def rival_threat(state: GameState, seat: int) -> int:
    """The highest level any rival of `seat` can reach with one walk now."""
    return max(best_level(state, r) for r in range(len(state.players)) if r != seat)


class GreedyBot(Bot):
    """Takes the highest square it can reach (fewest ladders), moves a block only when that lets
    it climb higher this turn, and among equally high choices leaves the rivals the least."""

    level = "greedy"

    def choose(self, state: GameState) -> Action:
        step = state.step
        if step is Step.BLOCK:
            return self._block(state)
        if step is Step.DISK:
            return pass_action(state)
        return self._walk(state)

    def _walk(self, state: GameState) -> Action:
        me = state.actor
        options = walks(state, routes(state, me, state.step is not Step.REACTION))
        here = state.level(me)
        top = [r for r in options if r.level > here]
        if not top:
            return pass_action(state)
        best = [r for r in top if (r.level, r.cost) == (top[0].level, top[0].cost)]
        if len(best) > 1 and state.step is not Step.REACTION:
            best = self._least_threat(state, best)
        return move_action(state, self.rng.choice(best))

    def _least_threat(self, state: GameState, options: list[Route]) -> list[Route]:
        me = state.actor
        scored = []
        for r in options[:8]:
            after, _ = apply(state, move_action(state, r))
            scored.append((rival_threat(after, me), r))
        low = min(t for t, _ in scored)
        return [r for t, r in scored if t == low]

    def _block(self, state: GameState) -> Action:
        me = state.actor
        mine = routes(state, me)
        now = max([state.level(me), *(r[0].level for r in mine.values())])
        choices = block_choices(state, me, mine, {}, BUILD_LOOKS)
        best: tuple[int, int] = (now, -rival_threat(state, me))
        pick: Action = pass_action(state)
        for row in choices.build:
            action = placement_action(state, row)
            after, _ = apply(state, action)
            key = (best_level(after, me), -rival_threat(after, me))
            if key[0] > now and key > best:
                best, pick = key, action
        return pick
