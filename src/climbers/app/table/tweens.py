"""A small, deterministic animation queue: entities glide through waypoints, then callbacks run."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ursina import Entity, Vec3, time

from climbers.app.pacing import motion_step, stir


@dataclass
class Leg:
    """One stretch of a glide: to `target` in `duration` seconds, arcing `hop` units upwards."""

    target: Vec3
    duration: float
    hop: float = 0.0
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    start: Vec3 | None = field(default=None, repr=False)
    elapsed: float = 0.0


def _ease(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


class Tweens(Entity):  # type: ignore[misc]
    """Moves entities along queued legs each frame; `speed` scales all durations."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(name="tweens", **kwargs)
        self.tracks: dict[Entity, list[Leg]] = {}
        self.speed = 1.0

    def glide(self, entity: Entity, legs: list[Leg]) -> None:
        """Queue legs for an entity after any it already has."""
        self.tracks.setdefault(entity, []).extend(legs)
        stir()

    @property
    def busy(self) -> bool:
        """Whether anything is still moving."""
        return bool(self.tracks)

    def update(self) -> None:
        if self.tracks:
            stir()  # frames at full rate until the last leg has ended
        self.advance(motion_step(time.dt) * self.speed)

    def advance(self, dt: float) -> None:
        """Move every track on by `dt` seconds."""
        for entity in list(self.tracks):
            legs = self.tracks[entity]
            left = dt
            while legs and left >= 0:
                leg = legs[0]
                if leg.start is None:
                    leg.start = Vec3(entity.position)
                    if leg.on_start:
                        leg.on_start()
                step = min(left, leg.duration - leg.elapsed)
                leg.elapsed += step
                left -= step
                t = 1.0 if leg.duration <= 0 else leg.elapsed / leg.duration
                e = _ease(t)
                p = leg.start + (leg.target - leg.start) * e
                p.y += leg.hop * math.sin(math.pi * t)
                entity.position = p
                if t >= 1.0:
                    legs.pop(0)
                    if leg.on_end:
                        leg.on_end()
                    if left <= 0:
                        break
                else:
                    break
            if not legs:
                self.tracks.pop(entity, None)

    def finish(self) -> None:
        """Jump every animation to its end (callbacks run in order)."""
        while self.tracks:
            self.advance(1e6)
