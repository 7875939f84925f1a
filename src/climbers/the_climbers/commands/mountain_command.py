"""`climbers mountain`: print a generated or named mountain's top view, or list the named ones."""

from __future__ import annotations

import argparse

import numpy as np

from climbers.cli.arguments import complain, seed
from climbers.the_climbers.commands.top_view import top_view
from climbers.the_climbers.core import MountainError, new_game, setup_problems
from climbers.the_climbers.core.mountain import PROFILES
from climbers.the_climbers.io.mountains import (
    MountainFileError,
    choose_mountain,
    load_named,
    named_mountains,
)
from climbers.the_climbers.io.refusals import setup_problem_words


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `mountain`."""
    pick = cmd.add_mutually_exclusive_group()
    pick.add_argument("--seed", type=seed, default=0, help="generate the mountain of this seed")
    pick.add_argument("--name", help="a named mountain from assets/mountains/")
    pick.add_argument("--list", action="store_true", help="list the named mountains")
    cmd.add_argument("--profile", choices=sorted(PROFILES), default="balanced")
    cmd.add_argument(
        "--any-order",
        action="store_true",
        help="place blocks in random order instead of larger blocks first (low)",
    )
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print what `climbers mountain` was asked for; returns the exit code."""
    if args.list:
        for name in named_mountains():
            print(f"{name:<12} {load_named(name).description}")
        return 0
    try:
        blocks = choose_mountain(args.name, args.seed, args.profile, not args.any_order)
    except (MountainError, MountainFileError) as exc:
        complain(f"climbers: {exc}")
        return 2
    state = new_game(blocks)
    if args.name is not None:
        title = f"mountain {args.name}: {load_named(args.name).description}"
    else:
        order = "any order" if args.any_order else "large blocks low"
        title = f"mountain seed {args.seed}, {args.profile}, {order}"
    s = state.structure
    problems, _ = setup_problems(state)
    setup = setup_problem_words(problems[0]) if problems else "standard setup (R24)"
    print(title)
    print(
        f"peak {int(s.height.max())}, {int(np.count_nonzero(s.height))} squares covered, "
        f"{len(blocks)} blocks, {setup}"
    )
    print(top_view(state))
    return 0
