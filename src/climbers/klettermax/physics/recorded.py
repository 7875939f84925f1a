"""Flicks as the core records them: an aimed flick simulated into the core's `Flick` action, and
a recorded game's flicks simulated again to check every recorded resting place (issue 21,
item 4: a replay re-simulates every flick and finds the recorded outcome)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from climbers.klettermax.core import Action, Flick, State, action_text, apply
from climbers.klettermax.core import Aim as RecordedAim

from .flick import Aim, simulate_flick
from .world import Outcome


def physical(aim: RecordedAim) -> Aim:
    """The physics' aim for an aim as the core records it."""
    return Aim(aim.angle, aim.strength)


def flick_action(spot: int, height: int, aim: RecordedAim) -> Flick:
    """The flick of the top knight of a tower of `height` on `spot` with `aim`, simulated to
    rest: the core's action with its aim and where the knight came to rest."""
    outcome = simulate_flick(spot, physical(aim), height).outcome
    return Flick(rest=outcome.kind, chamber=outcome.chamber, aim=aim)


@dataclass(frozen=True)
class Mismatch:
    """A recorded flick the physics does not repeat: its place in the actions, its text, and
    where the physics brings it to rest (None when it was recorded without an aim and cannot be
    simulated)."""

    index: int
    action: str
    simulated: str | None

    def __str__(self) -> str:
        found = "it has no aim" if self.simulated is None else f"it rests {self.simulated}"
        return f"action {self.index} ({self.action}): {found}"


def verify_flicks(start: State, actions: Sequence[Action]) -> list[Mismatch]:
    """Replay `actions` from `start`, simulating every flick again from its spot and tower with
    its recorded aim: the flicks whose simulated resting place differs from the recorded one, or
    that have no aim (empty when all agree). Raises the core's refusal when an action does not
    apply."""
    found = []
    state = start
    for index, action in enumerate(actions):
        if isinstance(action, Flick):
            seat = state.active
            recorded = Outcome(action.rest, action.chamber)
            simulated = None
            if action.aim is not None:
                simulated = simulate_flick(seat.spot, physical(action.aim), len(seat.tower)).outcome
            if simulated != recorded:
                text = action_text(action)
                found.append(Mismatch(index, text, None if simulated is None else str(simulated)))
        state = apply(state, action)[0]
    return found
