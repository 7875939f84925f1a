"""Clamber's bots as a tournament asks for them (`climbers.games.tournament`): colours alternate,
every turn is one action."""

from __future__ import annotations

from climbers.clamber.ai.base import Bot
from climbers.clamber.ai.greedy import GreedyBot
from climbers.clamber.ai.random_bot import RandomBot
from climbers.clamber.ai.strong import StrongBot
from climbers.clamber.core import RULES, ClamberState
from climbers.games.tournament import Bots

DEFAULT_SECONDS = 0.5
"""The strong bot's seconds per turn."""


def make_bot(level: str, seed: int = 0, seconds: float = DEFAULT_SECONDS) -> Bot:
    """A bot of the named level; `seconds` applies to the strong bot."""
    if level == "strong":
        return StrongBot(seed, seconds=seconds)
    makers = {"random": RandomBot, "greedy": GreedyBot}
    if level not in makers:
        raise ValueError(f"unknown bot level {level!r}; choose from random, greedy, strong")
    return makers[level](seed)


def turn(state: ClamberState) -> int:
    """The number of the turn to play (each turn is one action)."""
    return len(state.history)


BOTS = Bots(("random", "greedy", "strong"), make_bot, DEFAULT_SECONDS, RULES.new_state, turn)
