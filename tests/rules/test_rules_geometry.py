"""R1–R7: units, blocks, heights and top squares by pose, colours, support, surfaces, position."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from climbers.the_climbers.core import Colour, MoveClimber, Placement, apply, standard_components
from climbers.the_climbers.core.geometry import ROTATIONS, extent
from rules.conftest import NEUTRAL, PURPLE, TEAL, destinations, position, put


@pytest.mark.rule("R1")
def test_R01_lying_half_is_one_climber_high() -> None:
    """A lying Size 1 block is one unit, the height of a Climber: stepped onto freely."""
    state = position([put("half-3", (10, 10, 0), NEUTRAL)])
    assert state.structure.height_at((10, 10)) == 1
    after, _ = apply(state, MoveClimber(player=TEAL, to=(10, 10)))
    assert after.level(0) == 1
    assert after.players[0].ladders == ("short", "tall")


@pytest.mark.rule("R1")
def test_R01_imaginary_squares_are_unit_grid_squares() -> None:
    """A cube covers 2×2 unit squares, and a Climber may stand on each of them."""
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)])
    assert sorted(state.structure.surfaces[state.block_index("cube-1")]) == [
        (10, 10),
        (10, 11),
        (11, 10),
        (11, 11),
    ]
    assert destinations(state) == {(10, 10), (10, 11), (11, 10), (11, 11)}


@pytest.mark.rule("R2")
def test_R02_standard_set_sizes_and_edges() -> None:
    blocks = standard_components().blocks
    by_size: dict[int, list[tuple[int, int, int]]] = {}
    for b in blocks:
        by_size.setdefault(b.size, []).append(b.dims)
    assert {s: len(d) for s, d in by_size.items()} == {1: 12, 2: 12, 4: 9, 6: 2}
    assert {s: set(d) for s, d in by_size.items()} == {
        1: {(2, 2, 1)},
        2: {(2, 2, 2)},
        4: {(2, 2, 4)},
        6: {(2, 2, 6)},
    }


@pytest.mark.rule("R2")
def test_R02_every_rotation_is_axis_aligned_and_named_by_up_and_north() -> None:
    assert len(ROTATIONS) == 24
    seen = set()
    for r in range(24):
        p = Placement.of("double-1", r, (0, 0, 0))
        assert p.rot == r
        seen.add((p.up, p.north))
        assert sorted(extent((2, 2, 4), r)) == [2, 2, 4]
    assert len(seen) == 24


# (block, up, north, height, footprint (x, y), top squares)
R3_TABLE = [
    ("half-3", "-z", "+y", 1, (2, 2), 4),  # Size 1 lying
    ("half-1", "-y", "+x", 2, (1, 2), 2),  # Size 1 standing
    ("half-1", "-y", "+z", 2, (2, 1), 2),
    ("cube-1", "-y", "+x", 2, (2, 2), 4),  # Size 2, any pose
    ("cube-1", "+z", "+y", 2, (2, 2), 4),
    ("double-1", "-y", "+z", 2, (2, 4), 8),  # Size 4 lying
    ("double-1", "-y", "+x", 2, (4, 2), 8),
    ("double-3", "-z", "+y", 4, (2, 2), 4),  # Size 4 standing
    ("neutral-1", "+x", "+z", 2, (2, 6), 12),  # neutral lying
    ("neutral-1", "+z", "+y", 6, (2, 2), 4),  # neutral standing
]


@pytest.mark.rule("R3")
@pytest.mark.parametrize(("name", "up", "north", "height", "foot", "tops"), R3_TABLE)
def test_R03_height_and_top_squares_by_pose(
    name: str, up: str, north: str, height: int, foot: tuple[int, int], tops: int
) -> None:
    state = position([put(name, (8, 8, 0), up, north)])  # type: ignore[arg-type]
    s = state.structure
    b = state.block_index(name)
    assert s.top_z(b) == height
    assert s.extent(b)[:2] == foot
    assert len(s.surfaces[b]) == tops
    assert {s.height_at(sq) for sq in s.surfaces[b]} == {height}


@pytest.mark.rule("R4")
def test_R04_opposite_pairs_spread_evenly() -> None:
    pairs = {
        frozenset({Colour.TEAL, Colour.PURPLE}),
        frozenset({Colour.YELLOW, Colour.RED}),
        frozenset({Colour.PINK, Colour.NEUTRAL}),
    }
    large: dict[int, dict[frozenset[Colour], int]] = {1: {}, 4: {}}
    for b in standard_components().blocks:
        if b.size == 6:
            assert set(b.faces.values()) == {NEUTRAL}
            continue
        assert {frozenset({b.faces[f"+{a}"], b.faces[f"-{a}"]}) for a in "xyz"} == pairs
        if b.size in large:  # the 2×2 faces of a Size 1 / the ends of a Size 4 are ±z
            pair = frozenset({b.faces["+z"], b.faces["-z"]})
            large[b.size][pair] = large[b.size].get(pair, 0) + 1
    assert sorted(large[1].values()) == [4, 4, 4]
    assert sorted(large[4].values()) == [3, 3, 3]


@pytest.mark.rule("R4")
def test_R04_top_colour_is_the_face_pointing_up() -> None:
    state = position(
        [
            put("cube-1", (8, 8, 0), "+z"),
            put("cube-2", (10, 8, 0), "-z"),
            put("cube-3", (12, 8, 0), "-y"),
            put("cube-4", (14, 8, 0), "+x"),
        ]
    )
    s = state.structure
    got = [s.top_colour(state.block_index(f"cube-{i}")) for i in range(1, 5)]
    assert got == [Colour.TEAL, Colour.PURPLE, Colour.NEUTRAL, Colour.YELLOW]


@pytest.mark.rule("R5")
def test_R05_hole_under_a_block_is_refused() -> None:
    with pytest.raises(ValidationError, match="hole"):
        position([put("cube-1", (10, 10, 0)), put("cube-2", (11, 10, 2))])


@pytest.mark.rule("R5")
def test_R05_overlap_is_refused() -> None:
    with pytest.raises(ValidationError, match="overlap"):
        position([put("cube-1", (10, 10, 0)), put("cube-2", (11, 11, 0))])


@pytest.mark.rule("R5")
def test_R05_columns_are_solid_and_topmost_block_owns_the_square() -> None:
    state = position([put("double-1", (10, 10, 0), "-y", "+z"), put("cube-1", (10, 11, 2))])
    s = state.structure
    cube, double = state.block_index("cube-1"), state.block_index("double-1")
    assert s.height_at((10, 11)) == 4 and s.block_at((10, 11)) == cube
    assert s.height_at((10, 10)) == 2 and s.block_at((10, 10)) == double
    assert s.block_below((10, 11), 3) == cube and s.block_below((10, 11), 2) == double


@pytest.mark.rule("R6")
def test_R06_surface_is_the_uncovered_top() -> None:
    state = position([put("double-1", (10, 10, 0), "-y", "+z"), put("cube-1", (10, 11, 2))])
    s = state.structure
    assert sorted(s.surfaces[state.block_index("double-1")]) == [
        (10, 10),
        (10, 13),
        (11, 10),
        (11, 13),
    ]


@pytest.mark.rule("R6")
def test_R06_fully_covered_block_cannot_be_stood_on() -> None:
    state = position(
        [put("cube-1", (10, 10, 0), NEUTRAL), put("cube-2", (10, 10, 2), PURPLE)],
        players={TEAL: {"ladders": ("tall",)}},
    )
    assert state.structure.surfaces[state.block_index("cube-1")] == []
    assert destinations(state) == set()  # a purple top is all there is to stand on


@pytest.mark.rule("R6")
def test_R06_table_holds_any_number_of_climbers() -> None:
    state = position([put("cube-1", (10, 10, 0))], colours=(TEAL, PURPLE, Colour.YELLOW))
    assert [p.at for p in state.players] == [None, None, None]
    assert [state.level(i) for i in range(3)] == [0, 0, 0]


@pytest.mark.rule("R7")
def test_R07_two_climbers_never_share_a_square() -> None:
    with pytest.raises(ValidationError, match="two Climbers"):
        position([put("cube-1", (10, 10, 0), NEUTRAL)], at={TEAL: (10, 10), PURPLE: (10, 10)})


@pytest.mark.rule("R7")
def test_R07_level_is_the_top_of_the_block_stood_on() -> None:
    state = position(
        [put("double-3", (10, 10, 0), NEUTRAL), put("half-3", (12, 10, 0), NEUTRAL)],
        at={TEAL: (10, 11), PURPLE: (12, 10)},
    )
    assert state.level(0) == 4 and state.level(1) == 1


@pytest.mark.rule("R7")
def test_R07_climber_cannot_stand_on_a_foreign_colour() -> None:
    with pytest.raises(ValidationError, match="purple surface"):
        position([put("cube-1", (10, 10, 0), PURPLE)], at={TEAL: (10, 10)})
