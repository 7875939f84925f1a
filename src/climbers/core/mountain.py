"""The standard-mountain generator (R24): neutral core upright, all 33 coloured blocks around it.

Blocks are laid on a lattice of 2×2 cells, so every column of a cell has one height and every
placement is fully supported (R5). Blocks fill the neutral core's walls and cap first, then pile
up to a height profile: a tall spire or a wide plateau.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

import numpy as np

from climbers.core.components import ComponentSet, standard_components
from climbers.core.geometry import ROTATIONS
from climbers.core.setup import setup_problems
from climbers.core.state import GameState, Placement, Player
from climbers.core.structure import block_tables

Profile = Literal["spire", "balanced", "plateau"]
PROFILES: dict[str, tuple[float, float]] = {
    "spire": (13.0, 2.2),
    "balanced": (10.0, 3.0),
    "plateau": (8.0, 4.2),
}
"""Profile → (peak height, width in cells) of the target height curve."""

_ORIGIN = (1, 0)
_CORE = ((7, 7), (7, 8))


class MountainError(RuntimeError):
    """No valid standard mountain could be built for these options."""


@dataclass(frozen=True)
class _Option:
    cells: tuple[tuple[int, int], ...]
    rise: int
    extent: tuple[int, int, int]
    caps: bool


def _square(cell: tuple[int, int]) -> tuple[int, int]:
    return _ORIGIN[0] + 2 * cell[0], _ORIGIN[1] + 2 * cell[1]


def generate_mountain(
    seed: int,
    large_low: bool = True,
    profile: Profile = "balanced",
    table_size: int = 32,
    attempts: int = 25,
) -> tuple[Placement, ...]:
    """A standard mountain for `seed` (same seed, same mountain); MountainError if none is found."""
    if profile not in PROFILES:
        raise MountainError(f"unknown profile {profile!r}; choose spire, balanced or plateau")
    components = standard_components()
    for attempt in range(attempts):
        rng = random.Random(seed * 1_000_003 + attempt)
        placements = _build(rng, components, large_low, PROFILES[profile], table_size // 2)
        if placements is None:
            continue
        probe = GameState(blocks=placements, players=(Player(colour="teal"), Player(colour="red")))
        problems, _ = setup_problems(probe)
        if not problems:
            return placements
    raise MountainError(f"no standard mountain found for seed {seed} in {attempts} attempts")


def _build(
    rng: random.Random,
    components: ComponentSet,
    large_low: bool,
    shape: tuple[float, float],
    cells: int,
) -> tuple[Placement, ...] | None:
    tables = block_tables(components)
    height = np.zeros((cells, cells), dtype=np.int64)
    capped = np.zeros((cells, cells), dtype=bool)
    placements: list[Placement] = []
    neutrals = [i for i, b in enumerate(components.blocks) if b.is_neutral_block]
    for b, cell in zip(neutrals, _CORE, strict=True):
        placements.append(Placement.of(tables.names[b], 0, (*_square(cell), 0)))
        height[cell] = 6
    ring = {
        (c[0] + dx, c[1] + dy)
        for c in _CORE
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if (c[0] + dx, c[1] + dy) not in _CORE
    }
    coloured = [i for i, b in enumerate(components.blocks) if not b.is_neutral_block]
    rng.shuffle(coloured)
    if large_low:
        coloured.sort(key=lambda i: -components.blocks[i].size + rng.random() * 1.5)
    peak, width = shape
    centre = (7.0, 7.5)

    def target(cell: tuple[int, int]) -> float:
        d = math.dist(cell, centre)
        return peak * math.exp(-((d / width) ** 2))

    for k, b in enumerate(coloured):
        size = components.blocks[b].size
        remaining = coloured[k:]
        options = _options(size, height, capped, cells)
        best, best_score = None, -math.inf
        deficit = sum(max(0, 6 - int(height[c])) for c in ring) + sum(
            1 for c in _CORE if height[c] == 6
        )
        urgent = (
            deficit > 0
            and deficit * 4 >= sum(components.blocks[i].size * 4 for i in remaining) * 0.5
        )
        for opt in options:
            fill = sum(
                min(6, int(height[c]) + opt.rise) - min(6, int(height[c]))
                for c in opt.cells
                if c in ring
            )
            cap = sum(4 for c in opt.cells if c in _CORE and height[c] == 6)
            over = sum(
                (int(height[c]) + opt.rise - target(c)) ** 2
                for c in opt.cells
                if int(height[c]) + opt.rise > target(c)
            )
            score = 3.0 * (fill + cap) * (3 if urgent else 1) - 0.6 * over + rng.random() * 3
            if not any(c in ring or c in _CORE for c in opt.cells) and deficit > 0:
                score -= 2
            if score > best_score:
                best, best_score = opt, score
        if best is None:
            return None
        rot = rng.choice(tables.rotation_groups[b][best.extent])
        x0 = min(_square(c)[0] for c in best.cells)
        y0 = min(_square(c)[1] for c in best.cells)
        z0 = int(height[best.cells[0]])
        placements.append(Placement.of(tables.names[b], rot, (x0, y0, z0)))
        for c in best.cells:
            height[c] += best.rise
            capped[c] |= best.caps
    return tuple(placements)


def _options(size: int, height: np.ndarray, capped: np.ndarray, cells: int) -> list[_Option]:
    """Where a block of `size` can go on the lattice: on flat cells next to or on the pile."""
    result: list[_Option] = []
    occupied = height > 0
    for i in range(1, cells - 2):
        for j in range(1, cells - 2):
            if capped[i, j]:
                continue
            h = int(height[i, j])
            if h == 0 and not (
                occupied[i - 1, j] or occupied[i + 1, j] or occupied[i, j - 1] or occupied[i, j + 1]
            ):
                continue
            if size == 1:
                result.append(_Option(((i, j),), 1, (2, 2, 1), False))
                if h >= 4:
                    result.append(_Option(((i, j),), 2, (2, 1, 2), True))
            elif size == 2:
                result.append(_Option(((i, j),), 2, (2, 2, 2), False))
            else:
                result.append(_Option(((i, j),), 4, (2, 2, 4), False))
                for di, dj, ext in ((1, 0, (4, 2, 2)), (0, 1, (2, 4, 2))):
                    n = (i + di, j + dj)
                    if not capped[n] and int(height[n]) == h:
                        result.append(_Option(((i, j), n), 2, ext, False))
    return result


ROTATION_COUNT = len(ROTATIONS)
