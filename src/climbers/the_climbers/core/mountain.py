"""The standard-mountain generator (R24): neutral core upright, all 33 coloured blocks around it.

Blocks are laid on a lattice of 2×2 cells, so every column of a cell has one height and every
placement is fully supported (R5). A target height map shaped by the profile (a tall spire, a
balanced heap or a wide plateau, stretched a little differently per seed) guides a greedy pile:
each block goes where it best fills the gap to the target, the neutral core's walls and top first.
A standing Size 1 block fills only half a cell, so it caps that cell: nothing goes on it later.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

from climbers.the_climbers.core.components import ComponentSet, standard_components
from climbers.the_climbers.core.rules import Rules
from climbers.the_climbers.core.setup import setup_problems
from climbers.the_climbers.core.state import GameState, Placement, Player
from climbers.the_climbers.core.structure import BlockTables, block_tables

Profile = Literal["spire", "balanced", "plateau"]
Cell = tuple[int, int]


@dataclass(frozen=True)
class Shape:
    """A profile's target heights: `peak` over the core, falling off with distance in cells."""

    peak: float
    width: float
    power: float


PROFILES: dict[str, Shape] = {
    "spire": Shape(peak=12.0, width=2.0, power=1.5),
    "balanced": Shape(peak=9.0, width=2.5, power=2.0),
    "plateau": Shape(peak=4.5, width=3.5, power=4.0),
}
"""The profiles generate_mountain accepts, by name."""

CORE_HEIGHT = 6
"""A neutral block standing upright (R3)."""


class MountainError(RuntimeError):
    """No valid standard mountain could be built for these options."""


@dataclass(frozen=True)
class _Option:
    cells: tuple[Cell, ...]
    rise: int
    extent: tuple[int, int, int]
    caps: bool


def generate_mountain(
    seed: int,
    large_low: bool = True,
    profile: Profile = "balanced",
    table_size: int = 32,
    attempts: int = 30,
) -> tuple[Placement, ...]:
    """A standard mountain for `seed` (same seed, same mountain); MountainError if none is found.

    `large_low` places the larger blocks first, so they end up low (the rulebook's advice).
    """
    if profile not in PROFILES:
        raise MountainError(f"unknown profile {profile!r}; choose spire, balanced or plateau")
    components = standard_components()
    for attempt in range(attempts):
        rng = random.Random(seed * 1_000_003 + attempt)
        pile = _Pile(rng, components, PROFILES[profile], table_size // 2)
        placements = pile.build(large_low)
        if placements is None:
            continue
        probe = GameState(
            blocks=placements,
            players=(Player(colour="teal"), Player(colour="red")),
            rules=Rules(table_size=table_size),
        )
        if not setup_problems(probe)[0]:
            return placements
    raise MountainError(f"no standard mountain found for seed {seed} in {attempts} attempts")


class _Pile:
    """One attempt at a mountain: cell heights, the target map and the placements so far."""

    def __init__(
        self, rng: random.Random, components: ComponentSet, shape: Shape, cells: int
    ) -> None:
        self.rng = rng
        self.components = components
        self.tables: BlockTables = block_tables(components)
        self.cells = cells
        mid = cells // 2 - 1
        self.core: tuple[Cell, Cell] = (
            ((mid, mid), (mid + 1, mid)) if rng.random() < 0.5 else ((mid, mid), (mid, mid + 1))
        )
        self.ring = {
            (c[0] + dx, c[1] + dy)
            for c in self.core
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        } - set(self.core)
        self.height: dict[Cell, int] = {}
        self.capped: set[Cell] = set()
        blocks = components.blocks
        self.target = self._target(shape, sum(_volume(b.size) for b in blocks))

    def _target(self, shape: Shape, volume: int) -> dict[Cell, float]:
        """Target height per cell: the profile's curve, stretched and leaned per seed, cut off
        so that the blocks' whole `volume` (in cell units) just fills it: a compact heap."""
        rng = self.rng
        stretch = (rng.uniform(0.8, 1.25), rng.uniform(0.8, 1.25))
        lean = (rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3))
        curve: dict[Cell, float] = {}
        for i in range(1, self.cells - 1):
            for j in range(1, self.cells - 1):
                d = min(
                    math.hypot((i - c[0] - lean[0]) / stretch[0], (j - c[1] - lean[1]) / stretch[1])
                    for c in self.core
                )
                curve[(i, j)] = math.exp(-((d / shape.width) ** shape.power))
        noise = {c: rng.uniform(-0.4, 0.4) for c in curve}

        def heights(cut: float) -> dict[Cell, float]:
            result = {}
            for c, g in curve.items():
                t = max(0.0, shape.peak * (g - cut) / (1.0 - cut) + noise[c])
                if c in self.ring:
                    t = max(t, CORE_HEIGHT + 0.5)
                elif c in self.core:
                    t = max(t, CORE_HEIGHT + 1.5)
                result[c] = t
            return result

        low, high = 0.0, 0.999
        for _ in range(20):
            cut = (low + high) / 2
            if sum(heights(cut).values()) > volume:
                low = cut
            else:
                high = cut
        return heights(high)

    def _need(self) -> int:
        """Height still missing to hide the neutral core (R24), in cell units."""
        walls = sum(max(0, CORE_HEIGHT - self.height.get(c, 0)) for c in self.ring)
        tops = sum(1 for c in self.core if self.height[c] <= CORE_HEIGHT)
        return walls + tops

    def build(self, large_low: bool) -> tuple[Placement, ...] | None:
        """Place the core, then every coloured block; None when the core cannot be hidden."""
        blocks = self.components.blocks
        neutrals = [i for i, b in enumerate(blocks) if b.is_neutral_block]
        placements: list[Placement] = []
        for b, cell in zip(neutrals, self.core, strict=True):
            placements.append(Placement.of(self.tables.names[b], 0, (*_square(cell), 0)))
            self.height[cell] = CORE_HEIGHT
        coloured = [i for i, b in enumerate(blocks) if not b.is_neutral_block]
        self.rng.shuffle(coloured)
        if large_low:
            coloured.sort(key=lambda i: -blocks[i].size + self.rng.random() * 1.2)
        volume = sum(_volume(blocks[i].size) for i in coloured)
        for b in coloured:
            size = blocks[b].size
            option = self._choose(size, volume)
            if option is None:
                return None
            volume -= _volume(size)
            rot = self.rng.choice(self.tables.rotation_groups[b][option.extent])
            x0 = min(_square(c)[0] for c in option.cells)
            y0 = min(_square(c)[1] for c in option.cells)
            z0 = self.height.get(option.cells[0], 0)
            placements.append(Placement.of(self.tables.names[b], rot, (x0, y0, z0)))
            for c in option.cells:
                self.height[c] = z0 + option.rise
                if option.caps:
                    self.capped.add(c)
        return tuple(placements) if self._need() == 0 else None

    def _choose(self, size: int, volume: int) -> _Option | None:
        """The best option for a block of `size`, with `volume` cell units still to place."""
        need = self._need()
        urgent = need > 0 and need * 2 >= volume
        best, best_score = None, -math.inf
        for opt in self._options(size):
            score = self.rng.random() * 1.0
            hiding = 0
            for c in opt.cells:
                h = self.height.get(c, 0)
                new = h + opt.rise
                t = self.target[c]
                score += min(new, t) - min(h, t) if new > h else 0.0
                if new > t:
                    score -= 0.7 * ((new - t) ** 2 - max(0.0, h - t) ** 2)
                if c in self.ring:
                    hiding += min(new, CORE_HEIGHT) - min(h, CORE_HEIGHT)
                elif c in self.core and h == CORE_HEIGHT:
                    hiding += 2
            score += hiding * (6.0 if urgent else 2.0)
            if score > best_score:
                best, best_score = opt, score
        return best

    def _options(self, size: int) -> list[_Option]:
        """Where a block of `size` can go: on flat cells of the pile or on the table beside it."""
        result: list[_Option] = []
        height = self.height
        for i, j in self.target:
            if (i, j) in self.capped:
                continue
            h = height.get((i, j), 0)
            if h == 0 and not any(
                (i + di, j + dj) in height for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1))
            ):
                continue
            if size == 1:
                result.append(_Option(((i, j),), 1, (2, 2, 1), False))
                hidden = (i, j) not in self.ring or h >= CORE_HEIGHT
                if h >= 3 and hidden and ((i, j) not in self.core or h > CORE_HEIGHT):
                    ext = (2, 1, 2) if self.rng.random() < 0.5 else (1, 2, 2)
                    result.append(_Option(((i, j),), 2, ext, True))
            elif size == 2:
                result.append(_Option(((i, j),), 2, (2, 2, 2), False))
            else:
                result.append(_Option(((i, j),), 4, (2, 2, 4), False))
                for di, dj, ext in ((1, 0, (4, 2, 2)), (0, 1, (2, 4, 2))):
                    n = (i + di, j + dj)
                    if n in self.target and n not in self.capped and height.get(n, 0) == h:
                        result.append(_Option(((i, j), n), 2, ext, False))
        return result


def _square(cell: Cell) -> tuple[int, int]:
    return 2 * cell[0], 2 * cell[1]


def _volume(size: int) -> int:
    """A block's volume in cell units (one 2×2 cell, one unit high)."""
    return size
