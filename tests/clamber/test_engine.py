"""The engine as a whole: legal turns, refusals, text forms, and the chain-building queries."""

from __future__ import annotations

import pytest

from clamber.games import random_positions
from clamber.positions import position, turn_texts
from climbers.clamber.core import (
    RULES,
    ClamberRefusal,
    ClamberState,
    Ended,
    EqualChain,
    LowerCapture,
    Place,
    Reason,
    Skipped,
    apply,
    equal_targets_of,
    legal_turns,
    lower_targets_of,
    parse_turn,
    preview,
    turn_text,
)
from climbers.clamber.core.position import SIGNS, play, turns

SIZES = (3, 4)


@pytest.mark.parametrize("size", SIZES)
def test_every_legal_turn_applies_and_plays_as_the_bots_play_it(size: int) -> None:
    for state in random_positions(size, games=2, every=15):
        if state.over:
            continue
        nbrs, sign = state.board.neighbours, SIGNS[state.to_move]
        for turn, move in zip(legal_turns(state), turns(state.cells, nbrs, sign), strict=True):
            after, _ = apply(state, turn)
            assert after.cells == play(state.cells, nbrs, sign, move)
            assert after.turn == state.turn + 1


@pytest.mark.parametrize("size", SIZES)
def test_a_capture_applies_exactly_when_it_is_among_the_legal_turns(size: int) -> None:
    """Every lower capture and every one-step extension of every legal chain start, tried."""
    for state in random_positions(size, games=1, every=20):
        if state.over:
            continue
        legal = turn_texts(legal_turns(state))
        names = state.board.names
        starts = [EqualChain(c, ()) for c in names] + [
            t for t in legal_turns(state) if isinstance(t, EqualChain)
        ]
        tried = [LowerCapture(a, b) for a in names for b in names] + [
            EqualChain(s.by, (*s.targets, c)) for s in starts for c in names
        ]
        for turn in tried:
            try:
                apply(state, turn)
                applied = True
            except ClamberRefusal:
                applied = False
            assert applied == (turn_text(turn) in legal), turn_text(turn)


@pytest.mark.parametrize("size", SIZES)
def test_every_prefix_of_a_legal_chain_is_a_legal_turn(size: int) -> None:
    for state in random_positions(size, games=2, every=7):
        legal = set(legal_turns(state))
        for turn in legal:
            if isinstance(turn, EqualChain):
                assert all(
                    EqualChain(turn.by, turn.targets[:k]) in legal
                    for k in range(1, len(turn.targets))
                )


def test_a_refused_turn_leaves_the_state_as_it_was() -> None:
    state = position("C3 r3, D3 b1, D4 b1, E4 b1, E3 b2", "red")
    text = RULES.dump(state)
    for bad in ("place C3", "C3xE3", "C3=D3", "D3xC3", "place G4", "C3=E3=D3"):
        with pytest.raises(ClamberRefusal):
            apply(state, parse_turn(bad))
    assert RULES.dump(state) == text


def test_refusals_carry_a_code_the_cells_at_fault_and_plain_values() -> None:
    state = position("C3 r3, D3 b1, E3 b2, A1 b1", "red")
    cases = {
        "place G4": (Reason.WRONG_BOARD, ("G4",)),
        "place D1": (Reason.WRONG_BOARD, ("D1",)),
        "place C3": (Reason.OCCUPIED, ("C3",)),
        "C3xE3": (Reason.NOT_NEIGHBOUR, ("C3", "E3")),
        "C3xC4": (Reason.NO_STACK, ("C4",)),
        "D3xC3": (Reason.NOT_YOURS, ("D3",)),
    }
    for text, (reason, places) in cases.items():
        with pytest.raises(ClamberRefusal) as caught:
            apply(state, parse_turn(text))
        assert (caught.value.reason, caught.value.places) == (reason, places), text
    with pytest.raises(ClamberRefusal) as caught:
        apply(state, EqualChain("C3", ()))
    assert caught.value.reason is Reason.EMPTY_CHAIN
    with pytest.raises(ClamberRefusal) as caught:
        apply(position("C3 r2, D3 b2, E3 b1", "red"), parse_turn("C3xD3"))
    refusal = caught.value
    assert refusal.reason == "not_lower" and refusal.places == ("C3", "D3")
    assert refusal.params == {"by": "C3", "target": "D3", "by_height": 2, "target_height": 2}
    assert "not_lower" in str(refusal)


def test_text_forms_round_trip_for_every_legal_turn() -> None:
    for state in random_positions(4, games=1, every=10):
        for turn in legal_turns(state):
            assert parse_turn(turn_text(turn)) == turn
    assert parse_turn("  Place c3 ") == Place("C3")
    assert parse_turn("c3xd3") == LowerCapture("C3", "D3")
    assert turn_text(parse_turn("b2=c4=e5")) == "B2=C4=E5"
    bad_texts = ("", "place", "place C", "C3x", "C3xD3xE3", "C3=", "=C3", "pass", "A0", "x" * 999)
    for bad in bad_texts:
        with pytest.raises(ValueError):
            parse_turn(bad)


@pytest.mark.parametrize("size", SIZES)
def test_a_chain_built_capture_by_capture_meets_exactly_the_legal_chains(size: int) -> None:
    for state in random_positions(size, games=1, every=6):
        if state.over:
            continue
        chains = [t for t in legal_turns(state) if isinstance(t, EqualChain)]
        lowers = [t for t in legal_turns(state) if isinstance(t, LowerCapture)]
        own = [c for c, s in state.stacks.items() if s.owner == state.to_move]
        built = {EqualChain(c, (t,)) for c in own for t in equal_targets_of(state, [c])}
        todo = list(built)
        while todo:
            chain = todo.pop()
            for t in equal_targets_of(state, [chain.by, *chain.targets]):
                todo.append(EqualChain(chain.by, (*chain.targets, t)))
                built.add(todo[-1])
        assert built == set(chains)
        assert {LowerCapture(c, t) for c in own for t in lower_targets_of(state, c)} == set(lowers)


def test_chain_queries_refuse_what_apply_refuses() -> None:
    state = position("B2 b2, B3 r1, C4 r2, D4 r2, D5 r1, E5 r3, E4 r3")
    with pytest.raises(ClamberRefusal) as caught:
        equal_targets_of(state, ["B3"])
    assert caught.value.reason is Reason.NOT_YOURS
    with pytest.raises(ClamberRefusal) as caught:
        equal_targets_of(state, ["B2", "E5"])
    assert caught.value.reason is Reason.NOT_EQUAL
    with pytest.raises(ValueError):
        equal_targets_of(state, [])


def test_preview_shows_the_board_and_the_removals_without_ending_the_turn() -> None:
    state = position("B2 b2, B3 r1, C4 r2, D4 r2, D5 r1, E5 r3, E4 r3")
    for turn in legal_turns(state):
        stacks, events = preview(state, turn)
        after, applied = apply(state, turn)
        assert stacks == after.stacks
        assert events == tuple(e for e in applied if not isinstance(e, Skipped | Ended))
    stacks, events = preview(state, parse_turn("B2=C4"))
    assert "D4" not in stacks and stacks["C4"] == (0, 3)
    assert state == position("B2 b2, B3 r1, C4 r2, D4 r2, D5 r1, E5 r3, E4 r3")


def test_the_state_is_frozen() -> None:
    state: ClamberState = RULES.new_state(2, 0)
    with pytest.raises(ValueError):
        state.to_move = 1  # type: ignore[misc]
