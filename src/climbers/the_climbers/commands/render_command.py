"""`climbers render`: a picture of a mountain with all five Climbers on it, or of a position."""

from __future__ import annotations

import argparse

from climbers.cli.arguments import (
    complain,
    open_table,
    output_path,
    path,
    seed,
    window_size,
)
from climbers.the_climbers.commands.options import open_saved
from climbers.the_climbers.core import (
    PLAYER_COLOURS,
    GameState,
    IllegalAction,
    MountainError,
    generate_mountain,
    new_game,
)
from climbers.the_climbers.core.game import RULES as GAME
from climbers.the_climbers.core.sandbox import put_climber


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `render`."""
    cmd.add_argument("--seed", type=seed, default=0)
    cmd.add_argument("--out", type=output_path, required=True)
    cmd.add_argument("--size", type=window_size, default=(1280, 720), help="WIDTHxHEIGHT")
    cmd.add_argument("--position", type=path, help="draw this saved game or position instead")
    cmd.set_defaults(run=run)


def showcase(seed: int) -> GameState:
    """A game on mountain `seed` with each of the five Climbers on the highest square the core
    lets it stand on (R7, R10)."""
    state = new_game(generate_mountain(seed), PLAYER_COLOURS, seed=seed)
    s = state.structure
    squares = sorted(
        (q for b in s.surfaces for q in s.surfaces[b]), key=lambda q: (-s.height_at(q), q)
    )
    for seat in range(len(state.players)):
        for square in squares:
            try:
                state = put_climber(state, seat, square)
                break
            except IllegalAction:
                continue
    return state


def run(args: argparse.Namespace) -> int:
    """Write the picture and exit 0; 2 with one line when the position file is unusable."""
    if args.position is not None:
        saved = open_saved(args.position)
        if saved is None:
            return 2
        state = saved.state
    else:
        try:
            state = showcase(args.seed)
        except MountainError as exc:
            complain(f"climbers: {exc}")
            return 2
    return open_table(GAME.name, lambda shell: shell.show_still(state, args.out), args.size)
