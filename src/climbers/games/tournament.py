"""Bot tournaments for every game: seeded games with rotating seats, win rates with 95% intervals,
turn times.

Each group of games shares one start (the same seed: the same mountain, the same dice) and
rotates the line-up of bots through the seats, seat 0 starting, so every bot plays every seat
from the same start; with two players the colours alternate. Games run in worker processes; the
figures do not depend on how many. A game brings its bots as a `Bots` value named by its registry
entry.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from climbers.games.registry import game, load_instance

MAX_TURNS = 400
"""A game still running after this many actions' turns is stopped and reported as unfinished."""


class Bot(Protocol):
    """A player: the action it takes in a state where it is to act."""

    def choose(self, state: Any) -> Any: ...


@dataclass(frozen=True)
class Bots:
    """A game's bots as a tournament asks for them.

    `levels` run weakest first. `make(level, seed, budget)` gives a bot (`budget`: seconds per
    turn, for the bots that search); `start(players, seed)` the start of a tournament game, seat
    0 to act; `turn(state)` the number of the turn the next action belongs to, or None when it
    answers another player's turn (its time is counted apart); `score(state)`, when given, each
    seat's score, shown per game.
    """

    levels: tuple[str, ...]
    make: Callable[[str, int, float], Bot]
    budget: float
    start: Callable[[int, int], Any]
    turn: Callable[[Any], int | None]
    score: Callable[[Any], tuple[int, ...]] | None = None

    @property
    def lineup(self) -> list[str]:
        """The levels a tournament plays when none are named: the two strongest, strongest
        first (`levels` runs weakest first)."""
        return list(self.levels[::-1][:2])


def bots_of(name: str) -> Bots:
    """The bots of the registered game `name`; ValueError when it has none."""
    entry = game(name)
    if entry.bots is None:
        raise ValueError(f"{name} has no bots")
    bots: Bots = load_instance(entry.bots, Bots)
    return bots


@dataclass(frozen=True)
class GameSpec:
    """One game to play: the game, its number, the bot level in each seat, its start's seed, the
    bots' seed and their budget."""

    game: str
    index: int
    seats: tuple[str, ...]
    start: int
    seed: int
    budget: float


@dataclass
class GameResult:
    """What happened in one game."""

    index: int
    seats: tuple[str, ...]
    start: int
    places: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    turns: int = 0
    finished: bool = False
    error: str | None = None
    turn_times: list[list[float]] = field(default_factory=list)
    """Per seat: seconds spent choosing the actions of each of its own turns."""
    reaction_times: list[list[float]] = field(default_factory=list)
    """Per seat: seconds spent on each answer to another player's turn."""


def schedule(
    name: str, bots: Sequence[str], games: int, players: int, seed: int, budget: float
) -> list[GameSpec]:
    """`games` games: line-ups rotate through the seats, one start per full rotation."""
    lineup = [bots[i % len(bots)] for i in range(players)]
    specs = []
    for g in range(games):
        turn = g % players
        seats = tuple(lineup[turn:] + lineup[:turn])
        specs.append(GameSpec(name, g, seats, seed + g // players, seed * 100_003 + g, budget))
    return specs


def play_game(spec: GameSpec, bots: Bots | None = None, max_turns: int = MAX_TURNS) -> GameResult:
    """Play one game between bots (the game's registered bots unless given); a bot's error or
    refused choice is caught and reported."""
    kit = bots or bots_of(spec.game)
    rules = game(spec.game).rules
    n = len(spec.seats)
    state = kit.start(n, spec.start)
    players = [kit.make(lv, spec.seed * 10 + i, spec.budget) for i, lv in enumerate(spec.seats)]
    result = GameResult(
        spec.index,
        spec.seats,
        spec.start,
        turn_times=[[] for _ in range(n)],
        reaction_times=[[] for _ in range(n)],
    )
    current: tuple[int, int] | None = None
    spent_in_turn = 0.0
    turns = 0
    try:
        while not rules.is_over(state) and turns <= max_turns:
            seat = rules.to_act(state)
            assert seat is not None
            number = kit.turn(state)
            if number is not None and (seat, number) != current:
                if current is not None:
                    result.turn_times[current[0]].append(spent_in_turn)
                current, spent_in_turn, turns = (seat, number), 0.0, turns + 1
            start = time.perf_counter()
            action = players[seat].choose(state)
            spent = time.perf_counter() - start
            if number is None:
                result.reaction_times[seat].append(spent)
            else:
                spent_in_turn += spent
            state, _ = rules.apply(state, action)
        if current is not None:
            result.turn_times[current[0]].append(spent_in_turn)
    except Exception as exc:  # a bot's bug must not stop the tournament
        result.error = f"{type(exc).__name__}: {exc}"
    result.turns = turns
    result.finished = rules.is_over(state)
    result.places = list(rules.ranking(state))
    result.scores = list(kit.score(state)) if kit.score else []
    return result


def run_games(
    specs: Sequence[GameSpec],
    jobs: int,
    progress: Callable[[GameResult], None] | None = None,
    bots: Bots | None = None,
) -> list[GameResult]:
    """Play every game, in `jobs` worker processes (1: in this process, where `bots` may stand in
    for the registered ones); results in order."""
    results: list[GameResult] = []
    if jobs <= 1:
        for spec in specs:
            results.append(play_game(spec, bots))
            if progress:
                progress(results[-1])
    else:
        if bots is not None:
            raise ValueError("worker processes play with the game's registered bots")
        context = multiprocessing.get_context("spawn")
        with context.Pool(jobs) as pool:
            for result in pool.imap_unordered(play_game, specs, chunksize=1):
                results.append(result)
                if progress:
                    progress(result)
    return sorted(results, key=lambda r: r.index)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion of `wins` in `n`."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def p95(values: Sequence[float]) -> float:
    """The 95th percentile of `values` (nearest rank)."""
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
    """Per bot level, in line-up order: win rate (first place alone) with its Wilson interval,
    and turn times."""
    levels = list(dict.fromkeys(lv for r in results for lv in r.seats))
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
                p95(times) if times else 0.0,
                max(times, default=0.0),
                max(reactions, default=0.0),
            )
        )
    return rows


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
    return aligned(head, lines)


def aligned(head: Sequence[str], lines: Sequence[Sequence[str]]) -> str:
    """Rows of text cells as a table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(line[i]) for line in [head, *lines]) for i in range(len(head))]
    out = []
    for line in [head, *lines]:
        cells = zip(line[1:], widths[1:], strict=True)
        out.append("  ".join([line[0].ljust(widths[0])] + [c.rjust(w) for c, w in cells]))
    return "\n".join(out)


def report(
    name: str, results: Sequence[GameResult], players: int, budget: float, seed: int, jobs: int
) -> dict[str, object]:
    """The tournament's figures as a JSON-ready dict."""
    return {
        "format": "climbers-tournament",
        "version": 2,
        "game": name,
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
                "start": r.start,
                "places": r.places,
                "scores": r.scores,
                "turns": r.turns,
                "finished": r.finished,
            }
            for r in results
        ],
    }
