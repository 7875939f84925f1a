"""Aiming by the physics: for a tower on a spot and a hand that strays by a known noise, each
chamber's best aim and the chance that a flick meant with it lands there.

The search runs over the lattice of resting places (every 2.5° and every 0.025 of strength,
simulated once by `grid.py` and kept in the assets, `grid.lattice`): the chance of hitting a
chamber when meaning one lattice aim is the sum, over the lattice, of the probability that a
Gaussian stray of the angle and the strength falls into each cell, for the cells whose flick
lands in that chamber (aims off the lattice count as misses). The best aim is the lattice aim
with the highest chance; among equal chances, the one deeper inside its region (scored again
with a stray of at least one cell). Each lattice aim is a flick the physics made: meant exactly,
it hits.
"""

from __future__ import annotations

import math
from functools import cache
from typing import NamedTuple

import numpy as np

from climbers.klettermax.core import Aim as RecordedAim

from .grid import ANGLE_STEP, STRENGTH_STEP, angle, lattice, strength

WIDE = 1.0
"""The least stray, in cells, of the second score that breaks ties between equal chances."""
DEPTH = 0.01
"""The weight of that second score."""


class Target(NamedTuple):
    """A chamber, the aim that hits it most often with a given noise, and how often (0–1)."""

    chamber: int
    aim: RecordedAim
    chance: float


def outcome_grid(spot: int, height: int) -> np.ndarray:
    """The lattice's resting places from `spot` with a tower of `height`: one row per strength
    (weakest first), one column per angle (−70° first), 1–9 a chamber, 0 any miss."""
    rows = lattice().get((spot, height))
    if rows is None:
        raise ValueError(f"no aiming lattice for spot {spot} and a tower of {height}")
    return np.array([[int(c) if c.isdigit() else 0 for c in row] for row in rows], dtype=np.int8)


@cache
def _stray(cells: int, sigma: float) -> np.ndarray:
    """`cells`×`cells`: the probability that a Gaussian stray of `sigma` cells from the middle
    of cell i ends in cell j (what falls off the lattice is lost)."""
    if sigma <= 0:
        eye = np.eye(cells)
        eye.flags.writeable = False
        return eye
    edges = (np.arange(cells + 1)[None, :] - 0.5 - np.arange(cells)[:, None]) / (sigma * 2**0.5)
    cdf = 0.5 * (1 + np.vectorize(math.erf)(edges))
    stray: np.ndarray = np.diff(cdf, axis=1)
    stray.flags.writeable = False  # kept for every later call
    return stray


def chances(hits: np.ndarray, angle_sigma: float, strength_sigma: float) -> np.ndarray:
    """For each lattice aim, the chance that a flick meant there lands where `hits` is 1, when
    the angle strays by `angle_sigma` cells and the strength by `strength_sigma` cells."""
    rows, cols = hits.shape
    result: np.ndarray = _stray(rows, strength_sigma) @ hits @ _stray(cols, angle_sigma).T
    return result


@cache
def targets(
    spot: int, height: int, angle_noise: float, strength_noise: float
) -> tuple[Target, ...]:
    """Chambers 1–9 from a tower of `height` on `spot`, each with the aim that hits it most
    often when the angle strays by `angle_noise` degrees and the strength by `strength_noise`
    (standard deviations), and that chance."""
    grid = outcome_grid(spot, height)
    sa, ss = angle_noise / ANGLE_STEP, strength_noise * 1000 / STRENGTH_STEP
    found = []
    for chamber in range(1, 10):
        hits = (grid == chamber).astype(float)
        chance = chances(hits, sa, ss)
        score = chance + DEPTH * chances(hits, max(sa, WIDE), max(ss, WIDE))
        j, i = np.unravel_index(int(np.argmax(score)), score.shape)
        aim = RecordedAim(angle=angle(int(i)), strength=strength(int(j)))
        found.append(Target(chamber, aim, float(min(1.0, chance[j, i]))))
    return tuple(found)
