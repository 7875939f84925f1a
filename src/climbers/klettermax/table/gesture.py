"""The flick as a gesture: press on the top knight, pull back and let go while still moving, as
a flick on a phone. The pull's direction aims; the strength is the pointer's speed over the
last stretch before the release (`STRETCH`), so a person's flicks vary as a hand does and get
better with practice. The pointer is read in window pixels, which X11 keeps reporting while the
button is held past the window's edge, so a pull may leave the window."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

STRETCH = 0.08
"""Seconds before the release over which the pointer's speed sets the strength."""
GENTLE = 0.2
"""Window heights a second at and below which a release is no flick (too gentle)."""
FULL = 3.0
"""Window heights a second for full strength."""
KEPT = 1.0
"""Seconds of samples kept."""


def strength_from_speed(speed: float) -> float | None:
    """The strength 0–1 of a release at `speed` (window heights a second): linear from GENTLE
    to FULL, held at 1 above; None at or below GENTLE (too gentle to flick)."""
    if speed <= GENTLE:
        return None
    return min((speed - GENTLE) / (FULL - GENTLE), 1.0)


@dataclass(frozen=True)
class Sample:
    """The pointer at a moment: seconds (any clock), window pixels from the top left."""

    time: float
    x: float
    y: float


class PullGesture:
    """One pull in progress: the pointer's samples, one a frame and one at the release, in
    window pixels of a window `height` pixels tall."""

    def __init__(self, height: float) -> None:
        self.height = height
        self.samples: deque[Sample] = deque()

    def add(self, time: float, x: float, y: float) -> None:
        """The pointer at `time` (samples at the same time as the last replace it)."""
        if self.samples and time <= self.samples[-1].time:
            self.samples.pop()
        self.samples.append(Sample(time, x, y))
        while self.samples[-1].time - self.samples[0].time > KEPT:
            self.samples.popleft()

    def release(self, time: float, x: float, y: float) -> None:
        """The button went up with the pointer at (x, y): a sample, unless the pointer is where
        it was last seen (the button's event may come a frame after the pointer's last move;
        a pointer held still shows in the samples of the frames meanwhile)."""
        last = self.last
        if last is None or (x, y) != (last.x, last.y):
            self.add(time, x, y)

    @property
    def last(self) -> Sample | None:
        return self.samples[-1] if self.samples else None

    def speed(self) -> float:
        """Window heights a second over the last STRETCH seconds (reaching back to the sample
        before the stretch when the frames are slow); 0 without two samples."""
        if len(self.samples) < 2:
            return 0.0
        end = self.samples[-1]
        start = self.samples[-2]
        for sample in reversed(self.samples):
            start = sample
            if end.time - sample.time >= STRETCH:
                break
        seconds = end.time - start.time
        moved = ((end.x - start.x) ** 2 + (end.y - start.y) ** 2) ** 0.5
        return moved / self.height / seconds

    def strength(self) -> float | None:
        """The strength a release now gives (None: too gentle)."""
        return strength_from_speed(self.speed())
