"""The bot interface: a bot chooses the acting seat's next action in a position."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from climbers.the_climbers.core import Action, GameState, MoveClimber, Pass
from climbers.the_climbers.core.movement import Route


class Bot(ABC):
    """A player that decides one action at a time for whichever seat is acting.

    Bots read positions only through the public queries and return actions that `apply`
    accepts; given the same seed and the same positions they choose the same actions.
    """

    level: str = ""
    """The bot's level as named in menus and on the command line."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: GameState) -> Action:
        """The action the acting seat (state.actor) takes now; the game must not be over."""

    def reset(self) -> None:
        """Forget everything about the current game (called before a new one)."""
        self.rng = random.Random(self.seed)


def pass_action(state: GameState) -> Pass:
    """Skip the current step."""
    return Pass(player=state.players[state.actor].colour)


def move_action(state: GameState, route: Route) -> MoveClimber:
    """Walk the acting Climber along `route`."""
    return MoveClimber(player=state.players[state.actor].colour, to=route.to, ladders=route.ladders)
