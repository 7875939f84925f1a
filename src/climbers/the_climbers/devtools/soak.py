"""The soak: many headless bot games, every invariant checked after every action.

`scripts/soak --games N` plays N games between bots of mixed levels (2–5 players, both rule
presets and the variants), checks every invariant (devtools.invariants) after every
action and a save/load round trip (with the action log) on a sample of states, then prints games
per second and the number of violations. The exit code is 1 when there was any violation.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from climbers.the_climbers.ai import make_bot
from climbers.the_climbers.core import (
    PLAYER_COLOURS,
    GameState,
    IllegalAction,
    MountainError,
    Rules,
    apply,
    generate_mountain,
    new_game,
    preset_rules,
)
from climbers.the_climbers.core.mountain import PROFILES
from climbers.the_climbers.core.rules import Preset
from climbers.the_climbers.devtools.invariants import Tracker, Violation
from climbers.the_climbers.io import dumps, loads_saved

MAX_ACTIONS = 6000
"""A game still running after this many actions breaks R22 (every game ends)."""
LEVELS = ("random", "greedy")
"""Cheap bot levels by default; `--levels` adds the strong bot."""


@dataclass(frozen=True)
class Game:
    """One soak game, fully determined by its number and the run's seed."""

    index: int
    seed: int
    levels: tuple[str, ...]
    sample: float
    budget: float


@dataclass
class Outcome:
    """What one game did: actions, round trips, and any violations (one line each)."""

    index: int
    actions: int = 0
    round_trips: int = 0
    violations: list[str] = field(default_factory=list)


def setup(game: Game) -> tuple[GameState, list[str]]:
    """The game's start and the bot level in each seat, drawn from its seed."""
    rng = random.Random(game.seed * 1_000_003 + game.index)
    players = rng.randint(2, 5)
    preset: Preset = rng.choice(["2018", "classic-2008"])
    base = preset_rules(preset, players)
    rules = Rules(
        **{
            **base.model_dump(),
            "bridges": rng.random() < 0.3,
            "reaction_ladders": rng.random() < 0.3,
            "two_rounds": base.two_rounds or (players == 2 and rng.random() < 0.3),
        }
    )
    profile = rng.choice(sorted(PROFILES))
    mountain = rng.randrange(100_000)
    while True:
        try:
            blocks = generate_mountain(mountain, profile=profile)  # type: ignore[arg-type]
            break
        except MountainError:
            mountain += 1
    state = new_game(blocks, PLAYER_COLOURS[:players], rules=rules, seed=mountain)
    return state, [rng.choice(game.levels) for _ in range(players)]


def play(game: Game) -> Outcome:
    """Play one game to its end, checking after every action; never raises."""
    outcome = Outcome(game.index)
    try:
        start, levels = setup(game)
        rng = random.Random(game.index)
        bots = [make_bot(lv, game.index * 10 + i, game.budget) for i, lv in enumerate(levels)]
        tracker = Tracker(start)
        state = start
        log: list[str] = []
        while not state.finished:
            if len(log) >= MAX_ACTIONS:
                raise Violation(f"R22: no end after {MAX_ACTIONS} actions")
            action = bots[state.actor].choose(state)
            new, events = apply(state, action)
            tracker.step(action, new, events)
            state = new
            log.append(str(action))
            if state.finished or rng.random() < game.sample:
                saved = loads_saved(dumps(state, start, log))
                ok = (saved.state, saved.start, saved.log) == (state, start, tuple(log))
                if not ok:
                    raise Violation(f"save/load round trip differs at tick {state.tick}")
                outcome.round_trips += 1
        outcome.actions = len(log)
    except Violation as exc:
        outcome.violations.append(f"game {game.index}: {exc}")
    except IllegalAction as exc:
        outcome.violations.append(f"game {game.index}: a bot's action was refused: {exc}")
    except Exception as exc:  # any crash in a game is a finding, reported with the others
        outcome.violations.append(f"game {game.index}: {type(exc).__name__}: {exc}")
    return outcome


def run(games: Sequence[Game], jobs: int, every: int = 1000) -> list[Outcome]:
    """Play the games in `jobs` worker processes (1: in this process), with a progress line on
    stderr every `every` games."""
    began = time.perf_counter()
    outcomes: list[Outcome] = []
    with multiprocessing.get_context("spawn").Pool(max(1, jobs)) as pool:
        for outcome in pool.imap_unordered(play, games, chunksize=4):
            outcomes.append(outcome)
            if len(outcomes) % every == 0:
                bad = sum(len(o.violations) for o in outcomes)
                seconds = time.perf_counter() - began
                print(
                    f"soak: {len(outcomes)} games in {seconds:.0f} s, {bad} violations",
                    file=sys.stderr,
                    flush=True,
                )
    return outcomes


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak and print its figures; 1 on any violation."""
    parser = argparse.ArgumentParser(prog="scripts/soak", description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default=",".join(LEVELS), help="bot levels to mix")
    parser.add_argument("--budget", type=float, default=0.05, help="strong bot seconds per turn")
    parser.add_argument("--sample", type=float, default=0.05, help="share of states round-tripped")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)
    levels = tuple(args.levels.split(","))
    for level in levels:
        make_bot(level)  # an unknown level stops here with the list of known ones
    games = [Game(i, args.seed, levels, args.sample, args.budget) for i in range(args.games)]
    began = time.perf_counter()
    outcomes = run(games, args.jobs)
    seconds = time.perf_counter() - began
    actions = sum(o.actions for o in outcomes)
    trips = sum(o.round_trips for o in outcomes)
    violations = [v for o in sorted(outcomes, key=lambda o: o.index) for v in o.violations]
    for line in violations[:20]:
        print(f"VIOLATION {line}", file=sys.stderr)
    print(
        f"soak: {len(outcomes)} games ({', '.join(levels)} bots, seed {args.seed}), "
        f"{actions} actions, {trips} save/load round trips in {seconds:.1f} s "
        f"with {args.jobs} jobs: {len(outcomes) / seconds:.2f} games/s, "
        f"{actions / seconds:.0f} actions/s; violations: {len(violations)}"
    )
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
