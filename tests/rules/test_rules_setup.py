"""R24: the standard mountain, and what setup_problems reports for a broken one."""

from __future__ import annotations

import pytest

from climbers.the_climbers.core import generate_mountain, new_game, setup_problems
from climbers.the_climbers.core.state import Placement
from climbers.the_climbers.io.refusals import setup_problem_words
from rules.conftest import NEUTRAL, position, put


@pytest.mark.rule("R24")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_R24_generated_mountain_is_a_standard_setup(seed: int) -> None:
    blocks = generate_mountain(seed)
    state = new_game(blocks)
    assert setup_problems(state) == ([], [])
    assert len(blocks) == 35
    s = state.structure
    neutrals = [state.block_index(n) for n in ("neutral-1", "neutral-2")]
    for b in neutrals:
        assert s.extent(b)[2] == 6 and s.poses[b][1][2] == 0
        assert s.surfaces[b] == []
    assert all(p.at is None for p in state.players)


def _core(*more: Placement) -> list[Placement]:
    return [put("neutral-1", (10, 10, 0), "+z"), put("neutral-2", (12, 10, 0), "+z"), *more]


@pytest.mark.rule("R24")
def test_R24_uncovered_neutral_faces_are_named() -> None:
    found, squares = setup_problems(position(_core()))
    problems = [setup_problem_words(p) for p in found]
    tops = {(x, y) for x in range(10, 14) for y in (10, 11)}
    sides = {(9, 10), (9, 11), (14, 10), (14, 11)} | {
        (x, y) for x in range(10, 14) for y in (9, 12)
    }
    assert set(squares) == tops | sides
    assert any("33 blocks" in p for p in problems)
    assert any("20 faces" in p for p in problems)


@pytest.mark.rule("R24")
def test_R24_a_side_is_covered_only_up_to_the_full_height() -> None:
    low = _core(put("cube-1", (8, 10, 0), NEUTRAL))
    assert {(9, 10), (9, 11)} <= set(setup_problems(position(low))[1])
    full = _core(put("double-3", (8, 10, 0), NEUTRAL), put("cube-1", (8, 10, 4), NEUTRAL))
    squares = set(setup_problems(position(full))[1])
    assert not squares & {(9, 10), (9, 11)} and len(squares) == 18


@pytest.mark.rule("R24")
def test_R24_neutral_blocks_upright_and_side_by_side() -> None:
    lying = [put("neutral-1", (10, 10, 0), "+x", "+z"), put("neutral-2", (12, 10, 0), "+z")]
    assert any("upright" in setup_problem_words(p) for p in setup_problems(position(lying))[0])
    apart = [put("neutral-1", (10, 10, 0), "+z"), put("neutral-2", (12, 11, 0), "+z")]
    assert any("side by side" in setup_problem_words(p) for p in setup_problems(position(apart))[0])
