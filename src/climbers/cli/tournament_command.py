"""`climbers tournament`: bots play each other in any game that has bots; win rates with 95%
intervals and turn times, or with `--ladder` every level against every other and their ratings."""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict

from climbers.cli.arguments import BUDGET, complain, output_path, seed, whole_number
from climbers.games.ladder import bradley_terry, ladder_specs, pair_table, pairs, rating_table
from climbers.games.registry import games
from climbers.games.tournament import GameResult, bots_of, figures, report, run_games, schedule
from climbers.games.tournament import table as figure_table
from climbers.io.atomic import write_atomic
from climbers.io.messages import quoted


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `tournament`."""
    playable = [name for name, entry in games().items() if entry.bots is not None]
    cmd.add_argument(
        "--game", choices=playable, default=playable[0], help="the game (default: %(default)s)"
    )
    cmd.add_argument(
        "--bots",
        help="comma-separated levels (default: the game's line-up, or with --ladder all levels)",
    )
    cmd.add_argument(
        "--ladder",
        action="store_true",
        help="every level plays every other; print ratings (Elo, 95%% intervals) and pair rates",
    )
    cmd.add_argument(
        "--games",
        type=whole_number(1, 100_000),
        default=20,
        help="number of games (with --ladder: per pair of levels)",
    )
    cmd.add_argument(
        "--players", type=int, choices=range(2, 6), help="seats per game (default: the fewest)"
    )
    cmd.add_argument(
        "--budget", type=BUDGET, help="seconds per turn of searching bots (default: the game's)"
    )
    cmd.add_argument("--seed", type=seed, default=0, help="the first game's seed (its start)")
    cmd.add_argument(
        "--jobs", type=whole_number(1, 64), default=2, help="worker processes (default: 2)"
    )
    cmd.add_argument("--json", type=output_path, metavar="PATH", help="also write the figures here")
    cmd.add_argument("--quiet", action="store_true", help="no line per game")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play the tournament, print the table, write JSON; exit 1 if a game failed."""
    entry, kit = games()[args.game], bots_of(args.game)
    fewest, most = entry.rules.seats
    players = fewest if args.players is None else args.players
    budget = kit.budget if args.budget is None else args.budget
    default = list(kit.levels) if args.ladder else kit.lineup
    bots = default if args.bots is None else [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in kit.levels]
    problem = (
        f"unknown bot level {quoted(unknown[0])} for {args.game}; choose from "
        f"{', '.join(kit.levels)}"
        if unknown
        else "no bot levels in --bots"
        if not bots
        else "a ladder needs two different levels or more"
        if args.ladder and len(set(bots)) < 2
        else f"{args.game} is for {fewest} to {most} players, not {players}"
        if not fewest <= players <= most
        else None
    )
    if problem:
        complain(f"climbers tournament: {problem}")
        return 2
    if args.ladder:
        bots = sorted(set(bots), key=kit.levels.index)
        specs = ladder_specs(args.game, bots, args.games, players, args.seed, budget)
    else:
        specs = schedule(args.game, bots, args.games, players, args.seed, budget)
    start = time.perf_counter()

    def progress(r: GameResult) -> None:
        if not args.quiet:
            marks = r.scores or r.places
            seats = " ".join(f"{lv}:{m}" for lv, m in zip(r.seats, marks, strict=True))
            status = f"error {r.error}" if r.error else "" if r.finished else "unfinished"
            print(f"game {r.index:>4}  start {r.start:>5}  {seats}  {status}", flush=True)

    results = run_games(specs, args.jobs, progress)
    elapsed = time.perf_counter() - start
    errors = [r for r in results if r.error]
    unfinished = [r for r in results if not r.finished]
    print(
        f"{entry.rules.name}: {len(results)} games, {players} players, budget {budget:g} s, "
        f"{args.jobs} jobs, {elapsed:.0f} s; {len(errors)} errors, {len(unfinished)} unfinished"
    )
    print(figure_table(figures(results)))
    ladder: dict[str, object] = {}
    if args.ladder:
        played = pairs(results)
        ratings = bradley_terry(bots, played)
        print(f"\nLadder (Bradley–Terry, Elo scale, {bots[0]} at 0):")
        print(rating_table(ratings))
        print()
        print(pair_table(bots, played))
        ladder = {"ratings": [asdict(r) for r in ratings], "pairs": [asdict(p) for p in played]}
    if args.json is not None:
        data = report(args.game, results, players, budget, args.seed, args.jobs)
        if ladder:
            data["ladder"] = ladder
        data["seconds"] = round(elapsed, 1)
        try:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(args.json, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        except OSError as exc:  # the figures above stay on the screen
            complain(f"climbers tournament: cannot write {args.json}: {exc.strerror or exc}")
            return 2
    return 1 if errors or unfinished else 0
