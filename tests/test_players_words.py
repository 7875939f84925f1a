"""Players' words: every refusal and every caption names blocks by colour and kind and players
by name, and shows no internal block name, no coordinates and no raw code."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pytest

from climbers.the_climbers.ai import make_bot
from climbers.the_climbers.core import (
    Action,
    GameState,
    MoveBlock,
    MoveClimber,
    Pass,
    Reason,
    Rules,
    Step,
    apply,
    generate_mountain,
    new_game,
)
from climbers.the_climbers.core.components import PLAYER_COLOURS
from climbers.the_climbers.game.captions import (
    ANSWERS,
    BLOCK_MOVES,
    BRIDGES,
    CLIMBS,
    SENTENCES,
    caption,
    recent_captions,
)
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.io.words import BLOCK_NOUNS, LADDER_WORDS, STEP_NAMES
from rules.conftest import NEUTRAL, PURPLE, TEAL, check_message, check_words, position, put
from rules.refusal_cases import CASES, Case

# ----- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_every_refusal_is_a_sentence_in_players_words(case: Case) -> None:
    exc = case.refusal()
    assert exc.reason is case.reason, exc
    if case.name == "not a position":  # the whole position is at fault, not a square
        check_words(refusal_sentence(exc))
    else:
        check_message(exc)


def test_every_reason_has_a_case() -> None:
    assert {case.reason for case in CASES} == set(Reason)


def test_a_refusal_names_the_block_as_players_see_it() -> None:
    by_name = {case.name: case.refusal() for case in CASES}
    assert refusal_sentence(
        by_name["overhang"]
    ) == (  # named as it lies: neutral side up, not as tried
        "The neutral cube would overhang or sit over a hole: every square under it needs support."
    )
    assert by_name["overhang"].squares == ((16, 10), (16, 11))
    assert refusal_sentence(by_name["another colour"]) == (
        "Teal cannot go there: that top is purple, not neutral or teal."
    )
    assert refusal_sentence(by_name["one block on it"]) == (
        "The neutral half-cube cannot move: the pink half-cube rests on it."
    )
    assert refusal_sentence(by_name["two Climbers on it"]) == (
        "The neutral half-cube cannot move: two Climbers stand on it."
    )
    assert refusal_sentence(by_name["ladder needed"]) == "Teal needs the short ladder to get there."


# ----- captions ----------------------------------------------------------------------------

COLOURS = [c.value for c in (*PLAYER_COLOURS, NEUTRAL)]
NAME = "[A-Z][a-z]+"


def _one_of(words: Iterable[str]) -> str:
    return "(?:" + "|".join(re.escape(w) for w in words) + ")"


PLACEHOLDERS = {
    "player": NAME,
    "players": f"{NAME}(?:(?:, | and ){NAME})*",
    "block": _one_of(n.format(colour=c) for n in BLOCK_NOUNS.values() for c in COLOURS),
    "colour": _one_of(COLOURS),
    "level": r"\d+",
    "levels": r"(?:one level|[a-z]+ levels)",
    "ladders": _one_of([*LADDER_WORDS.values(), *BRIDGES.values()]),
    "step": _one_of(STEP_NAMES.values()),
}
"""What each placeholder of a caption template may be filled with."""

KINDS: dict[str, str] = {
    **{f"climb {how}{' with ladders' * ladders}": t for (how, ladders), t in CLIMBS.items()},
    **{f"answer {how}{' with ladders' * ladders}": t for (how, ladders), t in ANSWERS.items()},
    **{f"{verb} {where}{', new top' * new}": t for (verb, where, new), t in BLOCK_MOVES.items()},
    **SENTENCES,
}
"""Every kind of caption sentence, by a short name."""


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile(
        "".join(re.escape(p) if i % 2 == 0 else PLACEHOLDERS[p] for i, p in enumerate(parts))
    )


PATTERNS = {kind: _pattern(template) for kind, template in KINDS.items()}


def kinds_of(text: str) -> list[str]:
    """The kind of each sentence of a caption, checking each is in players' words."""
    found = []
    for sentence in re.split(r"(?<=\.) (?=[A-Z])", text):
        check_words(sentence)
        kinds = [kind for kind, p in PATTERNS.items() if p.fullmatch(sentence)]
        assert len(kinds) == 1, (sentence, kinds)
        found += kinds
    return found


RULE_SETS = (
    Rules(),
    Rules(bridges=True, reaction_ladders=True),
    Rules(classic_turn=True, reactions=False, two_rounds=True),
)
SEEDED_GAMES = [
    (
        seed,
        RULE_SETS[seed % 3],
        [("random", "greedy")[(seed + i) % 2] for i in range(2 if seed % 3 == 2 else 2 + seed % 4)],
    )
    for seed in range(11)
]
"""Seeded games of the (deterministic) random and greedy bots, two to five players, under the
2018 rules, with bridges and ladders in answers, and the classic turn."""


def seeded_captions() -> Iterator[str]:
    """The caption of every action of every seeded game."""
    for seed, rules, levels in SEEDED_GAMES:
        colours = PLAYER_COLOURS[: len(levels)]
        state = new_game(generate_mountain(seed), colours, rules=rules, seed=seed)
        bots = [make_bot(level, seed + i) for i, level in enumerate(levels)]
        while not state.finished:
            action = bots[state.actor].choose(state)
            after, events = apply(state, action)
            yield caption(state, action, events)
            state = after


def _pass_to_end(state: GameState) -> tuple[GameState, Action]:
    """Everyone passes until the last action before the end; that state and its pass."""
    while True:
        action = Pass(player=state.players[state.actor].colour)
        after, _ = apply(state, action)
        if after.finished:
            return state, action
        state = after


def crafted_captions() -> Iterator[str]:
    """Captions of moves the seeded games rarely make: a block turned in place, the large
    neutral block tipped, a bridge (V2) on a turn and in an answer, a shared win."""
    block = position([put("cube-1", (10, 10, 0)), put("neutral-1", (12, 10, 0))], step=Step.BLOCK)
    cubes = [put(f"cube-{i}", (10 + 2 * i, 10, 0), NEUTRAL) for i in (1, 2, 3)]
    lying = position([*cubes, put("neutral-1", (12, 12, 0))], step=Step.BLOCK)
    bridges = Rules(bridges=True, reaction_ladders=True)
    gap = [put("cube-1", (10, 10, 0), NEUTRAL), put("cube-2", (13, 10, 0), NEUTRAL)]
    attempts: list[tuple[GameState, Action]] = [
        (block, MoveBlock(player=TEAL, block="cube-1", at=(10, 10, 0), north="+x")),
        (block, MoveBlock(player=TEAL, block="neutral-1", at=(12, 10, 0), up="+x")),
        (block, MoveBlock(player=TEAL, block="neutral-1", at=(10, 12, 0), up="+x")),
        (lying, MoveBlock(player=TEAL, block="neutral-1", at=(12, 10, 2), up="+x")),
        (
            position(gap, at={TEAL: (11, 10)}, rules=bridges),
            MoveClimber(player=TEAL, to=(13, 10), ladders=("short",)),
        ),
        (
            position(gap, at={PURPLE: (11, 10)}, rules=bridges, step=Step.REACTION),
            MoveClimber(player=PURPLE, to=(13, 10), ladders=("short",)),
        ),
        _pass_to_end(position(gap, step=Step.DISK, quiet_turns=3)),
    ]
    for state, action in attempts:
        after, events = apply(state, action)
        yield caption(state, action, events)
    turn = [position(gap)]  # Done: every step of the own turn passed, told as one line
    while len(turn) == 1 or turn[-1].step is not Step.REACTION:
        turn.append(apply(turn[-1], Pass(player=TEAL))[0])
    yield from recent_captions(turn, [Pass(player=TEAL)] * (len(turn) - 1), 1)


RARE = {
    "turn in place",
    "tip in place",
    "tip table",
    "tip level",
    "climb over with ladders",
    "answer over with ladders",
    "share",
    "ends turn",
}
"""Caption kinds that seeded bot games seldom or never produce: crafted instead."""


def test_every_caption_kind_is_told_in_players_words() -> None:
    seen = {kind for text in seeded_captions() for kind in kinds_of(text)}
    crafted = {kind for text in crafted_captions() for kind in kinds_of(text)}
    assert set(KINDS) - seen <= RARE <= crafted
