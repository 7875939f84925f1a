"""R8–R13 and V2: walking, the step rule, entering, the table, ladders, reactions, bridges."""

from __future__ import annotations

import pytest

from climbers.the_climbers.core import (
    MoveClimber,
    Reason,
    Rules,
    Step,
    apply,
    legal_destinations,
)
from climbers.the_climbers.core.events import ClimberMoved
from climbers.the_climbers.io.refusals import refusal_sentence
from rules.conftest import (
    NEUTRAL,
    PINK,
    PURPLE,
    RED,
    TEAL,
    YELLOW,
    destinations,
    pass_step,
    play,
    position,
    put,
    refuse,
)

# ----- R8: one walk along edges, stop anywhere, cross but do not end on others ----------------


@pytest.mark.rule("R8")
def test_R08_blocks_touching_only_at_corners_do_not_connect() -> None:
    """Rulebook: "If two blocks only touch at their corners, you cannot move diagonally"."""
    state = position(
        [put("cube-1", (10, 10, 0), NEUTRAL), put("cube-2", (12, 12, 0), NEUTRAL)],
        at={TEAL: (11, 11)},
        players={TEAL: {"ladders": ()}},
    )
    assert destinations(state) == {(10, 10), (10, 11), (11, 10)}
    refuse(state, MoveClimber(player=TEAL, to=(12, 12)), Reason.NO_ROUTE)


@pytest.mark.rule("R8")
def test_R08_edge_contact_connects_and_walks_cross_several_blocks() -> None:
    blocks = [
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("cube-2", (12, 11, 0), NEUTRAL),
        put("cube-3", (14, 12, 0), NEUTRAL),
    ]
    state = position(blocks, at={TEAL: (10, 10)}, players={TEAL: {"ladders": ()}})
    assert (15, 13) in destinations(state)
    after, events = apply(state, MoveClimber(player=TEAL, to=(15, 13)))
    moved = events[0]
    assert isinstance(moved, ClimberMoved)
    path = moved.path
    assert path[0] == (10, 10) and path[-1] == (15, 13)
    assert all(
        abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:], strict=False)
    )


@pytest.mark.rule("R8")
def test_R08_may_stop_early_and_cross_but_not_end_on_a_climber() -> None:
    blocks = [put("double-1", (10, 10, 0), "-y", "+x")]  # neutral lying 4×2: x 10..13, y 10..11
    state = position(blocks, at={TEAL: (10, 10), PURPLE: (11, 10)}, players={TEAL: {"ladders": ()}})
    got = destinations(state)
    assert (11, 10) not in got
    assert {(12, 10), (13, 10), (10, 11)} <= got
    refuse(state, MoveClimber(player=TEAL, to=(11, 10)), Reason.SQUARE_TAKEN)
    # a one-square-wide strip: purple blocks the only way and is crossed
    strip = [put("half-1", (10, 10, 0), "-y", "+z"), put("half-4", (12, 10, 0), "-y", "+z")]
    state = position(strip, at={TEAL: (10, 10), PURPLE: (11, 10)}, players={TEAL: {"ladders": ()}})
    after, events = apply(state, MoveClimber(player=TEAL, to=(13, 10)))
    assert isinstance(events[0], ClimberMoved) and (11, 10) in events[0].path
    assert after.players[0].at == (13, 10)


# ----- R9: the step rule --------------------------------------------------------------------


@pytest.mark.rule("R9")
def test_R09_no_step_down_even_to_climb_higher_later() -> None:
    """Rulebook: "You cannot move downwards to another block—even if you end up at the same or a
    higher level". Teal on a cube (2) next to a lying half (1) next to a cube (2) and a standing
    Size 4 (4): none of them can be reached through the half."""
    blocks = [
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("half-3", (12, 10, 0), NEUTRAL),
        put("cube-2", (14, 10, 0), NEUTRAL),
        put("double-3", (14, 12, 0), NEUTRAL),
    ]
    state = position(blocks, at={TEAL: (10, 10)})
    assert destinations(state) == {(10, 11), (11, 10), (11, 11)}
    exc = refuse(state, MoveClimber(player=TEAL, to=(14, 10)), Reason.NO_ROUTE)
    assert exc.squares == ((14, 10),)
    refuse(state, MoveClimber(player=TEAL, to=(12, 10)), Reason.NO_ROUTE)


@pytest.mark.rule("R9")
@pytest.mark.parametrize(
    ("block", "up", "rise", "options"),
    [
        ("half-3", NEUTRAL, 1, [()]),
        ("cube-1", NEUTRAL, 2, [("short",), ("tall",)]),
        ("double-3", NEUTRAL, 4, [("tall",)]),
        ("neutral-1", "+z", 6, []),
    ],
)
def test_R09_rise_decides_the_ladder(block: str, up: object, rise: int, options: list) -> None:
    state = position([put(block, (10, 10, 0), up)])  # type: ignore[arg-type]
    routes = legal_destinations(state).get((10, 10), [])
    assert state.structure.height_at((10, 10)) == rise
    assert [r.ladders for r in routes] == options


@pytest.mark.rule("R9")
def test_R09_rise_of_three_needs_the_tall_ladder() -> None:
    blocks = [put("half-3", (10, 10, 0), NEUTRAL), put("double-3", (12, 10, 0), NEUTRAL)]
    state = position(blocks, at={TEAL: (10, 10)})
    assert [r.ladders for r in legal_destinations(state)[(12, 10)]] == [("tall",)]
    short_only = position(blocks, at={TEAL: (10, 10)}, players={TEAL: {"ladders": ("short",)}})
    assert (12, 10) not in destinations(short_only)
    exc = refuse(
        short_only, MoveClimber(player=TEAL, to=(12, 10), ladders=("short",)), Reason.NO_ROUTE
    )
    assert refusal_sentence(exc).endswith("it takes the tall ladder, and the tall ladder is spent.")


@pytest.mark.rule("R9")
def test_R09_equal_level_and_one_up_are_free() -> None:
    blocks = [
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("cube-2", (12, 10, 0), NEUTRAL),
        put("half-3", (14, 10, 0), NEUTRAL),
        put("half-6", (14, 10, 1), NEUTRAL),
        put("half-9", (14, 10, 2), NEUTRAL),
    ]
    state = position(blocks, at={TEAL: (10, 10)})
    routes = legal_destinations(state)
    assert routes[(13, 10)][0].ladders == ()
    assert routes[(14, 10)][0].ladders == () and routes[(14, 10)][0].level == 3


@pytest.mark.rule("R9")
def test_R09_a_step_down_is_refused_for_that_alone() -> None:
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL), put("half-3", (12, 10, 0), NEUTRAL)]
    state = position(blocks, at={TEAL: (10, 10)})
    exc = refuse(state, MoveClimber(player=TEAL, to=(12, 10)), Reason.NO_ROUTE)
    assert refusal_sentence(exc) == (
        "Teal cannot go down to level 1: a Climber never steps down, not even to climb higher "
        "afterwards."
    )


# ----- R10: which squares may be entered --------------------------------------------------


def _full_cube(occupied: int) -> tuple[list, dict]:
    """A neutral cube (level 2) with `occupied` Climbers, teal on a lying half (level 1) to its
    west and a neutral cube at level 2 beyond it to the east."""
    blocks = [
        put("half-3", (8, 10, 0), NEUTRAL),
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("cube-2", (12, 10, 0), NEUTRAL),
    ]
    squares = [(10, 10), (11, 10), (10, 11), (11, 11)][:occupied]
    at = {TEAL: (9, 10), **dict(zip((PURPLE, YELLOW, RED, PINK), squares, strict=False))}
    return blocks, at


@pytest.mark.rule("R10")
def test_R10_full_neutral_surface_cannot_be_entered_or_crossed() -> None:
    """Rulebook: "The neutral surface is fully occupied – the teal Climber cannot climb to the
    neutral surface!" (a neutral Size 2 with 4 Climbers)."""
    blocks, at = _full_cube(4)
    colours = (TEAL, PURPLE, YELLOW, RED, PINK)
    state = position(blocks, at=at, colours=colours, players={TEAL: {"ladders": ()}})
    assert destinations(state) == {(8, 10), (8, 11), (9, 11)}
    refuse(state, MoveClimber(player=TEAL, to=(12, 10)), Reason.NO_ROUTE)
    refuse(state, MoveClimber(player=TEAL, to=(10, 10)), Reason.SQUARE_TAKEN)
    blocks, at = _full_cube(3)
    state = position(blocks, at=at, colours=colours, players={TEAL: {"ladders": ()}})
    assert {(11, 11), (12, 10), (13, 11)} <= destinations(state)


@pytest.mark.rule("R10")
def test_R10_standing_neutral_half_holds_two() -> None:
    """Rulebook: up to 2 Climbers on a standing neutral Size 1; a third cannot get on."""
    blocks = [put("half-1", (10, 10, 0), "-y", "+z"), put("half-3", (10, 11, 0), NEUTRAL)]
    colours = (TEAL, PURPLE, YELLOW)
    full = position(
        blocks, at={PURPLE: (10, 10), YELLOW: (11, 10), TEAL: (10, 11)}, colours=colours
    )
    rest = {(11, 11), (10, 12), (11, 12)}  # the lying half teal stands on
    assert destinations(full) == rest
    half = position(blocks, at={PURPLE: (10, 10), TEAL: (10, 11)}, colours=colours)
    assert destinations(half) == rest | {(11, 10)}


@pytest.mark.rule("R10")
def test_R10_own_block_may_always_be_crossed() -> None:
    """Teal and purple fill a standing neutral half; teal may still cross purple's square."""
    blocks = [put("half-1", (10, 10, 0), "-y", "+z"), put("cube-1", (12, 10, 0), NEUTRAL)]
    state = position(blocks, at={TEAL: (10, 10), PURPLE: (11, 10)}, players={TEAL: {"ladders": ()}})
    assert destinations(state) == {(12, 10), (12, 11), (13, 10), (13, 11)}


@pytest.mark.rule("R10")
def test_R10_only_neutral_or_own_colour_and_one_climber_on_a_coloured_block() -> None:
    blocks = [
        put("double-1", (8, 10, 0), "-y", "+z"),  # neutral, level 2, x 8..9, y 10..13
        put("cube-1", (10, 10, 0), "+z"),  # teal top
        put("cube-2", (10, 12, 0), "-z"),  # purple top
    ]
    state = position(blocks, at={TEAL: (8, 10)}, players={TEAL: {"ladders": ()}})
    got = destinations(state)
    assert {(10, 10), (11, 11)} <= got and not got & {(10, 12), (11, 13)}
    exc = refuse(state, MoveClimber(player=TEAL, to=(10, 12)), Reason.WRONG_COLOUR)
    assert "purple" in refusal_sentence(exc)
    # purple may enter its own top, but not teal's, even if teal's holds room
    purple = position(blocks, at={PURPLE: (8, 10), TEAL: (10, 10)}, active=1)
    assert {(10, 12), (11, 13)} <= destinations(purple)
    refuse(purple, MoveClimber(player=PURPLE, to=(11, 11)), Reason.WRONG_COLOUR)


@pytest.mark.rule("R10")
def test_R10_block_with_disk_is_neither_entered_nor_crossed() -> None:
    blocks = [
        put("half-3", (8, 10, 0), NEUTRAL),
        put("cube-1", (10, 10, 0), NEUTRAL),
        put("cube-2", (12, 10, 0), NEUTRAL),
    ]
    state = position(
        blocks,
        at={TEAL: (9, 10)},
        players={TEAL: {"ladders": ()}, PURPLE: {"disk": "placed", "disk_on": "cube-1"}},
    )
    assert destinations(state) == {(8, 10), (8, 11), (9, 11)}
    refuse(state, MoveClimber(player=TEAL, to=(10, 10)), Reason.DISK_BLOCKS_SQUARE)
    refuse(state, MoveClimber(player=TEAL, to=(12, 10)), Reason.NO_ROUTE)


# ----- R11: from the table ---------------------------------------------------------------


def _courtyard(closed: bool) -> list:
    """Purple cubes ring a 2×4 courtyard (x 10..11, y 10..13); a neutral lying half fills its
    south half. With `closed` False the wall cube at (10, 14) is missing."""
    walls = [(8, y) for y in (8, 10, 12, 14)] + [(12, y) for y in (8, 10, 12, 14)] + [(10, 8)]
    if closed:
        walls.append((10, 14))
    blocks = [put(f"cube-{i + 1}", (x, y, 0), PURPLE) for i, (x, y) in enumerate(walls)]
    return [*blocks, put("half-3", (10, 10, 0), NEUTRAL)]


@pytest.mark.rule("R11")
def test_R11_start_only_from_table_connected_to_the_edge() -> None:
    closed = position(_courtyard(closed=True))
    assert not closed.structure.open_table[10, 12]
    assert closed.structure.open_table[0, 0]
    assert destinations(closed) == set()
    refuse(closed, MoveClimber(player=TEAL, to=(10, 11)), Reason.NO_ROUTE)
    opened = position(_courtyard(closed=False))
    assert opened.structure.open_table[10, 12]
    assert destinations(opened) == {(10, 10), (10, 11), (11, 10), (11, 11)}
    route = legal_destinations(opened)[(10, 11)][0]
    assert route.ladders == () and opened.structure.height_at(route.path[0]) == 0


# ----- R12: ladders ----------------------------------------------------------------------


@pytest.mark.rule("R12")
def test_R12_standing_size4_needs_the_tall_ladder() -> None:
    """Rulebook: a vertical Size 4 (height 4) needs a tall ladder."""
    blocks = [put("double-3", (10, 10, 0), NEUTRAL)]
    state = position(blocks)
    assert {sq: [r.ladders for r in rs] for sq, rs in legal_destinations(state).items()} == {
        sq: [("tall",)] for sq in [(10, 10), (10, 11), (11, 10), (11, 11)]
    }
    short_only = position(blocks, players={TEAL: {"ladders": ("short",)}})
    assert destinations(short_only) == set()
    refuse(
        short_only, MoveClimber(player=TEAL, to=(10, 10), ladders=("tall",)), Reason.LADDER_SPENT
    )
    exc = refuse(short_only, MoveClimber(player=TEAL, to=(10, 10)), Reason.NO_ROUTE)
    assert refusal_sentence(exc) == (
        "Teal cannot reach level 4 there: it takes the tall ladder, and the tall ladder is spent."
    ), "a click on the square says which condition failed"
    none_left = position(blocks, players={TEAL: {"ladders": ()}})
    exc = refuse(none_left, MoveClimber(player=TEAL, to=(10, 10)), Reason.NO_ROUTE)
    assert refusal_sentence(exc).endswith("it takes the tall ladder, and the tall ladder is spent.")


@pytest.mark.rule("R13")
def test_R13_a_refused_answer_does_not_speak_of_ladders() -> None:
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL)]
    state = position(blocks, step=Step.REACTION, active=1)
    exc = refuse(state, MoveClimber(player=TEAL, to=(10, 10)), Reason.NO_ROUTE)
    assert "answering move" in refusal_sentence(exc) and "ladder" not in refusal_sentence(exc)


@pytest.mark.rule("R12")
def test_R12_two_ladders_never_combine_into_one_step() -> None:
    """A standing neutral block (6) from the table would need short + tall at once: impossible,
    and a 4-step with only the short ladder is impossible too."""
    state = position([put("neutral-1", (10, 10, 0), "+z")])
    assert destinations(state) == set()
    refuse(
        state,
        MoveClimber(player=TEAL, to=(10, 10), ladders=("short", "tall")),
        Reason.NO_ROUTE,
    )


@pytest.mark.rule("R12")
def test_R12_short_then_tall_with_a_surface_between() -> None:
    """Table → cube (2, short) → standing neutral (6, tall): two ladder steps, a surface between."""
    blocks = [put("cube-1", (8, 10, 0), NEUTRAL), put("neutral-1", (10, 10, 0), "+z")]
    state = position(blocks)
    routes = legal_destinations(state)[(10, 10)]
    assert [r.ladders for r in routes] == [("short", "tall")]
    path = routes[0].path
    assert state.structure.height_at(path[0]) == 0 and (9, 10) in path
    after, events = apply(state, MoveClimber(player=TEAL, to=(10, 10), ladders=("short", "tall")))
    assert after.level(0) == 6 and after.players[0].ladders == ()
    assert isinstance(events[0], ClimberMoved) and events[0].ladders == ("short", "tall")


@pytest.mark.rule("R12")
def test_R12_player_chooses_ladder_default_is_cheapest_and_used_ladder_is_gone() -> None:
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)])
    routes = legal_destinations(state)[(10, 10)]
    assert [r.ladders for r in routes] == [("short",), ("tall",)]
    after, _ = apply(state, MoveClimber(player=TEAL, to=(10, 10), ladders=("tall",)))
    assert after.players[0].ladders == ("short",)
    refuse(state, MoveClimber(player=TEAL, to=(10, 10)), Reason.NEEDS_LADDER)
    refuse(
        state,
        MoveClimber(player=TEAL, to=(10, 10), ladders=("short", "tall")),
        Reason.LADDER_NOT_NEEDED,
    )


# ----- R13: reaction moves ---------------------------------------------------------------


@pytest.mark.rule("R13")
def test_R13_reactions_in_turn_order_from_the_left_then_next_player() -> None:
    blocks = [put("half-3", (10, 10, 0), NEUTRAL)]
    state = position(blocks, colours=(TEAL, PURPLE, YELLOW), active=1, step=Step.DISK)
    state = pass_step(state)
    assert state.step is Step.REACTION and state.actor == 2
    state = pass_step(state)
    assert state.step is Step.REACTION and state.actor == 0
    state = pass_step(state)
    assert state.step is Step.MOVE and state.actor == 2 and state.turn.active == 2


@pytest.mark.rule("R13")
def test_R13_reaction_move_without_ladders_by_default() -> None:
    blocks = [put("half-3", (10, 10, 0), NEUTRAL), put("double-3", (12, 10, 0), NEUTRAL)]
    state = position(blocks, step=Step.REACTION)
    assert state.actor == 1
    assert destinations(state) == {(10, 10), (10, 11), (11, 10), (11, 11)}
    refuse(state, MoveClimber(player=PURPLE, to=(12, 10)), Reason.NO_ROUTE)
    cubes_only = position([put("cube-1", (12, 10, 0), NEUTRAL)], step=Step.REACTION)
    assert destinations(cubes_only) == set()
    refuse(
        cubes_only,
        MoveClimber(player=PURPLE, to=(12, 10), ladders=("short",)),
        Reason.LADDERS_NOT_ALLOWED,
    )
    after, events = apply(state, MoveClimber(player=PURPLE, to=(11, 11)))
    assert isinstance(events[0], ClimberMoved) and events[0].reaction
    assert after.players[1].at == (11, 11) and after.players[1].ladders == ("short", "tall")


@pytest.mark.rule("R13")
def test_R13_reaction_ladders_option() -> None:
    rules = Rules(reaction_ladders=True)
    state = position([put("cube-1", (12, 10, 0), NEUTRAL)], rules=rules, step=Step.REACTION)
    assert destinations(state) == {(12, 10), (12, 11), (13, 10), (13, 11)}
    after, _ = play(state, MoveClimber(player=PURPLE, to=(12, 10), ladders=("short",)))
    assert after.players[1].ladders == ("tall",)


@pytest.mark.rule("R13")
def test_R13_reactions_option_off_skips_them() -> None:
    state = position(
        [put("half-3", (10, 10, 0), NEUTRAL)], rules=Rules(reactions=False), step=Step.DISK
    )
    state = pass_step(state)
    assert state.step is Step.MOVE and state.turn.active == 1


# ----- V2: bridges -----------------------------------------------------------------------


def _gap(gap: int, far_up: object = NEUTRAL, far: str = "cube-2") -> list:
    """A neutral cube at x 10..11 and another block `gap` table squares east of it."""
    return [put("cube-1", (10, 10, 0), NEUTRAL), put(far, (12 + gap, 10, 0), far_up)]  # type: ignore[arg-type]


BRIDGES = Rules(bridges=True)


@pytest.mark.rule("V2")
def test_V2_short_ladder_bridges_a_gap_of_one() -> None:
    state = position(_gap(1), at={TEAL: (11, 10)}, rules=BRIDGES)
    routes = legal_destinations(state)[(13, 10)]
    assert [(r.ladders, r.bridge) for r in routes] == [(("short",), True), (("tall",), True)]
    after, events = apply(state, MoveClimber(player=TEAL, to=(13, 10), ladders=("short",)))
    assert after.players[0].at == (13, 10) and after.players[0].ladders == ("tall",)
    assert isinstance(events[0], ClimberMoved) and events[0].bridge
    assert events[0].path == ((11, 10), (13, 10))


@pytest.mark.rule("V2")
def test_V2_tall_ladder_bridges_a_gap_of_two() -> None:
    state = position(_gap(2), at={TEAL: (11, 10)}, rules=BRIDGES)
    assert [r.ladders for r in legal_destinations(state)[(14, 10)]] == [("tall",)]
    short_only = position(
        _gap(2), at={TEAL: (11, 10)}, rules=BRIDGES, players={TEAL: {"ladders": ("short",)}}
    )
    assert (14, 10) not in destinations(short_only)
    too_far = position(_gap(3), at={TEAL: (11, 10)}, rules=BRIDGES)
    assert (15, 10) not in destinations(too_far)


@pytest.mark.rule("V2")
def test_V2_no_bridge_to_a_different_level_or_when_off() -> None:
    lower = position(_gap(1, NEUTRAL, "half-3"), at={TEAL: (11, 10)}, rules=BRIDGES)
    assert (13, 10) not in destinations(lower)
    higher = position(_gap(1, NEUTRAL, "double-3"), at={TEAL: (11, 10)}, rules=BRIDGES)
    assert (13, 10) not in destinations(higher)
    off = position(_gap(1), at={TEAL: (11, 10)})
    assert (13, 10) not in destinations(off)
    refuse(off, MoveClimber(player=TEAL, to=(13, 10), ladders=("short",)), Reason.NO_ROUTE)


@pytest.mark.rule("V2")
def test_V2_bridge_over_a_lower_block() -> None:
    """Between two standing Size 4 blocks (level 4) stands a standing half (level 2)."""
    blocks = [
        put("double-3", (10, 10, 0), NEUTRAL),
        put("half-1", (12, 10, 0), "-y", "+x"),  # 1×2, level 2
        put("double-6", (13, 10, 0), NEUTRAL),
    ]
    state = position(
        blocks, at={TEAL: (11, 10)}, rules=BRIDGES, players={TEAL: {"ladders": ("short",)}}
    )
    routes = legal_destinations(state)[(13, 11)]
    assert [(r.ladders, r.bridge) for r in routes] == [(("short",), True)]


@pytest.mark.rule("R12")
def test_R12_a_ladder_cannot_be_used_twice() -> None:
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)])
    exc = refuse(
        state,
        MoveClimber(player=TEAL, to=(10, 10), ladders=("short", "short")),
        Reason.LADDER_SPENT,
    )
    assert exc.squares == ((10, 10),)
