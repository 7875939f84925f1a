"""Golden counts, perft-style: legal placements per free block and reachable squares per Climber.

tests/golden/counts.json freezes a dozen mid-game positions (the whole game state, so a change
to the mountain generator or to the random play does not move them) with their counts. A change
that alters what is legal (R9–R12, R14–R17) changes a count and fails here. To accept such a
change on purpose, regenerate the file and review its diff:

    CLIMBERS_REGOLD=1 .venv/bin/python -m pytest -q tests/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from climbers.the_climbers.core import GameState, free_blocks, legal_placements
from climbers.the_climbers.core.movement import Walker
from climbers.the_climbers.devtools.midgame import midgame

GOLDEN = Path(__file__).parent / "golden" / "counts.json"
PROFILES = ("spire", "balanced", "plateau")
CASES = [(seed, 2 + seed % 4, PROFILES[seed % 3]) for seed in range(200, 212)]
"""(seed, players, profile) of each frozen position."""


def counts(state: GameState) -> dict[str, dict[str, int]]:
    """Legal placements per free block, and squares reachable per Climber with its ladders."""
    rows = legal_placements(state)
    per_block = {
        name: int((rows[:, 0] == state.block_index(name)).sum()) for name in free_blocks(state)
    }
    reach = {
        p.colour.value: len(Walker(state, seat, True).routes())
        for seat, p in enumerate(state.players)
    }
    return {"placements": per_block, "reachable": reach}


def _entries() -> list[dict[str, object]]:
    result = []
    for seed, players, profile in CASES:
        state = midgame(seed, players=players, actions=50, profile=profile)  # type: ignore[arg-type]
        result.append({"seed": seed, "state": state.model_dump(mode="json"), **counts(state)})
    return result


def test_golden_counts_are_unchanged() -> None:
    if os.environ.get("CLIMBERS_REGOLD"):
        GOLDEN.write_text(json.dumps({"positions": _entries()}, indent=1) + "\n")
        pytest.skip(f"rewrote {GOLDEN}; review the diff before committing")
    data = json.loads(GOLDEN.read_text())
    assert len(data["positions"]) >= 10
    for entry in data["positions"]:
        state = GameState.model_validate(entry["state"])
        expected = {"placements": entry["placements"], "reachable": entry["reachable"]}
        assert counts(state) == expected, f"position of seed {entry['seed']}"


def test_golden_positions_cover_pushes_disks_and_climbers_on_blocks() -> None:
    data = json.loads(GOLDEN.read_text())
    states = [GameState.model_validate(e["state"]) for e in data["positions"]]
    assert sum(len(s.disk_blocks) for s in states) >= 3
    assert sum(1 for s in states for p in s.players if p.at is not None) >= 15
