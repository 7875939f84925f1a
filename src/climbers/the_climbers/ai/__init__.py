"""Bots for The Climbers: random, greedy and strong, over the public rules core (no window)."""

from climbers.the_climbers.ai.base import Bot
from climbers.the_climbers.ai.greedy import GreedyBot
from climbers.the_climbers.ai.random_bot import RandomBot
from climbers.the_climbers.ai.strong import DEFAULT_BUDGET, StrongBot

LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}
"""Bot levels by name, weakest first (the names saved games use: io.files.BOT_LEVELS)."""


def make_bot(level: str, seed: int = 0, budget: float = DEFAULT_BUDGET) -> Bot:
    """A bot of the named level; `budget` (seconds per turn) applies to the strong bot."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")
    if level == "strong":
        return StrongBot(seed, budget)
    return LEVELS[level](seed)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "Bot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
