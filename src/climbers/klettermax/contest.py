"""Burg Klettermax's bots in tournaments: each bot is given the hand made of the physics
(`physics.hand`), so a bot's flick lands where the physics of its strayed aim puts it.

`climbers tournament --game klettermax --bots hard,easy --players 3` plays with these; the
score shown per game is each seat's treasures (K16).
"""

from __future__ import annotations

from climbers.games.tournament import Bots
from climbers.klettermax.ai import LEVELS, Bot
from climbers.klettermax.core import State, new_state
from climbers.klettermax.physics.hand import physics_bot

BUDGET = 0.0
"""The bots do not search within a turn's budget: their aims come from the physics' lattice."""


def make_bot(level: str, seed: int = 0, budget: float = BUDGET) -> Bot:
    """A bot of the named level ('easy', 'medium', 'hard') with the physics' hand; `budget` is
    not used."""
    return physics_bot(level, seed)


def start(players: int, seed: int) -> State:
    """A tournament game's start: tiles dealt from `seed`, seat 0 first."""
    return new_state(players, seed, first=0)


def turn(state: State) -> int:
    """The number of the turn the next action belongs to, for the tournament's turn times:
    every turn passes to the next seat, so the seat alone tells turns apart (always 0)."""
    return 0


def treasures(state: State) -> tuple[int, ...]:
    """Each seat's treasures (K16)."""
    return tuple(seat.treasures for seat in state.seats)


BOTS = Bots(LEVELS, make_bot, BUDGET, start, turn, treasures)
