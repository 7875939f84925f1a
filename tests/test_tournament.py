"""The shared tournament: seat rotation, Wilson intervals, a tiny match of each game through the
command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from climbers.cli.main import main
from climbers.games.tournament import GameResult, figures, play_game, schedule, wilson


def test_seats_rotate_on_a_shared_mountain() -> None:
    specs = schedule("climbers", ["strong", "greedy"], 4, 2, 10, 0.5)
    assert [s.seats for s in specs] == [("strong", "greedy"), ("greedy", "strong")] * 2
    assert [s.start for s in specs] == [10, 10, 11, 11]
    three = schedule("climbers", ["strong", "greedy", "random"], 3, 3, 0, 0.5)
    assert {s.seats[0] for s in three} == {"strong", "greedy", "random"}


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(9, 10)
    assert low == pytest.approx(0.5958, abs=1e-4) and high == pytest.approx(0.9821, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == pytest.approx(1.0)


def test_figures_count_outright_wins_and_shared_firsts() -> None:
    results = [
        GameResult(
            0,
            ("greedy", "random"),
            0,
            places=[1, 2],
            turn_times=[[0.1], [0.2]],
            reaction_times=[[], []],
        ),
        GameResult(
            1,
            ("random", "greedy"),
            0,
            places=[1, 1],
            turn_times=[[0.3], [0.4, 0.5]],
            reaction_times=[[], []],
        ),
    ]
    rows = {f.bot: f for f in figures(results)}
    assert (rows["greedy"].wins, rows["greedy"].ties, rows["greedy"].seats) == (1, 1, 2)
    assert rows["random"].wins == 0 and rows["greedy"].max_s == 0.5
    assert rows["greedy"].turns == 3


@pytest.mark.rule("R22")
def test_R22_a_five_player_bot_game_finishes() -> None:
    spec = schedule("climbers", ["greedy", "random"], 1, 5, 3, 0.05)[0]
    result = play_game(spec)
    assert result.error is None and result.finished
    assert sorted(result.places)[0] == 1 and len(result.scores) == 5


def test_tournament_command_plays_a_tiny_match_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.json"
    args = ["tournament", "--bots", "strong,greedy", "--games", "2", "--budget", "0.05"]
    code = main([*args, "--jobs", "1", "--seed", "5", "--json", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "win rate" in printed and "95% CI" in printed
    data = json.loads(out.read_text())
    assert data["format"] == "climbers-tournament" and data["games"] == 2
    assert data["finished"] == 2 and data["errors"] == []
    bots = {b["bot"]: b for b in data["bots"]}
    assert set(bots) == {"strong", "greedy"}
    for b in bots.values():
        assert b["seats"] == 2 and b["wins"] + b["ties"] <= 2
        assert 0.0 <= b["ci_low"] <= b["win_rate"] <= b["ci_high"] <= 1.0
        assert b["turns"] > 0 and 0 < b["median_s"] <= b["max_s"]
    assert [r["seats"] for r in data["results"]] == [["strong", "greedy"], ["greedy", "strong"]]


def test_tournament_runs_games_in_worker_processes(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    args = ["tournament", "--bots", "greedy,random", "--games", "2", "--quiet"]
    assert main([*args, "--jobs", "2", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["jobs"] == 2 and data["finished"] == 2


def test_tournament_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "strong,expert", "--games", "1"]) == 2
    assert "expert" in capsys.readouterr().err


def test_a_clamber_tournament_alternates_colours_and_names_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "c.json"
    args = ["tournament", "--game", "clamber", "--bots", "greedy,random", "--games", "4"]
    assert main([*args, "--jobs", "1", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    assert sum(line.startswith("game ") for line in lines) == 4 and "clamber: 4 games" in printed
    data = json.loads(out.read_text())
    assert data["game"] == "clamber" and data["players"] == 2 and data["finished"] == 4
    assert [r["seats"][0] for r in data["results"]] == ["greedy", "random"] * 2
    for r in data["results"]:
        assert sorted(r["places"]) in ([1, 1], [1, 2]) and r["scores"] == []
    greedy = next(b for b in data["bots"] if b["bot"] == "greedy")
    assert greedy["seats"] == 4 and greedy["turns"] > 0 and greedy["reaction_max_s"] == 0.0


def test_a_tournament_refuses_seats_the_game_has_not(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "clamber", "--players", "3", "--games", "1"]) == 2
    assert "clamber is for 2 to 2 players, not 3" in capsys.readouterr().err
