"""Whole turns driven through the same handlers the mouse and keys use, in a real window."""

from __future__ import annotations

import errno
import os
from typing import Any

import pytest
from ursina import Vec3

from app import drive
from app.drive import carry_to, keys_to
from climbers.the_climbers.core import (
    IllegalAction,
    MoveBlock,
    Step,
    check_block_move,
    disk_targets,
    free_blocks,
    legal_destinations,
    legal_poses,
)
from climbers.the_climbers.core.geometry import TIP_ABOUT_X, TURN_ABOUT_Z, compose, extent
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.io.words import player_label

pytestmark = pytest.mark.display


def frames(screen: Any, n: int = 2) -> None:
    drive.frames(screen.app, n)


def point(screen: Any, pos: Any) -> None:
    """Warp the real pointer onto a world position and let hover update."""
    drive.point(screen.app, pos)


def click(screen: Any, pos: Any) -> None:
    drive.click(screen.app, pos)


def to_step(screen: Any, step: Step) -> None:
    """Skip to `step`, then let the pieces and the camera come to rest."""
    while screen.state.step is not step:
        screen.app.input("space")
    screen.view.tweens.finish()
    while screen.rig.glide is not None:
        frames(screen, 1)
    frames(screen, 1)


def block_top(screen: Any, name: str) -> Any:
    """The middle of a block's visible top."""
    return screen.view.disk_position(screen.state, name)


def aim_square(screen: Any, move: MoveBlock) -> tuple[int, int]:
    """The square the ghost's footprint is centred on when it takes `move`'s place."""
    spec = screen.drag.hand.spec
    ex, ey, _ = extent(spec.dims, screen.drag.rot)
    return move.at[0] + (ex - 1) // 2, move.at[1] + (ey - 1) // 2


def drag_to(screen: Any, move: MoveBlock) -> bool:
    """Point at the surface where the held block should land (keeping the grab offset);
    True when the ghost got there."""
    tool = screen.drag
    ex, ey, _ = extent(tool.hand.spec.dims, tool.rot)
    centre = Vec3(move.at[0] + ex / 2, move.at[2], move.at[1] + ey / 2)
    point(screen, centre - tool.grab)
    return tool.at == move.at


@pytest.mark.rule("R14")
def test_R14_drag_block_to_legal_pose_moves_it(make_play: Any) -> None:
    screen = make_play()
    to_step(screen, Step.BLOCK)
    for name in free_blocks(screen.state):
        point(screen, block_top(screen, name))
        from ursina import mouse

        if getattr(mouse.hovered_entity, "block", None) != name:
            continue
        screen.app.input("left mouse down")
        assert screen.drag.dragging
        rot = screen.drag.rot
        poses = [m for m in legal_poses(screen.state, name) if m.up == _up(rot)]
        for move in poses[:40]:
            if move.north == _north(rot) and drag_to(screen, move):
                assert screen.drag.verdict is None
                assert screen.drag.ghost.color == screen.drag.ghost.color  # lit green
                before = screen.state.tick
                screen.app.input("left mouse up")
                screen.view.tweens.finish()
                placed = next(p for p in screen.state.blocks if p.block == name)
                assert screen.state.tick == before + 1
                assert placed.at == move.at
                assert screen.state.step is Step.MOVE
                return
        screen.app.input("escape")
    pytest.fail("no free block could be dragged to a legal pose")


def _up(rot: int) -> str:
    from climbers.the_climbers.core.geometry import orientation

    return orientation(rot)[0]


def _north(rot: int) -> str:
    from climbers.the_climbers.core.geometry import orientation

    return orientation(rot)[1]


@pytest.mark.rule("R18")
def test_R18_illegal_drop_glides_back_with_reason_and_escape_puts_back(make_play: Any) -> None:
    from climbers.app.table import coords
    from climbers.the_climbers.table.tools.placement import BAD

    screen = make_play()
    to_step(screen, Step.BLOCK)
    name = free_blocks(screen.state)[0]
    start = screen.view.blocks[name].position
    assert screen.drag.begin(name)
    # out on the table, touching nothing: the core refuses
    pivot = screen.rig.pivot.position
    point(screen, coords.square_centre((int(pivot.x) - 10, int(pivot.z) + 2), 0))
    assert screen.drag.verdict is not None
    assert screen.drag.ghost.color == BAD
    reason = refusal_sentence(screen.drag.verdict)
    before = screen.state
    screen.app.input("left mouse up")
    screen.view.tweens.finish()
    assert screen.state is before
    assert screen.hud.last_refusal == reason
    assert screen.view.blocks[name].position == start
    # Esc while holding it: back unchanged, nothing applied
    assert screen.drag.begin(name)
    screen.app.input("escape")
    screen.view.tweens.finish()
    assert not screen.drag.dragging and screen.state is before
    assert screen.view.blocks[name].position == start


def test_rotate_keys_turn_and_tip_the_ghost(make_play: Any) -> None:
    screen = make_play()
    to_step(screen, Step.BLOCK)
    name = free_blocks(screen.state)[0]
    assert screen.drag.begin(name)
    rot = screen.drag.rot
    screen.app.input("r", is_raw=True)
    assert screen.drag.rot == compose(TURN_ABOUT_Z, rot)
    screen.app.input("t", is_raw=True)
    assert screen.drag.rot == compose(TIP_ABOUT_X, compose(TURN_ABOUT_Z, rot))
    move = screen.judge.put(*screen.drag.pose)
    assert move.block == name
    try:
        check_block_move(screen.state, move)
        legal = True
    except IllegalAction:
        legal = False
    assert (screen.drag.verdict is None) == legal
    screen.app.input("escape")


def test_hover_shows_core_reason_for_a_block_that_may_not_move(make_play: Any) -> None:
    from ursina import mouse

    screen = make_play()
    to_step(screen, Step.BLOCK)
    free = set(free_blocks(screen.state))
    for p in screen.state.blocks:
        if p.block in free:
            continue
        point(screen, block_top(screen, p.block))
        if getattr(mouse.hovered_entity, "block", None) == p.block:
            frames(screen, 1)
            assert screen.hud.tip.enabled and "cannot move" in screen.hud.tip_text
            return
    pytest.fail("no refused block under the pointer")


def test_move_climber_without_ladder(make_play: Any) -> None:
    screen = make_play(first=0)
    seat = screen.state.actor
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    assert screen.climb.selected
    free = [sq for sq, r in legal_destinations(screen.state).items() if r[0].ladders == ()]
    target = free[0]
    click(screen, screen.view.square_top(screen.state, target))
    screen.view.tweens.finish()
    assert screen.state.players[seat].at == target
    assert screen.state.players[seat].ladders == ("short", "tall")
    assert screen.state.step is Step.BLOCK
    assert screen.view.pawns[seat].position == screen.view.climber_position(screen.state, seat)


def test_move_climber_with_ladder_default_cheapest_and_shift_for_the_other(make_play: Any) -> None:
    from ursina import held_keys

    screen = make_play(first=1)
    seat = screen.state.actor
    routes = legal_destinations(screen.state)
    target = next(sq for sq, r in routes.items() if len(r) > 1)
    assert [r.ladders for r in routes[target]][:2] == [("short",), ("tall",)]
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    held_keys["shift"] = 1
    try:
        click(screen, screen.view.square_top(screen.state, target))
    finally:
        held_keys["shift"] = 0
    screen.view.tweens.finish()
    assert screen.state.players[seat].at == target
    assert screen.state.players[seat].ladders == ("short",)
    # undo within the turn, then the default click spends the cheapest (short) ladder
    screen.app.input("u", is_raw=True)
    assert screen.state.players[seat].at is None
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    click(screen, screen.view.square_top(screen.state, target))
    assert screen.state.players[seat].ladders == ("tall",)


@pytest.mark.rule("R19")
def test_R19_place_disk_only_on_legal_targets(make_play: Any) -> None:
    from ursina import mouse

    screen = make_play()
    to_step(screen, Step.DISK)
    targets = disk_targets(screen.state)
    assert set(screen.disk.targets) == set(targets)
    seat = screen.state.actor
    for name in targets:
        point(screen, block_top(screen, name))
        if getattr(mouse.hovered_entity, "block", None) == name:
            screen.app.input("left mouse down")
            break
    else:
        pytest.fail("no disk target under the pointer")
    screen.view.tweens.finish()
    assert screen.state.players[seat].disk_on == name
    assert name in screen.view.disks
    assert screen.state.step is Step.REACTION


@pytest.mark.rule("R13")
def test_R13_reacting_players_are_prompted_in_turn_and_pass_with_space(make_play: Any) -> None:
    screen = make_play(first=0)
    to_step(screen, Step.REACTION)
    assert screen.state.actor == 1
    assert "Red may react" in screen.hud.title_line
    assert "(then Yellow)" in screen.hud.title_line
    assert screen.hud.note.startswith("Red, your reaction")
    screen.app.input("space")
    assert screen.state.actor == 2 and "Yellow may react" in screen.hud.title_line
    screen.hud.skip.on_click()
    assert screen.state.turn.active == 1 and screen.state.step is Step.MOVE
    assert "Red" in screen.hud.title_line


def test_skip_passes_one_step_and_done_ends_the_own_turn(make_play: Any) -> None:
    screen = make_play(first=0)
    active = screen.state.turn.active
    assert screen.hud.skip.enabled and screen.hud.done.enabled
    screen.app.input("space")
    assert screen.state.turn.step == 1 and screen.state.actor == active
    screen.app.input("enter")
    assert screen.state.step is Step.REACTION and screen.state.turn.active == active
    assert screen.state.actor != active
    assert not screen.hud.done.enabled, "Done is for the own turn; a reaction is passed with Space"
    assert screen.hud.skip.text == "Pass (Space)"
    screen.hud.skip.on_click()
    assert "may react" in screen.hud.title_line


@pytest.mark.rule("R13")
def test_undo_button_and_key_stay_within_the_own_turn(make_play: Any) -> None:
    screen = make_play(first=0)
    seat = screen.state.actor
    assert not screen.hud.can_undo
    target = next(sq for sq, r in legal_destinations(screen.state).items() if r[0].ladders == ())
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    click(screen, screen.view.square_top(screen.state, target))
    assert screen.state.players[seat].at == target and screen.hud.can_undo
    screen.hud.undo.on_click()
    assert screen.state.players[seat].at is None and screen.state.step is Step.MOVE
    screen.app.input("space")
    screen.app.input("u", is_raw=True)
    assert screen.state.step is Step.MOVE, "U takes back the skipped step"
    screen.app.input("enter")
    reacting = screen.state
    assert reacting.step is Step.REACTION and not screen.hud.can_undo
    screen.app.input("u", is_raw=True)
    assert screen.state is reacting, "never undo into another player's turn"


@pytest.mark.rule("R23")
def test_hud_ranks_players_with_levels_ladders_and_the_last_refusal(make_play: Any) -> None:
    from climbers.the_climbers.core import MoveClimber

    screen = make_play(first=1)
    seat = screen.state.actor
    routes = legal_destinations(screen.state)
    target, route = next((sq, r[0]) for sq, r in routes.items() if r[0].ladders == ("short",))
    player = screen.state.players[seat]
    assert screen.apply(MoveClimber(player=player.colour, to=target, ladders=("short",)))
    assert screen.hud.rows[0] == f"1. {player_label(player)} — level {route.level}"
    assert screen.state.players[seat].ladders == ("tall",), "the panel greys the short one"
    others = screen.hud.rows[1:]
    assert all(t.startswith("2.") and t.endswith("on the table") for t in others)
    assert screen.hud.panel.enabled
    screen.app.input("space")  # the block step
    assert not screen.apply(MoveClimber(player=player.colour, to=(0, 0)))
    assert screen.hud.last_refusal and screen.hud.last_refusal in screen.hud.note


def test_f2_saves_a_picture_in_the_pictures_folder(
    make_play: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_PICTURES_DIR", str(tmp_path))
    screen = make_play()
    screen.app.input("f2")
    shots = list(tmp_path.glob("climbers-*.png"))
    assert len(shots) == 1 and shots[0].stat().st_size > 10_000
    assert str(shots[0]) in screen.hud.note


@pytest.mark.rule("R12")
def test_a_ladder_stands_against_the_block_while_it_is_used(make_play: Any) -> None:
    from climbers.the_climbers.core import MoveClimber

    screen = make_play(first=1)
    seat = screen.state.actor
    routes = legal_destinations(screen.state)
    target, route = next((sq, r[0]) for sq, r in routes.items() if len(r[0].ladders) == 1)
    player = screen.state.players[seat]
    assert screen.apply(MoveClimber(player=player.colour, to=target, ladders=route.ladders))
    seen = 0
    while screen.view.tweens.busy:
        screen.view.tweens.advance(0.02)
        seen = max(seen, len(screen.view.ladders))
    assert seen == 1, "one ladder on the one step up of two or more"
    assert not screen.view.ladders, "and it is taken away when the Climber has arrived"
    assert screen.view.pawns[seat].position == screen.view.climber_position(screen.state, seat)


def test_still_blocks_are_one_mesh_and_the_shadow_is_redrawn_only_after_a_move(
    make_play: Any,
) -> None:
    from ursina import application

    screen = make_play()
    frames(screen, 4)
    view = screen.view
    batch, sun = view.batch, view.sun
    assert len(batch.merged) == len(screen.state.blocks) and len(batch.parts) == 1
    assert all(view.blocks[p.block].model.isHidden() for p in screen.state.blocks)
    assert len(batch.parts[0].model.vertices) < 24 * len(view.blocks), "hidden faces left out"
    drawn = sun.drawn
    frames(screen, 5)
    assert sun.drawn == drawn, "nothing moved, so no shadow pass"
    to_step(screen, Step.BLOCK)
    name = free_blocks(screen.state)[0]
    held = view.blocks[name]
    assert screen.drag.begin(name)
    frames(screen, 3)
    hand = view.hand
    assert hand is not None and hand.block == name and not hand.model.isHidden()
    assert id(held) not in batch.merged and not held.enabled, "the hand draws the held block"
    assert sun.drawn > drawn
    screen.app.input("escape")
    view.tweens.finish()
    application.base.win.move_pointer(0, 5, 5)  # off the mountain: no block is outlined
    frames(screen, 3)
    assert view.hand is None and held.enabled
    assert len(batch.merged) == len(view.blocks) - len(tray_blocks(screen.state))


def tray_blocks(state: Any) -> list[str]:
    """Blocks of the set that are not in play."""
    from climbers.the_climbers.core.sandbox import tray

    return tray(state)


@pytest.mark.rule("R17")
def test_R17_a_pushed_climber_slides_to_its_new_square(open_position: Any) -> None:
    from ursina import Vec3

    from climbers.the_climbers.core.geometry import rotation_from
    from rules.conftest import NEUTRAL, PURPLE, TEAL, position, put

    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-3", (12, 10, 0), NEUTRAL)]
    screen = open_position(position(blocks, at={TEAL: (11, 11)}, step=Step.BLOCK, active=1))
    pawn = screen.view.pawns[0]
    before = Vec3(pawn.position)
    assert screen.drag.begin("half-3")
    for key in keys_to(screen.drag.rot, rotation_from("-z", "+y")):
        screen.app.input(key, is_raw=True)
    move = MoveBlock(player=PURPLE, block="half-3", at=(10, 10, 2), up="-z", north="+y")
    screen.drag.place(aim_square(screen, move), force=True)
    assert screen.judge.put(*screen.drag.pose) == move and screen.drag.verdict is None
    screen.app.input("left mouse up")
    assert screen.state.players[0].at == (11, 12)
    after = screen.view.climber_position(screen.state, 0)
    screen.view.tweens.advance(0.15)
    assert pawn.position not in (before, after), "the pawn slides"
    screen.view.tweens.finish()
    assert pawn.position == after


@pytest.mark.rule("R14")
def test_a_drop_gives_the_move_to_the_table_and_the_table_submits_it(open_position: Any) -> None:
    """The drop path runs one way: tool → action → table → driver → session → rules → view. The
    tool is done with the block before the move is submitted, and never acts itself."""
    from climbers.the_climbers.core.geometry import rotation_from
    from rules.conftest import NEUTRAL, PURPLE, position, put

    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-3", (12, 10, 0), NEUTRAL)]
    screen = open_position(position(blocks, step=Step.BLOCK, active=1))
    before = screen.state
    assert screen.drag.begin("half-3")
    move = MoveBlock(player=PURPLE, block="half-3", at=(10, 10, 2), up="-z", north="+y")
    for key in keys_to(screen.drag.rot, rotation_from(move.up, move.north)):
        screen.app.input(key, is_raw=True)
    screen.drag.place(aim_square(screen, move), force=True)
    made = screen.drag.input("left mouse up")
    assert made == move, "the gesture gives the action"
    assert screen.state is before and not screen.drag.dragging, "nothing acted yet"
    assert screen.act(made) and screen.state is not before
    assert {p.block: p.at for p in screen.state.blocks}["half-3"] == (10, 10, 2)


def test_several_climbers_stand_side_by_side_on_one_neutral_top(open_position: Any) -> None:
    from rules.conftest import NEUTRAL, PINK, PURPLE, RED, TEAL, YELLOW, position, put

    blocks = [put("cube-1", (10, 10, 0), NEUTRAL), put("half-1", (12, 10, 0), "-y", "+z")]
    at = {PURPLE: (10, 10), YELLOW: (11, 10), RED: (10, 11), PINK: (11, 11)}
    screen = open_position(position(blocks, at=at, colours=(TEAL, PURPLE, YELLOW, RED, PINK)))
    spots = [screen.view.pawns[i].position for i in range(1, 5)]
    assert {p.y for p in spots} == {2}
    assert len({(p.x, p.z) for p in spots}) == 4
    assert all(10 < p.x < 12 and 10 < p.z < 12 for p in spots)


def test_camera_orbits_pans_zooms_never_dips_under_the_table_resets_and_centres(
    make_play: Any,
) -> None:
    from ursina import application, held_keys

    from climbers.app.table.camera import MAX_TILT, MIN_TILT

    screen = make_play()
    rig = screen.rig
    win = application.base.win
    home = (Vec3(rig.pivot.position), rig.distance, rig.tilt, rig.pivot.rotation_y)
    win.move_pointer(0, 640, 360)
    frames(screen, 2)
    screen.app.input("right mouse down")
    for x, y in ((700, 360), (760, 700), (800, 719)):  # drag right and far down
        win.move_pointer(0, x, y)
        frames(screen, 1)
    screen.app.input("right mouse up")
    assert rig.pivot.rotation_y != home[3]
    assert rig.tilt == MAX_TILT, "straight down at most"
    rig.orbit(0, 5)
    assert rig.tilt == MIN_TILT, "never under the table"
    screen.app.input("scroll up")
    assert rig.distance < home[1]
    held_keys["right arrow"] = 1
    try:
        frames(screen, 3)
    finally:
        held_keys["right arrow"] = 0
    assert rig.pivot.position != home[0]
    screen.app.input("home")
    assert (Vec3(rig.pivot.position), rig.distance, rig.tilt) == home[:3]
    screen.app.input("c", is_raw=True)
    assert rig.pivot.position == screen.view.pawns[screen.state.actor].position


def test_moves_play_their_sounds_when_a_device_exists(
    make_play: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from climbers.the_climbers.table import sounds

    class Clip:
        def play(self) -> None:
            pass

    screen = make_play(first=1)
    assert not screen.sounds.active, "the test display has no audio device"
    monkeypatch.setattr(sounds, "audio_device_ok", lambda: True)
    screen.sounds.enabled = True
    screen.sounds._clips = {cue: Clip() for cue in sounds.STEMS}
    seat = screen.state.actor
    routes = legal_destinations(screen.state)
    target = next(sq for sq, r in routes.items() if r[0].ladders)
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    click(screen, screen.view.square_top(screen.state, target))
    assert screen.sounds.played == ["ladder", "step"]
    screen.sounds.enabled = False
    screen.app.input("u", is_raw=True)
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    click(screen, screen.view.square_top(screen.state, target))
    assert screen.sounds.played == ["ladder", "step"], "silent when sound is off"


def test_a_long_refusal_wraps_and_stays_clear_of_the_buttons(make_play: Any) -> None:
    screen = make_play()
    hud = screen.hud
    sentence = (
        "The pink half-cube would overhang or sit over a hole: every square under it needs "
        "support. "
    )
    hud.message("One short line.")
    one_line = hud.strip.size[1]
    hud.refuse(sentence * 2)
    assert hud.strip.size[1] > 2 * one_line, "the strip wraps and grows with the lines"
    right_edge = (hud.strip.x + hud.strip.scale_x / 2) * 720
    for button in (hud.done, hud.undo):
        left = (button.x - button.scale_x / 2) * 720
        assert right_edge < left, "the message never hides a button"


def test_a_click_anywhere_on_a_marked_square_walks_and_a_miss_says_why(make_play: Any) -> None:
    screen = make_play(first=0)
    seat = screen.state.actor
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    assert screen.climb.selected
    state = screen.state
    routes = legal_destinations(state)
    for square in routes:
        height = state.structure.height_at(square)
        far_edge = Vec3(square[0] + 0.5, height, square[1] + 0.92)  # the upper part on screen
        point(screen, far_edge)
        if screen.climb.pointed_square() == square:
            break
    else:
        pytest.fail("no marked square shows its far edge to the camera")
    screen.app.input("left mouse down")
    screen.view.tweens.finish()
    assert screen.state.players[seat].at == square
    screen.app.input("u", is_raw=True)
    click(screen, screen.view.pawns[seat].position + (0, 0.4, 0))
    unreachable = next(
        (
            q
            for p in state.blocks
            for q in state.structure.surfaces[state.block_index(p.block)]
            if q not in routes and state.structure.height_at(q) >= 4
        ),
        None,
    )
    assert unreachable is not None
    assert screen.act(screen.climb.walk(unreachable)) is False
    assert screen.hud.note and screen.state.players[seat].at is None, "the core says why"


def test_the_last_refusal_goes_when_an_action_goes_through_and_esc_clears_the_line(
    make_play: Any,
) -> None:
    from climbers.the_climbers.core import MoveClimber

    screen = make_play(first=0)
    seat = screen.state.actor
    colour = screen.state.players[seat].colour
    assert not screen.apply(MoveClimber(player=colour, to=(0, 0)))
    assert screen.hud.last_refusal and screen.hud.note
    screen.app.input("escape")
    assert screen.hud.note == "", "Esc takes the refusal off the bottom line"
    square, routes = next(iter(legal_destinations(screen.state).items()))
    assert screen.apply(MoveClimber(player=colour, to=square, ladders=routes[0].ladders))
    assert screen.hud.last_refusal == ""


def test_a_long_last_refusal_wraps_inside_the_panel(make_play: Any) -> None:
    screen = make_play()
    hud = screen.hud
    hud.refresh(screen.state)
    width, height = hud.panel.size
    hud.refuse(
        "The pink half-block would hang over the edge: every square under it needs support. " * 2
    )
    wrapped_width, wrapped_height = hud.panel.size
    assert wrapped_width == width, "the panel keeps its width"
    assert wrapped_height > height + 3 * 14, "the refusal takes several lines inside it"
    left, top, right, bottom = hud.panel.box
    assert right <= 1280 and bottom <= 720


@pytest.mark.rule("R13")
def test_the_step_line_says_without_ladders_only_when_reactions_may_not_use_them(
    open_position: Any,
) -> None:
    from climbers.the_climbers.core import Rules, generate_mountain, new_game

    for ladders in (False, True):
        rules = Rules(reaction_ladders=ladders)
        state = new_game(generate_mountain(7), ["teal", "red"], rules=rules, seed=7, first=0)
        screen = open_position(state)
        to_step(screen, Step.REACTION)
        assert ("without ladders" in screen.hud.title_line) is not ladders
        assert ("without ladders" in screen.hud.note) is not ladders


@pytest.mark.rule("R6")
def test_waiting_climbers_stay_visible_and_clickable_when_a_block_lands_where_they_wait(
    open_position: Any,
) -> None:
    from ursina import mouse

    from rules.conftest import NEUTRAL, PURPLE, TEAL, position, put

    blocks = [put("double-1", (10, 10, 0), "-y", "+z"), put("half-3", (12, 10, 0), NEUTRAL)]
    screen = open_position(position(blocks, step=Step.BLOCK, active=0))
    spot = screen.view.climber_position(screen.state, 1)
    x, y = int(spot.x), int(spot.z)
    land = MoveBlock(player=TEAL, block="half-3", at=(x, y, 0), up="+z", north="+y")
    assert screen.drag.begin("half-3")
    carry_to(screen, land)
    screen.app.input("left mouse up")
    screen.view.tweens.finish()
    assert screen.state.structure.height_at((x, y)) == 1
    for seat in (0, 1):
        pawn = screen.view.pawns[seat]
        assert pawn.position == screen.view.climber_position(screen.state, seat)
        square = (int(pawn.x), int(pawn.z))
        assert screen.state.structure.height_at(square) == 0, "never inside a block"
        point(screen, pawn.position + Vec3(0, 0.4, 0))
        assert mouse.hovered_entity is pawn, "and the pointer finds it"
    while screen.state.actor != 1:
        screen.app.input("space")
    click(screen, screen.view.pawns[1].position + Vec3(0, 0.4, 0))
    assert screen.climb.selected and screen.state.players[1].colour is PURPLE


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EROFS])
def test_a_failing_autosave_is_said_once_and_the_game_goes_on(
    make_play: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any, error: int
) -> None:
    from climbers.the_climbers.game.session import save_to
    from climbers.the_climbers.io import files

    screen = make_play()
    screen.session.saver = save_to(tmp_path / "game.json")
    real = files.write_atomic

    def broken(path: Any, data: bytes) -> None:
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr(files, "write_atomic", broken)
    screen.app.input("space")
    assert screen.state.step is Step.BLOCK, "the action went through"
    notice = screen.hud.notice
    assert notice.enabled and os.strerror(error) in notice.text
    shown = notice.text
    notice.clear()
    screen.app.input("space")
    assert screen.state.step is Step.MOVE and not notice.enabled, "said once, not every action"
    monkeypatch.setattr(files, "write_atomic", real)
    screen.app.input("space")
    assert notice.enabled and notice.text != shown and "again" in notice.text
    assert (tmp_path / "game.json").is_file(), "the next action saved the game"


def test_a_banner_hands_the_table_over_to_each_player_and_answer(make_play: Any) -> None:
    screen = make_play(first=0)
    hud = screen.hud
    assert hud.banner.enabled and hud.banner_text == "Teal's turn"
    to_step(screen, Step.REACTION)
    assert hud.banner.enabled and hud.banner_text == "Red may answer"
    screen.app.input("space")
    assert hud.banner_text == "Yellow may answer"
    screen.app.input("space")
    assert hud.banner_text == "Red's turn"


@pytest.mark.rule("R13")
def test_an_answer_nobody_can_make_passes_by_itself_unless_switched_off(
    open_position: Any,
) -> None:
    from rules.conftest import RED, TEAL, position, put

    blocks = [put("cube-1", (10, 10, 0), TEAL), put("cube-2", (12, 10, 0), TEAL)]
    for auto in (True, False):
        state = position(blocks, colours=(TEAL, RED), step=Step.DISK)
        screen = open_position(state)
        screen.auto_pass = auto
        screen.app.input("space")  # no disk: on to Red's answer, and Red can stand nowhere
        if auto:
            assert screen.state.turn.active == 1 and screen.state.step is Step.MOVE
            assert "Red cannot move in answer, so passes." in screen.hud.recent
        else:
            assert screen.state.step is Step.REACTION and screen.state.actor == 1


def test_a_block_carried_over_an_edge_never_flips_back_and_forth(make_play: Any) -> None:
    """The pointer crosses the mountain's edge in small steps, there and back, trembling by a
    few pixels as a hand does: the ghost's pose moves on square by square and never jumps back
    to one it just left."""
    from ursina import application

    from climbers.app.table.camera import screen_pixel

    screen = make_play()
    to_step(screen, Step.BLOCK)
    tool = screen.drag
    assert tool.begin(free_blocks(screen.state)[0])
    pivot = screen.rig.pivot.position
    a = screen_pixel(Vec3(pivot.x - 9, tool.carry_height(), pivot.z))
    b = screen_pixel(Vec3(pivot.x + 3, tool.carry_height(), pivot.z))
    assert a is not None and b is not None
    win = application.base.win
    for path in ((a, b), (b, a)):
        poses = []
        for k in range(121):
            tremble = 3 * (-1) ** k
            x = path[0][0] + (path[1][0] - path[0][0]) * k / 120 + tremble
            y = path[0][1] + (path[1][1] - path[0][1]) * k / 120 + tremble
            win.move_pointer(0, int(x), int(y))
            screen.app.step()
            if not poses or poses[-1] != tool.at:
                poses.append(tool.at)
        flips = sum(1 for i in range(2, len(poses)) if poses[i] == poses[i - 2])
        heights = {p[2] for p in poses}
        assert flips == 0, f"the ghost flipped back {flips} times: {poses}"
        assert len(heights) > 1, "the path crosses from the table onto the mountain"
    screen.app.input("escape")


def lift_for_a_planned_drag(screen: Any) -> dict[str, Any]:
    """At the block step, press on a free block the driver report plans to move; the plan."""
    from ursina import application

    from climbers.the_climbers.table.driver_report import block_drag

    to_step(screen, Step.BLOCK)
    plan = block_drag(screen.state)
    assert plan is not None, "mountain 7 has a free block with a legal pose elsewhere"
    application.base.win.move_pointer(0, *plan["press"])
    frames(screen, 2)
    screen.app.input("left mouse down")
    frames(screen, 1)
    assert screen.drag.dragging
    return plan


def test_a_block_lands_where_the_pointer_is_released_even_before_a_frame_follows_it(
    make_play: Any,
) -> None:
    """A frame can fall between the last move of the pointer and the release: the block goes
    where the pointer was let go, not where the previous frame left the ghost."""
    from ursina import application

    screen = make_play()
    plan = lift_for_a_planned_drag(screen)
    base = application.base
    base.win.move_pointer(0, *plan["release"])
    base.graphicsEngine.render_frame()  # the window sees the pointer move, and the mouse
    base.dgTrav.traverse(base.dataRootNode)  # watcher too (as at the start of a frame) ...
    screen.app.input("left mouse up")  # ... but no update follows it before the release
    placed = screen.state.structure.poses[screen.state.block_index(plan["block"])][1]
    assert list(placed) == plan["at"]


def test_the_ghost_catches_up_when_the_mouse_watcher_lags_the_window_by_a_frame(
    make_play: Any,
) -> None:
    """The window can report the pointer's new place a frame before the mouse watcher, whose
    ray aims the ghost: the ghost must still end under the pointer."""
    from ursina import application

    screen = make_play()
    plan = lift_for_a_planned_drag(screen)
    base = application.base
    base.win.move_pointer(0, *plan["release"])
    base.graphicsEngine.render_frame()  # the window has the new place, the watcher not yet
    screen.drag.update()
    frames(screen, 3)
    assert list(screen.drag.at) == plan["at"]
    screen.app.input("left mouse up")
    placed = screen.state.structure.poses[screen.state.block_index(plan["block"])][1]
    assert list(placed) == plan["at"]


def test_the_path_is_drawn_for_every_move_ladder_steps_included(make_play: Any) -> None:
    from climbers.the_climbers.core import legal_destinations

    screen = make_play(first=0)
    drive.click(screen.app, screen.view.pawns[screen.state.actor].position + (0, 0.4, 0))
    assert screen.climb.selected
    routes = [routes[0] for routes in legal_destinations(screen.state).values()]
    laddered = [r for r in routes if r.ladders and len(r.path) >= 3]
    plain = [r for r in routes if not r.ladders and len(r.path) >= 3]
    assert laddered and plain, "mountain 7 offers both kinds of walk from the table"
    for kind in (laddered, plain):
        seen = 0
        for _ in range(4):  # walk round the table until squares of this kind are in view
            for route in kind:
                drive.point(screen.app, screen.view.square_top(screen.state, route.path[-1]))
                if screen.climb.pointed_square() != route.path[-1]:
                    continue  # hidden behind the mountain from this side
                seen += 1
                assert screen.climb.shown is not None and screen.climb.shown[0] == route.path[-1]
                assert set(screen.climb.path.items) == set(route.path[1:]), "every step marked"
            if seen:
                break
            screen.rig.pivot.rotation_y += 90
            drive.frames(screen.app, 2)
        assert seen, "a square of this kind comes into view"


def test_a_tooltip_sits_on_its_own_background_inside_the_window_at_every_edge(
    make_play: Any,
) -> None:
    from ursina import application, window

    screen = make_play()
    hud = screen.hud
    w, h = (int(v) for v in window.size)
    text = "Walk there — with the tall ladder, level 6: a long tooltip near the edge"
    for x, y in [(w - 2, h // 2), (2, h - 2), (w - 2, h - 2), (w // 2, 2)]:
        application.base.win.move_pointer(0, x, y)
        drive.frames(screen.app, 2)
        hud.show_tip("")
        hud.show_tip(text)
        drive.frames(screen.app, 1)
        left, top, right, bottom = hud.tip.box
        assert 0 <= left and right <= w and 0 <= top and bottom <= h, (x, y, hud.tip.box)
        image = hud.tip.image
        assert image is not None
        inside = image.getchannel("A").crop((4, 4, image.width - 4, image.height - 4))
        assert inside.getextrema()[0] >= 200, "the text lies on an opaque background"


def test_the_panel_counts_the_quiet_turns_left_in_words_until_the_end(make_play: Any) -> None:
    screen = make_play(first=0)
    said = [screen.hud.countdown]
    for _ in range(4):  # nobody climbs: each turn ends with Done, every answer is passed
        screen.app.input("enter")
        for _ in range(len(screen.state.players)):
            if screen.state.step is Step.REACTION:
                screen.app.input("space")
        said.append(screen.hud.countdown)
        if screen.state.finished:
            break
    assert said == [
        "Game ends after 3 more turns without anyone climbing.",
        "Game ends after 2 more turns without anyone climbing.",
        "The game ends after this turn unless someone climbs.",
        "",
    ]


def test_every_action_gets_a_caption_undo_takes_it_back_and_done_is_one_line(
    make_play: Any,
) -> None:
    from ursina import window

    screen = make_play(first=0)
    hud = screen.hud
    screen.app.input("space")
    screen.app.input("space")
    assert hud.recent == ["Teal skips the move.", "Teal skips the block move."]
    screen.app.input("u", is_raw=True)
    assert hud.recent == ["Teal skips the move."], "undo takes the caption off"
    screen.app.input("y", is_raw=True)
    assert hud.recent == ["Teal skips the move.", "Teal skips the block move."]
    screen.app.input("enter")  # the rest of the turn
    assert hud.recent == ["Teal ends the turn."]
    screen.app.input("space")
    assert len(hud.recent) == 2 and hud.recent[-1].startswith("Red")
    assert hud.recent_panel.enabled and hud.recent_panel.box[2] <= int(window.size[0])


def test_a_click_on_a_climbers_marker_selects_it_even_where_a_block_stands_in_front(
    make_play: Any,
) -> None:
    from climbers.app.table.camera import screen_pixel

    screen = make_play(first=0)
    marker = screen.view.pawns[screen.state.actor].marker
    pixel = screen_pixel(marker.world_position)
    assert pixel is not None
    assert screen.view.marker_at(pixel) == screen.state.actor
    assert screen.view.marker_at((2, 2)) is None
    drive.point(screen.app, marker.world_position)
    screen.app.input("left mouse down")
    screen.app.input("left mouse up")
    assert screen.climb.selected


def test_waiting_climbers_stay_put_while_blocks_move_behind_the_mountain() -> None:
    from climbers.the_climbers.core import Pass, apply, generate_mountain, new_game
    from climbers.the_climbers.table.view import waiting_spots

    state = new_game(generate_mountain(7), ["teal", "red", "yellow"], seed=7, first=0)
    state = apply(state, Pass(player=state.players[0].colour))[0]  # on to the block step
    spots = waiting_spots(state)
    moves = [m for name in free_blocks(state) for m in legal_poses(state, name)]
    behind = sorted(moves, key=lambda m: -m.at[1])[:10]  # the moves furthest from the front
    for move in behind:
        assert waiting_spots(apply(state, move)[0]) == spots, f"{move} moved the waiting row"


@pytest.mark.rule("R22")
def test_while_the_last_answers_are_pending_the_panel_says_the_game_ends_after_them(
    make_play: Any,
) -> None:
    screen = make_play(first=0)
    seen: list[str] = []
    while not screen.state.finished:
        if screen.state.step is Step.REACTION:
            seen.append(screen.hud.countdown)
            screen.app.input("space")
        else:
            screen.app.input("enter")
    assert "The game ends when the answers are done." in seen
    assert not any("after 0 more" in line for line in seen)


@pytest.mark.rule("R22")
def test_enter_asks_before_it_ends_the_game_and_the_second_enter_ends_it(make_play: Any) -> None:
    screen = make_play(first=0)
    while not screen.ends_game():
        screen.app.input("space" if screen.state.step is Step.REACTION else "enter")
        assert not screen.state.finished, "the game ended without asking"
    before = screen.state
    screen.app.input("enter")
    assert screen.state is before and screen.hud.note.startswith("Ending this turn ends the game")
    screen.app.input("enter")
    assert screen.state.finished


def test_a_click_on_another_players_climber_or_on_a_block_says_why_nothing_happens(
    make_play: Any,
) -> None:
    screen = make_play(first=0)
    other = (screen.state.actor + 1) % len(screen.state.players)
    drive.point(screen.app, screen.view.pawns[other].marker.world_position)
    screen.app.input("left mouse down")
    screen.app.input("left mouse up")
    assert not screen.climb.selected
    words = (
        player_label(screen.state.players[other]),
        player_label(screen.state.players[screen.state.actor]),
    )
    assert screen.hud.note == f"That is {words[0]}'s Climber; it is {words[1]}'s turn to move."
    from ursina import mouse

    hovered = None
    for name in free_blocks(screen.state):  # a block the pointer finds from this view
        point(screen, block_top(screen, name))
        if getattr(mouse.hovered_entity, "block", None) == name:
            hovered = name
            break
    assert hovered is not None, "some free block can be pointed at"
    screen.app.input("left mouse down")
    screen.app.input("left mouse up")
    assert screen.hud.note.startswith("Blocks move in the block step"), screen.hud.note
    assert screen.state.step is Step.MOVE and not screen.climb.selected


def test_the_turn_banner_keeps_clear_of_the_panels_and_the_climbers_markers(
    make_play: Any,
) -> None:
    from climbers.app.table.camera import screen_pixel

    screen = make_play(first=0)
    first = screen.state.turn.active
    while screen.state.turn.active == first:
        screen.app.input("space" if screen.state.step is Step.REACTION else "enter")
    screen.app.step()
    hud = screen.hud
    assert hud.banner.enabled and hud.banner_text
    left, top, right, bottom = hud.banner.box
    for other in (hud.panel, hud.recent_panel):
        if other.enabled:
            o = other.box
            assert right <= o[0] or left >= o[2] or bottom <= o[1] or top >= o[3], other.name
    for pawn in screen.view.pawns:
        px = screen_pixel(pawn.marker.world_position)
        assert px is None or not (left <= px[0] <= right and top <= px[1] <= bottom)
