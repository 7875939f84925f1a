"""The demo's games without a window, for any game with bots: all-bot games one after another,
played to the end, with the process's memory printed after each (`climbers demo --headless`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TextIO, TypeVar

from climbers.games.tournament import Bots
from climbers.session.session import Session

MAX_ACTIONS = 4000
"""A headless game still running after this many actions is stopped (it never happens)."""

Step = Callable[[Any, Any, Sequence[Any]], None]
"""Told of every action: the state before it, the action and its events."""


Played = TypeVar("Played", bound=Session[Any])


@dataclass(frozen=True)
class DemoGame(Generic[Played]):
    """One game of a demo: its session, the bot level in each seat, and what it is played on
    ('mountain 7'), for the line printed after it."""

    session: Played
    levels: tuple[str, ...]
    setting: str


def play_out(game: DemoGame[Any], bots: Bots, budget: float, on_step: Step | None = None) -> None:
    """Let the game's bots play it to the end (the demo's loop without animations)."""
    session, rules = game.session, game.session.rules
    players = [bots.make(level, seat, budget) for seat, level in enumerate(game.levels)]
    while not rules.is_over(session.state) and len(session.actions) < MAX_ACTIONS:
        before = session.state
        seat = rules.to_act(before)
        assert seat is not None
        action = players[seat].choose(before)
        events = session.act(action)
        if on_step is not None:
            on_step(before, action, events)


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
    games: int,
    game: Callable[[int], DemoGame[Any]],
    bots: Bots,
    budget: float,
    outcome: Callable[[Any], str],
    out: TextIO | None = None,
) -> list[int]:
    """Play `games` demo games (`game(index)` makes each) without a window; print one line per
    game, `outcome` saying how it ended; the memory (KiB) after each."""
    sizes = []
    for index in range(games):
        played = game(index)
        play_out(played, bots, budget)
        sizes.append(rss_kib())
        print(
            f"game {index + 1:>3}: {played.setting}, {'/'.join(played.levels)}, "
            f"{len(played.session.actions)} actions, {outcome(played.session.state)}; "
            f"RSS {sizes[-1] / 1024:.1f} MiB",
            file=out or sys.stdout,
            flush=True,
        )
    return sizes


def growth_line(sizes: list[int]) -> str:
    """The memory of `run_headless` (its sizes, KiB): after the first game and the last, and
    how much it grew."""
    return (
        f"RSS after game 1: {sizes[0] / 1024:.1f} MiB; after game {len(sizes)}: "
        f"{sizes[-1] / 1024:.1f} MiB; growth {(sizes[-1] - sizes[0]) / 1024:+.1f} MiB"
    )
