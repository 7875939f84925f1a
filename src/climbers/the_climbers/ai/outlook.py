"""What a bot reads off a position: reachable levels, threats and a score for one seat.

Only public core pieces are used: Walker (the same reachability the rules use), the state's
levels and its structure, and the core's what-if positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from climbers.the_climbers.ai.options import Rows, climb_tops, ladder_rise, placements
from climbers.the_climbers.core import GameState, Placement, Route, Step
from climbers.the_climbers.core.engine import disk_removed
from climbers.the_climbers.core.geometry import Square
from climbers.the_climbers.core.movement import Walker
from climbers.the_climbers.core.what_if import with_block

BUILD_CHECKS = 3
"""Block moves checked per seat when asking how high a seat could get by moving one."""

LADDER_WORTH = {"short": 0.6, "tall": 1.0}
"""Score of a ladder still in hand, in levels."""


def routes(state: GameState, seat: int, ladders: bool = True) -> dict[Square, list[Route]]:
    """Every square `seat` could walk to now, with ladders or without (R8–R12)."""
    return Walker(state, seat, ladders).routes()


def best_level(state: GameState, seat: int, ladders: bool = True) -> int:
    """The highest level `seat` can reach with one walk from here (its own level at least)."""
    found = routes(state, seat, ladders)
    return max([state.level(seat), *(r[0].level for r in found.values())])


def own_moves_left(state: GameState, seat: int) -> bool:
    """Whether `seat` is the active player and a MOVE step of its own turn is still to come."""
    if state.finished or state.turn.active != seat or state.step is Step.REACTION:
        return False
    steps = state.rules.turn_steps()
    return Step.MOVE in steps[state.turn.step :]


def build_reach(state: GameState, seat: int, rows: Rows) -> int:
    """How high `seat` could walk after moving one of the blocks in `rows` (the free blocks'
    poses): its best walk now, or after the most promising block moves, checked by walking."""
    found = routes(state, seat)
    best = max([state.level(seat), *(r[0].level for r in found.values())])
    if len(rows) == 0:
        return best
    tops = climb_tops(state, seat, found, rows, ladder_rise(state, seat))
    for i in tops.argsort(kind="stable")[::-1][:BUILD_CHECKS].tolist():
        if tops[i] <= best:
            break
        b, rot, x, y, z = (int(v) for v in rows[i])
        after = with_block(state, Placement.of(state.block_name(b), rot, (x, y, z)))
        best = max(best, best_level(after, seat))
    return best


@dataclass(frozen=True)
class Outlook:
    """How a position looks for one seat: its level now, what it can still reach, and the rivals.

    `potential` is the level the seat can count on by the end of its turn (its reach when a move
    of its own turn is still to come); `future` is its reach at its next turn; `threat` is the
    highest level any rival stands on or can reach with one walk.
    """

    level: int
    potential: int
    future: int
    threat: int
    rival_level: int
    ladders: float
    disk: bool

    @property
    def score(self) -> float:
        """One number to maximise: climb, keep climbing room, and keep rivals low."""
        lead: float = self.potential - self.threat
        if lead == 0 and self.rival_level < self.potential:
            lead = 0.5  # a rival who only reaches this level later ranks below (R23)
        return (
            10.0 * self.potential
            + 3.0 * self.future
            - 7.0 * self.threat
            - 2.0 * self.rival_level
            + 2.0 * self.ladders
            + 3.0 * self.disk
            + 4.0 * max(-2.0, min(2.0, lead))
        )


def outlook(state: GameState, seat: int, deep: bool = False) -> Outlook:
    """The Outlook of `seat` in `state` (one Walker per seat). A deep look also counts what each
    seat could reach at its next turn by moving one block first."""
    rows = placements(state) if deep else None
    level = state.level(seat)
    moving = own_moves_left(state, seat)
    reach = best_level(state, seat) if moving else level
    future = reach if moving else best_level(disk_removed(state, seat), seat)
    if rows is not None and not moving:
        future = max(future, build_reach(state, seat, rows))
    threat, rival_level = 0, 0
    for other in range(len(state.players)):
        if other != seat:
            rival_level = max(rival_level, state.level(other))
            reach_other = (
                best_level(state, other) if rows is None else build_reach(state, other, rows)
            )
            threat = max(threat, reach_other)
    worth = sum(LADDER_WORTH[k] for k in state.players[seat].ladders)
    disk = state.players[seat].disk == "in_hand"
    return Outlook(level, reach, future, threat, rival_level, worth, disk)
