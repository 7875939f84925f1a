"""Flick timing for the project's bench: a fixed spread of flicks over every spot, headless."""

from __future__ import annotations

import statistics
import time
from typing import NamedTuple

from .flick import Aim, simulate_flick

TARGET_MS = 50.0
"""Median milliseconds a flick may take (issue 21, item 4)."""


class SpeedRow(NamedTuple):
    """One measured operation: median and 95th-percentile milliseconds against the target."""

    name: str
    median_ms: float
    p95_ms: float
    target_ms: float


def flick_aims(count: int) -> list[tuple[int, Aim]]:
    """`count` flicks spread over the 12 spots, angles −30…30° and strengths 0…1."""
    return [
        (1 + i % 12, Aim(-30.0 + 60.0 * ((i * 7) % 13) / 12, ((i * 5) % 11) / 10))
        for i in range(count)
    ]


def speed_rows(flicks: int = 240) -> list[SpeedRow]:
    """Time `flicks` flicks, each from its own fresh world to rest."""
    times = []
    for spot, aim in flick_aims(flicks):
        start = time.perf_counter()
        simulate_flick(spot, aim)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return [SpeedRow("a flick to rest, headless", statistics.median(times), p95, TARGET_MS)]


def bench_rows(quick: bool) -> list[SpeedRow]:
    """The bench's rows: 48 flicks in a quick run, 240 in a full one."""
    return speed_rows(48 if quick else 240)
