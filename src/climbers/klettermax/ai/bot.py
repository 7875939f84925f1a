"""A Burg Klettermax bot: one class, three levels of skill.

Every decision is one of the core's legal actions. A flick is chosen in two steps: the bot
weighs each chamber's face-up treasures against its chance of hitting that chamber from its
spot with its own unsteady hand (the chance and the best aim come from the `Hand` it was given,
which searches the physics), aims at the best, and strays from that aim by its level's noise;
the hand then flicks with the strayed aim and says where the knight came to rest, which the bot
hands to the core as the flick's outcome.

Levels (`SKILLS`): `easy` has a wide aim noise and takes its other choices at random; `medium`
and `hard` aim more steadily (hard the most), move their tower tile to the spot with the best
chances after a loot or before a first roll, and take the scarcest colour when they choose.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol

from climbers.klettermax.core import (
    Action,
    Aim,
    End,
    Flick,
    MoveTower,
    Phase,
    Roll,
    State,
    Take,
    legal_actions,
    refusal,
)
from climbers.klettermax.core.components import TOWER_HEIGHT


class Noise(NamedTuple):
    """How far a hand strays from the aim it means: the standard deviations of the angle
    (degrees) and of the strength."""

    angle: float
    strength: float


class Target(NamedTuple):
    """A chamber to aim at from a spot: the aim that hits it most often with a given noise, and
    how often it does (0–1)."""

    chamber: int
    aim: Aim
    chance: float


class Hand(Protocol):
    """What a bot asks of the flick's physics (given by whoever builds the bot)."""

    def targets(self, spot: int, height: int, noise: Noise) -> Sequence[Target]:
        """Each chamber 1–9 with the aim that hits it most often from a tower of `height`
        knights on `spot` when the hand strays by `noise`, and that chance."""
        ...

    def flick(self, spot: int, height: int, aim: Aim) -> Flick:
        """The flick of the top knight of a tower of `height` on `spot` with exactly `aim`, with
        where it came to rest."""
        ...


@dataclass(frozen=True)
class Skill:
    """A level of play: the hand's `noise`; whether it `plans` (moves its tower tile to better
    chances, takes the scarcest colour) or takes those choices at random; and the least chance
    of a hit for which it flicks a second time after a miss (K15) rather than keeping its four
    knights."""

    name: str
    noise: Noise
    plans: bool
    again: float


SKILLS: Final = {
    "easy": Skill("easy", Noise(6.0, 0.06), plans=False, again=0.0),
    "medium": Skill("medium", Noise(3.5, 0.035), plans=True, again=0.2),
    "hard": Skill("hard", Noise(1.5, 0.012), plans=True, again=0.3),
}
"""The levels, weakest first. The noise is tuned so that over flicks from every spot the easy
bot hits the chamber it chose 34% of the time (25–45% asked), medium 57% (50–70%), hard 93% (85%
or more): 2,400 flicks each, measured by `climbers.klettermax.speed` for scripts/bench. Since
issue 31 a chamber takes a span of about 0.06 of strength, so the hands are steadier than the
first physics' (easy 16°, 0.14; medium 11°, 0.095; hard 5°, 0.045 hit 14%, 21% and 48% under
the new physics, 360 flicks each); a first-game person (`physics.person`: 4°, 0.07) flicks
about as the easy bot does."""
LEVELS: Final = tuple(SKILLS)
MOVE_GAIN: Final = 1.1
"""A planning bot moves its tower tile only for chances this many times better."""


class Bot:
    """A player of one skill; its random choices and its hand's strays come from `seed`."""

    def __init__(self, skill: Skill | str, seed: int, hand: Hand) -> None:
        if isinstance(skill, str):
            if skill not in SKILLS:
                raise ValueError(f"unknown bot level {skill!r}; choose from {', '.join(LEVELS)}")
            skill = SKILLS[skill]
        self.skill = skill
        self.hand = hand
        self.random = random.Random(seed)

    def choose(self, state: State) -> Action:
        """The action this bot takes in `state` (one of the legal ones; a flick carries its aim
        and where the hand's flick came to rest)."""
        legal = legal_actions(state)
        if not legal:
            raise ValueError("the game is over: there is nothing to choose")
        if any(isinstance(action, Flick) for action in legal):
            return self._flick(state, legal)
        if state.turn.phase is Phase.CHOOSE:
            return self._take(state, legal)
        return self._move_or_go_on(state, legal)

    def target(self, state: State) -> Target:
        """The chamber the active seat would aim at from its spot, and the aim it means (before
        its hand strays): most face-up treasures times the chance of a hit, among chambers that
        hold tiles."""
        seat = state.active
        return self._best(state, self.hand.targets(seat.spot, len(seat.tower), self.skill.noise))

    def aim(self, state: State) -> tuple[Target, Aim]:
        """The target and the aim the hand actually flicks with: the meant aim strayed by the
        skill's noise, on the precision an aim is recorded with."""
        target = self.target(state)
        noise = self.skill.noise
        angle = target.aim.angle + self.random.gauss(0.0, noise.angle)
        strength = target.aim.strength + self.random.gauss(0.0, noise.strength)
        return target, Aim.nearest(angle, strength)

    def _flick(self, state: State, legal: Sequence[Action]) -> Action:
        if End() in legal and self.target(state).chance < self.skill.again:
            return End()  # K15: keep the four knights rather than risk a third
        _, aim = self.aim(state)
        seat = state.active
        flick = self.hand.flick(seat.spot, len(seat.tower), aim)
        problem = refusal(state, flick)
        if problem is not None:
            raise problem
        return flick

    def _take(self, state: State, legal: Sequence[Action]) -> Action:
        takes = [action for action in legal if isinstance(action, Take)]
        if not self.skill.plans:
            return self.random.choice(takes)
        others = [s for i, s in enumerate(state.seats) if i != state.turn.seat]

        def scarcity(take: Take) -> tuple[int, int]:
            return state.supply(take.colour), -sum(s.lacks(take.colour) for s in others)

        return min(takes, key=scarcity)

    def _move_or_go_on(self, state: State, legal: Sequence[Action]) -> Action:
        """START: roll, perhaps after moving the empty tower tile; LOOTED: move or end."""
        go_on = Roll() if Roll() in legal else End()
        moves = [action for action in legal if isinstance(action, MoveTower)]
        if not moves or not self.skill.plans:
            return go_on
        here = self._spot_value(state, state.active.spot)
        best = max(moves, key=lambda move: (self._spot_value(state, move.spot), -move.spot))
        return best if self._spot_value(state, best.spot) > MOVE_GAIN * here else go_on

    def _spot_value(self, state: State, spot: int) -> float:
        """The treasures a full tower on `spot` may expect from its next flick."""
        best = self._best(state, self.hand.targets(spot, TOWER_HEIGHT, self.skill.noise))
        return _worth(state, best)

    def _best(self, state: State, targets: Sequence[Target]) -> Target:
        """The target worth the most (ties: the likelier hit, then the lower chamber)."""
        return max(targets, key=lambda t: (_worth(state, t), t.chance, -t.chamber))


def _worth(state: State, target: Target) -> float:
    """The treasures a flick at `target` may expect: the face-up tile's times the chance."""
    stack = state.chambers[target.chamber - 1]
    return stack[0] * target.chance if stack else 0.0
