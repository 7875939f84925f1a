"""The strength ladder: pair scores from games, the Bradley–Terry fit and its intervals against
answers worked out by hand, and `climbers tournament --ladder`."""

from __future__ import annotations

import math

import pytest

from climbers.cli.main import main
from climbers.games.ladder import ELO, Pair, bradley_terry, ladder_specs, pairs
from climbers.games.tournament import GameResult, bots_of


def _game(seats: tuple[str, ...], places: list[int]) -> GameResult:
    return GameResult(0, seats, 0, places=places)


def test_pairs_score_wins_and_half_draws_whatever_the_seat() -> None:
    results = [
        _game(("strong", "greedy"), [1, 2]),
        _game(("greedy", "strong"), [2, 1]),
        _game(("greedy", "strong"), [1, 2]),
        _game(("strong", "greedy"), [1, 1]),
        _game(("greedy", "random"), [1, 2]),
    ]
    found = {(p.first, p.second): (p.score, p.games) for p in pairs(results)}
    assert found == {("strong", "greedy"): (2.5, 4), ("greedy", "random"): (1.0, 1)}


def test_pairs_in_a_game_of_more_seats_go_by_each_levels_best_place() -> None:
    result = _game(("strong", "greedy", "strong", "greedy", "strong"), [4, 1, 2, 5, 3])
    (pair,) = pairs([result])
    assert (pair.first, pair.second, pair.score) == ("strong", "greedy", 0.0)


def test_two_levels_rate_as_the_odds_of_their_games() -> None:
    # B beats A 3 games of 4: the fit's odds are 3 to 1, so B is 400·log10(3) Elo above A, and
    # the log-odds' variance is 1 / (n·p·(1 − p)) = 1 / (4 · 3/4 · 1/4) = 4/3.
    a, b = bradley_terry(["A", "B"], [Pair("A", "B", 1, 4)], prior=0)
    assert a.elo == 0 and (a.low, a.high) == (0, 0)
    assert b.elo == pytest.approx(400 * math.log10(3))
    half = 1.959964 * math.sqrt(4 / 3) * ELO
    assert (b.low, b.high) == (pytest.approx(b.elo - half), pytest.approx(b.elo + half))
    assert (b.score, b.games, a.score, a.games) == (3, 4, 1, 4)


def test_three_levels_whose_results_fit_the_model_exactly() -> None:
    # Strengths 1, 2, 4 give win chances 2/3, 2/3 and 4/5: results in exactly those
    # proportions are their own best fit, 400·log10(2) Elo a step.
    played = [Pair("B", "C", 2, 3), Pair("A", "B", 2, 3), Pair("A", "C", 4, 5)]
    c, b, a = bradley_terry(["C", "B", "A"], played, prior=0)
    step = 400 * math.log10(2)
    assert (c.elo, b.elo, a.elo) == (0, pytest.approx(step), pytest.approx(2 * step))


def test_the_prior_keeps_a_clean_sweep_finite_and_is_a_drawn_game() -> None:
    # 10 wins of 10 plus one drawn game: odds of 10.5 to 0.5.
    low, high = bradley_terry(["low", "high"], [Pair("low", "high", 0, 10)], prior=1)
    assert high.elo == pytest.approx(400 * math.log10(21))
    assert (high.score, high.games) == (10, 10)


def test_a_ladder_plays_every_pair_with_seats_swapped() -> None:
    specs = ladder_specs("clamber", ["random", "greedy", "strong"], 2, 2, 0, 0.1)
    assert [s.seats for s in specs] == [
        ("random", "greedy"),
        ("greedy", "random"),
        ("random", "strong"),
        ("strong", "random"),
        ("greedy", "strong"),
        ("strong", "greedy"),
    ]
    assert [s.index for s in specs] == list(range(6))


def test_the_ladder_command_prints_ratings_and_pair_rates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "--game", "clamber", "--ladder", "--bots", "random,greedy"]
    assert main([*args, "--games", "4", "--jobs", "1", "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "Elo" in printed and "95% interval" in printed
    ladder = printed.split("Ladder")[1].split("\n\n")[0].splitlines()[2:]
    rows = {line.split()[0]: line.split() for line in ladder}
    assert float(rows["greedy"][1]) > float(rows["random"][1]) == 0
    assert "greedy v random" in printed


def test_every_game_has_its_own_default_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert bots_of("klettermax").lineup == ["hard", "medium"]
    assert main(["tournament", "--game", "klettermax", "--games", "1", "--jobs", "1"]) == 0
    assert "hard" in capsys.readouterr().out
