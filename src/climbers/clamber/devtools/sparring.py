"""Clamber's bots against the gallery (`climbers.clamber.ai.gallery`), the plain UCT bot and each
other, on both boards: win rates with Wilson 95% intervals and the searching bot's turn times.

    python -m climbers.clamber.devtools.sparring [--games N] [--size 3|4] [--quick]

Every bot runs on a node (or iteration) budget, so the results are the same on every machine;
only the turn times depend on the machine and its load. Colours alternate game by game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from climbers.clamber.ai.base import Bot
from climbers.clamber.ai.gallery import RULES, Rule, ScriptedBot
from climbers.clamber.ai.greedy import GreedyBot
from climbers.clamber.ai.tournament import EXPERT_NODES, STRONG_NODES, searcher
from climbers.clamber.ai.uct import UctBot
from climbers.clamber.core import ClamberRules, apply
from climbers.games.tournament import p95, wilson

Maker = Callable[[int], Bot]
UCT_ITERATIONS = 200
"""The UCT bot's playouts per turn."""


def _scripted(rule: Rule, seed: int) -> Bot:
    return ScriptedBot(rule, seed)


def opponents(quick: bool) -> dict[str, Maker]:
    """The sparring partners by name: the gallery's rules of thumb, greedy and plain UCT."""
    found: dict[str, Maker] = {name: partial(_scripted, rule) for name, rule in RULES.items()}
    found["greedy"] = GreedyBot
    found["uct"] = lambda s: UctBot(s, iterations=20 if quick else UCT_ITERATIONS)
    return found


@dataclass(frozen=True)
class Match:
    """One bot's games against another on one board: wins, losses, draws and its turn times."""

    bot: str
    opponent: str
    size: int
    wins: int
    losses: int
    draws: int
    times: tuple[float, ...]

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


def match(name: str, make: Maker, against: str, other: Maker, size: int, games: int) -> Match:
    """`games` games of `make`'s bot against `other`'s on the `size`-board, colours alternating,
    game g seeding both bots with g."""
    wins = losses = draws = 0
    times: list[float] = []
    for g in range(games):
        bot, rival = make(g), other(g)
        seats = (bot, rival) if g % 2 == 0 else (rival, bot)
        state = ClamberRules(size).new_state(2, g)
        while not state.over:
            player = seats[state.to_move]
            start = time.perf_counter()
            turn = player.choose(state)
            if player is bot:
                times.append(time.perf_counter() - start)
            state = apply(state, turn)[0]
        winner = None if state.result is None else state.result.winner
        if winner is None:
            draws += 1
        elif winner == g % 2:
            wins += 1
        else:
            losses += 1
    return Match(name, against, size, wins, losses, draws, tuple(times))


def row(m: Match) -> str:
    """A match as a Markdown table row: score rate (draws half) with its interval, and times."""
    score = m.wins + m.draws / 2
    low, high = wilson(score, m.games)
    median = statistics.median(m.times) if m.times else 0.0
    return (
        f"| {m.bot} | {m.opponent} | {m.size} | {m.games} | {m.wins} | {m.losses} | {m.draws} | "
        f"{score / m.games:.1%} | {low:.1%}–{high:.1%} | {median * 1e3:.0f} | "
        f"{(p95(m.times) if m.times else 0.0) * 1e3:.0f} |"
    )


HEAD = (
    "| bot | against | board | games | won | lost | drawn | score | 95% CI | median ms | p95 ms |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|"
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m climbers.clamber.devtools.sparring")
    parser.add_argument("--games", type=int, default=40, help="games per match (default: 40)")
    parser.add_argument("--size", type=int, choices=(3, 4), action="append", help="board(s)")
    parser.add_argument("--only", help="comma-separated opponents (default: all)")
    parser.add_argument("--no-expert", action="store_true", help="skip expert against strong")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args, _ = parser.parse_known_args(argv)
    quick = args.quick
    games = 1 if quick else args.games
    sizes = [3] if quick else args.size or [3, 4]
    strong_nodes = 300 if quick else STRONG_NODES
    strong: Maker = lambda s: searcher(s, 1e9, strong_nodes)  # noqa: E731
    rivals = opponents(quick)
    names = args.only.split(",") if args.only else list(rivals)[: 2 if quick else None]
    print("Clamber: strong against the gallery, plain UCT and greedy (node budgets)")
    print(HEAD, flush=True)
    for size in sizes:
        for name in names:
            print(row(match("strong", strong, name, rivals[name], size, games)), flush=True)
    if not args.no_expert:
        expert: Maker = lambda s: searcher(s, 1e9, 600 if quick else EXPERT_NODES)  # noqa: E731
        for size in sizes:
            print(row(match("expert", expert, "strong", strong, size, games)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
