"""The bots' decisions with a hand that stands in for the physics: every choice is a legal
action, the chamber weighs treasures against the chance of a hit, K15's second flick, moving
the tower tile (K13), choosing colours (K8, K9), and aim noise that grows as the level drops."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import pytest

from climbers.klettermax.ai import LEVELS, SKILLS, Bot, Noise, Target
from climbers.klettermax.core import (
    Aim,
    End,
    Flick,
    MoveTower,
    Phase,
    Roll,
    State,
    Take,
    apply,
    facing,
    legal_actions,
    new_state,
    refusal,
)

from ..core.helpers import ALL, B, G, R, W, Y, position, rolling


def meant(chamber: int) -> Aim:
    """The stand-in hand's aim at `chamber`: ten degrees a chamber."""
    return Aim(angle=10.0 * chamber, strength=0.5)


class StandInHand:
    """Chances by spot and chamber (the facing chamber 0.9 unless told, others 0.2), aims ten
    degrees a chamber; every flick lands in the chamber its aim's angle names in tens of
    degrees, else outside."""

    def __init__(self, chances: dict[tuple[int, int], float] | None = None) -> None:
        self.chances = chances or {}
        self.flicks: list[tuple[int, int, Aim]] = []

    def targets(self, spot: int, height: int, noise: Noise) -> Sequence[Target]:
        return [
            Target(c, meant(c), self.chances.get((spot, c), 0.9 if c == facing(spot) else 0.2))
            for c in range(1, 10)
        ]

    def flick(self, spot: int, height: int, aim: Aim) -> Flick:
        self.flicks.append((spot, height, aim))
        chamber = round(aim.angle / 10)
        if 1 <= chamber <= 9:
            return Flick(rest="chamber", chamber=chamber, aim=aim)
        return Flick(rest="outside", aim=aim)


def test_the_levels_run_from_the_unsteadiest_hand_to_the_steadiest() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    noises = [SKILLS[level].noise for level in LEVELS]
    assert noises == sorted(noises, reverse=True)
    with pytest.raises(ValueError, match="unknown bot level 'strong'; choose from easy"):
        Bot("strong", 0, StandInHand())


@pytest.mark.rule("K12")
@pytest.mark.parametrize("level", LEVELS)
def test_K12_a_bot_weighs_treasures_against_its_chance(level: str) -> None:
    full = (R, Y, G, B, W)
    # spot 2 faces chamber 2: a one-treasure tile there (0.9 expected) against three treasures
    # in chamber 5 (0.2 by default: 0.6 expected) and two in chamber 1 (0.5: 1.0 expected)
    state = position(towers=(full, ()), chambers={2: (1, 1, 1), 5: (3, 3, 3), 1: (2, 2, 2)})
    bot = Bot(level, 0, StandInHand({(2, 1): 0.5}))
    assert bot.target(state).chamber == 1
    assert Bot(level, 0, StandInHand({(2, 1): 0.3})).target(state).chamber == 2
    empty = position(
        towers=(full, (), ()),
        tiles=((1, 1, 1, 1), (1, 1, 1, 1), (1,)),
        chambers={1: (), 2: (), 3: ()},
    )
    assert bot.target(empty).chamber not in (1, 2, 3)


@pytest.mark.rule("K12")
@pytest.mark.parametrize("level", LEVELS)
def test_K12_a_flick_carries_the_strayed_aim_and_the_hands_resting_place(level: str) -> None:
    state = position(towers=((R, Y, G, B, W), ()))
    hand = StandInHand()
    flick = Bot(level, 1, hand).choose(state)
    assert isinstance(flick, Flick) and refusal(state, flick) is None
    assert hand.flicks == [(2, 5, flick.aim)]
    assert flick in [hand.flick(2, 5, flick.aim)]


def test_the_aim_strays_more_as_the_level_drops() -> None:
    state = position(towers=((R, Y, G, B, W), ()))
    spread = {}
    for level in LEVELS:
        bot = Bot(level, 7, StandInHand())
        aims = [bot.aim(state)[1] for _ in range(300)]
        assert all(bot.aim(state)[0].aim == meant(bot.target(state).chamber) for _ in range(3))
        spread[level] = (
            statistics.pstdev(a.angle for a in aims),
            statistics.pstdev(a.strength for a in aims),
        )
        noise = SKILLS[level].noise
        assert spread[level][0] == pytest.approx(noise.angle, rel=0.15)
        assert spread[level][1] == pytest.approx(noise.strength, rel=0.15)
    assert spread["easy"] > spread["medium"] > spread["hard"]


def test_the_same_seed_strays_the_same_way() -> None:
    state = position(towers=((R, Y, G, B, W), ()))
    first = [Bot("easy", 3, StandInHand()).aim(state)[1] for _ in range(3)]
    assert first == [Bot("easy", 3, StandInHand()).aim(state)[1] for _ in range(3)]
    assert first[0] != Bot("easy", 4, StandInHand()).aim(state)[1]


@pytest.mark.rule("K15")
def test_K15_a_second_flick_only_when_the_chance_is_worth_a_knight() -> None:
    state = position(towers=((R, Y, G, B), ()), phase=Phase.AGAIN, beginners=True)
    assert End() in legal_actions(state)
    poor = StandInHand({(2, c): 0.25 for c in range(1, 10)})
    assert Bot("hard", 0, poor).choose(state) == End()
    assert isinstance(Bot("medium", 0, poor).choose(state), Flick)
    assert isinstance(Bot("easy", 0, poor).choose(state), Flick)
    flick = Bot("hard", 0, StandInHand()).choose(state)
    assert isinstance(flick, Flick) and refusal(state, flick) is None


@pytest.mark.rule("K13")
def test_K13_a_planning_bot_moves_its_tower_to_better_chances_after_a_loot() -> None:
    state = position(
        towers=((), ()),
        tiles=((2,), ()),
        chambers={2: (1, 1, 1), 7: (3, 3, 3)},
        phase=Phase.LOOTED,
    )
    assert MoveTower(spot=10) in legal_actions(state)
    # spot 10 faces chamber 7 (three treasures) and always hits it; spot 2 faces chamber 2 (one)
    sure = StandInHand({(10, 7): 1.0})
    assert Bot("hard", 0, sure).choose(state) == MoveTower(spot=10)
    assert Bot("medium", 0, sure).choose(state) == MoveTower(spot=10)
    assert Bot("easy", 0, sure).choose(state) == End()
    level = {(s, c): 0.5 for s in range(1, 13) for c in range(1, 10)}
    assert Bot("hard", 0, StandInHand(level)).choose(state) == End()


@pytest.mark.rule("K13")
def test_K13_a_planning_bot_moves_an_empty_tower_before_its_roll_then_rolls() -> None:
    state = position(towers=((), ()), chambers={2: (1, 1, 1), 7: (3, 3, 3)})
    sure = StandInHand({(10, 7): 1.0})
    bot = Bot("hard", 0, sure)
    move = bot.choose(state)
    assert move == MoveTower(spot=10)
    after = apply(state, move)[0]
    assert bot.choose(after) == Roll() and Bot("easy", 0, sure).choose(state) == Roll()


@pytest.mark.rule("K9")
def test_K9_a_planning_bot_takes_the_scarcest_colour_the_others_lack() -> None:
    towers = ((), (R, Y, G), (R, Y), (R, B))
    state = rolling(position(towers=towers), "jester", "jester")
    state = apply(state, Roll())[0]
    assert state.turn.phase is Phase.CHOOSE
    # red: 1 left; yellow: 2 left, lacked by one other; blue: 3; green: 3; white: 4
    assert Bot("hard", 0, StandInHand()).choose(state) == Take(colour=R)
    takes = {Bot("easy", seed, StandInHand()).choose(state) for seed in range(30)}
    assert takes == {Take(colour=c) for c in ALL}


def play_out(bots: Sequence[Bot], state: State) -> State:
    for _ in range(3_000):
        if state.over:
            return state
        action = bots[state.turn.seat].choose(state)
        assert refusal(state, action) is None
        state = apply(state, action)[0]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_games_of_legal_actions(players: int) -> None:
    for seed in range(3):
        bots = [Bot(LEVELS[(seed + i) % 3], seed * 10 + i, StandInHand()) for i in range(players)]
        end = play_out(bots, new_state(players, seed, beginners=seed == 1))
        assert end.over and max(len(s.tiles) for s in end.seats) == 5
