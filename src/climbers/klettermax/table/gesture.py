"""The flick as a gesture: press on the top knight, pull back and let go while still moving, as
a flick on a phone. The pull's direction aims; the strength is the pointer's speed over the last
stretch of its movement (`STRETCH`), so a person's flicks vary as a hand does and get better with
practice. A button let go within `GRACE` of the pointer's last move counts that move (the
button's event may come a frame later, and a hand stops as it lets go); held still longer, the
release is too gentle. The pointer is read in window pixels, which X11 keeps reporting while the
button is held past the window's edge, so a pull may leave the window."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

STRETCH = 0.08
"""Seconds of the pointer's last movement over which its speed sets the strength."""
GRACE = 0.15
"""Seconds the pointer may stand still before the release and keep its last movement's speed."""
GENTLE = 0.2
"""Window heights a second at and below which a release is no flick (too gentle)."""
FULL = 3.0
"""Window heights a second for full strength."""
KEPT = 1.0
"""Seconds of samples kept."""


def strength_from_speed(speed: float) -> float | None:
    """The strength 0–1 of a release at `speed` (window heights a second): the square of the
    speed's share from GENTLE to FULL, held at 1 above; None at or below GENTLE (too gentle to
    flick). The castle takes strengths of about 0.11–0.28 (the physics' lattice); squared, they
    lie in the middle third of the speeds a hand flicks at (1.1–1.7 window heights a second),
    slower falls short and faster sails over, as in the box."""
    if speed <= GENTLE:
        return None
    return min((speed - GENTLE) / (FULL - GENTLE), 1.0) ** 2


@dataclass(frozen=True)
class Sample:
    """The pointer at a moment: seconds (any clock), window pixels from the top left."""

    time: float
    x: float
    y: float


class PullGesture:
    """One pull in progress: the pointer's samples, one a frame and one at the release, in
    window pixels of a window `height` pixels tall (a sample at the time of the last replaces
    it)."""

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

    @property
    def last(self) -> Sample | None:
        return self.samples[-1] if self.samples else None

    def speed(self) -> float:
        """Window heights a second over the last STRETCH seconds of the pointer's movement
        (reaching back to the sample before the stretch when the frames are slow); 0 without
        movement, or when the pointer has stood still longer than GRACE."""
        samples = list(self.samples)
        moves = [i for i in range(1, len(samples)) if _place(samples[i]) != _place(samples[i - 1])]
        if not moves or samples[-1].time - samples[moves[-1]].time > GRACE:
            return 0.0
        end = samples[moves[-1]]
        start = samples[moves[-1] - 1]
        for sample in reversed(samples[: moves[-1]]):
            start = sample
            if end.time - sample.time >= STRETCH:
                break
        moved = ((end.x - start.x) ** 2 + (end.y - start.y) ** 2) ** 0.5
        return float(moved / self.height / (end.time - start.time))

    def strength(self) -> float | None:
        """The strength a release now gives (None: too gentle)."""
        return strength_from_speed(self.speed())


def _place(sample: Sample) -> tuple[float, float]:
    return sample.x, sample.y
