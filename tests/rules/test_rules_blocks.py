"""R14–R18: free blocks, the last-moved ban, placement, pushing Climbers, examining a block."""

from __future__ import annotations

import pytest

from climbers.the_climbers.core import (
    MoveBlock,
    Pass,
    Placement,
    Reason,
    Step,
    apply,
    block_refusals,
    check_block_move,
    free_blocks,
    legal_placements,
)
from climbers.the_climbers.core.events import BlockMoved, ClimberPushed
from climbers.the_climbers.core.geometry import FaceKey
from climbers.the_climbers.io.refusals import refusal_sentence
from rules.conftest import (
    NEUTRAL,
    PINK,
    PURPLE,
    RED,
    TEAL,
    YELLOW,
    pass_step,
    pass_turn,
    play,
    position,
    put,
    refuse,
)


def move(
    block: str,
    at: tuple[int, int, int],
    up: FaceKey = "+z",
    north: FaceKey = "+y",
    player: object = TEAL,
) -> MoveBlock:
    return MoveBlock(player=player, block=block, at=at, up=up, north=north)  # type: ignore[arg-type]


def moved_to(p: Placement, at: tuple[int, int, int], player: object = TEAL) -> MoveBlock:
    """The same orientation as `p`, at a new corner."""
    return move(p.block, at, p.up, p.north, player)


# ----- R14: free blocks --------------------------------------------------------------------


@pytest.mark.rule("R14")
def test_R14_occupied_disked_and_covered_blocks_are_not_free() -> None:
    blocks = [
        put("cube-1", (10, 10, 0), NEUTRAL),  # purple stands here
        put("cube-2", (12, 10, 0), NEUTRAL),  # yellow's disk
        put("double-1", (10, 12, 0), "-y", "+x"),  # x 10..13, y 12..13; half-3 on part of it
        put("half-3", (12, 12, 2), NEUTRAL),
        put("neutral-1", (14, 10, 0), "+z"),
    ]
    state = position(
        blocks,
        at={PURPLE: (11, 11)},
        colours=(TEAL, PURPLE, YELLOW),
        step=Step.BLOCK,
        players={YELLOW: {"disk": "placed", "disk_on": "cube-2"}},
    )
    refusals = block_refusals(state)
    assert {n: r.reason for n, r in refusals.items()} == {
        "cube-1": Reason.BLOCK_OCCUPIED,
        "cube-2": Reason.BLOCK_HAS_DISK,
        "double-1": Reason.BLOCK_COVERED,
    }
    assert refusals["cube-1"].squares == ((11, 11),)
    assert refusals["double-1"].squares == ((12, 12), (12, 13), (13, 12), (13, 13))
    assert free_blocks(state) == ["half-3", "neutral-1"]
    refuse(state, move("cube-1", (10, 14, 0)), Reason.BLOCK_OCCUPIED)
    refuse(state, move("cube-2", (16, 10, 0)), Reason.BLOCK_HAS_DISK)
    refuse(state, move("double-1", (16, 12, 0), "-y", "+x"), Reason.BLOCK_COVERED)


@pytest.mark.rule("R14")
def test_R14_large_neutral_block_may_be_moved() -> None:
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL), put("neutral-1", (12, 10, 0), "+z")]
    state = position(blocks, step=Step.BLOCK)
    after, events = apply(state, move("neutral-1", (10, 12, 0), "+x", "+z"))  # lying 2×6 along y
    assert isinstance(events[0], BlockMoved)
    b = after.block_index("neutral-1")
    assert after.structure.extent(b) == (2, 6, 2)
    assert after.step is Step.MOVE


# ----- R15: the block the previous player moved ------------------------------------------


def _three() -> list[Placement]:
    return [
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("half-3", (12, 10, 0), NEUTRAL),
        put("half-6", (10, 12, 0), NEUTRAL),
    ]


@pytest.mark.rule("R15")
def test_R15_next_player_may_not_move_the_block_just_moved() -> None:
    state = position(_three(), colours=(TEAL, PURPLE, YELLOW), step=Step.BLOCK)
    state, _ = play(state, move("half-3", (12, 11, 0), "-z"))
    state = pass_turn(state)
    assert state.turn.active == 1
    state = pass_step(state)  # purple's first move
    assert block_refusals(state)["half-3"].reason is Reason.BLOCK_MOVED_LAST_TURN
    exc = refuse(
        state, move("half-3", (12, 10, 0), "-z", player=PURPLE), Reason.BLOCK_MOVED_LAST_TURN
    )
    assert "Teal" in refusal_sentence(exc)
    state, _ = play(state, move("half-6", (8, 10, 0), "-z", player=PURPLE))
    state = pass_turn(state)
    state = pass_step(state)  # yellow's first move: teal's block is free again
    assert state.turn.active == 2
    assert set(block_refusals(state)) == {"half-6"}
    assert "half-3" in free_blocks(state)


@pytest.mark.rule("R15")
def test_R15_no_ban_when_the_previous_player_moved_nothing() -> None:
    state = position(_three(), step=Step.BLOCK)
    state = pass_turn(state)
    state = pass_step(state)
    assert block_refusals(state) == {}


# ----- R16: placement --------------------------------------------------------------------


def _base() -> list[Placement]:
    """A neutral cube at x 10..11, y 10..11, and a lying half to move, south of it."""
    return [put("cube-1", (10, 10, 0), NEUTRAL), put("half-3", (10, 6, 0), NEUTRAL)]


def _near() -> list[Placement]:
    return [put("cube-1", (10, 10, 0), NEUTRAL), put("half-3", (10, 8, 0), NEUTRAL)]


@pytest.mark.rule("R16")
def test_R16_one_imaginary_square_touching_is_enough() -> None:
    """Rulebook: "One of its imaginary squares touches another on the main structure"."""
    state = position(_near(), step=Step.BLOCK)
    half = state.blocks[1]
    assert check_block_move(state, moved_to(half, (12, 11, 0))) == []
    after, _ = apply(state, moved_to(half, (12, 11, 0)))
    assert after.structure.block_at((12, 11)) == after.block_index("half-3")


@pytest.mark.rule("R16")
def test_R16_corner_contact_or_the_table_alone_is_not_enough() -> None:
    state = position(_near(), step=Step.BLOCK)
    half = state.blocks[1]
    exc = refuse(state, moved_to(half, (12, 12, 0)), Reason.NO_CONTACT)
    assert exc.blocks[0] == "half-3"
    refuse(state, moved_to(half, (20, 20, 0)), Reason.NO_CONTACT)


@pytest.mark.rule("R16")
def test_R16_structure_is_judged_without_the_lifted_block() -> None:
    """half-3 touches the cube from the south; shifted 1 south it touches only its own old place."""
    state = position(_near(), step=Step.BLOCK)
    half = state.blocks[1]
    refuse(state, moved_to(half, (10, 7, 0)), Reason.NO_CONTACT)
    refuse(state, moved_to(half, (10, 8, 1)), Reason.UNSUPPORTED)


@pytest.mark.rule("R16")
def test_R16_off_the_area_unsupported_overlap_and_disk() -> None:
    blocks = [
        put("cube-1", (30, 10, 0), NEUTRAL),
        put("cube-2", (10, 10, 0), NEUTRAL),
        put("half-3", (12, 10, 0), NEUTRAL),
    ]
    state = position(
        blocks, step=Step.BLOCK, players={PURPLE: {"disk": "placed", "disk_on": "cube-2"}}
    )
    exc = refuse(state, move("half-3", (31, 10, 0), "-z"), Reason.OUT_OF_AREA)
    assert exc.squares == ((32, 10), (32, 11))
    exc = refuse(state, move("half-3", (29, 10, 2), "-z"), Reason.UNSUPPORTED)
    assert exc.squares == ((29, 10), (29, 11))
    exc = refuse(state, move("half-3", (29, 10, 0), "-z"), Reason.OVERLAP)
    assert exc.squares == ((30, 10), (30, 11))
    exc = refuse(state, move("half-3", (10, 10, 2), "-z"), Reason.ON_DISK)
    assert exc.squares == ((10, 10), (10, 11), (11, 10), (11, 11))
    assert "cube-2" in exc.blocks


@pytest.mark.rule("R16")
def test_R16_old_square_with_a_new_rotation_is_a_move() -> None:
    state = position(_near(), step=Step.BLOCK)
    after, events = apply(state, move("half-3", (10, 8, 0), "+z"))  # flipped: pink on top
    assert after.structure.top_colour(after.block_index("half-3")).value == "pink"
    assert isinstance(events[0], BlockMoved)
    standing = apply(state, move("half-3", (10, 9, 0), "-y", "+z"))[0]  # stood up, 2×1
    assert standing.structure.height_at((10, 9)) == 2
    assert standing.structure.height_at((10, 8)) == 0


# ----- R17: pushing Climbers ---------------------------------------------------------------


@pytest.mark.rule("R17")
def test_R17_push_to_nearest_square() -> None:
    """A lying half lands on the south end of a neutral 2×4 where teal stands."""
    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-3", (12, 10, 0), NEUTRAL)]
    state = position(blocks, at={TEAL: (11, 11)}, step=Step.BLOCK, active=1)
    action = move("half-3", (10, 10, 2), "-z", player=PURPLE)
    assert check_block_move(state, action) == [(0, (11, 11), (11, 12))]
    after, events = apply(state, action)
    assert after.players[0].at == (11, 12)
    assert ClimberPushed(player=TEAL, from_square=(11, 11), to_square=(11, 12)) in events
    assert after.level(0) == 2


@pytest.mark.rule("R17")
def test_R17_push_tie_goes_to_smallest_x_then_y() -> None:
    """A standing half (1×2) lands across a lying 4×2; teal at (11, 10) is as near to (10, 10)
    as to (12, 10): smallest x wins. Purple at (11, 11) goes to (10, 11)."""
    blocks = [put("double-1", (10, 10, 0), "-y", "+x"), put("half-1", (14, 10, 0), "-y", "+x")]
    state = position(
        blocks,
        at={TEAL: (11, 10), PURPLE: (11, 11)},
        colours=(TEAL, PURPLE, YELLOW),
        active=2,
        step=Step.BLOCK,
    )
    pushes = check_block_move(state, move("half-1", (11, 10, 2), "-y", "+x", player=YELLOW))
    assert pushes == [(0, (11, 10), (10, 10)), (1, (11, 11), (10, 11))]
    # with y ties: a lying 2×4 along y, covered across its middle by a 2×1 standing half
    along_y = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-1", (14, 10, 0), "-y", "+z")]
    state = position(along_y, at={TEAL: (10, 11)}, step=Step.BLOCK, active=1)
    pushes = check_block_move(state, move("half-1", (10, 11, 2), "-y", "+z", player=PURPLE))
    assert pushes == [(0, (10, 11), (10, 10))]


@pytest.mark.rule("R17")
def test_R17_no_room_to_push_is_refused() -> None:
    """Four Climbers on a neutral cube: a standing half on two of its squares finds no room."""
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL), put("half-1", (12, 10, 0), "-y", "+z")]
    at = {PURPLE: (10, 10), YELLOW: (11, 10), RED: (10, 11), PINK: (11, 11)}
    state = position(blocks, at=at, colours=(TEAL, PURPLE, YELLOW, RED, PINK), step=Step.BLOCK)
    exc = refuse(state, move("half-1", (10, 10, 2), "-y", "+z"), Reason.NO_ROOM_TO_PUSH)
    assert exc.squares == ((10, 10), (11, 10))
    assert exc.blocks == ("half-1", "cube-1")
    three = position(
        blocks,
        at={PURPLE: (10, 10), YELLOW: (11, 10), RED: (10, 11)},
        colours=(TEAL, PURPLE, YELLOW, RED),
        step=Step.BLOCK,
    )
    refuse(three, move("half-1", (10, 10, 2), "-y", "+z"), Reason.NO_ROOM_TO_PUSH)
    two = position(
        blocks,
        at={PURPLE: (10, 10), YELLOW: (11, 10)},
        colours=(TEAL, PURPLE, YELLOW),
        step=Step.BLOCK,
    )
    pushes = check_block_move(two, move("half-1", (10, 10, 2), "-y", "+z"))
    assert sorted(new for _, _, new in pushes) == [(10, 11), (11, 11)]


@pytest.mark.rule("R17")
def test_R17_climbers_stay_on_their_block() -> None:
    """Covering teal's only free-less cube is refused even though a neighbour block has room."""
    blocks = [
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("cube-2", (12, 10, 0), NEUTRAL),
        put("half-3", (14, 10, 0), NEUTRAL),
    ]
    state = position(blocks, at={TEAL: (10, 10)}, step=Step.BLOCK, active=1)
    refuse(state, move("half-3", (10, 10, 2), "-z", player=PURPLE), Reason.NO_ROOM_TO_PUSH)


# ----- R18: examining a block ------------------------------------------------------------


@pytest.mark.rule("R18")
def test_R18_putting_a_block_back_unchanged_is_no_move() -> None:
    state = position(_near(), step=Step.BLOCK)
    half = state.blocks[1]
    refuse(state, moved_to(half, half.at), Reason.UNCHANGED)
    after, _ = apply(state, move("cube-1", (12, 8, 0), "-y", "+x"))  # another block instead
    assert after.step is Step.MOVE
    assert after.turn.moved_this_turn == ("cube-1",)
    assert apply(state, Pass(player=TEAL))[0].turn.moved_this_turn == ()


@pytest.mark.rule("R18")
def test_R18_turning_a_neutral_block_in_place_looks_the_same_and_is_no_move() -> None:
    """A quarter turn of an upright neutral block leaves it looking exactly as before: no move."""
    blocks = [put("neutral-1", (10, 10, 0)), put("cube-1", (12, 10, 0), NEUTRAL)]
    state = position(blocks, step=Step.BLOCK)
    refuse(state, move("neutral-1", (10, 10, 0), "+z", "+x"), Reason.UNCHANGED)
    extents = state.structure.tables.extents[state.block_index("neutral-1")]
    in_place = [
        extents[int(row[1])]
        for row in legal_placements(state, ["neutral-1"])
        if tuple(int(v) for v in row[2:]) == (10, 10, 0)
    ]
    assert (2, 2, 6) not in in_place, "no standing pose in place is offered"
    assert in_place, "laying it down from the same corner is still a move"
    after, _ = apply(state, move("cube-1", (12, 10, 0), "+x", "+y"))  # a coloured cube turned
    assert after.turn.moved_this_turn == ("cube-1",)


@pytest.mark.rule("R17")
def test_R17_nearest_is_by_straight_distance() -> None:
    """A standing half covers (10, 10) and (10, 11) of a lying 2×4; yellow holds (11, 10).
    Teal at (10, 10) goes to (11, 11) (distance √2), not to (10, 12) (distance 2)."""
    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-1", (14, 10, 0), "-y", "+x")]
    state = position(
        blocks,
        at={TEAL: (10, 10), YELLOW: (11, 10)},
        colours=(TEAL, PURPLE, YELLOW),
        active=1,
        step=Step.BLOCK,
    )
    pushes = check_block_move(state, move("half-1", (10, 10, 2), "-y", "+x", player=PURPLE))
    assert pushes == [(0, (10, 10), (11, 11))]


@pytest.mark.rule("R14")
def test_R14_two_blocks_named_alike_in_one_refusal_are_told_apart_by_level() -> None:
    blocks = [put("cube-1", (10, 10, 0), TEAL), put("cube-2", (10, 10, 2), TEAL)]
    state = position(blocks, step=Step.BLOCK)
    exc = refuse(state, move("cube-1", (14, 10, 0)), Reason.BLOCK_COVERED)
    assert refusal_sentence(exc) == (
        "The teal cube on level 2 cannot move: the teal cube on level 4 rests on it."
    )
    apart = [put("cube-1", (10, 10, 0), TEAL), put("half-1", (10, 10, 2), TEAL)]
    state = position(apart, step=Step.BLOCK)
    exc = refuse(state, move("cube-1", (14, 10, 0)), Reason.BLOCK_COVERED)
    assert refusal_sentence(exc) == "The teal cube cannot move: the teal half-cube rests on it."
