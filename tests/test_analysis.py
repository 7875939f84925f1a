"""The sandbox's core: building by hand (R5, R16, R17 without the turn rules), describing a
position, the setup check (R24), and the analysis of reach and what-if."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from climbers.the_climbers.core import (
    GameState,
    IllegalAction,
    Placement,
    Reason,
    Rules,
    Step,
    generate_mountain,
    legal_destinations,
    new_game,
    setup_problems,
)
from climbers.the_climbers.core.analysis import (
    best_levels,
    cost_name,
    ladders_now,
    reach,
    what_if,
)
from climbers.the_climbers.core.geometry import extent, rotation_from
from climbers.the_climbers.core.sandbox import (
    STARTING_NEUTRALS,
    lift_refusal,
    place_block,
    put_climber,
    put_disk,
    remove_block,
    set_ladder,
    set_players,
    set_turn,
    spend_disk,
    starting_position,
    tray,
)
from climbers.the_climbers.core.state import Turn
from climbers.the_climbers.io import load_game
from climbers.the_climbers.io.refusals import refusal_sentence, setup_problem_words

UP = 0  # own +z up, +y north


def steps() -> GameState:
    """Neutral pillar (6) at x 14–15, teal cube (2) at x 16–17, teal half (1) at x 18–19."""
    state = starting_position()
    state = remove_block(state, "neutral-2")
    state = place_block(state, "cube-1", UP, (16, 15, 0))
    return place_block(state, "half-1", UP, (18, 15, 0))


# ----- building ----------------------------------------------------------------------------


def test_starting_position_has_the_neutral_core_and_33_blocks_in_the_tray() -> None:
    state = starting_position(["teal", "red", "yellow"])
    assert state.blocks == STARTING_NEUTRALS
    assert len(tray(state)) == 33 and "neutral-1" not in tray(state)
    assert [p.colour.value for p in state.players] == ["teal", "red", "yellow"]


@pytest.mark.rule("R16")
def test_R16_the_first_block_on_an_empty_table_needs_nothing_to_touch() -> None:
    state = remove_block(remove_block(starting_position(), "neutral-1"), "neutral-2")
    assert state.blocks == ()
    built = place_block(state, "cube-3", UP, (3, 4, 0))
    assert [p.block for p in built.blocks] == ["cube-3"]
    with pytest.raises(IllegalAction) as refused:
        place_block(built, "cube-4", UP, (8, 8, 0))
    assert refused.value.reason is Reason.NO_CONTACT
    assert refused.value.squares == ((8, 8), (8, 9), (9, 8), (9, 9))


@pytest.mark.rule("R5")
def test_R5_an_overhang_is_refused_naming_the_unsupported_squares() -> None:
    state = steps()
    with pytest.raises(IllegalAction) as refused:
        place_block(state, "cube-2", UP, (17, 15, 2))  # half on the cube, half over the half
    assert refused.value.reason is Reason.UNSUPPORTED
    assert refused.value.squares == ((18, 15), (18, 16))
    assert "overhang" in refusal_sentence(refused.value)
    with pytest.raises(IllegalAction) as cut:
        place_block(state, "cube-2", UP, (15, 15, 2))
    assert cut.value.reason is Reason.OVERLAP and (15, 15) in cut.value.squares


@pytest.mark.rule("R5")
def test_R5_a_covered_block_stays_until_what_rests_on_it_is_gone() -> None:
    state = place_block(steps(), "cube-2", UP, (16, 15, 2))
    refusal = lift_refusal(state, "cube-1")
    assert refusal is not None and refusal.reason is Reason.BLOCK_COVERED
    with pytest.raises(IllegalAction):
        remove_block(state, "cube-1")
    state = remove_block(state, "cube-2")
    assert "cube-2" in tray(state) and remove_block(state, "cube-1")


@pytest.mark.rule("R15")
def test_R15_the_turn_rules_do_not_bind_the_builder() -> None:
    state = steps()
    state = GameState(
        blocks=state.blocks,
        players=state.players,
        turn=Turn(number=2, step=2, moved_last_turn=("cube-1",), moved_this_turn=("half-1",)),
        tick=6,
    )
    moved = place_block(state, "cube-1", UP, (12, 15, 0))
    assert Placement.of("cube-1", UP, (12, 15, 0)) in moved.blocks
    assert "half-1" not in remove_block(moved, "half-1").turn.moved_this_turn


@pytest.mark.rule("R16")
def test_R16_no_block_goes_on_a_disk() -> None:
    state = put_disk(steps(), 1, "cube-1")
    with pytest.raises(IllegalAction) as refused:
        place_block(state, "cube-2", UP, (16, 15, 2))
    assert refused.value.reason is Reason.ON_DISK
    assert lift_refusal(state, "cube-1") is not None, "a block with a disk stays put"


@pytest.mark.rule("R17")
def test_R17_covering_a_climber_pushes_it_to_the_nearest_free_square() -> None:
    state = put_climber(steps(), 0, (14, 15))
    thin = next(r for r in range(24) if extent((2, 2, 1), r) == (1, 2, 2))
    pushed = place_block(state, "half-2", thin, (14, 15, 6))
    assert pushed.players[0].at == (15, 15)
    with pytest.raises(IllegalAction) as refused:
        place_block(state, "half-2", UP, (14, 15, 6))
    assert refused.value.reason is Reason.NO_ROOM_TO_PUSH


def test_a_standard_mountain_can_be_built_block_by_block_and_passes_the_check() -> None:
    target = generate_mountain(5)
    state = remove_block(remove_block(starting_position(), "neutral-1"), "neutral-2")
    for p in sorted(target, key=lambda p: (p.at[2], not p.block.startswith("neutral"))):
        state = place_block(state, p.block, p.rot, p.at)
    assert set(state.blocks) == set(target)
    assert tray(state) == []
    assert setup_problems(state) == ([], [])


@pytest.mark.rule("R24")
def test_R24_setup_check_names_what_is_missing_and_the_open_neutral_faces() -> None:
    found, squares = setup_problems(starting_position())
    problems = [setup_problem_words(p) for p in found]
    assert problems[0] == "33 blocks are not in the mountain yet"
    assert any("uncovered" in p for p in problems)
    assert (14, 15) in squares and (13, 15) in squares, "tops and table squares beside"
    lying = remove_block(starting_position(), "neutral-2")
    lying = place_block(lying, "neutral-2", rotation_from("+x", "+z"), (16, 15, 0))
    said = [setup_problem_words(p) for p in setup_problems(lying)[0]]
    assert "both large neutral blocks must stand upright on the table" in said


# ----- describing a position ----------------------------------------------------------------


@pytest.mark.rule("R10")
def test_R10_a_climber_stands_only_on_neutral_or_its_own_colour() -> None:
    state = steps()
    assert put_climber(state, 0, (16, 15)).players[0].at == (16, 15)  # teal on teal
    with pytest.raises(IllegalAction) as refused:
        put_climber(state, 1, (16, 15))  # purple on teal
    assert refused.value.reason is Reason.WRONG_COLOUR and refused.value.squares == ((16, 15),)
    with pytest.raises(IllegalAction) as off:
        put_climber(state, 0, (3, 3))
    assert off.value.reason is Reason.OFF_THE_MOUNTAIN
    both = put_climber(put_climber(state, 0, (14, 15)), 1, (15, 15))
    with pytest.raises(IllegalAction) as taken:
        put_climber(both, 0, (15, 15))
    assert taken.value.reason is Reason.SQUARE_TAKEN
    assert put_climber(both, 0, None).players[0].at is None


@pytest.mark.rule("R19")
def test_R19_disks_ladders_and_the_turn_set_by_hand() -> None:
    state = steps()
    state = put_disk(state, 1, "half-1")
    assert state.players[1].disk == "placed" and state.disk_blocks == {
        state.block_index("half-1"): 1
    }
    state = put_disk(state, 1, None)
    assert state.players[1].disk == "in_hand" and not state.disk_blocks
    assert spend_disk(state, 0, True).players[0].disk == "spent"
    with pytest.raises(IllegalAction):
        put_disk(put_climber(state, 0, (16, 15)), 1, "cube-1")  # a Climber stands there
    with pytest.raises(IllegalAction, match="still on the table but has used a ladder"):
        set_ladder(state, 0, "short", False)  # R12: a ladder is spent only in climbing
    stood = put_climber(state, 0, (16, 15))
    assert set_ladder(stood, 0, "short", False).players[0].ladders == ("tall",)
    assert set_ladder(set_ladder(stood, 0, "short", False), 0, "short", True).players[
        0
    ].ladders == (
        "short",
        "tall",
    )
    turned = set_turn(state, 1, 2)
    assert turned.turn.active == 1 and turned.step is Step.MOVE and turned.actor == 1
    five = set_players(state, ["teal", "purple", "yellow", "red", "pink"])
    assert len(five.players) == 5 and five.players[0] == state.players[0]


# ----- analysis -----------------------------------------------------------------------------


@pytest.mark.rule("R9")
def test_R9_reach_is_coloured_by_ladder_cost_with_the_best_level() -> None:
    r = reach(steps(), 0)
    assert r.level == 0
    groups = r.by_cost()
    assert set(groups["free"]) >= {(18, 15), (16, 15)}, "the half, then the cube one step up"
    assert set(groups["tall"]) == {(14, 15), (14, 16), (15, 15), (15, 16)}, "pillar: rise 4"
    assert r.best == 6 and r.best_squares == [(14, 15), (14, 16), (15, 15), (15, 16)]
    no_ladders = reach(steps(), 0, ladders=False)
    assert no_ladders.best == 2 and "tall" not in no_ladders.by_cost()
    purple = reach(steps(), 1)
    assert purple.best == 0 and purple.squares == {}, "teal blocks keep purple off"
    assert cost_name(("short", "tall")) == "short+tall"


@pytest.mark.rule("R13")
def test_R13_a_reaction_reach_has_no_ladders_unless_the_rules_allow() -> None:
    state = new_game(generate_mountain(7), ["teal", "red", "yellow"], first=0)
    react = GameState(
        blocks=state.blocks, players=state.players, turn=Turn(active=0, step=4, reactor=1)
    )
    assert react.step is Step.REACTION and react.actor == 1
    assert not ladders_now(react, 1) and ladders_now(react, 2) and ladders_now(state, 0)
    with_ladders = react.model_copy(update={"rules": Rules(reaction_ladders=True)})
    assert ladders_now(with_ladders, 1)


def test_reach_agrees_with_the_legal_destinations_of_the_acting_player() -> None:
    for seed in (2, 7, 11):
        state = new_game(generate_mountain(seed), ["teal", "purple"], first=0)
        moved = put_climber(state, 0, next(iter(legal_destinations(state))))
        for position in (state, moved):
            destinations = legal_destinations(position)
            r = reach(position, position.actor)
            assert set(r.squares) == set(destinations)
            assert all(r.squares[sq] == routes[0].ladders for sq, routes in destinations.items())


def test_what_if_shows_how_a_block_changes_each_best_level() -> None:
    state = put_climber(steps(), 0, (18, 15))  # teal on the half, level 1
    assert best_levels(state) == [6, 0], "half → cube free, cube → pillar with the tall ladder"
    after, changes = what_if(state, "cube-1", UP, (12, 15, 0))
    assert Placement.of("cube-1", UP, (12, 15, 0)) in after.blocks
    assert [(c.seat, c.before, c.after, c.delta) for c in changes] == [(0, 6, 1, -5), (1, 0, 0, 0)]
    back, changes = what_if(after, "cube-1", UP, (16, 15, 0))
    assert [c.delta for c in changes] == [5, 0]
    with pytest.raises(IllegalAction) as refused:
        what_if(state, "cube-2", UP, (17, 15, 2))
    assert refused.value.reason is Reason.UNSUPPORTED


# ----- the tricky example positions ---------------------------------------------------------

POSITIONS = Path(__file__).resolve().parent.parent / "assets" / "positions"


def test_every_example_position_loads_and_says_what_makes_it_tricky() -> None:
    files = sorted(POSITIONS.glob("*.json"))
    assert len(files) >= 4
    for path in files:
        load_game(path)
        description = json.loads(path.read_text())["description"]
        assert isinstance(description, str) and len(description.split()) >= 12


def test_the_example_positions_show_what_their_descriptions_claim() -> None:
    summit = load_game(POSITIONS / "block-opens-the-summit.json")
    assert summit.step is Step.BLOCK and reach(summit, 0).best == 2
    _, changes = what_if(summit, "half-1", UP, (18, 15, 2))
    assert (changes[0].before, changes[0].after) == (2, 7)

    disk = load_game(POSITIONS / "disk-cuts-off.json")
    assert disk.players[2].disk_on == "cube-3" and reach(disk, 0).best == 2
    assert reach(put_disk(disk, 2, None), 0).best == 6

    short = load_game(POSITIONS / "short-ladder-only.json")
    assert short.players[0].ladders == ("short",) and reach(short, 0).best == 2
    assert reach(set_ladder(short, 0, "tall", True), 0).best == 6
