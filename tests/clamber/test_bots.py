"""The bots: legal turns only, determinism, a won capture taken, strong beating greedy and the
gallery's rules of thumb, the evaluation's captures."""

from __future__ import annotations

from dataclasses import replace

import pytest

from clamber.games import random_positions
from clamber.positions import position
from climbers.clamber.ai import GreedyBot, RandomBot, StrongBot
from climbers.clamber.ai.base import Bot
from climbers.clamber.ai.evaluation import captures
from climbers.clamber.ai.gallery import RULES as RULES_OF_THUMB
from climbers.clamber.ai.gallery import ScriptedBot, can_be_taken
from climbers.clamber.ai.tournament import BOTS as KIT
from climbers.clamber.ai.tournament import EXPERT_NODES, STRONG_NODES, make_bot
from climbers.clamber.ai.uct import UctBot
from climbers.clamber.core import RULES, apply, legal_turns, parse_turn
from climbers.clamber.devtools.sparring import match
from climbers.games.tournament import figures, run_games, schedule

BOTS = {
    "random": lambda: RandomBot(seed=1),
    "greedy": lambda: GreedyBot(seed=1),
    "strong": lambda: StrongBot(seed=1, seconds=60, nodes=300),
    "uct": lambda: UctBot(seed=1, iterations=30),
    **{name: (lambda r=rule: ScriptedBot(r, seed=1)) for name, rule in RULES_OF_THUMB.items()},
}


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("size", (3, 4))
def test_every_bot_returns_only_legal_turns(name: str, size: int) -> None:
    bot: Bot = BOTS[name]()
    for state in random_positions(size, games=1, every=12):
        if not state.over:
            assert bot.choose(state) in legal_turns(state)
    with pytest.raises(ValueError):
        bot.choose(random_positions(size, games=1)[-1])  # the game is over


@pytest.mark.parametrize("name", BOTS)
def test_the_same_seed_plays_the_same_turns(name: str) -> None:
    positions = [s for s in random_positions(3, games=1, every=5) if not s.over][:6]
    first, second = BOTS[name](), BOTS[name]()
    assert [first.choose(s) for s in positions] == [second.choose(s) for s in positions]


@pytest.mark.parametrize("name", ["greedy", "strong"])
def test_a_capture_that_wins_is_taken(name: str) -> None:
    state = position("A1 b1, C3 b2, D3 r1, D4 r1, E5 b1")
    after = apply(state, BOTS[name]().choose(state))[0]
    assert after.result is not None and after.result.winner == 0


def test_greedy_takes_the_capture_that_gains_most() -> None:
    state = position("A1 b3, A2 r2, A3 r2, B2 r1, E5 r1")
    assert GreedyBot().choose(state) == parse_turn("A1xA2")  # removes A3 too


def test_the_strong_bot_beats_greedy_with_a_small_budget() -> None:
    def make(level: str, seed: int, seconds: float) -> Bot:
        return StrongBot(seed, seconds=60, nodes=1500) if level == "strong" else GreedyBot(seed)

    bots = replace(KIT, make=make)
    results = run_games(schedule("clamber", ["strong", "greedy"], 2, 2, 0, 60), 1, bots=bots)
    assert [r.places[r.seats.index("strong")] for r in results] == [1, 1]
    assert figures(results)[0].wins == 2
    start = RULES.new_state(2, 0)
    assert StrongBot(nodes=200).choose(start) in legal_turns(start)


@pytest.mark.parametrize("rule", RULES_OF_THUMB)
def test_the_strong_bot_beats_each_rule_of_thumb_with_either_colour(rule: str) -> None:
    def strong(seed: int) -> Bot:
        return StrongBot(seed, seconds=60, nodes=2000)

    def rival(seed: int) -> Bot:
        return ScriptedBot(RULES_OF_THUMB[rule], seed)

    result = match("strong", strong, rule, rival, 3, 2)
    assert (result.wins, result.games) == (2, 2)


@pytest.mark.rule("C7")
def test_captures_on_hand_count_what_each_capture_gains() -> None:
    # Blue's 2 on C3 may take the red 1 on D3 or D4 (C8): -1 becomes +2 and the other red 1 of
    # the subgroup goes, 4 stones; or the red 2 on E5, of the red group next to C3 (C9): -2
    # becomes +3, 5 stones. Red's stacks may take nothing: Blue's A1 is not next to them.
    state = position("A1 b1, C3 b2, D3 r1, D4 r1, E5 r2")
    assert captures(state.cells, state.board.neighbours) == (5, 0)
    taken = position("C3 b1, D3 r2")
    assert captures(taken.cells, taken.board.neighbours) == (0, 3)
    assert can_be_taken(taken.cells, taken.board.neighbours, taken.board.index["C3"])
    assert not can_be_taken(state.cells, state.board.neighbours, state.board.index["A1"])


def test_the_expert_is_offered_as_a_level() -> None:
    assert KIT.levels == ("random", "greedy", "strong", "expert")
    expert = make_bot("expert", 1, seconds=0.05)
    start = RULES.new_state(2, 0)
    assert expert.choose(start) in legal_turns(start)
    assert isinstance(expert, StrongBot) and expert.info.nodes < EXPERT_NODES  # time ran out


def test_the_expert_searches_deeper_than_strong_and_plays_the_same_turns_by_seed() -> None:
    positions = [s for s in random_positions(3, games=1, every=7) if not s.over][1:4]
    first, second = (make_bot("expert", 2, seconds=60) for _ in range(2))
    strong = make_bot("strong", 2, seconds=60)
    assert isinstance(first, StrongBot) and isinstance(strong, StrongBot)
    assert first.node_limit == EXPERT_NODES == 8 * STRONG_NODES
    depths = []
    for state in positions:
        turn = first.choose(state)
        assert turn in legal_turns(state) and second.choose(state) == turn
        strong.choose(state)
        depths.append((first.info.depth, strong.info.depth))
    assert all(e >= s for e, s in depths) and any(e > s for e, s in depths), depths
