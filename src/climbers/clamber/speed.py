"""Speed of the Clamber rules core and table, for the project's bench script: rows of name,
median, p95 and target, in milliseconds (measured, never asserted)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple

from climbers.clamber.core import ClamberRules, ClamberState, apply, legal_turns

MID_GAME = range(20, 61)
"""The turns counted as the middle of a game: the 4-board fills up around turn 30."""


class SpeedRow(NamedTuple):
    """One measured figure, in milliseconds; `target` is None where there is none."""

    name: str
    median: float
    p95: float
    target: float | None


def _random_game(size: int, seed: int, keep: Callable[[ClamberState], None]) -> None:
    """Plays a seeded random game to its end, handing every position to `keep`."""
    rng = random.Random(seed)
    state = ClamberRules(size).new_state(2, seed)
    while not state.over:
        keep(state)
        state = apply(state, rng.choice(legal_turns(state)))[0]


def _row(name: str, samples: list[float], target: float | None) -> SpeedRow:
    ms = sorted(s * 1000 for s in samples)
    return SpeedRow(name, statistics.median(ms), ms[int(0.95 * (len(ms) - 1))], target)


def measure(games: int = 100) -> list[SpeedRow]:
    """Times all legal turns of mid-game 4-board positions, and whole random games (the random
    player's turn choices included) on both boards, over `games` seeded games each."""
    middle: list[ClamberState] = []
    for seed in range(games):
        _random_game(4, seed, lambda s: middle.append(s) if s.turn in MID_GAME else None)
    legal = []
    for state in middle:
        start = time.perf_counter()
        legal_turns(state)
        legal.append(time.perf_counter() - start)
    rows = [_row("legal turns, mid-game 4-board position", legal, 1.0)]
    for size, target in ((3, 20.0), (4, None)):
        durations = []
        for seed in range(games):
            start = time.perf_counter()
            _random_game(size, seed, lambda s: None)
            durations.append(time.perf_counter() - start)
        rows.append(_row(f"random game to the end, {size}-board", durations, target))
    return rows


FRAME_RATE_SHARE = 0.8
"""The table with every cell of the 4-board stacked up to 8 draws at least this share of the
plain reference scene's frame rate."""


def frame_time_row() -> SpeedRow | None:
    """`climbers play --game clamber --fps-probe` in a fresh window: the table's time per frame,
    against the plain scene's time per frame ÷ FRAME_RATE_SHARE, measured in the same run; None
    without a display."""
    from climbers.devtools.window_probe import frame_time

    row = frame_time("clamber", "4-board stacked up to 8", FRAME_RATE_SHARE)
    return None if row is None else SpeedRow(*row)


def bench_rows(quick: bool) -> list[SpeedRow]:
    """The bench's rows: 20 games each in a quick run, 100 in a full one; the frame time when a
    window can open."""
    frame = frame_time_row()
    return measure(20 if quick else 100) + ([frame] if frame is not None else [])


if __name__ == "__main__":
    for row in measure():
        target = "-" if row.target is None else f"{row.target:g}"
        print(f"{row.name:42} median {row.median:7.2f} ms  p95 {row.p95:7.2f} ms  target {target}")
