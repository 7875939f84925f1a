"""Flicks as the core records them: an aimed flick simulated into the core's `Flick` action, and
a recorded game's flicks simulated again to check every recorded resting place (issue 21,
item 4: a replay re-simulates every flick and finds the recorded outcome). A record made under
an earlier physics (`climbers.klettermax.core.PHYSICS`) replays by its recorded resting places:
its flicks are not flicked again but reported as such (issue 31)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from climbers.klettermax.core import PHYSICS, Action, Flick, State, action_text, apply
from climbers.klettermax.core import Aim as RecordedAim

from .flick import Aim, simulate_flick
from .world import Outcome


def physical(aim: RecordedAim) -> Aim:
    """The physics' aim for an aim as the core records it."""
    return Aim(aim.angle, aim.strength)


@lru_cache(maxsize=4096)
def resting_place(spot: int, height: int, aim: RecordedAim) -> Outcome:
    """Where the top knight of a tower of `height` on `spot` flicked with `aim` comes to rest
    (the physics is deterministic: each aim is flown once per process)."""
    return simulate_flick(spot, physical(aim), height).outcome


def flick_action(spot: int, height: int, aim: RecordedAim) -> Flick:
    """The flick of the top knight of a tower of `height` on `spot` with `aim`, simulated to
    rest: the core's action with its aim and where the knight came to rest."""
    outcome = resting_place(spot, height, aim)
    return Flick(rest=outcome.kind, chamber=outcome.chamber, aim=aim)


def flown_elsewhere(state: State, flick: Flick) -> Outcome | None:
    """Where the physics brings `flick`'s knight to rest, flown again with its aim from the
    active tower of `state`, when that is not where the flick says; None when they agree or
    the flick has no aim."""
    if flick.aim is None:
        return None
    seat = state.active
    flown = resting_place(seat.spot, len(seat.tower), flick.aim)
    return None if flown.recorded() == Outcome(flick.rest, flick.chamber) else flown


@dataclass(frozen=True)
class Mismatch:
    """A recorded flick the physics does not repeat: its place in the actions, its text, and
    where the physics brings it to rest (None when it was recorded without an aim, or under an
    `earlier` physics, and is not simulated)."""

    index: int
    action: str
    simulated: str | None
    earlier: bool = False

    def __str__(self) -> str:
        if self.earlier:
            found = "recorded under an earlier physics, replayed as recorded"
        else:
            found = "it has no aim" if self.simulated is None else f"it rests {self.simulated}"
        return f"action {self.index} ({self.action}): {found}"


def verify_flicks(
    start: State, actions: Sequence[Action], physics: int = PHYSICS
) -> list[Mismatch]:
    """Replay `actions` from `start`, simulating every flick again from its spot and tower with
    its recorded aim: the flicks whose simulated resting place differs from the recorded one, or
    that have no aim (empty when all agree). Flicks made under an earlier `physics` are not
    simulated: each is reported as `earlier`. Raises the core's refusal when an action does not
    apply."""
    found = []
    state = start
    for index, action in enumerate(actions):
        if isinstance(action, Flick):
            text = action_text(action)
            if physics < PHYSICS:
                found.append(Mismatch(index, text, None, earlier=True))
            elif action.aim is None:
                found.append(Mismatch(index, text, None))
            elif (flown := flown_elsewhere(state, action)) is not None:
                found.append(Mismatch(index, text, str(flown)))
        state = apply(state, action)[0]
    return found
