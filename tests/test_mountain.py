"""The standard-mountain generator (R24): valid, deterministic, compact, shaped by its profile."""

from __future__ import annotations

import statistics

import numpy as np
import pytest

from climbers.the_climbers.core import (
    GameState,
    MountainError,
    generate_mountain,
    new_game,
    setup_problems,
)
from climbers.the_climbers.core.mountain import PROFILES


def _state(seed: int, **options: object) -> GameState:
    return new_game(generate_mountain(seed, **options))  # type: ignore[arg-type]


@pytest.mark.rule("R24")
def test_R24_200_consecutive_seeds_give_valid_standard_mountains() -> None:
    for seed in range(200):
        state = _state(seed)
        assert setup_problems(state) == ([], []), seed
        assert len(state.blocks) == 35


@pytest.mark.rule("R24")
@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("large_low", [True, False])
def test_R24_every_profile_and_order_is_valid(profile: str, large_low: bool) -> None:
    for seed in range(1000, 1025):
        state = _state(seed, profile=profile, large_low=large_low)
        assert setup_problems(state) == ([], []), (seed, profile, large_low)


@pytest.mark.rule("R24")
def test_R24_neutral_blocks_stand_upright_side_by_side_in_the_middle() -> None:
    s = _state(7).structure
    neutrals = [b for b in s.poses if s.tables.names[b].startswith("neutral")]
    assert len(neutrals) == 2
    for b in neutrals:
        assert s.extent(b) == (2, 2, 6) and s.poses[b][1][2] == 0
        x, y = s.poses[b][1][:2]
        assert 12 <= x <= 18 and 12 <= y <= 18


@pytest.mark.rule("R5")
def test_R5_standing_size_1_blocks_carry_nothing() -> None:
    for seed in range(40):
        s = _state(seed).structure
        for b in s.poses:
            if s.tables.names[b].startswith("half") and s.extent(b)[2] == 2:
                assert s.covering(b) == [], (seed, s.tables.names[b])


def test_same_seed_same_mountain_and_seeds_differ() -> None:
    assert generate_mountain(5) == generate_mountain(5)
    assert generate_mountain(5, profile="spire") == generate_mountain(5, profile="spire")
    assert generate_mountain(5) != generate_mountain(6)


def test_mountains_are_compact_heaps_tallest_near_the_core() -> None:
    for seed in range(30):
        s = _state(seed).structure
        xs, ys = np.nonzero(s.height)
        assert xs.max() - xs.min() < 14 and ys.max() - ys.min() < 14, seed
        peak = np.unravel_index(int(np.argmax(s.height)), s.height.shape)
        assert abs(int(peak[0]) - 15.5) <= 4 and abs(int(peak[1]) - 15.5) <= 4, seed


def test_profiles_differ_visibly_spire_tall_plateau_wide() -> None:
    def stats(profile: str) -> tuple[float, float]:
        peaks, areas = [], []
        for seed in range(20):
            s = _state(seed, profile=profile).structure
            peaks.append(int(s.height.max()))
            areas.append(int((s.height > 0).sum()))
        return statistics.mean(peaks), statistics.mean(areas)

    spire, balanced, plateau = stats("spire"), stats("balanced"), stats("plateau")
    assert spire[0] > balanced[0] + 1 > plateau[0] + 1
    assert plateau[1] > balanced[1] > spire[1]


def test_unknown_profile_or_no_success_raises_mountain_error() -> None:
    with pytest.raises(MountainError, match="unknown profile"):
        generate_mountain(1, profile="volcano")  # type: ignore[arg-type]
    with pytest.raises(MountainError, match="no standard mountain"):
        generate_mountain(1, attempts=0)
