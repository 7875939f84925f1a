"""Bot against bot: games with colours alternating, wins with a 95% interval, turn times.

Run by hand, e.g. `python -m climbers.clamber.tournament strong greedy --games 40`.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple

from climbers.clamber.ai.base import Bot
from climbers.clamber.ai.greedy import GreedyBot
from climbers.clamber.ai.random_bot import RandomBot
from climbers.clamber.ai.strong import StrongBot
from climbers.clamber.core import ClamberRules, ClamberState, apply
from climbers.games.figures import wilson

BotMaker = Callable[[int], Bot]
"""A bot from a seed."""


class MatchResult(NamedTuple):
    """The first bot's wins, draws and losses, and the seconds each of its turns took."""

    wins: int
    draws: int
    losses: int
    turn_seconds: tuple[float, ...]


def play_game(
    bots: tuple[Bot, Bot], rules: ClamberRules, seed: int
) -> tuple[ClamberState, tuple[list[float], list[float]]]:
    """A whole game, Blue being `bots[0]`, and the seconds of each seat's turns."""
    state = rules.new_state(2, seed)
    times: tuple[list[float], list[float]] = ([], [])
    while not state.over:
        seat = state.to_move
        start = time.perf_counter()
        turn = bots[seat].choose(state)
        times[seat].append(time.perf_counter() - start)
        state = apply(state, turn)[0]
    return state, times


def match(first: BotMaker, second: BotMaker, games: int, rules: ClamberRules) -> MatchResult:
    """`games` games, the first bot Blue in the even ones; its results and turn times."""
    wins = draws = 0
    seconds: list[float] = []
    for g in range(games):
        seat = g % 2
        bots = (first(g), second(g)) if seat == 0 else (second(g), first(g))
        state, times = play_game(bots, rules, g)
        seconds += times[seat]
        winner = None if state.result is None else state.result.winner
        wins += winner == seat
        draws += winner is None
    return MatchResult(wins, draws, games - wins - draws, tuple(seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first", choices=("random", "greedy", "strong"))
    parser.add_argument("second", choices=("random", "greedy", "strong"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.5, help="the strong bot's budget")
    parser.add_argument("--size", type=int, default=3)
    args = parser.parse_args()
    makers: dict[str, BotMaker] = {
        "random": RandomBot,
        "greedy": GreedyBot,
        "strong": lambda seed: StrongBot(seed, seconds=args.seconds),
    }
    result = match(makers[args.first], makers[args.second], args.games, ClamberRules(args.size))
    low, high = wilson(result.wins, args.games)
    times = sorted(result.turn_seconds)
    p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
    print(
        f"{args.first} v {args.second}, {args.games} games on the {args.size}-board: "
        f"{result.wins} won, {result.draws} drawn, {result.losses} lost; win rate "
        f"{result.wins / args.games:.1%} (95% {low:.1%}-{high:.1%}); turn time median "
        f"{statistics.median(times) if times else 0:.3f} s, p95 {p95:.3f} s, max "
        f"{max(times, default=0):.3f} s"
    )


if __name__ == "__main__":
    main()
