"""The demo's games, without a window: all-bot line-ups on one mountain after another, and the
headless loop (`climbers demo --headless`) that plays them and prints memory after each game."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from climbers.the_climbers.ai import make_bot
from climbers.the_climbers.core import (
    PLAYER_COLOURS,
    MountainError,
    generate_mountain,
    new_game,
    ranking,
)
from climbers.the_climbers.game.captions import caption
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
MAX_ACTIONS = 4000
"""A headless game still running after this many actions is stopped (it never happens)."""


@dataclass(frozen=True)
class DemoGame:
    """One game of the demo: its session (every seat a bot) and the mountain's seed."""

    session: GameSession
    mountain: int


def demo_game(index: int, first_seed: int = 0) -> DemoGame:
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
    return DemoGame(GameSession(state, bots=dict(zip(colours, levels, strict=True))), seed)


def play_out(
    session: GameSession, budget: float, on_caption: Callable[[str], None] | None = None
) -> None:
    """Let the session's bots play to the end (the demo's loop without animations)."""
    seats = list(session.bots)
    bots = {c: make_bot(level, seats.index(c), budget) for c, level in session.bots.items()}
    while not session.state.finished and len(session.actions) < MAX_ACTIONS:
        before = session.state
        action = bots[before.players[before.actor].colour].choose(before)
        events = session.act(action)
        if on_caption is not None:
            on_caption(caption(before, action, events))


def rss_kib() -> int:
    """This process's resident memory (VmRSS) in KiB; 0 where /proc is missing."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run_headless(
    games: int, first_seed: int = 0, budget: float = DEMO_BUDGET, out: TextIO | None = None
) -> list[int]:
    """Play `games` demo games without a window; print one line per game; RSS (KiB) after each."""
    sizes = []
    for index in range(games):
        game = demo_game(index, first_seed)
        session = game.session
        captions: list[str] = []
        play_out(session, budget, captions.append)
        sizes.append(rss_kib())
        state = session.state
        best = ranking(state)[0]
        print(
            f"game {index + 1:>3}: mountain {game.mountain}, "
            f"{'/'.join(session.bots.values())}, {len(captions)} actions, "
            f"{best.colour} wins at level {best.level}; RSS {sizes[-1] / 1024:.1f} MiB",
            file=out or sys.stdout,
            flush=True,
        )
    return sizes
