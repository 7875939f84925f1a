"""Analysis for the table: where a Climber can get to in one move, and what a block pose would
change for everyone. Reachability is the rules' own (Walker, R7–R12); nothing is re-derived here.
"""

from __future__ import annotations

from dataclasses import dataclass

from climbers.the_climbers.core.engine import ladders_allowed
from climbers.the_climbers.core.geometry import Square
from climbers.the_climbers.core.movement import Walker
from climbers.the_climbers.core.sandbox import place_block
from climbers.the_climbers.core.state import GameState, LadderKind

COSTS = ("free", "short", "tall", "short+tall")
"""Ladder cost classes of a reachable square, cheapest first."""


def cost_name(ladders: tuple[LadderKind, ...]) -> str:
    """The cost class of a route: free, short, tall or short+tall."""
    return "+".join(ladders) if ladders else "free"


@dataclass(frozen=True)
class Reach:
    """Where one Climber can go in one move: each square's cheapest ladders and its level."""

    seat: int
    level: int
    """The level the Climber stands on now (0: the table)."""
    squares: dict[Square, tuple[LadderKind, ...]]
    levels: dict[Square, int]

    @property
    def best(self) -> int:
        """The highest level it can stand on after the move (staying put counts)."""
        return max([self.level, *self.levels.values()])

    @property
    def best_squares(self) -> list[Square]:
        """The squares of the highest reachable level above the current one."""
        return sorted(sq for sq, h in self.levels.items() if h == self.best > self.level)

    def by_cost(self) -> dict[str, list[Square]]:
        """Reachable squares grouped by cost class, in COSTS order (empty classes left out)."""
        groups: dict[str, list[Square]] = {}
        for sq, ladders in self.squares.items():
            groups.setdefault(cost_name(ladders), []).append(sq)
        return {c: sorted(groups[c]) for c in COSTS if c in groups}


def ladders_now(state: GameState, seat: int) -> bool:
    """Whether seat's next move may use ladders: always, except reactions without them (R13)."""
    return seat != state.actor or state.finished or ladders_allowed(state)


def reach(state: GameState, seat: int, ladders: bool | None = None) -> Reach:
    """Seat's reach in one move (ladders as its next move allows unless told)."""
    allowed = ladders_now(state, seat) if ladders is None else ladders
    routes = Walker(state, seat, allowed).routes()
    return Reach(
        seat=seat,
        level=state.level(seat),
        squares={sq: options[0].ladders for sq, options in routes.items()},
        levels={sq: options[0].level for sq, options in routes.items()},
    )


@dataclass(frozen=True)
class Change:
    """How one player's best reachable level would change."""

    seat: int
    before: int
    after: int

    @property
    def delta(self) -> int:
        """Levels gained (negative: lost)."""
        return self.after - self.before


def best_levels(state: GameState) -> list[int]:
    """Every seat's best reachable level in one move with its ladders."""
    return [reach(state, seat, ladders=True).best for seat in range(len(state.players))]


def what_if(
    state: GameState, block: str, rot: int, at: tuple[int, int, int]
) -> tuple[GameState, list[Change]]:
    """The position with `block` put in pose (rot, at) and each seat's best level before/after.

    Raises IllegalAction when the pose breaks R5/R16/R17 (see core.sandbox.place_block).
    """
    after = place_block(state, block, rot, at)
    old, new = best_levels(state), best_levels(after)
    return after, [Change(seat, b, a) for seat, (b, a) in enumerate(zip(old, new, strict=True))]
