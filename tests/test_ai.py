"""Bots: every choice is legal (R8–R20) at every level and table size, and the strong bot finds
the climb a position offers, with a ladder (R9, R12) or by moving a block first (R16)."""

from __future__ import annotations

import pytest

from climbers.the_climbers.ai import LEVELS, Bot, make_bot
from climbers.the_climbers.core import (
    Action,
    GameState,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    apply,
    disk_targets,
    generate_mountain,
    legal_destinations,
    legal_placements,
    new_game,
    standard_components,
)
from climbers.the_climbers.core.components import PLAYER_COLOURS
from climbers.the_climbers.core.state import Placement
from rules.conftest import NEUTRAL, PURPLE, TEAL, position, put

TINY = 0.05
"""A strong bot's budget small enough for quick tests."""


def offered(state: GameState, action: Action) -> bool:
    """Whether the queries list `action` among the acting seat's legal actions now."""
    if action.player != state.players[state.actor].colour:
        return False
    if isinstance(action, Pass):
        return True
    if isinstance(action, MoveClimber):
        routes = legal_destinations(state).get(action.to, [])
        return any(r.ladders == action.ladders for r in routes)
    if isinstance(action, MoveBlock):
        pose = Placement(block=action.block, at=action.at, up=action.up, north=action.north)
        row = (state.block_index(action.block), pose.rot, *action.at)
        return any(tuple(int(v) for v in r) == row for r in legal_placements(state, [action.block]))
    assert isinstance(action, PlaceDisk)
    return action.block in disk_targets(state)


@pytest.mark.rule("R20")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_R20_bots_of_every_level_only_choose_offered_actions(players: int, seed: int) -> None:
    levels = list(LEVELS)
    state = new_game(generate_mountain(seed), PLAYER_COLOURS[:players], seed=seed)
    bots: list[Bot] = [
        make_bot(levels[(i + seed) % len(levels)], seed * 10 + i, TINY) for i in range(players)
    ]
    chosen: set[str] = set()
    for _ in range(70 if players < 4 else 45):
        if state.finished:
            break
        bot = bots[state.actor]
        action = bot.choose(state)
        assert offered(state, action), f"{bot.level} chose {action} in step {state.step}"
        chosen.add(type(action).__name__)
        state, _ = apply(state, action)
    assert "MoveClimber" in chosen


def test_bots_are_deterministic_given_a_seed() -> None:
    state = new_game(generate_mountain(4), PLAYER_COLOURS[:3], seed=4)
    runs = []
    for _ in range(2):
        bots = [make_bot(level, 7) for level in ("greedy", "random", "greedy")]
        s, log = state, []
        for _ in range(40):
            action = bots[s.actor].choose(s)
            log.append(str(action))
            s, _ = apply(s, action)
        runs.append(log)
    assert runs[0] == runs[1]


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert")


def _play_turn(state: GameState, bot: Bot) -> GameState:
    """Let `bot` play the acting seat's own turn to its end (before reactions)."""
    seat, number = state.actor, state.turn.number
    while state.actor == seat and state.turn.number == number and state.step.value != "reaction":
        state, _ = apply(state, bot.choose(state))
    return state


def _lying_neutral_half() -> str:
    """A Size 1 block with neutral on a large face, so it lies flat showing neutral (R3, R4)."""
    return next(
        b.name
        for b in standard_components().blocks
        if b.size == 1 and NEUTRAL in (b.faces["+z"], b.faces["-z"])
    )


@pytest.mark.rule("R12")
def test_R12_strong_bot_climbs_to_the_top_with_the_tall_ladder() -> None:
    """A rise of 4 from the cube to the neutral tower's top: only the tall ladder gets there."""
    state = position(
        [put("cube-1", (10, 10, 0), NEUTRAL), put("neutral-1", (12, 10, 0), "+z")],
        at={TEAL: (10, 10)},
    )
    assert state.structure.height_at((12, 10)) == 6
    after = _play_turn(state, make_bot("strong", 0, 0.5))
    assert after.level(0) == 6
    assert after.players[0].ladders == ("short",)


@pytest.mark.rule("R16")
def test_R16_strong_bot_moves_a_block_to_make_a_route() -> None:
    """No ladders, a tower two above the platform: a flat half on the platform makes the step."""
    half = _lying_neutral_half()
    spec = next(b for b in standard_components().blocks if b.name == half)
    up = "+z" if spec.faces["+z"] == NEUTRAL else "-z"
    blocks = [
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("cube-2", (12, 10, 0), NEUTRAL),
        put("cube-4", (14, 10, 0), NEUTRAL),
        put("cube-3", (14, 10, 2), NEUTRAL),
        put(half, (10, 12, 0), up),  # type: ignore[arg-type]
    ]
    no_ladders = {"ladders": ()}
    state = position(blocks, at={TEAL: (10, 10)}, players={TEAL: no_ladders, PURPLE: no_ladders})
    assert max(r[0].level for r in legal_destinations(state).values()) == 2
    after = _play_turn(state, make_bot("strong", 0, 0.5))
    assert after.level(0) == 4
