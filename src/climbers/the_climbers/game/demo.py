"""The Climbers' demo games: all-bot line-ups of mixed levels in random colours, on one mountain
after another (played in the window, or headless through `climbers.session.demo`)."""

from __future__ import annotations

import random

from climbers.session.demo import DemoGame
from climbers.the_climbers.core import (
    PLAYER_COLOURS,
    GameState,
    MountainError,
    generate_mountain,
    new_game,
    ranking,
)
from climbers.the_climbers.game.session import GameSession

DEMO_BUDGET = 0.3
"""Seconds the strong bot thinks per turn in the demo (short: the table keeps moving)."""
LINEUPS = (
    ("strong", "greedy", "random"),
    ("greedy", "strong", "greedy", "random"),
    ("greedy", "random", "strong"),
    ("strong", "greedy", "greedy", "strong"),
)
"""Bot levels per seat, game after game (3 or 4 seats, mixed levels)."""


def demo_game(index: int, first_seed: int = 0) -> DemoGame[GameSession]:
    """Game `index` of the demo: a line-up of bots in random colours on the next mountain."""
    levels = LINEUPS[index % len(LINEUPS)]
    rng = random.Random(first_seed * 1009 + index)
    colours = rng.sample(PLAYER_COLOURS, len(levels))
    seed = first_seed + index
    while True:
        try:
            blocks = generate_mountain(seed)
            break
        except MountainError:
            seed += 1000
    state = new_game(blocks, colours, seed=seed, first=rng.randrange(len(levels)))
    session = GameSession(state, bots=dict(zip(colours, levels, strict=True)))
    return DemoGame(session, levels, f"mountain {seed}")


def outcome(state: GameState) -> str:
    """How a demo game ended: 'teal wins at level 7'."""
    best = ranking(state)[0]
    return f"{best.colour} wins at level {best.level}"
