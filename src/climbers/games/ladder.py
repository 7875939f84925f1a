"""A game's strength ladder: every bot level plays every other, and a Bradley–Terry fit turns the
results into Elo-scaled ratings with 95% intervals, beside each pair's win rate.

A game between two levels scores 1 for the level placed better, ½ each when they place alike (a
draw). The fit adds `prior` drawn games between every two levels that met, so that a level that
won every game still gets a finite rating; its intervals come from the fit's Fisher information,
the weakest level's rating held at 0.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from climbers.games.tournament import GameResult, GameSpec, aligned, schedule, wilson

ELO = 400 / math.log(10)
"""Elo points per unit of the Bradley–Terry log-strength."""
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Pair:
    """Two levels' games against each other: the first level's score (wins plus half the draws)
    out of `games`."""

    first: str
    second: str
    score: float
    games: int

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the first level's score rate."""
        return wilson(self.score, self.games)


@dataclass(frozen=True)
class Rating:
    """A level's Elo-scaled rating with its 95% interval, and its overall score."""

    level: str
    elo: float
    low: float
    high: float
    score: float
    games: int


def ladder_specs(
    name: str, levels: Sequence[str], games: int, players: int, seed: int, budget: float
) -> list[GameSpec]:
    """`games` games for every pair of levels, the pair's seats rotating as in a tournament."""
    specs: list[GameSpec] = []
    for a, b in itertools.combinations(levels, 2):
        for spec in schedule(name, [a, b], games, players, seed, budget):
            specs.append(replace(spec, index=len(specs)))
    return specs


def pairs(results: Sequence[GameResult]) -> list[Pair]:
    """Each pair's score from games between two levels: the level with the better best place
    wins the game; a game with an error counts for neither."""
    tally: dict[tuple[str, str], list[float]] = {}
    for r in results:
        if r.error is not None or not r.places:
            continue
        a, b = sorted(set(r.seats), key=r.seats.index)
        best = {
            lv: min(p for s, p in zip(r.seats, r.places, strict=True) if s == lv) for lv in (a, b)
        }
        key = (a, b) if (b, a) not in tally else (b, a)
        won = 1.0 if best[key[0]] < best[key[1]] else 0.0 if best[key[0]] > best[key[1]] else 0.5
        entry = tally.setdefault(key, [0.0, 0.0])
        entry[0] += won
        entry[1] += 1
    return [Pair(a, b, s, int(n)) for (a, b), (s, n) in tally.items()]


def bradley_terry(
    levels: Sequence[str], played: Sequence[Pair], prior: float = 1.0
) -> list[Rating]:
    """Ratings of `levels` (weakest first: the first one is held at 0) fitted by maximum
    likelihood (Hunter's MM iterations), with `prior` drawn games added to every pair."""
    k = len(levels)
    at = {lv: i for i, lv in enumerate(levels)}
    wins = [[0.0] * k for _ in range(k)]
    for p in played:
        i, j = at[p.first], at[p.second]
        wins[i][j] += p.score + prior / 2
        wins[j][i] += p.games - p.score + prior / 2
    n = [[wins[i][j] + wins[j][i] for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            denominator = sum(n[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(sum(wins[i]) / denominator if denominator else strength[i])
        new = [s / new[0] for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    theta = [math.log(s) for s in strength]
    variance = _variances(theta, n)
    rows = []
    for i, lv in enumerate(levels):
        half = Z95 * math.sqrt(variance[i])
        score = sum(wins[i][j] - prior / 2 for j in range(k) if n[i][j])
        games = sum(round(n[i][j] - prior) for j in range(k) if n[i][j])
        rows.append(
            Rating(
                lv, ELO * theta[i], ELO * (theta[i] - half), ELO * (theta[i] + half), score, games
            )
        )
    return rows


def _variances(theta: Sequence[float], n: Sequence[Sequence[float]]) -> list[float]:
    """Each log-strength's variance from the inverse Fisher information, the first held fixed."""
    k = len(theta)
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and n[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                w = n[i][j] * p * (1 - p)
                info[i][i] += w
                info[i][j] -= w
    free = _inverse([row[1:] for row in info[1:]])
    return [0.0] + [free[i][i] for i in range(k - 1)]


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix (Gauss–Jordan with partial pivoting)."""
    k = len(m)
    a = [row[:] + [float(i == r) for i in range(k)] for r, row in enumerate(m)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        lead = a[c][c]
        a[c] = [x / lead for x in a[c]]
        for r in range(k):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[k:] for row in a]


def rating_table(ratings: Sequence[Rating]) -> str:
    """The ratings, strongest first, as an aligned text table."""
    head = ("level", "Elo", "95% interval", "score", "games")
    lines = [
        (
            r.level,
            f"{r.elo:.0f}",
            f"{r.low:.0f} to {r.high:.0f}" if r.low < r.high else "held at 0",
            f"{r.score:g}",
            str(r.games),
        )
        for r in sorted(ratings, key=lambda r: -r.elo)
    ]
    return aligned(head, lines)


def pair_table(levels: Sequence[str], played: Sequence[Pair]) -> str:
    """Each pair, the stronger level of the ladder first: its score rate with the Wilson 95%
    interval, and whether it is above the other with 95% confidence."""
    rank = {lv: i for i, lv in enumerate(levels)}
    head = ("pair", "score", "games", "rate", "95% CI", "clearly ahead")
    lines = []
    for p in sorted(
        played,
        key=lambda p: (-max(rank[p.first], rank[p.second]), -min(rank[p.first], rank[p.second])),
    ):
        if rank[p.first] < rank[p.second]:
            p = Pair(p.second, p.first, p.games - p.score, p.games)
        low, high = p.interval
        lines.append(
            (
                f"{p.first} v {p.second}",
                f"{p.score:g}",
                str(p.games),
                f"{p.rate:.1%}",
                f"{low:.1%}–{high:.1%}",
                "yes" if low > 0.5 else "no",
            )
        )
    return aligned(head, lines)
