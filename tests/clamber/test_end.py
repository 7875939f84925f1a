"""C11 skipping, C12 winning, C13 draws."""

from __future__ import annotations

import random

import pytest

from clamber.positions import play, position
from climbers.clamber.core import (
    RULES,
    Captured,
    ClamberRefusal,
    ClamberRules,
    ClamberState,
    Ended,
    EndReason,
    Reason,
    Result,
    Skipped,
    apply,
    legal_turns,
    parse_turn,
)
from climbers.clamber.core.board import board
from climbers.clamber.core.position import has_turn, position_key

# A full 3-board: seven isolated red stones, every other cell a blue stack of height 2.
_REDS = ("A1", "A3", "C1", "C3", "C5", "E3", "E5")
FULL = ", ".join(f"{c} {'r1' if c in _REDS else 'b2'}" for c in board(3).names)


@pytest.mark.rule("C11")
def test_C11_a_player_without_a_turn_is_skipped() -> None:
    state = position(FULL)
    after, events = apply(state, parse_turn("A2xA1"))
    assert events == (Captured("A2", "A1", 0, 2), Skipped(1))
    assert RULES.to_act(after) == 0 and not after.over
    assert legal_turns(play(after, "A2xA3"))  # Blue goes on while Red cannot move


@pytest.mark.rule("C11")
def test_C11_a_player_with_a_turn_must_take_one() -> None:
    with pytest.raises(ValueError):
        RULES.parse_action("pass")
    state = position("C3 b2, D3 r1", "red")
    assert legal_turns(state) and all(t.__class__.__name__ != "Pass" for t in legal_turns(state))


@pytest.mark.rule("C12")
def test_C12_a_capture_that_leaves_the_opponent_no_stack_wins_at_once() -> None:
    state = position("C3 b2, D3 r1, D4 r1")
    after, events = apply(state, parse_turn("C3xD3"))
    assert events[-1] == Ended(Result(winner=0, reason=EndReason.WIPED_OUT))
    assert RULES.is_over(after) and RULES.ranking(after) == (1, 2) and RULES.to_act(after) is None
    assert legal_turns(after) == []
    with pytest.raises(ClamberRefusal) as caught:
        apply(after, parse_turn("place A1"))
    assert caught.value.reason is Reason.GAME_OVER
    red_wins = play(position("B2 b2, C3 r2, A1 r1", "red"), "C3=B2")
    assert RULES.ranking(red_wins) == (2, 1)


@pytest.mark.rule("C12")
def test_C12_no_stack_before_the_first_placement_is_no_win() -> None:
    state = play(RULES.new_state(2, 0), "place C3")
    assert not state.over and state.stacks == {"C3": (0, 1)}
    assert RULES.ranking(state) == (1, 1)


@pytest.mark.rule("C13")
def test_C13_the_third_occurrence_of_a_position_is_a_draw() -> None:
    start = position("C3 b2, D3 r1, A1 r1")
    after = play(start, "place E5")
    seen = after.history[-1]
    twice = position("C3 b2, D3 r1, A1 r1", earlier=(seen, 5, seen))
    drawn, events = apply(twice, parse_turn("place E5"))
    assert events[-1] == Ended(Result(winner=None, reason=EndReason.REPETITION))
    assert RULES.ranking(drawn) == (1, 1)
    once = position("C3 b2, D3 r1, A1 r1", earlier=(seen,))
    assert not play(once, "place E5").over


@pytest.mark.rule("C13")
def test_C13_the_same_board_with_the_other_player_to_move_is_another_position() -> None:
    cells = position("C3 b2, D3 r1").cells
    assert position_key(cells, 0) != position_key(cells, 1)


@pytest.mark.rule("C13")
def test_C13_the_game_is_drawn_after_the_turn_limit() -> None:
    rules = ClamberRules(turn_limit=50)
    rng = random.Random(3)
    state = rules.new_state(2, 0)
    while not state.over:
        state = apply(state, rng.choice(legal_turns(state)))[0]
    assert state.result == Result(winner=None, reason=EndReason.TURN_LIMIT)
    assert state.turn == 50
    with pytest.raises(ValueError):
        ClamberRules(turn_limit=49)
    with pytest.raises(ValueError):
        ClamberRules(turn_limit=10_001)


@pytest.mark.rule("C13")
def test_C13_the_last_turn_of_the_limit_is_never_followed_by_a_skip() -> None:
    """The end is judged before a skip: the capture that leaves Red without a turn (C11) ends
    the game when it is the limit's last turn, and Red is not skipped."""
    full = position(FULL, earlier=tuple(range(1000, 1049)))
    assert full.turn == 49

    def limited(turn_limit: int) -> ClamberState:
        return ClamberState(cells=full.cells, history=full.history, turn_limit=turn_limit)

    after, events = apply(limited(50), parse_turn("A2xA1"))
    assert events == (
        Captured("A2", "A1", 0, 2),
        Ended(Result(winner=None, reason=EndReason.TURN_LIMIT)),
    )
    assert after.turn == after.turn_limit and RULES.to_act(after) is None
    assert ClamberState.model_validate_json(after.model_dump_json()) == after
    assert apply(limited(51), parse_turn("A2xA1"))[1][-1] == Skipped(1)


@pytest.mark.rule("C13")
def test_C13_neither_player_without_a_turn_cannot_arise_on_a_board_with_both_colours() -> None:
    """A full board holding both colours has neighbouring stacks of the two colours, and the
    higher one captures the lower, or either captures the other when they are as high: the
    no-moves draw of C13 needs a board that play never reaches."""
    rng = random.Random(5)
    for size in (3, 4):
        b = board(size)
        for _ in range(300):
            cells = tuple(rng.choice((1, -1)) * rng.randint(1, 4) for _ in b.names)
            if len({v > 0 for v in cells}) == 2:
                assert has_turn(cells, b.neighbours, 1) or has_turn(cells, b.neighbours, -1)


def _profile(cells: tuple[int, ...]) -> list[int]:
    """How many stacks have each height, from the highest height down."""
    top = max((abs(v) for v in cells), default=0)
    return [sum(abs(v) == h for v in cells) for h in range(top, 0, -1)]


def _higher(after: list[int], before: list[int]) -> bool:
    """Whether `after` is the higher profile: more stacks at the highest height they differ."""
    width = max(len(after), len(before))
    return [0] * (width - len(after)) + after > [0] * (width - len(before)) + before


@pytest.mark.rule("C13")
def test_C13_no_board_ever_comes_back_so_repetition_never_ends_a_game() -> None:
    """A placement adds a stack of height 1; a capture adds one of height h + 1 and takes
    stacks of height h only. Either way the count of stacks by height, read from the highest
    height down, grows in dictionary order: every turn leaves a board never seen before."""
    for size in (3, 4):
        rng = random.Random(size)
        state = ClamberRules(size).new_state(2, 0)
        while not state.over:
            after = apply(state, rng.choice(legal_turns(state)))[0]
            assert _higher(_profile(after.cells), _profile(state.cells))
            state = after
