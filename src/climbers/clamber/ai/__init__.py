"""Clamber's bots; they import only the Clamber rules core."""

from climbers.clamber.ai.base import Bot
from climbers.clamber.ai.greedy import GreedyBot
from climbers.clamber.ai.random_bot import RandomBot
from climbers.clamber.ai.strong import StrongBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "StrongBot"]
