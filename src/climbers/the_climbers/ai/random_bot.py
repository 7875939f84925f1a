"""The random bot: every legal action of the current step equally likely."""

from __future__ import annotations

from climbers.the_climbers.ai.base import Bot, move_action, pass_action
from climbers.the_climbers.core import (
    Action,
    GameState,
    PlaceDisk,
    Step,
    disk_targets,
    legal_destinations,
    legal_placements,
    placement_action,
)


class RandomBot(Bot):
    """Picks uniformly among the actions legal_actions would list (Pass included)."""

    level = "random"

    def choose(self, state: GameState) -> Action:
        step = state.step
        if step is Step.BLOCK:
            rows = legal_placements(state)
            pick = self.rng.randrange(len(rows) + 1)
            if pick == len(rows):
                return pass_action(state)
            return placement_action(state, rows[pick])
        if step is Step.DISK:
            targets = disk_targets(state)
            pick = self.rng.randrange(len(targets) + 1)
            if pick == len(targets):
                return pass_action(state)
            return PlaceDisk(player=state.players[state.actor].colour, block=targets[pick])
        options = [r for rs in legal_destinations(state).values() for r in rs]
        pick = self.rng.randrange(len(options) + 1)
        return pass_action(state) if pick == len(options) else move_action(state, options[pick])
