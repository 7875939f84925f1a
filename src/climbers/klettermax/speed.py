"""Burg Klettermax's rows for `scripts/bench`: the flick's time (`physics.speed`), and for each
bot level its hit rate on the chamber it chose, over flicks from every spot, with the time the
bot takes to choose a flick (its chamber and aim; the flight itself not counted)."""

from __future__ import annotations

import statistics
import time
from typing import Final, NamedTuple

from climbers.klettermax.ai import LEVELS
from climbers.klettermax.contest import make_bot
from climbers.klettermax.core import COLOURS, Seat, State, Turn
from climbers.klettermax.core.components import SPOTS
from climbers.klettermax.core.dice import deal_tiles
from climbers.klettermax.physics import speed
from climbers.klettermax.physics.recorded import flick_action

HIT_RATES: Final = {"easy": (0.25, 0.45), "medium": (0.50, 0.70), "hard": (0.85, 1.0)}
"""Each level's hit rate on the chamber it chose, as issue 21 (item 6) asks."""
CHOICE_MS: Final = 50.0
"""Milliseconds a bot may take to choose a flick (median): as long as a flick itself."""


class HitRow(NamedTuple):
    """One level's flicks: hits on the chosen chamber, flicks, and the choice's times (ms)."""

    level: str
    hits: int
    flicks: int
    times: tuple[float, ...]

    @property
    def rate(self) -> float:
        return self.hits / self.flicks

    def met(self) -> bool:
        """Whether the hit rate lies in the level's band."""
        low, high = HIT_RATES[self.level]
        return low <= self.rate <= high


def full_tower(spot: int, deal: int) -> State:
    """Seat 0 to flick a full tower on `spot`, the tiles dealt from seed `deal`, one other
    seat on the spot across the castle."""
    across = (spot + 5) % SPOTS + 1
    seats = (Seat(spot=spot, tower=COLOURS), Seat(spot=across))
    return State(seed=deal, seats=seats, chambers=deal_tiles(deal), turn=Turn(seat=0))


def hit_rates(per_spot: int, seed: int = 0) -> list[HitRow]:
    """Each level flicks `per_spot` times from every spot (full towers, tiles dealt anew for
    each flick): its hits on the chamber it chose, and the time of each choice."""
    rows = []
    for level in LEVELS:
        bot = make_bot(level, seed)
        hits, times = 0, []
        for spot in range(1, SPOTS + 1):
            for k in range(per_spot):
                state = full_tower(spot, seed * 100_000 + spot * 1_000 + k)
                start = time.perf_counter()
                target, aim = bot.aim(state)
                times.append((time.perf_counter() - start) * 1000)
                hits += flick_action(spot, len(COLOURS), aim).chamber == target.chamber
        rows.append(HitRow(level, hits, len(times), tuple(times)))
    return rows


FRAME_RATE_SHARE: Final = 0.8
"""While a knight is in flight with four towers standing, the table draws at least this share
of the plain reference scene's frame rate (issue 21, item 8)."""


def frame_time_row() -> speed.SpeedRow | None:
    """`climbers play --game klettermax --fps-probe` in a fresh window: the table's time per
    frame while knights fly, against the plain scene's time per frame ÷ FRAME_RATE_SHARE,
    measured in the same run; None without a display."""
    from climbers.devtools.window_probe import frame_time

    row = frame_time("klettermax", "a knight in flight, four towers", FRAME_RATE_SHARE)
    return None if row is None else speed.SpeedRow(*row)


def bench_rows(quick: bool) -> list[speed.SpeedRow]:
    """The flick's timing rows, then a row per bot level: its hit rate against its band in the
    row's name, its time to choose a flick as the row's figures (5 flicks from each spot in a
    quick run, 200 in a full one)."""
    rows = speed.bench_rows(quick)
    for row in hit_rates(5 if quick else 200):
        low, high = HIT_RATES[row.level]
        band = f"{low:.0%}–{high:.0%}" if high < 1 else f"≥ {low:.0%}"
        verdict = "ok" if row.met() else "MISSED"
        name = (
            f"{row.level} bot: hits its chamber {row.rate:.1%} of {row.flicks} flicks "
            f"(target {band}: {verdict}); choosing a flick"
        )
        times = sorted(row.times)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        rows.append(speed.SpeedRow(name, statistics.median(times), p95, CHOICE_MS))
    frame = frame_time_row()
    return rows + ([frame] if frame is not None else [])
