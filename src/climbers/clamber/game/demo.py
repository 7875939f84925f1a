"""Clamber's demo games: bot against bot, the levels and the board changing from game to game
(played in the window, or headless through `climbers.session.demo`)."""

from __future__ import annotations

from climbers.clamber.core import ClamberRules, ClamberState
from climbers.clamber.core.state import SEATS
from climbers.clamber.game.session import ClamberSession
from climbers.session.demo import DemoGame

LINEUPS = (
    ("greedy", "strong", 4),
    ("strong", "strong", 4),
    ("random", "strong", 3),
    ("strong", "greedy", 4),
)
"""Blue's and Red's bot levels and the board's cells a side, game after game."""


def demo_game(index: int, first_seed: int = 0) -> DemoGame[ClamberSession]:
    """Game `index` of the demo: the next line-up on its board (the seed is the game's)."""
    blue, red, size = LINEUPS[index % len(LINEUPS)]
    seed = first_seed + index
    session = ClamberSession(ClamberRules(size).new_state(2, seed), bots={0: blue, 1: red})
    return DemoGame(session, (blue, red), f"{size}-board, seed {seed}")


def outcome(state: ClamberState) -> str:
    """How a demo game ended: 'blue wins after 41 turns', 'a draw after 300 turns'."""
    result = state.result
    if result is None or result.winner is None:
        return f"a draw after {state.turn} turns"
    return f"{SEATS[result.winner]} wins after {state.turn} turns"
