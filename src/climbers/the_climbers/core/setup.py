"""Starting a game, and checking a mountain against the standard setup (R24)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, NamedTuple

from climbers.the_climbers.core.components import Colour
from climbers.the_climbers.core.geometry import NEIGHBOURS, Square
from climbers.the_climbers.core.rules import Rules
from climbers.the_climbers.core.state import GameState, Placement, Player, Turn


def new_game(
    blocks: Sequence[Placement],
    colours: Sequence[Colour | str] = (Colour.TEAL, Colour.PURPLE),
    rules: Rules | None = None,
    first: int | None = None,
    seed: int = 0,
    names: Sequence[str] = (),
) -> GameState:
    """A game at its start: Climbers on the table, all ladders and disks in hand (R20, R24)."""
    players = tuple(
        Player(colour=Colour(c), name=names[i] if i < len(names) else "")
        for i, c in enumerate(colours)
    )
    if first is None:
        first = random.Random(seed).randrange(len(players))
    return GameState(
        rules=rules or Rules(),
        blocks=tuple(blocks),
        players=players,
        turn=Turn(active=first),
    )


class SetupProblem(NamedTuple):
    """One thing that keeps a mountain from being a standard setup (R24): its kind, and how
    many blocks or faces it concerns (said at the edge, climbers.the_climbers.io.refusals)."""

    kind: Literal["missing", "not upright", "not side by side", "uncovered"]
    n: int = 0


def setup_problems(state: GameState) -> tuple[list[SetupProblem], list[Square]]:
    """R24: what keeps the mountain from being a standard setup, and the uncovered neutral squares.

    Squares are the table squares beside a neutral block whose side is not fully covered, and the
    neutral blocks' own top squares that lie open.
    """
    s = state.structure
    problems: list[SetupProblem] = []
    in_play = {p.block for p in state.blocks}
    missing = [b.name for b in state.components.blocks if b.name not in in_play]
    if missing:
        problems.append(SetupProblem("missing", len(missing)))
    neutrals = [state.block_index(b.name) for b in state.components.blocks if b.is_neutral_block]
    placed = [b for b in neutrals if b in s.poses]
    upright = all(s.extent(b)[2] == 6 and s.poses[b][1][2] == 0 for b in placed)
    if len(placed) < 2 or not upright:
        problems.append(SetupProblem("not upright"))
    elif not _side_by_side(s.footprint(placed[0]), s.footprint(placed[1])):
        problems.append(SetupProblem("not side by side"))
    open_squares: list[Square] = []
    for b in placed:
        top = s.top_z(b)
        own = set(s.footprint(b))
        open_squares += [sq for sq in own if s.height_at(sq) <= top]
        for x, y in own:
            for dx, dy in NEIGHBOURS:
                n = (x + dx, y + dy)
                if n in own or n in open_squares:
                    continue
                if (not s.in_area(n) or s.height_at(n) < top) and s.block_at(n) not in placed:
                    open_squares.append(n)
    if open_squares:
        problems.append(SetupProblem("uncovered", len(open_squares)))
    return problems, sorted(set(open_squares))


def _side_by_side(a: list[Square], b: list[Square]) -> bool:
    shared = sum(1 for x, y in a for dx, dy in NEIGHBOURS if (x + dx, y + dy) in set(b))
    return shared == 2
