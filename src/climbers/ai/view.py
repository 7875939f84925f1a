"""What a bot reads off a position: reachable levels, threats and a score for one seat.

Only public core pieces are used: Walker (the same reachability the rules use), the state's
levels and its structure.
"""

from __future__ import annotations

from dataclasses import dataclass

from climbers.core import GameState, Route, Step
from climbers.core.geometry import Square
from climbers.core.movement import Walker
from climbers.core.state import evolve

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


def without_own_disk(state: GameState, seat: int) -> GameState:
    """The position as `seat` will find it at its next turn: its own disk gone (R19)."""
    player = state.players[seat]
    if player.disk_on is None:
        return state
    players = list(state.players)
    players[seat] = player.model_copy(update={"disk": "spent", "disk_on": None})
    return evolve(state, players=tuple(players))


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
        lead = self.potential - self.threat
        return (
            10.0 * self.potential
            + 3.0 * self.future
            - 7.0 * self.threat
            - 2.0 * self.rival_level
            + 2.0 * self.ladders
            + 3.0 * self.disk
            + 4.0 * max(-2, min(2, lead))
        )


def outlook(state: GameState, seat: int) -> Outlook:
    """The Outlook of `seat` in `state` (one Walker per seat)."""
    level = state.level(seat)
    moving = own_moves_left(state, seat)
    reach = best_level(state, seat) if moving else level
    future = reach if moving else best_level(without_own_disk(state, seat), seat)
    threat, rival_level = 0, 0
    for other in range(len(state.players)):
        if other != seat:
            rival_level = max(rival_level, state.level(other))
            threat = max(threat, best_level(state, other))
    worth = sum(LADDER_WORTH[k] for k in state.players[seat].ladders)
    disk = state.players[seat].disk == "in_hand"
    return Outlook(level, reach, future, threat, rival_level, worth, disk)
