"""The shared interface's conformance check, on both boards."""

from __future__ import annotations

import pytest

from climbers.clamber.core import RULES, ClamberRules
from climbers.games.conformance import check_game


@pytest.mark.parametrize(("rules", "seed"), [(RULES, 1), (RULES, 3), (ClamberRules(size=4), 3)])
def test_clamber_keeps_the_promises_of_the_game_interface(rules: ClamberRules, seed: int) -> None:
    """Seed 1 ends in a wipe-out after 5 turns, seed 3 after 230; the 4-board game at its
    turn limit."""
    run = check_game(rules, seed)
    assert rules.is_over(run.states[-1])
