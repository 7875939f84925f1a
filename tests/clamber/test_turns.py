"""C3–C10: players, stacks, groups, the three kinds of turn, and the source's two examples."""

from __future__ import annotations

import pytest

from clamber.positions import play, position, stacks_text, turn_texts
from climbers.clamber.core import (
    RULES,
    Captured,
    ClamberRefusal,
    EqualChain,
    LowerCapture,
    Place,
    Placed,
    Reason,
    Removed,
    apply,
    equal_targets_of,
    legal_turns,
    parse_turn,
)


def _refusal(state: object, text: str) -> ClamberRefusal:
    with pytest.raises(ClamberRefusal) as caught:
        RULES.apply(state, parse_turn(text))
    return caught.value


@pytest.mark.rule("C3")
def test_C3_the_board_starts_empty_blue_moves_first_and_turns_alternate() -> None:
    state = RULES.new_state(2, seed=7)
    assert state.stacks == {} and RULES.to_act(state) == 0 and state.seed == 7
    state, events = apply(state, Place("C3"))
    assert events == (Placed("C3", 0),) and RULES.to_act(state) == 1
    state = play(state, "place C4")
    assert RULES.to_act(state) == 0
    assert stacks_text(state) == "C3 b1, C4 r1"
    with pytest.raises(ValueError):
        RULES.new_state(3, seed=0)


@pytest.mark.rule("C4")
def test_C4_a_stack_belongs_to_its_top_stone_and_only_its_height_is_kept() -> None:
    state = position("C3 r3, D3 b1, A1 b1", "red")
    after = play(state, "C3xD3")
    assert after.stacks["D3"] == (1, 2)  # Red's now, two stones high
    # The same board reached without any blue stone under D3 is the same position.
    assert after.history[-1] == position("C3 r3, D3 r2, A1 b1").history[-1]


@pytest.mark.rule("C5")
def test_C5_a_subgroup_joins_stacks_of_one_height_through_that_height_only() -> None:
    # Blue's group A1 B2 C3 C4: C3 and C4 are a subgroup of height 2; A1 is 2 high too but
    # joined to them only through B2 (height 1), so it is in their group, not their subgroup.
    state = position("A1 b2, B2 b1, C3 b2, C4 b2, B1 r3, A2 r1", "red")
    after = play(state, "B1xA1")  # captures A1 (height 2): its subgroup is A1 alone
    assert "C3" in after.stacks and "C4" in after.stacks and "B2" in after.stacks
    after = play(position("A1 b2, B2 b1, C3 b2, C4 b2, B1 r1, B4 r2", "red"), "B4=C4")
    assert "C3" not in after.stacks  # C4's subgroup: C3, C4
    assert after.stacks["A1"] == (0, 2)  # in the same group, not the subgroup


@pytest.mark.rule("C6")
def test_C6_a_turn_is_a_placement_on_an_empty_cell_or_a_capture() -> None:
    state = position("C3 b2, D3 r1", "red")
    texts = turn_texts(legal_turns(state))
    empties = {f"place {c}" for c in state.board.names if c not in ("C3", "D3")}
    assert texts == empties  # Red's height-1 stack captures nothing
    assert _refusal(state, "place C3").reason is Reason.OCCUPIED
    assert turn_texts(legal_turns(position("C3 b2, D3 r1"))) == empties | {"C3xD3"}


@pytest.mark.rule("C7")
def test_C7_the_capturer_stays_the_captured_stack_turns_and_its_subgroup_goes() -> None:
    state = position("A1 b1, A2 r4, B1 b1, B2 b1, C1 b2, C2 b1, A3 r1", "red")
    after, events = apply(state, LowerCapture("A2", "B2"))
    assert stacks_text(after) == "A2 r4, A3 r1, B2 r2, C1 b2"
    assert events == (Captured("A2", "B2", 1, 2), Removed(("A1", "B1", "C2")))
    # B2's subgroup (blue, height 1) goes; C1, in its group but 2 high, stays.


@pytest.mark.rule("C8")
def test_C8_a_lower_capture_needs_a_lower_neighbour_and_ends_the_turn() -> None:
    state = position("C3 r3, D3 b1, D4 b1, E4 b1, E3 b2, A1 b3", "red")
    assert _refusal(state, "C3xE3").reason is Reason.NOT_NEIGHBOUR
    assert _refusal(state, "E3xD3").reason is Reason.NOT_YOURS
    assert _refusal(state, "B2xD3").reason is Reason.NO_STACK
    assert _refusal(position("C3 r3, D3 b3, A1 b1", "red"), "C3xD3").reason is Reason.NOT_LOWER
    after = play(state, "C3xD3")
    assert RULES.to_act(after) == 0  # the turn is over


@pytest.mark.rule("C8")
def test_C8_source_example_lower_capture_C3xD3() -> None:
    """Red C3 (height 3) captures blue D3 (height 1); D4 and E4 (blue, height 1) are the rest of
    its subgroup and go; blue E3 (height 2) stays; Red's turn ends."""
    before = position("C3 r3, D3 b1, D4 b1, E4 b1, E3 b2, A3 b1", "red")
    after, events = apply(before, parse_turn("C3xD3"))
    assert events == (Captured("C3", "D3", 1, 2), Removed(("D4", "E4")))
    assert stacks_text(after) == "A3 b1, C3 r3, D3 r2, E3 b2"
    assert after.to_move == 0


@pytest.mark.rule("C9")
def test_C9_source_example_two_equal_captures_B2_C4_E5() -> None:
    """Blue B2 (2) captures red C4 (2), whose group touches B2 through B3; D4 (red 2) goes.
    From C4 (now blue 3) Blue captures red E5 (3), whose group touches C4 through D5; E4 (red
    3) goes. No equal capture is left from E5 (blue 4), so the chain ends there."""
    before = position("B2 b2, B3 r1, C4 r2, D4 r2, D5 r1, E5 r3, E4 r3")
    assert equal_targets_of(before, ["B2"]) == ("C4", "D4")  # D4 is in the same group
    after, events = apply(before, parse_turn("B2=C4=E5"))
    assert events == (
        Captured("B2", "C4", 0, 3),
        Removed(("D4",)),
        Captured("C4", "E5", 0, 4),
        Removed(("E4",)),
    )
    assert stacks_text(after) == "B2 b2, B3 r1, C4 b3, D5 r1, E5 b4"
    assert equal_targets_of(before, ["B2", "C4", "E5"]) == ()
    assert {"B2=C4", "B2=C4=E5"} <= turn_texts(legal_turns(before))


@pytest.mark.rule("C9")
def test_C9_equal_capture_may_take_a_stack_not_next_to_the_capturer() -> None:
    state = position("A1 b2, A2 r1, A3 r1, B4 r1, C5 r2, E5 r2")
    assert "A1=C5" in turn_texts(legal_turns(state))
    assert "A1=E5" not in turn_texts(legal_turns(state))  # its group does not touch A1
    refusal = _refusal(state, "A1=E5")
    assert refusal.reason is Reason.GROUP_NOT_ADJACENT and refusal.places == ("A1", "E5")
    assert _refusal(state, "A1=A2").reason is Reason.NOT_EQUAL


@pytest.mark.rule("C9")
def test_C9_every_prefix_of_a_chain_is_a_turn_and_groups_are_taken_after_removals() -> None:
    # B2 (blue 2) takes C3 (red 2); C3's subgroup partner C4 goes, which cuts D5 (red 3) off
    # the group of B3, so the chain cannot go on to D5 although it could before the removal.
    state = position("B2 b2, B3 r1, C3 r2, C4 r2, D5 r3, E5 r1")
    texts = turn_texts(legal_turns(state))
    assert "B2=C3" in texts and not any(t.startswith("B2=C3=") for t in texts)
    assert equal_targets_of(state, ["B2", "C3"]) == ()
    assert _refusal(state, "B2=C3=D5").reason is Reason.GROUP_NOT_ADJACENT
    chain = position("B2 b2, B3 r1, C4 r2, D4 r1, D5 r3")
    assert {"B2=C4", "B2=C4=D5"} <= turn_texts(legal_turns(chain))


@pytest.mark.rule("C10")
def test_C10_a_chain_goes_on_from_the_stack_just_captured_and_never_mixes() -> None:
    # After B2=C4, the next capture is C4's: D5 (red 3) touches C4, but A2 (red 2, which
    # B2 could take) is not a target of C4 (height 3).
    state = position("B2 b2, B3 r1, C4 r2, D5 r3, A2 r2")
    assert set(equal_targets_of(state, ["B2", "C4"])) == {"D5"}
    assert _refusal(state, "B2=C4=A2").reason is Reason.NOT_EQUAL
    # A lower capture is not a step of a chain: C4 (blue 3) may not take B3 (red 1) in it.
    assert _refusal(state, "B2=C4=B3").reason is Reason.NOT_EQUAL
    # An equal capture is not a lower one, and a lower capture ends the turn.
    assert _refusal(state, "B2xA2").reason is Reason.NOT_LOWER
    assert all(
        isinstance(t, EqualChain) or isinstance(t, LowerCapture | Place) for t in legal_turns(state)
    )
