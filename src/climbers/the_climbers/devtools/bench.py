"""Benchmarks of the rules core on standard mountains mid-game, the re-proof of every stored
puzzle by band (run by scripts/bench; a quick run re-proves bands 1 and 2 only), and in a window
the frame rate while dragging and the CPU a still table costs.

Prints a table (operation, median, p95, target, ratio) and can write the same figures as JSON.
Ratio is target ÷ measured for times and CPU shares and measured ÷ target for the speed-up and
the validity count, so a ratio of 1 or more meets the target. Not a test: CI runs only the
--quick smoke.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path

from climbers.devtools.window_probe import have_display, probe_frame_rates, run_probe
from climbers.the_climbers.core import (
    Colour,
    GameState,
    IllegalAction,
    MountainError,
    generate_mountain,
)
from climbers.the_climbers.core import legal_placements as enumerate_placements
from climbers.the_climbers.core.movement import Walker
from climbers.the_climbers.core.queries import free_blocks
from climbers.the_climbers.core.setup import new_game, setup_problems
from climbers.the_climbers.core.what_if import with_climber
from climbers.the_climbers.devtools.clip_bench import TARGETS as EXPORT_TARGETS
from climbers.the_climbers.devtools.clip_bench import export_seconds
from climbers.the_climbers.devtools.midgame import midgame
from climbers.the_climbers.puzzles import load_puzzles
from climbers.the_climbers.puzzles.proof import prove


@dataclass(frozen=True)
class Row:
    """One line of the table; times in seconds."""

    operation: str
    median: float
    p95: float
    target: float
    unit: str
    ratio: float
    samples: int

    @property
    def ok(self) -> bool:
        """Whether the target is met."""
        return self.ratio >= 1.0


def _times(fn: Callable[[], object], repeats: int) -> list[float]:
    result = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        result.append(time.perf_counter() - start)
    return result


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _timed(operation: str, times: list[float], target: float) -> Row:
    median = statistics.median(times)
    return Row(operation, median, p95(times), target, "s", target / median, len(times))


def _fresh(state: GameState) -> GameState:
    """The same position with no derived values kept (structure built, nothing else computed)."""
    copy = GameState.model_construct(**dict(state))
    _ = copy.structure
    return copy


def bench_enumeration(positions: list[GameState], repeats: int) -> Row:
    """All legal placements of all free blocks, on a fresh copy of each position each time."""
    times: list[float] = []
    for state in positions:
        for _ in range(repeats):
            times += _times(partial(enumerate_placements, _fresh(state)), 1)
    return _timed("enumerate all legal placements (all free blocks)", times, 0.005)


def bench_validate(positions: list[GameState], per_position: int) -> Row:
    """check_placement on legal poses spread over the free blocks (block lifted beforehand)."""
    times: list[float] = []
    for state in positions:
        rows = enumerate_placements(state)
        step = max(1, len(rows) // per_position)
        s, disks, climbers = state.structure, state.disk_blocks, state.climber_squares
        for row in rows[::step][:per_position]:
            b, rot, x, y, z = (int(v) for v in row)
            s.lifted(b)
            check = partial(s.check_placement, b, rot, (x, y, z), disks, climbers)
            times += _times(check, 1)
    return _timed("validate one placement (check_placement)", times, 30e-6)


def one_by_one(state: GameState, names: list[str]) -> int:
    """The loop the enumeration replaces: check_placement on every pose of the named blocks."""
    s = state.structure
    found = 0
    for name in names:
        b = state.block_index(name)
        height, _ = s.lifted(b)
        for rot, (ex, ey, _) in enumerate(s.tables.extents[b]):
            for x in range(s.size - ex + 1):
                for y in range(s.size - ey + 1):
                    at = (x, y, int(height[x, y]))
                    if (rot, at) == s.poses[b]:
                        continue
                    try:
                        s.check_placement(b, rot, at, state.disk_blocks, state.climber_squares)
                    except IllegalAction:
                        continue
                    found += 1
    return found


def bench_speedup(state: GameState, repeats: int, blocks: int | None) -> Row:
    """Enumeration and the one-by-one loop timed side by side on the same position and blocks
    (all free blocks, or the first `blocks` of them)."""
    names = free_blocks(state)[:blocks]
    fast = [_times(partial(enumerate_placements, _fresh(state), names), 1)[0] for _ in range(20)]
    slow = [_times(partial(one_by_one, _fresh(state), names), 1)[0] for _ in range(repeats)]
    if one_by_one(state, names) != len(enumerate_placements(state, names)):
        raise AssertionError("the enumeration and the one-by-one loop disagree")
    speedup = statistics.median(slow) / statistics.median(fast)
    return Row(
        f"enumeration vs one-by-one loop, {len(names)} blocks "
        f"({statistics.median(slow) * 1e3:.0f} ms)",
        speedup,
        p95(slow) / p95(fast),
        20.0,
        "x",
        speedup / 20.0,
        len(slow),
    )


def climber_with_both_ladders(positions: list[GameState]) -> tuple[GameState, int]:
    """A Climber with both ladders, put on the surface square (neutral or its colour, no disk,
    no other Climber) from which it reaches the most squares."""
    best: tuple[int, GameState, int] | None = None
    for state in positions:
        s = state.structure
        for seat, p in enumerate(state.players):
            for b, squares in s.surfaces.items():
                if b in state.disk_blocks or s.top_colour(b) not in (Colour.NEUTRAL, p.colour):
                    continue
                for sq in squares:
                    if sq in state.climber_squares:
                        continue
                    candidate = with_climber(state, seat, sq, ("short", "tall"))
                    reach = len(Walker(candidate, seat, True).routes())
                    if best is None or reach > best[0]:
                        best = (reach, candidate, seat)
    if best is None:
        raise AssertionError("no surface square to stand on in these positions")
    return GameState.model_validate(best[1].model_dump()), best[2]


def bench_routes(positions: list[GameState], repeats: int) -> Row:
    """Every reachable square of one Climber with every ladder option (Walker.routes)."""
    state, seat = climber_with_both_ladders(positions)
    reach = len(Walker(state, seat, True).routes())
    fresh = [_fresh(state) for _ in range(repeats)]
    times = [_times(partial(_routes, f, seat), 1)[0] for f in fresh]
    return _timed(f"reachable squares, both ladders ({reach} squares)", times, 0.001)


def _routes(state: GameState, seat: int) -> object:
    return Walker(state, seat, True).routes()


def bench_generate(seeds: range) -> Row:
    """One standard mountain (balanced, large blocks low), validity check included."""
    times = [_times(partial(generate_mountain, seed), 1)[0] for seed in seeds]
    return _timed("generate one standard mountain", times, 0.050)


def bench_validity(seeds: range) -> Row:
    """How many consecutive seeds give a valid standard mountain (R24), rechecked here."""
    valid = 0
    start = time.perf_counter()
    for seed in seeds:
        try:
            blocks = generate_mountain(seed)
        except MountainError:
            continue
        valid += not setup_problems(new_game(blocks))[0]
    elapsed = time.perf_counter() - start
    n = len(seeds)
    return Row(
        f"valid mountains, seeds {seeds.start}..{seeds.stop - 1} ({elapsed:.1f} s)",
        valid,
        valid,
        n,
        "count",
        valid / n,
        n,
    )


PROOF_TARGETS = {1: 0.01, 2: 2.0, 3: 60.0, 4: 600.0}
"""Seconds one re-proof of a stored puzzle may take, by band (`climbers puzzle --verify`)."""


def bench_puzzles(bands: Sequence[int]) -> list[Row]:
    """Re-prove every stored puzzle of the given bands, one row per band (a wrong stated
    number of turns raises, as `climbers puzzle --verify` fails)."""
    times: dict[int, list[float]] = {}
    for path, puzzle in load_puzzles():
        if puzzle.band in bands:
            verdict = prove(puzzle)
            if not verdict.ok:
                raise AssertionError(f"{path.name}: {verdict.problem}")
            times.setdefault(puzzle.band, []).append(verdict.report.seconds)
    return [
        _timed(f"re-prove a band-{band} puzzle ({len(t)} puzzles)", t, PROOF_TARGETS[band])
        for band, t in sorted(times.items())
    ]


def _show(value: float, unit: str) -> str:
    if unit == "x":
        return f"{value:.2f}x" if value < 10 else f"{value:,.0f}x"
    if unit == "count":
        return f"{value:,.0f}"
    if unit == "%":
        return f"{value * 100:.1f}%"
    if value < 1e-3:
        return f"{value * 1e6:.1f} us"
    if value >= 1:
        return f"{value:.1f} s"
    return f"{value * 1e3:.2f} ms"


def table(rows: list[Row]) -> str:
    """The rows as an aligned text table."""
    head = ("operation", "median", "p95", "target", "ratio", "")
    lines = [
        (
            r.operation,
            _show(r.median, r.unit),
            _show(r.p95, r.unit),
            ("≥ " if r.unit in ("x", "count") else "≤ ") + _show(r.target, r.unit),
            f"{r.ratio:.2f}",
            "ok" if r.ok else "MISSED",
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in [head, *lines]) for i in range(len(head))]
    out = []
    for line in [head, *lines]:
        cells = [line[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)
        ]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


FRAME_RATE_TARGET = 0.8
"""Dragging a block may cost at most this share of a plain Ursina scene's frame rate."""


def bench_frame_rate() -> Row | None:
    """The fps probe in a window (five Climbers on the tallest named mountain, 1280×720): frames
    per second while a block is dragged, as a share of a plain scene of 35 shaded boxes with one
    shadow-casting light timed in the same run; None without a display."""
    if not have_display():
        return None  # the window opens on DISPLAY, or on a private Xvfb of its own
    game, reference = probe_frame_rates()
    share = game / reference
    label = f"frame rate dragging ÷ plain scene ({game:.1f} / {reference:.1f} fps)"
    return Row(label, share, share, FRAME_RATE_TARGET, "x", share / FRAME_RATE_TARGET, 1)


STILL_TARGET = 0.10
"""A still table may cost at most this share of one CPU core."""
STILL_LINE = re.compile(
    r"cpu of a still table: (?P<still>[\d.]+)% of a core.*at full rate: (?P<full>[\d.]+)%"
)


def probe_still_cost() -> tuple[float, float]:
    """Run `climbers play --idle-probe` (`run_probe`); the shares of a core the still table
    costs paced and at full rate."""
    found = run_probe(["--idle-probe"], STILL_LINE, "idle probe")
    return float(found["still"]) / 100, float(found["full"]) / 100


def bench_still_cost() -> Row | None:
    """The idle probe in a window (as the fps probe's): the process's CPU time over 10 s of a
    still table, as a share of one core; None without a display."""
    if not have_display():
        return None
    still, full = probe_still_cost()
    label = f"CPU of a still table, share of a core (at full rate: {full * 100:.0f}%)"
    return Row(label, still, still, STILL_TARGET, "%", STILL_TARGET / max(still, 1e-4), 1)


def bench_export(kind: str, quick: bool) -> Row | None:
    """`climbers export` of a whole two-player game (quick: its first 8 actions): seconds of
    export a minute of clip; None without a display."""
    if not have_display():
        return None
    took, seconds = export_seconds(kind, quick)
    per_minute = took * 60 / seconds
    size = "1280×720, 30" if kind == "mp4" else "480×270, 12"
    label = f"export {kind.upper()} ({size} fps), seconds a minute of clip ({seconds:.0f} s clip)"
    target = EXPORT_TARGETS[kind]
    return Row(label, per_minute, per_minute, target, "s", target / per_minute, 1)


def run(quick: bool) -> list[Row]:
    """All benchmarks; `quick` shrinks every sample for a CI smoke."""
    positions = [midgame(seed) for seed in range(3 if quick else 10)]
    rows = [
        bench_enumeration(positions, 3 if quick else 20),
        bench_validate(positions, 20 if quick else 200),
        bench_routes(positions, 20 if quick else 300),
        bench_generate(range(5 if quick else 100)),
        bench_speedup(positions[0], 1 if quick else 3, 2 if quick else None),
        bench_validity(range(20 if quick else 1000)),
        *bench_puzzles((1, 2) if quick else (1, 2, 3, 4)),
    ]
    window = [
        bench_frame_rate(),
        bench_still_cost(),
        bench_export("mp4", quick),
        bench_export("gif", quick),
    ]
    if None in window:
        print("no display for the frame-rate and idle probes (needs Xvfb or DISPLAY)")
    return [*rows, *(row for row in window if row is not None)]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks, print the table, optionally write JSON; exit 1 if a target is missed
    (only in a full run: a quick run's samples are too small to judge)."""
    parser = argparse.ArgumentParser(prog="scripts/bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small samples: a smoke run for CI")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures here")
    args = parser.parse_args(argv)
    rows = run(args.quick)
    print(table(rows))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "format": "climbers-bench",
            "version": 1,
            "quick": args.quick,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "rows": [{**asdict(r), "ok": r.ok} for r in rows],
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    return 0 if args.quick or all(r.ok for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
