"""The bots with the physics' hand: whole seeded games of legal actions whose every flick the
physics repeats from the record (determinism), the hard bot's better aim, the tournament
command on Burg Klettermax, and the bench's rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from climbers.cli.main import main
from climbers.games.registry import game
from climbers.games.tournament import bots_of
from climbers.klettermax import contest, speed
from climbers.klettermax.core import (
    Action,
    Flick,
    State,
    apply,
    dump_record,
    legal_actions,
    load_record,
    new_state,
    ranking,
    read_record,
    refusal,
)
from climbers.klettermax.physics import verify_flicks

GAMES = [
    (2, 11, ("hard", "easy"), False),
    (3, 12, ("easy", "medium", "hard"), True),
    (4, 13, ("medium", "hard", "easy", "hard"), False),
]
"""(players, seed, levels by seat, beginners) of the seeded bot games."""


def bot_game(players: int, seed: int, levels: tuple[str, ...], beginners: bool) -> list[Action]:
    """A whole game between bots with the physics' hand, checking that each action is legal."""
    bots = [contest.make_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    state = new_state(players, seed, beginners)
    actions: list[Action] = []
    for _ in range(2_000):
        if state.over:
            return actions
        action = bots[state.turn.seat].choose(state)
        assert refusal(state, action) is None
        if isinstance(action, Flick):
            assert action.aim is not None
            plain = Flick(rest=action.rest, chamber=action.chamber)
            assert plain in legal_actions(state)
        else:
            assert action in legal_actions(state)
        state = apply(state, action)[0]
        actions.append(action)
    raise AssertionError(f"game {seed} did not end")


@pytest.fixture(scope="module")
def games() -> list[tuple[State, list[Action]]]:
    return [
        (new_state(players, seed, beginners), bot_game(players, seed, levels, beginners))
        for players, seed, levels, beginners in GAMES
    ]


@pytest.mark.rule("K16")
def test_K16_bots_of_every_level_play_whole_games_of_legal_actions(
    games: list[tuple[State, list[Action]]],
) -> None:
    for start, actions in games:
        state = start
        for action in actions:
            state = apply(state, action)[0]
        assert state.over and max(len(s.tiles) for s in state.seats) == 5
        assert sum(isinstance(a, Flick) for a in actions) >= 5


@pytest.mark.rule("K12")
def test_K12_a_replay_simulates_every_flick_again_and_finds_its_resting_place(
    games: list[tuple[State, list[Action]]],
) -> None:
    for start, actions in games:
        loaded_start, loaded = load_record(dump_record(start, actions))
        assert (loaded_start, list(loaded)) == (start, actions)
        assert verify_flicks(loaded_start, loaded) == []


@pytest.mark.rule("K12")
def test_K12_a_flick_recorded_elsewhere_or_without_an_aim_is_reported(
    games: list[tuple[State, list[Action]]],
) -> None:
    start, actions = games[0]
    index, flick = next((i, a) for i, a in enumerate(actions) if isinstance(a, Flick) and a.chamber)
    assert isinstance(flick, Flick) and flick.aim is not None
    moved = Flick(rest="wall", aim=flick.aim)
    plain = Flick(rest=flick.rest, chamber=flick.chamber)
    tampered = [*actions[:index], moved]
    [found] = verify_flicks(start, tampered)
    assert (found.index, found.action, found.simulated) == (
        index,
        f"flick wall aim {flick.aim.text()}",
        f"chamber {flick.chamber}",
    )
    [unaimed] = verify_flicks(start, [*actions[:index], plain])
    assert unaimed.simulated is None and "has no aim" in str(unaimed)


@pytest.mark.rule("K12")
def test_K12_flicks_recorded_under_an_earlier_physics_replay_as_recorded(
    games: list[tuple[State, list[Action]]],
) -> None:
    # Issue 31: a record of the first physics loads, replays by its recorded resting places,
    # and each of its flicks is reported as such, not flicked again.
    start, actions = games[0]
    data = json.loads(dump_record(start, actions))
    del data["physics"]
    old_start, old_actions, physics = read_record(json.dumps(data))
    assert (old_start, list(old_actions), physics) == (start, actions, 1)
    found = verify_flicks(old_start, old_actions, physics)
    flicks = [i for i, a in enumerate(actions) if isinstance(a, Flick)]
    assert [m.index for m in found] == flicks
    assert all(m.earlier and m.simulated is None for m in found)
    assert "recorded under an earlier physics, replayed as recorded" in str(found[0])


def test_the_hard_bot_hits_its_chamber_more_often_than_the_easy_one() -> None:
    rows = {row.level: row for row in speed.hit_rates(per_spot=3, seed=1)}
    assert rows["easy"].flicks == rows["hard"].flicks == 36
    assert rows["hard"].rate > rows["easy"].rate + 0.3
    assert rows["hard"].rate >= 0.8 and rows["easy"].rate <= 0.6


def test_the_tournament_plays_burg_klettermax_with_the_physics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bots_of("klettermax") is contest.BOTS
    assert game("klettermax").bots == "climbers.klettermax.contest:BOTS"
    out = tmp_path / "k.json"
    args = ["tournament", "--game", "klettermax", "--bots", "hard,easy", "--players", "3"]
    assert main([*args, "--games", "3", "--jobs", "1", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "klettermax: 3 games, 3 players" in printed and "0 errors, 0 unfinished" in printed
    data = json.loads(out.read_text())
    assert data["finished"] == 3 and not data["errors"]
    assert [r["seats"] for r in data["results"]][0] == ["hard", "easy", "hard"]
    for r in data["results"]:
        assert max(r["scores"]) >= 5
        totals = r["scores"]
        assert r["places"] == [1 + sum(t > mine for t in totals) for mine in totals]
    hard = next(b for b in data["bots"] if b["bot"] == "hard")
    assert hard["seats"] == 6 and hard["turns"] > 0


def test_a_tournament_start_lets_seat_0_begin() -> None:
    start = contest.start(4, 9)
    assert start.turn.seat == 0 and start.chambers == new_state(4, 9).chambers
    assert contest.treasures(start) == (0, 0, 0, 0) and ranking(start) == (1, 1, 1, 1)


def test_the_bench_rows_give_each_levels_hit_rate_and_choice_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = []

    def measured(per_spot: int) -> list[speed.HitRow]:
        asked.append(per_spot)
        hits = {"easy": 50, "medium": 130, "hard": 190}
        return [speed.HitRow(level, hits[level], 200, (0.1, 0.3, 0.2)) for level in hits]

    monkeypatch.setattr(speed.speed, "bench_rows", lambda quick: [])
    monkeypatch.setattr(speed, "hit_rates", measured)
    monkeypatch.setattr(speed, "frame_time_row", lambda: None)  # no window here
    quick, full = speed.bench_rows(quick=True), speed.bench_rows(quick=False)
    assert asked == [5, 200] and quick == full
    assert [row.name for row in full] == [
        "easy bot: hits its chamber 25.0% of 200 flicks (target 25%–45%: ok); choosing a flick",
        "medium bot: hits its chamber 65.0% of 200 flicks (target 50%–70%: ok); choosing a flick",
        "hard bot: hits its chamber 95.0% of 200 flicks (target ≥ 85%: ok); choosing a flick",
    ]
    assert [(r.median_ms, r.p95_ms, r.target_ms) for r in full] == [(0.2, 0.3, 50.0)] * 3
    missed = speed.HitRow("hard", 160, 200, (1.0,))
    assert not missed.met() and speed.HitRow("easy", 90, 200, (1.0,)).met()


def test_the_frame_time_row_is_the_probes_figures_against_the_plain_scene(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from climbers.devtools import window_probe

    asked = []

    def probe(flags: list[str]) -> tuple[float, float]:
        asked.append(list(flags))
        return 40.0, 50.0

    monkeypatch.setattr(window_probe, "have_display", lambda: True)
    monkeypatch.setattr(window_probe, "probe_frame_rates", probe)
    row = speed.frame_time_row()
    assert asked == [["--game", "klettermax"]] and row is not None
    assert (row.median_ms, row.target_ms) == (25.0, 25.0), "40 fps is 0.8 of 50 fps: just met"
    monkeypatch.setattr(window_probe, "have_display", lambda: False)
    assert speed.frame_time_row() is None
