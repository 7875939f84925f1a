"""scripts/bench's rows for the games besides The Climbers come from their registry entries."""

from __future__ import annotations

import pytest

from climbers.devtools import game_speed
from climbers.games import registry
from climbers.games.registry import games


def test_every_game_that_measures_itself_has_rows_in_the_bench(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    measuring = [entry.name for entry in games().values() if entry.speed is not None]
    assert {"clamber", "klettermax"} <= set(measuring)
    monkeypatch.setattr(
        registry, "load", lambda reference: lambda quick: [("a step", 2.0, 3.0, 1.0)]
    )
    assert game_speed.main(["--quick"]) == 0, "a quick run never fails"
    assert game_speed.main([]) == 1, "a full run that misses a target fails"
    out = capsys.readouterr().out
    for name in measuring:
        assert f"{name}: a step" in out and "MISSED" in out
