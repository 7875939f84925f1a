"""The bots' aiming by the physics: the lattice of resting places is what the physics does, each
chamber's best aim hits it, the chances of a steady hand beat those of an unsteady one, and a
headless flick leaves nothing behind in Panda3D's caches."""

from __future__ import annotations

import random

import numpy as np
import pytest
from panda3d.core import TransformState

from climbers.klettermax.core import facing
from climbers.klettermax.physics import Aim, simulate_flick
from climbers.klettermax.physics.aiming import chances, outcome_grid, targets
from climbers.klettermax.physics.grid import (
    ANGLES,
    HEIGHTS,
    SPOT_NUMBERS,
    STRENGTHS,
    angle,
    lattice,
    mark,
    strength,
)


def test_the_lattice_covers_every_spot_and_height() -> None:
    assert set(lattice()) == {(s, h) for s in SPOT_NUMBERS for h in HEIGHTS}
    for rows in lattice().values():
        assert len(rows) == STRENGTHS and {len(r) for r in rows} == {ANGLES}
        assert set("".join(rows)) <= set("123456789w.")
        # issue 31: the weakest and the hardest rows all miss the castle
        assert set(rows[0]) == set(rows[-1]) == {"."}
    assert (angle(0), angle(ANGLES - 1), strength(0), strength(STRENGTHS - 1)) == (
        -70.0,
        70.0,
        0.08,
        0.36,
    )


def test_the_lattice_is_what_the_physics_does() -> None:
    pick = random.Random(21)
    for _ in range(100):
        spot, height = pick.choice(SPOT_NUMBERS), pick.choice(HEIGHTS)
        i, j = pick.randrange(ANGLES), pick.randrange(STRENGTHS)
        flick = simulate_flick(spot, Aim(angle(i), strength(j)), height)
        assert mark(flick.outcome) == lattice()[(spot, height)][j][i], (spot, height, i, j)


def test_a_stray_spreads_a_hit_over_its_neighbours() -> None:
    hits = np.zeros((9, 9))
    hits[4, 4] = 1
    assert chances(hits, 0, 0)[4, 4] == 1 and chances(hits, 0, 0).sum() == 1
    spread = chances(hits, 1.0, 1.0)
    assert spread.sum() == pytest.approx(1, abs=1e-4) and 0.1 < spread[4, 4] < 0.2
    assert spread[4, 3] == spread[4, 5] == spread[3, 4] == spread[5, 4] < spread[4, 4]
    full = chances(np.ones((9, 9)), 1.0, 1.0)
    assert full[4, 4] == pytest.approx(1, abs=1e-4) and full[0, 0] < 0.5


@pytest.mark.parametrize("height", HEIGHTS)
def test_each_chambers_best_aim_is_a_lattice_aim_that_hits_it(height: int) -> None:
    for spot in SPOT_NUMBERS:
        grid = outcome_grid(spot, height)
        for target in targets(spot, height, 3.5, 0.03):
            assert 0 <= target.chance <= 1
            if target.chance == 0:
                continue
            i = round((target.aim.angle - angle(0)) / 2.5)
            j = round((target.aim.strength - strength(0)) / 0.01)
            assert grid[j, i] == target.chamber, (spot, height, target)


def test_a_steady_hand_has_better_chances_and_its_aims_hit_in_the_physics() -> None:
    for spot in SPOT_NUMBERS:
        steady = targets(spot, 5, 1.5, 0.012)
        unsteady = targets(spot, 5, 6.0, 0.06)
        ahead = facing(spot) - 1
        assert steady[ahead].chance > 0.9 and 0.3 < unsteady[ahead].chance < 0.5
        assert all(s.chance >= u.chance for s, u in zip(steady, unsteady, strict=True))
        aim = steady[ahead].aim
        flick = simulate_flick(spot, Aim(aim.angle, aim.strength))
        assert flick.outcome.chamber == facing(spot)


def test_a_headless_flick_leaves_no_transforms_behind() -> None:
    simulate_flick(3, Aim(-12.5, 0.2))
    before = TransformState.get_num_states()
    for k in range(5):
        simulate_flick(3, Aim(-12.5 + k, 0.2))
    assert TransformState.get_num_states() <= before + 50
