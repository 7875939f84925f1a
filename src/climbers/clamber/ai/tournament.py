"""Clamber's bots as a tournament asks for them (`climbers.games.tournament`): colours alternate,
every turn is one action."""

from __future__ import annotations

from collections.abc import Callable

from climbers.clamber.ai.base import Bot
from climbers.clamber.ai.greedy import GreedyBot
from climbers.clamber.ai.random_bot import RandomBot
from climbers.clamber.ai.strong import StrongBot
from climbers.clamber.core import RULES, ClamberState
from climbers.games.tournament import Bots

DEFAULT_SECONDS = 0.5
"""The strong bot's most seconds per turn (the expert has four times as many)."""
STRONG_NODES = 6_000
"""The strong bot's search nodes per turn, when its seconds do not run out first."""
EXPERT_NODES = 8 * STRONG_NODES
"""The expert's search nodes per turn: a deeper search of the same evaluation (it beat strong
more often than with four times the nodes, or than UCT with the evaluation at its leaves:
docs/CLAMBER-BOTS.md)."""
LEVELS = ("random", "greedy", "strong", "expert")
"""The levels, weakest first."""


def searcher(seed: int, seconds: float, nodes: int) -> StrongBot:
    """The searching bot with a budget of `seconds` and `nodes` a turn, whichever ends first."""
    return StrongBot(seed, seconds=seconds, nodes=nodes)


def make_bot(level: str, seed: int = 0, seconds: float = DEFAULT_SECONDS) -> Bot:
    """A bot of the named level; `seconds` bounds the strong bot's turn (four times it the
    expert's)."""
    if level == "strong":
        return searcher(seed, seconds, STRONG_NODES)
    if level == "expert":
        return searcher(seed, 4 * seconds, EXPERT_NODES)
    makers: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
    if level not in makers:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")
    return makers[level](seed)


def turn(state: ClamberState) -> int:
    """The number of the turn to play (each turn is one action)."""
    return len(state.history)


BOTS = Bots(LEVELS, make_bot, DEFAULT_SECONDS, RULES.new_state, turn)
