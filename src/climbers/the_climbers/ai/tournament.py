"""Bot tournaments: seeded games with rotating seats, win rates with 95% intervals, turn times.

Each group of games shares one generated mountain and rotates the line-up of bots through the
seats (seat 0 always starts), so every bot plays every seat on the same mountain. Games run in
worker processes; the figures do not depend on how many.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

from climbers.games.figures import wilson
from climbers.the_climbers.ai import DEFAULT_BUDGET, make_bot
from climbers.the_climbers.core import (
    PLAYER_COLOURS,
    GameState,
    IllegalAction,
    MountainError,
    Step,
    apply,
    generate_mountain,
    new_game,
    ranking,
)

MAX_TURNS = 400
"""A game still running after this many turns is stopped and reported as unfinished."""


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its number, the bot level in each seat, its mountain and seeds."""

    index: int
    seats: tuple[str, ...]
    mountain: int
    seed: int
    budget: float


@dataclass
class GameResult:
    """What happened in one game."""

    index: int
    seats: tuple[str, ...]
    mountain: int
    places: list[int] = field(default_factory=list)
    levels: list[int] = field(default_factory=list)
    turns: int = 0
    finished: bool = False
    error: str | None = None
    turn_times: list[list[float]] = field(default_factory=list)
    """Per seat: seconds spent choosing the actions of each of its own turns."""
    reaction_times: list[list[float]] = field(default_factory=list)


def schedule(
    bots: Sequence[str], games: int, players: int, seed: int, budget: float
) -> list[GameSpec]:
    """`games` games: line-ups rotate through the seats, one mountain per full rotation."""
    lineup = [bots[i % len(bots)] for i in range(players)]
    specs = []
    for g in range(games):
        turn = g % players
        seats = tuple(lineup[turn:] + lineup[:turn])
        specs.append(GameSpec(g, seats, seed + g // players, seed * 100_003 + g, budget))
    return specs


def mountain_for(seed: int) -> tuple[int, GameState]:
    """The first seed from `seed` on that gives a valid mountain, and a 2-player game on it."""
    while True:
        try:
            return seed, new_game(generate_mountain(seed))
        except MountainError:
            seed += 1


def play_game(spec: GameSpec, max_turns: int = MAX_TURNS) -> GameResult:
    """Play one game between bots; bot errors and illegal choices are caught and reported."""
    mountain, _ = mountain_for(spec.mountain)
    n = len(spec.seats)
    state = new_game(generate_mountain(mountain), PLAYER_COLOURS[:n], first=0)
    bots = [make_bot(level, spec.seed * 10 + i, spec.budget) for i, level in enumerate(spec.seats)]
    result = GameResult(
        spec.index,
        spec.seats,
        mountain,
        turn_times=[[] for _ in range(n)],
        reaction_times=[[] for _ in range(n)],
    )
    current = (state.turn.number, 0.0)
    try:
        while not state.finished and state.turn.number <= max_turns:
            seat, own = state.actor, state.step is not Step.REACTION
            start = time.perf_counter()
            action = bots[seat].choose(state)
            spent = time.perf_counter() - start
            if own:
                current = (state.turn.number, current[1] + spent)
            else:
                result.reaction_times[seat].append(spent)
            number = state.turn.number
            state, _ = apply(state, action)
            if own and (state.step is Step.REACTION or state.turn.number != number):
                result.turn_times[seat].append(current[1])
                current = (state.turn.number, 0.0)
    except (IllegalAction, Exception) as exc:  # a bot's bug must not stop the tournament
        result.error = f"{type(exc).__name__}: {exc}"
    result.turns = state.turn.number
    result.finished = state.finished
    by_colour = {s.colour: s for s in ranking(state)}
    for p in state.players:
        result.levels.append(by_colour[p.colour].level)
        result.places.append(by_colour[p.colour].place)
    return result


def run_games(
    specs: Sequence[GameSpec],
    jobs: int,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play every game, in `jobs` worker processes (1: in this process); results in order."""
    results: list[GameResult] = []
    if jobs <= 1:
        for spec in specs:
            results.append(play_game(spec))
            if progress:
                progress(results[-1])
    else:
        context = multiprocessing.get_context("spawn")
        with context.Pool(jobs) as pool:
            for result in pool.imap_unordered(play_game, specs, chunksize=1):
                results.append(result)
                if progress:
                    progress(result)
    return sorted(results, key=lambda r: r.index)


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


@dataclass(frozen=True)
class BotFigures:
    """One bot's results over a tournament: seats played, outright wins, shared firsts, times."""

    bot: str
    seats: int
    wins: int
    ties: int
    win_rate: float
    ci_low: float
    ci_high: float
    turns: int
    median_s: float
    p95_s: float
    max_s: float
    reaction_max_s: float


def figures(results: Sequence[GameResult]) -> list[BotFigures]:
    """Per bot level: win rate (first place alone) with its Wilson interval, and turn times."""
    levels = sorted({lv for r in results for lv in r.seats}, key=lambda lv: r_order(results, lv))
    rows = []
    for level in levels:
        seats = wins = ties = 0
        times: list[float] = []
        reactions: list[float] = []
        for r in results:
            for seat, lv in enumerate(r.seats):
                if lv != level:
                    continue
                seats += 1
                times += r.turn_times[seat]
                reactions += r.reaction_times[seat]
                if r.error is None and r.places and r.places[seat] == 1:
                    if r.places.count(1) == 1:
                        wins += 1
                    else:
                        ties += 1
        low, high = wilson(wins, seats)
        rows.append(
            BotFigures(
                level,
                seats,
                wins,
                ties,
                wins / seats if seats else 0.0,
                low,
                high,
                len(times),
                statistics.median(times) if times else 0.0,
                _p95(times) if times else 0.0,
                max(times, default=0.0),
                max(reactions, default=0.0),
            )
        )
    return rows


def r_order(results: Sequence[GameResult], level: str) -> int:
    """The seat of a level's first appearance, to list bots in line-up order."""
    return next(i for r in results for i, lv in enumerate(r.seats) if lv == level)


def table(rows: Sequence[BotFigures]) -> str:
    """The figures as an aligned text table."""
    head = ("bot", "seats", "wins", "ties", "win rate", "95% CI", "turns", "median", "p95", "max")
    lines = [
        (
            f.bot,
            str(f.seats),
            str(f.wins),
            str(f.ties),
            f"{f.win_rate:.1%}",
            f"{f.ci_low:.1%}–{f.ci_high:.1%}",
            str(f.turns),
            f"{f.median_s * 1e3:.0f} ms",
            f"{f.p95_s * 1e3:.0f} ms",
            f"{f.max_s * 1e3:.0f} ms",
        )
        for f in rows
    ]
    widths = [max(len(line[i]) for line in [head, *lines]) for i in range(len(head))]
    out = []
    for line in [head, *lines]:
        cells = zip(line[1:], widths[1:], strict=True)
        out.append("  ".join([line[0].ljust(widths[0])] + [c.rjust(w) for c, w in cells]))
    return "\n".join(out)


def report(
    results: Sequence[GameResult], players: int, budget: float, seed: int, jobs: int
) -> dict[str, object]:
    """The tournament's figures as a JSON-ready dict."""
    return {
        "format": "climbers-tournament",
        "version": 1,
        "games": len(results),
        "players": players,
        "budget_s": budget,
        "seed": seed,
        "jobs": jobs,
        "finished": sum(r.finished for r in results),
        "errors": [f"game {r.index}: {r.error}" for r in results if r.error],
        "bots": [asdict(f) for f in figures(results)],
        "results": [
            {
                "game": r.index,
                "seats": list(r.seats),
                "mountain": r.mountain,
                "places": r.places,
                "levels": r.levels,
                "turns": r.turns,
                "finished": r.finished,
            }
            for r in results
        ],
    }


__all__ = [
    "DEFAULT_BUDGET",
    "BotFigures",
    "GameResult",
    "GameSpec",
    "figures",
    "play_game",
    "report",
    "run_games",
    "schedule",
    "table",
    "wilson",
]
