"""The puzzle proofs of both solvers side by side (run by scripts/bench): every stored puzzle
re-proved (one turn fewer than its band finds nothing) by the reference
(`puzzles.solver.Search`) and by the compiled solver (`puzzles.fast_search.FastSearch`) in the
same run, their nodes and seconds per band, the speed-up as a ratio, hints off the stored
solutions' paths, both solvers two turns deep on 200 generated positions
(`devtools.agreement`), and the compiled code's start: loading it from its cache and compiling
it from cold (in a fresh process with an empty cache). --quick: bands 1 and 2 only, 10
generated positions, no cold start. Exits 1 when a full run misses a target or the solvers
disagree."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

from climbers.the_climbers.ai.options import distinct_poses
from climbers.the_climbers.core import (
    Action,
    Colour,
    GameState,
    IllegalAction,
    MoveClimber,
    Pass,
    legal_destinations,
    legal_placements,
    placement_action,
)
from climbers.the_climbers.devtools.agreement import disagreement, questions
from climbers.the_climbers.devtools.bench import Row, p95, table
from climbers.the_climbers.puzzles import SoloPlay, load_puzzles
from climbers.the_climbers.puzzles.fast_search import FastSearch
from climbers.the_climbers.puzzles.solver import Report, Search

SPEED_UP = 20.0
"""How many times faster the compiled solver re-proves the band-3 puzzles, at least."""
FOUR_TURNS = 60.0
"""Seconds a four-turn proof (a band-4 re-proof) may take, median."""
HINT = 1.0
"""Seconds a hint off the stored solution's path may take, median."""
HINT_LIMIT = 60.0
"""Seconds a hint is given at most in the bench (one past it counts as this long)."""
REACH = 1.0
"""Seconds the check whether the target is still within reach may take to prove it is not, at
most, with two or three turns left."""
REACH_LIMIT = 30.0
"""Seconds the bench gives that check at most (one past it counts as undecided)."""
AGREEMENT = range(200)
"""Seeds of the generated positions both solvers are asked two turns deep (full runs)."""
COLD_START = 60.0
"""Seconds the first proof in a process may take when the compiled code is not cached yet."""
FIRST = (
    "import time; t = time.perf_counter(); "
    "from climbers.the_climbers.puzzles import load_puzzles; "
    "from climbers.the_climbers.puzzles.fast_search import FastSearch; "
    "p = [p for _, p in load_puzzles() if p.turns == 2][0]; "
    "FastSearch(p.position, p.seat, p.target).run(1); print(time.perf_counter() - t)"
)
"""A fresh process's first proof (a band-2 re-proof), printing its seconds."""


def first_proof(cache: str | None) -> float:
    """Seconds a fresh process takes to its first compiled proof, with numba's cache in
    `cache` (None: the usual one)."""
    env = dict(os.environ)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    done = subprocess.run(
        [sys.executable, "-c", FIRST], env=env, capture_output=True, text=True, check=True
    )
    return float(done.stdout.split()[-1])


def reprove(bands: Sequence[int]) -> dict[int, list[tuple[str, Report, Report]]]:
    """Per band: each puzzle's name and its re-proofs by the reference and the compiled solver
    (band 4: the compiled solver's whole proof, four turns found and none in three, and no
    reference: its three-turn search takes hours)."""
    found: dict[int, list[tuple[str, Report, Report]]] = {}
    puzzles = load_puzzles()
    warm = next(p for _, p in puzzles if p.turns > 1)
    FastSearch(warm.position, warm.seat, warm.target).run(1)  # the compiled code loaded
    for path, p in puzzles:
        if p.band not in bands:
            continue
        if p.band == 4:
            fast = FastSearch(p.position, p.seat, p.target).run(p.turns, None, None)
            if fast.turns != p.turns:
                raise AssertionError(f"{path.name}: the proof of {p.turns} turns fails")
            found.setdefault(p.band, []).append((path.stem, Report(), fast))
            continue
        reference = Search(p.position, p.seat, p.target).run(p.turns - 1, None, None)
        fast = FastSearch(p.position, p.seat, p.target).run(p.turns - 1, None, None)
        for report in (reference, fast):
            if not report.complete or report.turns is not None:
                raise AssertionError(f"{path.name}: the proof of {p.turns} turns fails")
        found.setdefault(p.band, []).append((path.stem, reference, fast))
    return found


def hint_times(bands: Sequence[int]) -> list[float]:
    """Seconds each hint takes off the stored solution's path: per puzzle of `bands`, after a
    first walk the solution does not make (the first such square in order), a hint from there
    (HINT_LIMIT seconds at most)."""
    times = []
    for _, p in load_puzzles():
        if p.band not in bands:
            continue
        play = SoloPlay(p)
        walks = [
            MoveClimber(player=p.player, to=square, ladders=routes[0].ladders)
            for square, routes in sorted(legal_destinations(play.state).items())
        ]
        walk = next((w for w in walks if str(w) != p.solution[0]), None)
        if walk is None:
            continue
        play.apply(walk)
        began = time.perf_counter()
        try:
            play.hint(HINT_LIMIT)
        except TimeoutError:
            pass
        times.append(time.perf_counter() - began)
    return times


def tries(seed: int, count: int) -> list[tuple[float, bool | None, int]]:
    """Positions a player may reach in the puzzles of two and three turns, by hints or random
    actions (half the tries follow the hints mostly): after each action, the seconds the check
    whether the target is still within reach takes, its verdict and the turns left."""
    rng = random.Random(seed)
    puzzles = [p for _, p in load_puzzles() if p.turns in (2, 3)]
    found: list[tuple[float, bool | None, int]] = []
    while len(found) < count:
        p = rng.choice(puzzles)
        play = SoloPlay(p)
        follow = rng.random() < 0.5
        for _ in range(12):
            if play.solved or play.failed:
                break
            try:
                action = play.hint(REACH_LIMIT) if follow and rng.random() < 0.7 else None
            except TimeoutError:
                action = None
            try:
                play.apply(action or rng.choice(choices(play.state, p.player, rng)))
            except IllegalAction:
                continue
            if play.solved or play.failed:
                break
            began = time.perf_counter()
            verdict = play.in_reach(REACH_LIMIT)
            found.append((time.perf_counter() - began, verdict, play.turns_left))
    return found[:count]


def choices(state: GameState, player: Colour, rng: random.Random) -> list[Action]:
    """Some actions of the step: every walk, or up to 20 block moves, and passing."""
    step = state.turn.step
    if step in (0, 2):
        routes = sorted(legal_destinations(state).items())
        walks = [MoveClimber(player=player, to=sq, ladders=rs[0].ladders) for sq, rs in routes]
        return [Pass(player=player), *walks]
    if step == 1:
        rows = distinct_poses(legal_placements(state))
        picked = rng.sample(range(len(rows)), min(20, len(rows)))
        return [Pass(player=player), *(placement_action(state, r) for r in rows[picked])]
    return [Pass(player=player)]


def reach(count: int) -> Row:
    """How long the check takes to prove the target out of reach with two or three turns left
    (the row fails on any over REACH seconds, or any check undecided)."""
    found = tries(7, count)
    beyond = [t for t, verdict, left in found if verdict is False and left >= 2]
    undecided = sum(verdict is None for _, verdict, _ in found)
    worst = REACH_LIMIT if undecided else max(beyond, default=0.0)
    label = (
        f"target proved out of reach after an action, 2-3 turns left ({len(found)} positions, "
        f"{undecided} undecided in {REACH_LIMIT:.0f} s, max {worst:.2f} s)"
    )
    median, slow = (statistics.median(beyond), p95(beyond)) if beyond else (0.0, 0.0)
    return Row(label, median, slow, REACH, "s", REACH / max(worst, 1e-9), len(beyond))


def agreement(seeds: range) -> Row:
    """Both solvers two turns deep on the generated positions of `seeds`: how many of their
    questions they agree on (every one, or the row fails), each disagreement printed."""
    asked = agreed = 0
    began = time.perf_counter()
    for seed in seeds:
        for start, target in questions(seed):
            asked += 1
            differs = disagreement(start, target, 2)
            agreed += not differs
            if differs:
                print(f"seed {seed}, step {start.turn.step}, level {target}: {differs}")
    label = (
        f"generated positions two turns deep, both solvers agree ({len(seeds)} positions, "
        f"{time.perf_counter() - began:.0f} s)"
    )
    return Row(label, agreed, agreed, asked, "count", agreed / max(asked, 1), asked)


def figures(found: dict[int, list[tuple[str, Report, Report]]]) -> str:
    """Nodes and seconds per band for both solvers, and the speed-up."""
    lines = ["band  puzzles  reference: nodes median, s  compiled: nodes median, s  speed-up"]
    for band, runs in sorted(found.items()):
        ref = sum(r.seconds for _, r, _ in runs)
        fast = sum(f.seconds for _, _, f in runs)
        reference = f"{statistics.median(r.nodes for _, r, _ in runs):>17,.0f}  {ref:>7.1f}"
        speed_up = f"{ref / max(fast, 1e-9):>7.1f}x"
        if band == 4:  # the compiled solver's whole proof alone
            reference, speed_up = f"{'-':>17}  {'-':>7}", f"{'-':>8}"
        lines.append(
            f"{band:>4}  {len(runs):>7}  {reference}  "
            f"{statistics.median(f.nodes for _, _, f in runs):>16,.0f}  {fast:>7.1f}  {speed_up}"
        )
    return "\n".join(lines)


def rows(found: dict[int, list[tuple[str, Report, Report]]], quick: bool) -> list[Row]:
    """The speed-up on band 3 (or the widest band measured), the four-turn proofs, the start."""
    out = []
    band = 3 if 3 in found else max(b for b in found if b < 4)
    runs = found[band]
    ratios = [r.seconds / max(f.seconds, 1e-9) for _, r, f in runs]
    ref, fast = sum(r.seconds for _, r, _ in runs), sum(f.seconds for _, _, f in runs)
    out.append(
        Row(
            f"band-{band} re-proofs, reference ÷ compiled ({ref:.1f} s ÷ {fast:.1f} s)",
            ref / fast,
            min(ratios),
            SPEED_UP,
            "x",
            ref / fast / SPEED_UP,
            len(runs),
        )
    )
    if 4 in found:
        seconds = [f.seconds for _, _, f in found[4]]
        median = statistics.median(seconds)
        out.append(
            Row(
                f"four-turn proof (none in three, then four), compiled ({len(seconds)} band-4 "
                "puzzles)",
                median,
                max(seconds),
                FOUR_TURNS,
                "s",
                FOUR_TURNS / median,
                len(seconds),
            )
        )
    hints = hint_times((1, 2) if quick else (1, 2, 3))
    median = statistics.median(hints)
    label = f"a hint off the stored solution's path, bands {'1-2' if quick else '1-3'}"
    out.append(Row(label, median, max(hints), HINT, "s", HINT / median, len(hints)))
    out.append(reach(40 if quick else 300))
    out.append(agreement(range(10) if quick else AGREEMENT))
    if not quick:
        cached = first_proof(None)
        with tempfile.TemporaryDirectory() as empty:
            cold = first_proof(empty)
        label = f"first proof in a process: compiled from cold (cached: {cached:.1f} s)"
        out.append(Row(label, cold, cold, COLD_START, "s", COLD_START / cold, 1))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Re-prove with both solvers, print the figures and the table; exit 1 on a missed target
    (full runs only)."""
    parser = argparse.ArgumentParser(prog="scripts/bench (puzzle proofs)", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="bands 1 and 2 only, no cold start")
    parser.add_argument("--json", help="(for scripts/bench: not written here)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    found = reprove((1, 2) if args.quick else (1, 2, 3, 4))
    print(figures(found))
    result = rows(found, args.quick)
    print(table(result))
    print(f"({time.perf_counter() - began:.0f} s in all)")
    return 0 if args.quick or all(r.ok for r in result) else 1


if __name__ == "__main__":
    raise SystemExit(main())
