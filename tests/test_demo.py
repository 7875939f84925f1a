"""The demo without a window: all-bot games one after another, memory reported per game."""

from __future__ import annotations

import pytest

from climbers.cli.main import main
from climbers.the_climbers.game.demo import LINEUPS, demo_game


def test_demo_games_are_all_bots_of_mixed_levels_on_new_mountains() -> None:
    games = [demo_game(i) for i in range(4)]
    assert [g.setting for g in games] == [f"mountain {i}" for i in range(4)]
    for g, levels in zip(games, LINEUPS, strict=True):
        state = g.session.state
        assert 3 <= len(state.players) <= 4 and not g.session.actions
        assert [g.session.bots[p.colour] for p in state.players] == list(levels)
        assert len(set(levels)) > 1


def test_headless_demo_plays_games_to_the_end_without_growing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--headless", "--games", "3", "--budget", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["game   1", "game   2", "game   3"]
    assert all(" wins at level " in line for line in lines[:3])
    rss = [float(line.rsplit("RSS ", 1)[1].split()[0]) for line in lines[:3]]
    assert rss[0] > 0 and rss[2] - rss[0] < 16, f"memory grew: {rss} MiB"
    assert lines[3].startswith("RSS after game 1:")
