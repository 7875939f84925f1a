"""A simulated person's first game of flicks (issue 31, item 4), and the flight's air time (item
3), for `scripts/bench`: `python -m climbers.klettermax.physics.person [--quick]`.

The person means, for each chamber, the aim the lattice of resting places gives as the likeliest
hit for its own hand (`aiming.targets`: roughly where a first-game player learns to aim after a
few flicks), and strays from it by Gaussian noise of `PERSON`:

- strength σ 0.07 of the hardest flick: a pull judged by eye repeats within about ±0.07 of full
  strength (14% of a half-strength pull, within the ±10–15% a person repeats a movement's
  length or speed). With this hand the physics before issue 31 gave 91.9% of flicks in a
  chamber (2,160 flicks, this module's full run), as the issue's new player found it (14 of 15);
- angle σ 4°: a pull is aimed at a chamber on screen within a few degrees.

Every spot flicks at every chamber from a full tower, the same number of flicks each, strays
seeded. Reported: flicks in any chamber, flicks in the chamber aimed at for the nearest chamber
(the spot's own) and the far row's corners, and each kind of miss as a share of the misses.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Final, NamedTuple

from climbers.klettermax.ai import Noise
from climbers.klettermax.core import Aim as RecordedAim

from . import aiming
from .castle import chamber_centre, spot
from .flick import Aim, FlickRun, simulate_flick
from .recorded import physical
from .world import MISSES, STEP

PERSON: Final = Noise(angle=4.0, strength=0.07)
"""A first-game player's hand (see the module's docstring for why)."""
TOWER: Final = 5
ANY_CHAMBER: Final = (0.40, 0.65)
NEAREST: Final = (0.25, 0.50)
FAR_CORNER: Final = (0.0, 0.25)
MISS_SHARE: Final = 0.05
"""Targets of issue 31, item 4: flicks in any chamber, in the chamber aimed at (nearest, far
corner), and the least share of the misses each kind of miss has."""
AIR_TIME: Final = 0.6
"""Seconds a full-strength flick spends in the air at least (issue 31, item 3)."""


class Flicked(NamedTuple):
    """One flick of the person: its spot, the chamber aimed at, and where it came to rest."""

    spot: int
    aimed: int
    outcome: str


def place(spot_number: int, chamber: int) -> str:
    """`nearest` for the spot's own chamber, `far corner` for a corner of the far row, else
    `other`."""
    here = spot(spot_number)
    x, y = chamber_centre(chamber)
    ahead = x * here.facing[0] + y * here.facing[1]
    aside = x * here.facing[1] - y * here.facing[0]
    if chamber == here.chamber:
        return "nearest"
    return "far corner" if ahead > 0 and abs(aside) > 0 else "other"


def first_game(per_aim: int, seed: int = 0) -> list[Flicked]:
    """`per_aim` flicks from every spot at every chamber, each meant with the chamber's best
    lattice aim for `PERSON`, strayed by it and taken at the precision the table records."""
    strays = random.Random(seed)
    found = []
    for number in range(1, 13):
        for target in aiming.targets(number, TOWER, PERSON.angle, PERSON.strength):
            for _ in range(per_aim):
                angle = target.aim.angle + strays.gauss(0.0, PERSON.angle)
                strength = target.aim.strength + strays.gauss(0.0, PERSON.strength)
                aim = physical(RecordedAim.nearest(angle, strength))
                outcome = simulate_flick(number, aim, TOWER).outcome
                found.append(Flicked(number, target.chamber, str(outcome)))
    return found


def air_time(spot_number: int, aim: Aim, tower: int = TOWER) -> float:
    """Seconds from the knight's leaving the tower (touching nothing) to its first touch."""
    run = FlickRun(spot_number, aim, tower)
    left = None
    while not run.step():
        touching = run.scene.touching(run.knight)
        if left is None and not touching:
            left = run.steps
        elif left is not None and touching:
            return (run.steps - left) * STEP
    raise ValueError("the knight never left the tower")


class Figure(NamedTuple):
    """One figure against its target band."""

    name: str
    value: float
    low: float
    high: float

    def met(self) -> bool:
        return self.low <= self.value <= self.high


def figures(flicks: Sequence[Flicked], air_times: Sequence[float]) -> list[Figure]:
    """The person's rates and the air time against issue 31's targets."""
    hits = [f for f in flicks if f.outcome.startswith("chamber")]
    misses = Counter(f.outcome for f in flicks if not f.outcome.startswith("chamber"))
    rows = [
        Figure(f"in any chamber, of {len(flicks)} flicks", len(hits) / len(flicks), *ANY_CHAMBER)
    ]
    for name, band in (("nearest", NEAREST), ("far corner", FAR_CORNER)):
        aimed = [f for f in flicks if place(f.spot, f.aimed) == name]
        landed = sum(f.outcome == f"chamber {f.aimed}" for f in aimed)
        rows.append(
            Figure(f"in the {name} chamber aimed at, of {len(aimed)}", landed / len(aimed), *band)
        )
    missed = max(1, sum(misses.values()))
    for kind in MISSES:
        rows.append(
            Figure(
                f"misses {kind}, of {sum(misses.values())} misses",
                misses[kind] / missed,
                MISS_SHARE,
                1.0,
            )
        )
    rows.append(
        Figure("air time (s) of a full flick, least over the spots", min(air_times), AIR_TIME, 99.0)
    )
    return rows


def table(rows: Sequence[Figure]) -> str:
    """The figures as an aligned table with their bands and verdicts."""
    width = max(len(r.name) for r in rows)
    out = [f"{'Burg Klettermax, a first-game person (σ 4°, 0.07)'.ljust(width)}   figure  target"]
    for r in rows:
        band = f"{r.low:.0%}–{r.high:.0%}" if r.high < 1 else f"≥ {r.low:.0%}"
        band = f"≥ {r.low:g}" if r.high > 1 else band
        shown = f"{r.value:6.3f}" if r.high > 1 else f"{r.value:6.1%}"
        out.append(f"{r.name.ljust(width)}  {shown}  {band:>9}  {'ok' if r.met() else 'MISSED'}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench (Burg Klettermax's person)")
    parser.add_argument("--quick", action="store_true", help="one flick per spot and chamber")
    args, _ = parser.parse_known_args(argv)
    flicks = first_game(1 if args.quick else 20)
    air = [air_time(n, Aim(0.0, 1.0)) for n in range(1, 13)]
    rows = figures(flicks, air)
    print(table(rows))
    print(f"air time of a full flick: median {statistics.median(air):.3f} s over the 12 spots")
    return 0 if args.quick or all(r.met() for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
