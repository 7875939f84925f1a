"""A bot's hand made of the physics: aims from the lattice of simulated flicks
(`aiming`), flicks simulated to rest (`recorded`), so a bot's flick lands where the physics of
its strayed aim puts it; the table and tournaments give their bots this hand."""

from __future__ import annotations

from collections.abc import Sequence

from climbers.klettermax.ai import Bot, Noise, Target
from climbers.klettermax.core import Aim, Flick

from . import aiming, recorded


class PhysicsHand:
    """A bot's hand: aims from the lattice of simulated flicks, flicks by the physics."""

    def targets(self, spot: int, height: int, noise: Noise) -> Sequence[Target]:
        return [Target(*t) for t in aiming.targets(spot, height, noise.angle, noise.strength)]

    def flick(self, spot: int, height: int, aim: Aim) -> Flick:
        return recorded.flick_action(spot, height, aim)


HAND = PhysicsHand()


def physics_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the named level ('easy', 'medium', 'hard') with the physics' hand."""
    return Bot(level, seed, HAND)
