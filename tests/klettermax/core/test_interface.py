"""The game interface: every legal action applies, refusals leave the state alone, text and
JSON round trips, replays, random games to the end, and each player's view."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from climbers.games.interface import GameRules, Refusal
from climbers.klettermax.core import (
    COLOURS,
    FLICKS,
    JESTER,
    RULES,
    Action,
    End,
    Flick,
    MoveTower,
    Place,
    Reason,
    Refused,
    Roll,
    State,
    Take,
    action_text,
    apply,
    dump,
    event_for,
    legal_actions,
    load,
    new_state,
    parse_action,
    refusal,
    roll_dice,
    stand_in,
    view_for,
)
from climbers.klettermax.core.events import Looted

from .helpers import B, G, R, W, Y, play, position, random_game, rolling

EVERY_ACTION: tuple[Action, ...] = (
    Roll(),
    End(),
    *(Take(colour=c) for c in COLOURS),
    *FLICKS,
    *(MoveTower(spot=n) for n in range(1, 13)),
)
GAMES = [(seed, players, seed % 2 == 1) for players in (2, 3, 4) for seed in range(4)]
"""(seed, players, beginners) of the random games the tests walk through."""
Game = tuple[list[tuple[State, Action]], State]


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [random_game(seed, players, beginners) for seed, players, beginners in GAMES]


def states(games: list[Game]) -> list[State]:
    return [s for log, end in games for s in [*(s for s, _ in log), end]]


def test_rules_satisfy_the_game_interface() -> None:
    rules: GameRules = RULES
    assert (rules.name, rules.seats, rules.refusal) == ("klettermax", (2, 4), Refused)
    state = rules.new_state(3, 4)
    assert rules.to_act(state) == state.turn.seat and not rules.is_over(state)
    assert rules.ranking(state) == (1, 1, 1)
    assert rules.load(rules.dump(state)) == state
    assert rules.parse_action(rules.action_text(Roll())) == Roll()
    assert list(rules.legal_actions(state)) == list(legal_actions(state))
    assert isinstance(Refused(Reason.GAME_OVER), Refusal)


def test_the_core_imports_nothing_else_of_the_project_and_no_engine() -> None:
    code = (
        "import sys, climbers.klettermax.core;"
        "print(' '.join(m for m in sys.modules if m.split('.')[0] in "
        "('climbers', 'panda3d', 'direct', 'ursina') and not m.startswith('climbers.klettermax')"
        " and m != 'climbers'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_every_legal_action_applies(games: list[Game]) -> None:
    for state in states(games):
        for action in legal_actions(state):
            after, events = apply(state, action)
            assert after != state and events


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(
    games: list[Game],
) -> None:
    reasons: set[Reason] = set()
    for state in states(games):
        legal = legal_actions(state)
        before = state.model_dump()
        for action in EVERY_ACTION:
            problem = refusal(state, action)
            assert (problem is None) == (action in legal), (state, action)
            if problem is None:
                continue
            with pytest.raises(Refused) as info:
                apply(state, action)
            assert info.value.reason is problem.reason and state.model_dump() == before
            assert all(isinstance(p, Place) for p in problem.places)
            assert all(type(v) in (int, str) for v in problem.params.values())
            assert str(problem).startswith(problem.reason.value) and "\n" not in str(problem)
            reasons.add(problem.reason)
    assert reasons == set(Reason)


def test_text_forms_round_trip() -> None:
    texts = [action_text(a) for a in EVERY_ACTION]
    assert texts[:3] == ["roll", "end", "take red"]
    assert {"flick chamber 5", "flick wall", "flick outside", "move-tower 7"} <= set(texts)
    assert len(set(texts)) == len(texts)
    for action, text in zip(EVERY_ACTION, texts, strict=True):
        assert parse_action(text) == action and "\n" not in text
    for loose in ("  Take   GREEN ", "take GREEN", "take  green", "Roll"):  # issue 32, item 8
        with pytest.raises(ValueError):
            parse_action(loose)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "roll 2",
        "take",
        "take purple",
        "take jester",
        "flick",
        "flick chamber 0",
        "flick chamber ten",
        "flick chamber -1",
        "move-tower 13",
        "move-tower",
        "move tower 3",
        "end now",
        "flick wall 3",
        "x" * 10_000,
        "move-tower ²",
    ],
)
def test_malformed_text_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_action(text)
    assert len(str(info.value)) < 100


def test_json_round_trip(games: list[Game]) -> None:
    for state in states(games):
        text = dump(state)
        assert load(text) == state and dump(load(text)) == text


def test_the_same_seed_and_log_replay_the_same_game(games: list[Game]) -> None:
    for (seed, players, beginners), (log, end) in zip(GAMES, games, strict=True):
        texts = [action_text(a) for _, a in log]
        state = new_state(players, seed, beginners)
        for text in texts:
            state = apply(state, parse_action(text))[0]
        assert state == end
        assert random_game(seed, players, beginners) == (log, end)
    assert new_state(3, 1) != new_state(3, 2)


def test_random_games_run_to_the_end(games: list[Game]) -> None:
    more = [random_game(seed, 2 + seed % 3, seed % 4 == 0) for seed in range(100, 190)]
    for log, end in [*games, *more]:
        assert end.over and legal_actions(end) == () and len(log) < 2_000
        assert sorted(len(s.tiles) for s in end.seats)[-2:] != [5, 5]
        assert any(isinstance(a, Flick) for _, a in log)


def test_a_player_sees_their_own_tiles_and_only_counts_of_the_others() -> None:
    state = position(towers=((R, Y), (G,), ()), tiles=((3, 1), (2,), ()))
    mine, onlooker = view_for(state, 0), view_for(state, None)
    assert [s.tiles for s in mine.seats] == [2, 1, 0]
    assert [s.treasures for s in mine.seats] == [(3, 1), None, None]
    assert [s.treasures for s in onlooker.seats] == [None, None, None]
    assert [s.tower for s in mine.seats] == [(R, Y), (G,), ()]
    assert mine.supply == {R: 3, Y: 3, G: 3, B: 4, W: 4}
    chambers = [(c.face_up, c.face_down) for c in mine.chambers]
    assert chambers == [(s[0], len(s) - 1) if s else (None, 0) for s in state.chambers]


def test_a_loot_shows_its_treasures_to_the_looter_only_until_the_end() -> None:
    full = (R, Y, G, B, W)
    state = position(towers=(full, ()), tiles=((), (1, 1)), chambers={3: (2, 3)})
    after, events = play(state, Flick(rest="chamber", chamber=3))
    looted = Looted(seat=0, chamber=3, treasures=2)
    assert looted in events and event_for(looted, 0, after) == looted
    assert event_for(looted, 1, after).treasures is None
    assert event_for(looted, None, after).treasures is None
    last = position(towers=(full, ()), tiles=((1, 1, 1, 1), ()), chambers={3: (2, 3)})
    over, _ = play(last, Flick(rest="chamber", chamber=3))
    assert over.over and event_for(looted, 1, over) == looted


@pytest.mark.rule("K12")
def test_K12_a_seat_observes_the_table_as_it_sees_it_as_a_json_value() -> None:
    """Two games that differ only where seat 1's tile and a face-down tile of chamber 1 were
    swapped: seats 0 and 2 and an onlooker cannot tell them apart, seat 1 can."""
    towers = ((R, Y), (G,), ())
    state = position(towers=towers, tiles=((3, 1), (2,), ()), chambers={1: (1, 3, 3)})
    swapped = position(towers=towers, tiles=((3, 1), (3,), ()), chambers={1: (1, 2, 3)})
    for seat in (0, 2, None):
        assert RULES.observe(state, seat) == RULES.observe(swapped, seat)
    assert RULES.observe(state, 1) != RULES.observe(swapped, 1)
    mine = RULES.observe(state, 0)
    assert json.loads(json.dumps(mine)) == mine
    assert set(mine) == {"viewer", "seats", "chambers", "supply", "dice", "turn", "beginners"}
    assert [s["treasures"] for s in mine["seats"]] == [[3, 1], None, None]
    assert [s["tiles"] for s in mine["seats"]] == [2, 1, 0]
    assert mine["chambers"][0] == {"face_up": 1, "face_down": 2}
    assert [s["treasures"] for s in RULES.observe(state, None)["seats"]] == [None] * 3
    rolled, _ = play(rolling(state, G, JESTER), Roll())
    assert mine["dice"] is None and RULES.observe(rolled, 1)["dice"] == ["green", "jester"]


@pytest.mark.rule("K16")
def test_K16_at_the_end_every_seat_observes_every_players_tiles() -> None:
    full = (R, Y, G, B, W)
    last = position(towers=(full, ()), tiles=((1, 1, 1, 1), (3, 3)), chambers={3: (2, 3)})
    over, _ = play(last, Flick(rest="chamber", chamber=3))
    for seat in (0, 1, None):
        seen = RULES.observe(over, seat)["seats"]
        assert [s["treasures"] for s in seen] == [[1, 1, 1, 1, 2], [3, 3]]
        assert RULES.resample(over, seat, 4).seats == over.seats


def test_resampling_draws_anew_only_what_a_seat_may_not_see(games: list[Game]) -> None:
    """Face-down tiles, others' tiles until the end and the dice to come are shuffled; the
    seat's observation, its own tiles, the face-up tiles and the actions stay. A twin is a
    position for a bot's search, no game its seed dealt: the reader of files refuses it."""
    moved = {"chambers": 0, "others": 0, "dice": 0}
    for state in states(games):
        for seat in [*range(len(state.seats)), None]:
            twin = RULES.resample(state, seat, 11)
            assert twin == RULES.resample(state, seat, 11)
            assert State.model_validate_json(dump(twin)) == twin
            with pytest.raises(ValueError, match="seed"):  # a position to search, not a file
                load(dump(twin))
            assert RULES.observe(twin, seat) == RULES.observe(state, seat)
            assert legal_actions(twin) == legal_actions(state) and twin.rolls == state.rolls
            assert twin.seed != state.seed
            moved["dice"] += roll_dice(twin.seed, twin.rolls) != roll_dice(state.seed, state.rolls)
            assert [s[:1] for s in twin.chambers] == [s[:1] for s in state.chambers]
            if seat is not None:
                assert twin.seats[seat] == state.seats[seat]
            others = [i for i in range(len(state.seats)) if i != seat]
            moved["chambers"] += twin.chambers != state.chambers
            moved["others"] += any(twin.seats[i].tiles != state.seats[i].tiles for i in others)
    assert min(moved.values()) > 100, moved


@pytest.mark.rule("K12")
def test_a_seats_view_stands_for_a_game_that_seat_cannot_tell_from_the_real_one(
    games: list[Game],
) -> None:
    """What a table across computers draws from a seat's view alone: a game with the same view
    for that seat, the same actions and the last roll on the table; what the seat may not see
    is dealt from the tiles not in sight, so it differs from the real game somewhere."""
    differs = 0
    for state in states(games):
        for seat in [*range(len(state.seats)), None]:
            seen = view_for(state, seat)
            standing = stand_in(seen, 3)
            assert view_for(standing, seat) == seen and standing == stand_in(seen, 3)
            assert legal_actions(standing) == legal_actions(state)
            if seat is not None:
                assert standing.seats[seat] == state.seats[seat]
            differs += standing.chambers != state.chambers or standing.seats != state.seats
    assert differs > 100, differs


@pytest.mark.rule("K6")
def test_a_state_read_with_many_rolls_rolls_on() -> None:
    """Issue 32, item 8: the engine never makes a state its reader refuses."""
    state = new_state(2, 7).model_copy(update={"rolls": 10**9})
    loaded = RULES.load(RULES.dump(state))
    after, _events = apply(loaded, Roll())
    assert after.rolls == 10**9 + 1 and RULES.load(RULES.dump(after)) == after
