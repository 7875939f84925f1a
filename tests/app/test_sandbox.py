"""The sandbox in a real window: build from the tray, refuse with painted squares, check the
setup, describe a position, analyse, cut away, save, reopen and play from it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from ursina import application, window

from app.drive import put_down
from climbers.app.settings import Settings
from climbers.the_climbers.core import GameState, IllegalAction, Reason, Step, generate_mountain
from climbers.the_climbers.core.analysis import reach
from climbers.the_climbers.core.components import Colour, Look
from climbers.the_climbers.core.sandbox import (
    place_block,
    put_climber,
    remove_block,
    starting_position,
)
from climbers.the_climbers.game.game_setup import GameSetup
from climbers.the_climbers.io import load_game
from climbers.the_climbers.io.words import block_noun
from climbers.the_climbers.table.screens.sandbox_screen import SandboxScreen
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display
UP = 0
POSITIONS = Path(__file__).resolve().parents[2] / "assets" / "positions"


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data" / "climbers"))

    made = Shell(Settings(animation_speed=4.0), GameSetup(seed=3))
    application.base.win.move_pointer(0, 3, 3)  # over the sky, away from every piece
    yield made
    made.close()
    leave_pointer(app)


def leave_pointer(app: Any) -> None:
    """Bring the pointer back and forget what it hovered (the screens' entities are gone)."""
    from ursina import mouse, window

    w, h = (int(v) for v in window.size)
    application.base.win.move_pointer(0, w // 2, h // 2)
    mouse.hovered_entity = None
    frames(app, 2)


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def open_sandbox(app: Any, shell: Shell, state: GameState | None = None) -> SandboxScreen:
    shell.show_sandbox(state)
    frames(app, 3)
    sandbox = shell.sandbox
    assert isinstance(sandbox, SandboxScreen)
    return sandbox


def tray_count(sandbox: SandboxScreen, kind: str) -> int:
    return int(sandbox.tray.buttons[kind].text.rsplit("×", 1)[1])


@pytest.mark.rule("R16")
def test_R16_build_from_the_tray_and_take_back(app: Any, shell: Shell) -> None:
    sandbox = open_sandbox(app, shell)
    assert tray_count(sandbox, "cube") == 12 and tray_count(sandbox, "neutral") == 0
    sandbox.take("cube")
    assert sandbox.drag.dragging and sandbox.drag.sticky
    sandbox.drag.place((18, 15))
    assert sandbox.drag.verdict is None and sandbox.drag.at == (18, 15, 0)
    assert "set it down here" in sandbox.hud.note
    assert put_down(sandbox)
    frames(app)
    assert "set it down here" not in sandbox.hud.note, "the hint goes with the held block"
    assert "cube-1" in {p.block for p in sandbox.state.blocks}
    assert tray_count(sandbox, "cube") == 11
    assert sandbox.view.blocks["cube-1"].enabled

    sandbox.drag.begin("cube-1")
    sandbox.remove()
    assert "cube-1" not in {p.block for p in sandbox.state.blocks}
    assert tray_count(sandbox, "cube") == 12 and not sandbox.view.blocks["cube-1"].enabled


def test_climbers_waiting_on_the_table_stay_put_while_blocks_land_elsewhere(
    app: Any, shell: Shell
) -> None:
    from climbers.the_climbers.table.view import waiting_spots

    sandbox = open_sandbox(app, shell)
    pawns = sandbox.view.pawns
    seen = [tuple(p.world_position) for p in pawns]
    for square in ((18, 15), (18, 17), (16, 17)):  # away from them, shifting the mountain's middle
        sandbox.take("cube")
        sandbox.drag.place(square)
        assert put_down(sandbox)
        frames(app)
        sandbox.view.tweens.finish()
    assert [tuple(p.world_position) for p in pawns] == seen
    assert waiting_spots(sandbox.state) != sandbox.view.waiting, "a fresh row would stand elsewhere"


@pytest.mark.rule("R5")
@pytest.mark.rule("R16")
def test_R5_R16_refused_placements_paint_the_squares_and_say_why(app: Any, shell: Shell) -> None:
    sandbox = open_sandbox(app, shell)
    before = sandbox.state
    sandbox.take("cube")
    sandbox.drag.place((24, 24))
    verdict = sandbox.drag.verdict
    assert verdict is not None and verdict.reason is Reason.NO_CONTACT
    assert set(sandbox.drag.faults.items) == {(24, 24), (24, 25), (25, 24), (25, 25)}
    assert "must touch the mountain" in sandbox.hud.note

    sandbox.drag.place((17, 15))  # half on the neutral core's top, half over the table
    verdict = sandbox.drag.verdict
    assert verdict is not None and verdict.reason is Reason.UNSUPPORTED
    assert set(sandbox.drag.faults.items) == {(18, 15), (18, 16)}
    assert "overhang" in sandbox.hud.note
    assert not put_down(sandbox)
    assert sandbox.state is before and not sandbox.view.blocks["cube-1"].enabled
    assert "overhang" in sandbox.hud.note, "the reason stays on screen"

    covered = place_block(before, "cube-1", UP, (14, 15, 6))
    sandbox.commit(covered)
    assert not sandbox.drag.begin("neutral-1")
    cube = block_noun(covered.structure.look(covered.block_index("cube-1")))
    assert f"the {cube} rests on it" in sandbox.hud.note


@pytest.mark.rule("R24")
def test_R24_check_setup_marks_open_faces_until_the_mountain_is_standard(
    app: Any, shell: Shell
) -> None:
    sandbox = open_sandbox(app, shell)
    assert not sandbox.check_setup()
    assert "33 blocks are not in the mountain yet" in sandbox.hud.note
    assert (14, 15) in sandbox.setup_marks.items and (13, 15) in sandbox.setup_marks.items
    state = remove_block(remove_block(sandbox.state, "neutral-1"), "neutral-2")
    for p in sorted(generate_mountain(4), key=lambda p: (p.at[2], "neutral" not in p.block)):
        state = place_block(state, p.block, p.rot, p.at)
    sandbox.commit(state)
    assert sandbox.tray.title.text.startswith("Tray · 0 of 35")
    assert sandbox.check_setup()
    assert "legal standard setup" in sandbox.hud.note and not sandbox.setup_marks.items


def test_describe_a_position_save_reopen_and_play_from_here(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    sandbox = open_sandbox(app, shell, load_game(POSITIONS / "disk-cuts-off.json"))
    sandbox.set_mode("climbers")
    sandbox.choose_seat(1)
    target = next(iter(reach(sandbox.state, 1).squares))
    sandbox.edit(lambda s: put_climber(s, 1, target))
    assert sandbox.state.players[1].at == target
    sandbox.tall.flip()
    assert sandbox.state.players[1].ladders == ("short",)
    sandbox.turn_choice.step(1)
    sandbox.step_choice.step(2)
    assert sandbox.state.turn.active == 1 and sandbox.state.step is Step.MOVE
    assert sandbox.state.turn.step == 2

    path = tmp_path / "built.json"
    sandbox.file_field.set(str(path))
    assert sandbox.save() == path
    saved = load_game(path)
    assert saved == sandbox.state

    sandbox.add_player()  # a new seat needs a fresh sandbox screen
    frames(app)
    sandbox = shell.sandbox
    assert len(sandbox.state.players) == 4
    sandbox.file_field.set(str(path))
    sandbox.open()
    frames(app)
    sandbox = shell.sandbox
    assert sandbox.state == saved, "reopened as it was saved"

    sandbox.play_here()
    frames(app)
    assert shell.sandbox is None and shell.play is not None
    play = shell.play.state
    assert play.blocks == saved.blocks and play.players == saved.players
    assert play.actor == 1 and play.step is Step.MOVE


def test_new_game_from_a_built_mountain(app: Any, shell: Shell, tmp_path: Path) -> None:
    state = remove_block(remove_block(starting_position(), "neutral-1"), "neutral-2")
    for p in sorted(generate_mountain(9), key=lambda p: (p.at[2], "neutral" not in p.block)):
        state = place_block(state, p.block, p.rot, p.at)
    sandbox = open_sandbox(app, shell, state)
    sandbox.file_field.set(str(tmp_path / "mountain.json"))
    sandbox.new_game()
    frames(app)
    assert shell.menu is not None
    assert shell.menu.source.value == "file"
    assert shell.menu.file_field.value == str(tmp_path / "mountain.json")
    shell.menu.start()
    frames(app)
    assert shell.play is not None and set(shell.play.state.blocks) == set(state.blocks)
    assert all(p.at is None for p in shell.play.state.players)


def test_analysis_overlay_and_what_if_while_holding_a_block(app: Any, shell: Shell) -> None:
    sandbox = open_sandbox(app, shell, load_game(POSITIONS / "block-opens-the-summit.json"))
    sandbox.input("a")
    frames(app)
    overlay = sandbox.analysis
    assert overlay.on and overlay.reach is not None and overlay.reach.best == 2
    assert set(overlay.marks.items) == set(overlay.reach.squares)
    assert "best this move" in overlay.text or "no higher square" in overlay.text
    sandbox.drag.begin("half-1")
    sandbox.drag.place((18, 15))
    frames(app)
    assert sandbox.drag.at == (18, 15, 2)
    assert overlay.changes is not None
    assert (overlay.changes[0].before, overlay.changes[0].after) == (2, 7)
    assert "Teal 2 -> 7 (+5)" in overlay.text
    assert sandbox.hud.note, "holding a block shows how to set it down"
    sandbox.drag.cancel()
    assert sandbox.hud.note == "", "putting it back clears the hint"
    sandbox.input("tab")
    frames(app)
    assert overlay.analysed_seat == 1 and overlay.changes is None
    sandbox.input("a")
    assert not overlay.on and not overlay.marks.items


def test_cutaway_labels_and_picture(
    app: Any, shell: Shell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox = open_sandbox(app, shell, load_game(POSITIONS / "short-ladder-only.json"))
    state = sandbox.state
    top = int(state.structure.height.max())
    sandbox.input("[")
    sandbox.input("[")
    assert sandbox.cut.level == top - 2
    shown = set(sandbox.cut.visible_blocks())
    s = state.structure
    for p in state.blocks:
        b = state.block_index(p.block)
        assert (p.block in shown) == (p.at[2] < top - 2), "drawn when it reaches below the cut"
        cut_open = sandbox.view.blocks[p.block].hasClipPlane(sandbox.view.cut_plane)
        assert cut_open == (p.block in shown and s.top_z(b) > top - 2), "cut open, not hidden"
    assert "Cutaway" in sandbox.hud.title_line
    sandbox.input("l")
    assert sandbox.cut.labels and all(int(t.text) <= top - 2 for t in sandbox.cut.labels)
    sandbox.input("]")
    sandbox.input("]")
    assert sandbox.cut.level is None and len(sandbox.cut.visible_blocks()) == len(state.blocks)

    monkeypatch.setenv("CLIMBERS_PICTURES_DIR", str(tmp_path / "pics"))
    sandbox.input("p")
    frames(app)
    pictures = list((tmp_path / "pics").glob("climbers-*.png"))
    assert len(pictures) == 1
    extrema = Image.open(pictures[0]).convert("L").getextrema()
    assert extrema[1] - extrema[0] > 60, "not a blank picture"


def test_analysis_key_during_play_shows_what_if_for_the_dragged_block(make_play: Any) -> None:
    screen = make_play()
    screen.app.input("a", is_raw=True)
    screen.app.step()
    assert screen.analysis.on and screen.analysis.reach is not None
    assert screen.analysis.analysed_seat == screen.state.actor
    while screen.state.step is not Step.BLOCK:
        screen.skip()
    from climbers.the_climbers.core import free_blocks

    screen.drag.begin(free_blocks(screen.state)[0])
    screen.drag.place((screen.drag.aim[0] + 1, screen.drag.aim[1]))
    screen.app.step()
    assert screen.analysis.changes is not None or screen.analysis.what_if_problem
    screen.drag.cancel()
    screen.app.step()
    recent, panel = screen.hud.recent_panel.box, screen.analysis.panel.box
    assert screen.hud.recent and screen.analysis.panel.enabled
    assert panel[1] >= recent[3], "the analysis panel sits below the recent actions"
    screen.app.input("a", is_raw=True)
    assert not screen.analysis.on and not screen.analysis.panel.enabled


def test_turning_a_block_from_the_tray_before_setting_it_down(app: Any, shell: Shell) -> None:
    from climbers.the_climbers.core.geometry import TURN_ABOUT_Z, compose

    sandbox = open_sandbox(app, shell)
    sandbox.take("double")
    application.base.win.move_pointer(0, 640, 500)  # over the table
    frames(app)
    held = sandbox.drag.rot
    sandbox.input("r")  # used to end the program: a tray block has no place to turn back to
    frames(app)
    assert sandbox.drag.dragging and sandbox.drag.rot == compose(TURN_ABOUT_Z, held)
    sandbox.drag.place((18, 15), force=True)
    assert sandbox.drag.verdict is None
    assert put_down(sandbox)
    frames(app)
    placed = next(p for p in sandbox.state.blocks if p.block.startswith("double"))
    assert placed.rot == compose(TURN_ABOUT_Z, held)


def test_cutaway_takes_fault_squares_and_analysis_marks_off_what_it_hides(
    app: Any, shell: Shell
) -> None:
    sandbox = open_sandbox(app, shell, load_game(POSITIONS / "short-ladder-only.json"))
    state = sandbox.state
    top = int(state.structure.height.max())
    high = [q for q, h in np.ndenumerate(state.structure.height) if h == top]
    sandbox.refuse(IllegalAction(Reason.UNSUPPORTED, tuple(high), block=Look(2, Colour.TEAL)))
    assert sandbox.faults.items
    sandbox.input("a")
    frames(app)
    sandbox.input("[")
    sandbox.input("[")
    frames(app)
    level = sandbox.cut.level
    assert level is not None and not sandbox.faults.items, "no fault floats over a cut block"
    marked = set(sandbox.analysis.marks.items) | set(sandbox.analysis.best_marks.items)
    assert all(state.structure.height_at(q) <= level for q in marked)
    sandbox.input("]")
    sandbox.input("]")
    frames(app)
    assert sandbox.cut.level is None
    assert set(sandbox.analysis.marks.items) == set(sandbox.analysis.reach.squares)


def test_the_tray_title_and_level_tags_cover_nothing(app: Any, shell: Shell) -> None:
    from ursina import camera

    from climbers.app.table.camera import screen_pixel

    sandbox = open_sandbox(app, shell, load_game(POSITIONS / "short-ladder-only.json"))
    title_low = sandbox.tray.title.get_tight_bounds(camera.ui)[0].y
    for b in sandbox.tray.buttons.values():
        assert b.get_tight_bounds(camera.ui)[1].y < title_low, "the title clears every button"
    sandbox.input("l")
    assert sandbox.cut.labels
    for tag in sandbox.cut.labels:
        anchor = tag.anchor
        assert anchor.x % 1 == 0 and anchor.z % 1 == 0, "named at a corner, not a square's middle"
        pixel = screen_pixel(anchor)
        if tag.enabled:  # a corner the mountain hides has no label
            assert pixel is not None and tag.box[3] < pixel[1], "above its corner, clear of it"
    assert any(tag.enabled for tag in sandbox.cut.labels)


@pytest.mark.parametrize("turn", [0, 50, 140])
def test_level_labels_are_readable_and_never_overlap(app: Any, shell: Shell, turn: float) -> None:
    from itertools import combinations

    from climbers.app.panels.canvas import scale
    from climbers.the_climbers.core import generate_mountain, new_game
    from climbers.the_climbers.table.cutaway import overlap

    start = new_game(generate_mountain(7), ["teal", "red", "yellow"], seed=7)
    sandbox = open_sandbox(app, shell, start)
    sandbox.rig.orbit(turn / 200, 0)  # degrees round the mountain
    frames(app)
    sandbox.input("l")
    frames(app)
    shown = [tag for tag in sandbox.cut.labels if tag.enabled]
    assert len(shown) >= 12, "most of the standard mountain's surfaces are named"
    for tag in shown:
        left, top, right, bottom = tag.box
        assert bottom - top >= 26 * scale(), "readable: its figure about 17 pixels tall"
        assert 0 <= left and right <= window.size[0] and 0 <= top and bottom <= window.size[1]
    for a, b in combinations(shown, 2):
        assert not overlap(a.box, b.box), f"labels {a.text} and {b.text} overlap"


def test_a_long_message_stays_clear_of_the_sandbox_buttons(app: Any, shell: Shell) -> None:
    from ursina import Button, camera, scene, window

    sandbox = open_sandbox(app, shell)
    sandbox.hud.message("The check finds the mountain is not a standard setup yet. " * 3)
    frames(app)
    left, top, right, bottom = sandbox.hud.strip.box
    w, h = (int(v) for v in window.size)
    buttons = [
        e
        for e in scene.entities
        if isinstance(e, Button)
        and e.enabled
        and not e.has_disabled_ancestor()
        and e.has_ancestor(camera.ui)
    ]
    assert len(buttons) > 10
    for button in buttons:
        x, y, _ = button.getPos(camera.ui)
        bw, bh, _ = button.getScale(camera.ui)
        bl, br = (x - bw / 2) * h + w / 2, (x + bw / 2) * h + w / 2
        bt, bb = (0.5 - y - bh / 2) * h, (0.5 - y + bh / 2) * h
        apart = right <= bl or br <= left or bottom <= bt or bb <= top
        assert apart, f"the message covers {button.text!r}"


def test_a_new_drag_takes_the_last_refusals_crosses_away(app: Any, shell: Shell) -> None:
    sandbox = open_sandbox(app, shell, load_game(POSITIONS / "short-ladder-only.json"))
    state = sandbox.state
    sandbox.refuse(
        IllegalAction(Reason.UNSUPPORTED, ((18, 15), (18, 16)), block=Look(2, Colour.TEAL))
    )
    assert sandbox.faults.items
    judge = sandbox.drag.judge
    movable = next(p.block for p in state.blocks if judge.lift_refusal(p.block) is None)
    assert sandbox.drag.begin(movable)
    assert not sandbox.faults.items, "the crosses of the refused drop go once a new one begins"
    sandbox.drag.cancel()


def test_a_carried_block_takes_its_contact_shade_along(app: Any, shell: Shell) -> None:
    sandbox = open_sandbox(app, shell, load_game(POSITIONS / "short-ladder-only.json"))
    state, judge = sandbox.state, sandbox.drag.judge
    view = sandbox.view

    def shaded() -> int:
        return len(view.contact.model.vertices) if view.contact.model else 0

    on_table = [p.block for p in state.blocks if p.at[2] == 0]
    movable = next(b for b in on_table if judge.lift_refusal(b) is None)
    before = shaded()
    assert before >= 4
    assert sandbox.drag.begin(movable)
    assert shaded() == before - 4, "no shade is left at the foot of a block being carried"
    sandbox.drag.cancel()
    assert shaded() == before
