"""The Climbers' bots as a tournament asks for them (`climbers.games.tournament`): every game of
a rotation on one generated mountain, seat 0 starting, answers to another's turn timed apart."""

from __future__ import annotations

from climbers.games.tournament import Bots
from climbers.the_climbers.ai import DEFAULT_BUDGET, LEVELS, make_bot
from climbers.the_climbers.core import (
    PLAYER_COLOURS,
    GameState,
    MountainError,
    Step,
    generate_mountain,
    new_game,
    ranking,
)


def start(players: int, seed: int) -> GameState:
    """A game on the first mountain from seed `seed` on that is valid, seat 0 starting."""
    while True:
        try:
            return new_game(generate_mountain(seed), PLAYER_COLOURS[:players], first=0)
        except MountainError:
            seed += 1


def turn(state: GameState) -> int | None:
    """The number of the turn the next action belongs to; None for a reaction (R13)."""
    return None if state.step is Step.REACTION else state.turn.number


def levels(state: GameState) -> tuple[int, ...]:
    """Each seat's level (its score in the ranking)."""
    level = {s.colour: s.level for s in ranking(state)}
    return tuple(level[p.colour] for p in state.players)


BOTS = Bots(tuple(LEVELS), make_bot, DEFAULT_BUDGET, start, turn, levels)
