"""C1 board sizes and C2 notation and neighbours."""

from __future__ import annotations

import pytest

from climbers.clamber.core import RULES, ClamberRules
from climbers.clamber.core.board import board


def _neighbours(size: int, cell: str) -> set[str]:
    b = board(size)
    return {b.names[j] for j in b.neighbours[b.index[cell]]}


@pytest.mark.rule("C1")
def test_C1_the_board_has_19_cells_and_37_with_the_larger_option() -> None:
    assert len(RULES.new_state(2, 0).cells) == 19
    assert len(ClamberRules(size=4).new_state(2, 0).cells) == 37
    with pytest.raises(ValueError):
        ClamberRules(size=5)


@pytest.mark.rule("C1")
def test_C1_the_board_is_a_hexagon_with_six_corners_of_three_neighbours() -> None:
    for size in (3, 4):
        b = board(size)
        degrees = [len(n) for n in b.neighbours]
        assert degrees.count(3) == 6
        assert degrees.count(6) == 3 * (size - 1) * (size - 2) + 1  # the inner hexagon
        assert all(i in b.neighbours[j] for i, ns in enumerate(b.neighbours) for j in ns)


@pytest.mark.rule("C2")
def test_C2_rows_and_numbers_of_both_boards() -> None:
    rows3 = "A1 A2 A3 B1 B2 B3 B4 C1 C2 C3 C4 C5 D2 D3 D4 D5 E3 E4 E5"
    assert board(3).names == tuple(rows3.split())
    b4 = board(4).names
    assert b4[:4] == ("A1", "A2", "A3", "A4") and b4[-4:] == ("G4", "G5", "G6", "G7")
    assert [n for n in b4 if n[0] == "D"] == [f"D{i}" for i in range(1, 8)]


@pytest.mark.rule("C2")
def test_C2_neighbours_follow_rows_and_numbers_as_in_the_source_examples() -> None:
    for a, b in [
        ("C3", "D3"),
        ("D3", "D4"),
        ("D4", "E4"),
        ("B2", "B3"),
        ("B3", "C4"),
        ("C4", "D4"),
        ("C4", "D5"),
        ("D5", "E5"),
        ("E4", "E5"),
        ("E3", "D3"),
    ]:
        assert b in _neighbours(3, a) and a in _neighbours(3, b)
    assert _neighbours(3, "C3") == {"C2", "C4", "B2", "B3", "D3", "D4"}
    assert _neighbours(3, "A1") == {"A2", "B1", "B2"}
    assert "B4" not in _neighbours(3, "C3") and "D2" not in _neighbours(3, "C3")
    assert _neighbours(4, "D4") == {"D3", "D5", "C3", "C4", "E4", "E5"}
