"""`climbers tournament`: bots play each other; win rates with 95% intervals and turn times."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from climbers.cli.arguments import BUDGET, complain, output_path, seed, whole_number
from climbers.io.atomic import write_atomic
from climbers.io.messages import quoted
from climbers.the_climbers.ai import DEFAULT_BUDGET, LEVELS
from climbers.the_climbers.ai.tournament import (
    GameResult,
    figures,
    report,
    run_games,
    schedule,
    table,
)


def add(sub: Any) -> None:
    """Register `tournament`."""
    cmd = sub.add_parser("tournament", help="bots play each other; print win rates and times")
    cmd.add_argument(
        "--bots", default="strong,greedy", help=f"comma-separated levels ({', '.join(LEVELS)})"
    )
    cmd.add_argument("--games", type=whole_number(1, 100_000), default=20, help="number of games")
    cmd.add_argument("--players", type=int, default=2, choices=range(2, 6), help="seats per game")
    cmd.add_argument(
        "--budget", type=BUDGET, default=DEFAULT_BUDGET, help="strong bot's seconds per turn"
    )
    cmd.add_argument("--seed", type=seed, default=0, help="first mountain seed")
    cmd.add_argument(
        "--jobs", type=whole_number(1, 64), default=2, help="worker processes (default: 2)"
    )
    cmd.add_argument("--json", type=output_path, metavar="PATH", help="also write the figures here")
    cmd.add_argument("--quiet", action="store_true", help="no line per game")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play the tournament, print the table, write JSON; exit 1 if a game failed."""
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in LEVELS]
    if not bots or unknown:
        what = f"unknown bot level {quoted(unknown[0])}" if unknown else "no bot levels in --bots"
        complain(f"climbers tournament: {what}")
        return 2
    specs = schedule(bots, args.games, args.players, args.seed, args.budget)
    start = time.perf_counter()

    def progress(r: GameResult) -> None:
        if not args.quiet:
            seats = " ".join(f"{lv}:{lvl}" for lv, lvl in zip(r.seats, r.levels, strict=True))
            status = f"error {r.error}" if r.error else "" if r.finished else "unfinished"
            print(f"game {r.index:>4}  mountain {r.mountain:>5}  {seats}  {status}", flush=True)

    results = run_games(specs, args.jobs, progress)
    elapsed = time.perf_counter() - start
    errors = [r for r in results if r.error]
    unfinished = [r for r in results if not r.finished]
    print(
        f"{len(results)} games, {args.players} players, budget {args.budget:g} s, "
        f"{args.jobs} jobs, {elapsed:.0f} s; {len(errors)} errors, {len(unfinished)} unfinished"
    )
    print(table(figures(results)))
    if args.json is not None:
        data = report(results, args.players, args.budget, args.seed, args.jobs)
        data["seconds"] = round(elapsed, 1)
        try:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(args.json, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        except OSError as exc:  # the figures above stay on the screen
            complain(f"climbers tournament: cannot write {args.json}: {exc.strerror or exc}")
            return 2
    return 1 if errors or unfinished else 0
