"""The puzzles in the real window: the list by band, a puzzle solved through the tools a player
uses and kept as solved, a refused try with the core's reason, hints, a word as soon as the
target is out of reach, undo and redo, the solution shown one action at a time, and the card
when the turns run out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.drive import perform
from app.settled import pointer_away
from climbers.app import heap
from climbers.the_climbers.core import IllegalAction, MoveClimber, apply, parse_action
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.puzzles import load_puzzles
from climbers.the_climbers.puzzles.words import list_title
from climbers.the_climbers.table import puzzle_mode
from climbers.the_climbers.table.puzzle_mode import (
    FAILED_TITLE,
    SOLVED_TITLE,
)
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display
PUZZLES = [(path.stem, puzzle) for path, puzzle in load_puzzles()]
ONE_TURN = next(item for item in PUZZLES if item[1].turns == 1)
TWO_TURNS = next(item for item in PUZZLES if item[1].turns == 2)


def open_puzzle(app: Any, shell: Shell, puzzle_id: str) -> Any:
    shell.show_puzzles(puzzle_id)
    assert shell.puzzle is not None and shell.puzzle.puzzle_id == puzzle_id
    screen = shell.puzzle.table
    screen.app = app
    pointer_away(app)
    return screen


def settle(app: Any, screen: Any, frames: int = 400) -> None:
    """Step the window until nothing moves."""
    for _ in range(frames):
        app.step()
        if not screen.view.tweens.busy:
            break
    for _ in range(3):
        app.step()


def test_the_list_shows_every_puzzle_by_band_in_order(app: Any, shell: Shell) -> None:
    shell.show_menu()
    shell.menu.puzzles_button.on_click()  # the new-game screen's Puzzles button
    listing = shell.screens.screen  # the list is a screen of its own
    assert shell.screens.current == "Puzzles"
    assert listing is not None
    headings = [heading for heading, _ in listing.columns]
    bands = sorted({p.band for _, p in PUZZLES})
    assert headings == [f"{b} turn" if b == 1 else f"{b} turns" for b in bands]
    shown = [pick.text for _, picks in listing.columns for pick in picks]
    by_band = [p for b in bands for _, p in PUZZLES if p.band == b]
    assert len(shown) == len(PUZZLES) >= 40
    assert [text.split(". ", 1)[1] for text in shown] == [list_title(p) for p in by_band]
    assert not any(pick.done for _, picks in listing.columns for pick in picks)
    listing.entries[0].on_click()
    assert shell.puzzle is not None and shell.puzzle.puzzle == by_band[0]


def test_the_list_shows_two_bands_at_a_time(app: Any, shell: Shell) -> None:
    """Four bands do not fit side by side at a readable size: the list shows two at a time,
    chosen by the buttons under its title, and only the page shown takes clicks."""
    shell.show_menu()
    shell.menu.puzzles_button.on_click()
    listing = shell.screens.screen
    assert [b.text for b in listing.page_buttons] == ["1 turn · 2 turns", "3 turns · 4 turns"]
    first, second = listing.pages
    assert first.enabled and not second.enabled
    last = listing.entries[-1]  # the last puzzle of band 4
    assert last.parent is second
    listing.page_buttons[1].on_click()
    assert second.enabled and not first.enabled
    listing.page_buttons[0].on_click()
    assert first.enabled and not second.enabled


def test_a_correct_solution_solves_the_puzzle_and_keeps_it(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    puzzle_id, puzzle = TWO_TURNS
    screen = open_puzzle(app, shell, puzzle_id)
    for action in puzzle.actions():
        assert not screen.puzzle.solo.solved
        tick = screen.state.tick
        assert perform(screen, action), f"{action} cannot be carried out"
        assert screen.state.tick > tick
        settle(app, screen)
    assert screen.puzzle.solo.solved and screen.puzzle.solo.turn == puzzle.turns
    assert screen.puzzle.card is not None and screen.puzzle.card.title.text == SOLVED_TITLE
    kept = json.loads((tmp_path / "data" / "puzzles-progress.json").read_text())
    assert kept["completed"] == [puzzle_id]
    screen.puzzle.card.buttons[2].on_click()  # All puzzles: the list ticks it
    assert shell.dialog.z < screen.puzzle.card.z, (
        "the list is drawn over the card it was opened from"
    )
    picks = {
        pick.text.split(". ", 1)[1]: pick.done for _, ps in shell.dialog.columns for pick in ps
    }
    assert picks[list_title(puzzle)]


def test_a_wrong_try_is_refused_with_the_cores_reason(app: Any, shell: Shell) -> None:
    puzzle_id, puzzle = ONE_TURN
    screen = open_puzzle(app, shell, puzzle_id)
    me = puzzle.position.players[puzzle.seat]
    far = (0, 0)
    wrong = MoveClimber(player=me.colour, to=far)
    with pytest.raises(IllegalAction) as refused:
        apply(puzzle.position, wrong)
    assert not screen.apply(wrong)
    assert screen.hud.last_refusal == refusal_sentence(refused.value)
    assert screen.puzzle.solo.turn == 1 and screen.state == puzzle.position


def test_the_hint_is_the_next_action_of_the_stored_solution(app: Any, shell: Shell) -> None:
    puzzle_id, puzzle = TWO_TURNS
    screen = open_puzzle(app, shell, puzzle_id)
    actions = puzzle.actions()
    for i, action in enumerate(actions):
        assert screen.puzzle.hint() == action, f"hint {i}"
        assert screen.puzzle.advice.startswith("Hint:")
        assert screen.focus.parts or screen.climb.path.parts  # shown on the table
        assert screen.apply(action)
        settle(app, screen)
    assert screen.puzzle.hint() is None


def test_show_solution_steps_through_it_one_action_at_a_time_with_captions(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    puzzle_id, puzzle = TWO_TURNS
    screen = open_puzzle(app, shell, puzzle_id)
    assert screen.apply(puzzle.actions()[0])  # a try, then the solution from the start
    settle(app, screen)
    screen.puzzle.show_solution()
    assert screen.puzzle.showing is not None and screen.state == puzzle.position
    back, forward, _ = screen.puzzle.show_controls
    assert back.disabled and not forward.disabled
    assert not screen.hud.undo.enabled and not screen.hud.skip.enabled
    captions = [tuple(screen.puzzle.caption_lines)]
    states = [screen.state]
    keys = ["n", "space", "right arrow"]
    for i, action in enumerate(puzzle.actions()):
        app.input(keys[i % 3], is_raw=True)  # Next, as Space, N or →
        if action.kind != "pass":
            assert screen.view.tweens.busy, f"action {i} is animated on the table"
        settle(app, screen)
        assert screen.puzzle.shown_count == i + 1
        assert screen.puzzle.caption_lines[-1].startswith(puzzle.player.value.capitalize())
        captions.append(tuple(screen.puzzle.caption_lines))
        states.append(screen.state)
    assert len(set(captions)) == len(captions), "each action has its own caption"
    assert screen.puzzle.solo.solved and screen.puzzle.solo.level >= puzzle.target
    assert forward.disabled and screen.puzzle.card is None  # no card over the last action shown
    assert "shortest way" in " ".join(screen.puzzle.panel_lines)
    screen.puzzle.show_next()  # nothing more to show
    assert screen.puzzle.shown_count == len(puzzle.actions())
    app.input("backspace", is_raw=True)  # Back
    assert screen.state == states[-2] and tuple(screen.puzzle.caption_lines) == captions[-2]
    app.input("p", is_raw=True)
    app.input("left arrow", is_raw=True)
    assert screen.state == states[-4] and screen.puzzle.shown_count == len(states) - 4
    screen.puzzle.show_controls[1].on_click()  # the Next button
    settle(app, screen)
    assert screen.state == states[-3]
    assert not (tmp_path / "data" / "puzzles-progress.json").exists()
    screen.puzzle.show_controls[2].on_click()  # Try it yourself: the puzzle from its start
    assert shell.puzzle is not None and shell.puzzle.table.state == puzzle.position
    assert shell.puzzle.showing is None


def test_undo_and_redo_go_back_across_the_turns_of_a_puzzle(app: Any, shell: Shell) -> None:
    puzzle_id, puzzle = TWO_TURNS
    screen = open_puzzle(app, shell, puzzle_id)
    assert not screen.hud.can_undo and screen.hud.undo.enabled
    app.input("u", is_raw=True)
    assert "start of the puzzle" in screen.hud.note
    states = [(screen.state, screen.puzzle.solo.turn)]
    for action in puzzle.actions()[:5]:  # into the second turn
        assert screen.apply(action)
        settle(app, screen)
        states.append((screen.state, screen.puzzle.solo.turn))
    assert screen.puzzle.solo.turn == 2 and screen.hud.can_undo and screen.hud.undo.enabled
    screen.hud.undo.on_click()  # the Undo button
    assert (screen.state, screen.puzzle.solo.turn) == states[-2]
    for i in range(len(states) - 3, -1, -1):
        app.input("u", is_raw=True)
        assert (screen.state, screen.puzzle.solo.turn) == states[i], i
        assert "Turn 1 of 2" in screen.hud.title_line
    assert not screen.hud.can_undo
    app.input("y", is_raw=True)
    settle(app, screen)
    assert (screen.state, screen.puzzle.solo.turn) == states[1]
    assert screen.puzzle.hint() == puzzle.actions()[1], "back on the solution's path"


def test_the_panel_says_at_once_when_the_target_is_out_of_reach(app: Any, shell: Shell) -> None:
    puzzle_id = "band2-0000-level4"
    screen = open_puzzle(app, shell, puzzle_id)
    puzzle = screen.puzzle.puzzle
    for action in puzzle.actions()[:2]:  # as the hints say: skip the walk, move a block
        assert screen.puzzle.hint() == action
        assert screen.apply(action)
        settle(app, screen)
    assert screen.puzzle.reach is True
    wrong = parse_action(f"{puzzle.player.value} move 15,11 +short")  # a walk of one's own
    assert screen.apply(wrong)
    for _ in range(400):  # during the walk's animation: the check goes on between frames
        if screen.puzzle.reach is not None:
            break
        app.step()
    assert screen.puzzle.solo.turn == 1 and screen.puzzle.reach is False  # no further action needed
    said = f"From here level {puzzle.target} is out of reach: Undo or Restart."
    assert said in screen.puzzle.panel_lines
    assert screen.puzzle.hint() is None and said in screen.puzzle.panel_lines
    settle(app, screen)
    app.input("u", is_raw=True)
    assert screen.puzzle.reach is True and said not in screen.puzzle.panel_lines
    assert screen.puzzle.hint() == puzzle.actions()[2]


def test_a_check_between_frames_keeps_its_objects_out_of_the_collector(
    app: Any, shell: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19, item 2: while the check goes on between frames the heap is frozen, so that no
    full collection walks the search's objects in a frame; the first frame after it ends gives
    them back to the collector."""
    monkeypatch.setattr(puzzle_mode, "CHECK_BUDGET", 0.0)  # nothing decided at once
    screen = open_puzzle(app, shell, "band2-0000-level4")
    puzzle = screen.puzzle.puzzle
    for action in puzzle.actions()[:2]:
        assert screen.apply(action)
        settle(app, screen)
    assert screen.apply(parse_action(f"{puzzle.player.value} move 15,11 +short"))
    frozen_while_checking = []
    for _ in range(400):
        if screen.puzzle.reach is not None:
            break
        app.step()
        frozen_while_checking.append(heap.frozen())
    assert (
        screen.puzzle.reach is False and frozen_while_checking and all(frozen_while_checking[:-1])
    )
    app.step()
    app.step()
    assert not heap.frozen()


def test_ending_the_turns_below_the_target_shows_the_out_of_turns_card(
    app: Any, shell: Shell
) -> None:
    puzzle_id, puzzle = ONE_TURN
    screen = open_puzzle(app, shell, puzzle_id)
    screen.done()
    settle(app, screen)
    assert screen.puzzle.solo.failed and not screen.puzzle.solo.solved
    assert screen.puzzle.card is not None and screen.puzzle.card.title.text == FAILED_TITLE
    assert f"the target was level {puzzle.target}." in " ".join(
        screen.puzzle.card.text.text.split()
    )
    assert not screen.apply(puzzle.actions()[0])  # the puzzle is over: refused, and said why
    assert "Restart" in screen.hud.last_refusal


LONG_SENTENCES = {
    "en": "Teal stands on level 3 of 4: the last turn ended one level short of the target, "
    "so try the route over the grey half-cube block once more and keep the tall ladder.",
    "zh-Hant": "青色玩家站在第3層，離目標第4層只差一層：最後一個回合結束時還沒到達，"
    "再試一次經過灰色半立方積木方塊的路線，並把長梯留到最後。",
}


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_the_puzzle_cards_sentence_is_wrapped_inside_the_card(
    app: Any, request: pytest.FixtureRequest, tmp_path: Path, language: str
) -> None:
    """The end card's sentence goes through the table's line breaking, as every panel's does
    (Ursina's own wrapping breaks only at spaces: a long Chinese sentence would run past the
    card): every line inside the card, and the card shows the whole sentence."""
    import os

    from ursina import camera, destroy

    from climbers.app.pictures import take_picture
    from climbers.io.language import say, use_language

    request.addfinalizer(lambda: use_language("en"))
    use_language(language)
    said = LONG_SENTENCES[language]
    card = puzzle_mode.PuzzleCard(say(FAILED_TITLE), said, [("Try again", lambda: None)])
    try:
        app.step()
        lines = card.text.text.split("\n")
        assert len(lines) >= 2 and "".join(lines).replace(" ", "") == said.replace(" ", "")
        low, high = card.text.getTightBounds(camera.ui)
        card_low, card_high = card.children[1].getTightBounds(camera.ui)
        assert card_low.x < low.x and high.x < card_high.x, "inside the card"
        folder = Path(os.environ.get("CLIMBERS_SCREENSHOTS") or tmp_path)
        take_picture(folder / f"puzzle-card-{language}.png")
    finally:
        destroy(card)
        app.step()


def test_a_puzzle_is_told_in_the_current_language(app: Any, shell: Shell) -> None:
    from climbers.io.language import use_language

    puzzle_id, _ = ONE_TURN
    use_language("zh-Hant")
    try:
        screen = open_puzzle(app, shell, puzzle_id)
        told = [screen.hud.title_line, *screen.puzzle.words]
        assert not any(c.isascii() and c.isalpha() for line in told for c in line), told
    finally:
        use_language("en")


@pytest.mark.parametrize("solved", [True, False])
def test_the_end_cards_buttons_are_said_in_the_current_language(
    app: Any,
    shell: Shell,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    solved: bool,
) -> None:
    import re

    from climbers.io.language import use_language
    from climbers.the_climbers.puzzles import SoloPlay

    request.addfinalizer(lambda: use_language("en"))
    use_language("zh-Hant")
    screen = open_puzzle(app, shell, ONE_TURN[0])
    monkeypatch.setattr(SoloPlay, "solved", property(lambda self: solved))
    monkeypatch.setattr(SoloPlay, "failed", property(lambda self: not solved))
    card = screen.puzzle._end_card()
    labels = [b.text for b in card.buttons]
    assert len(labels) == 3
    assert all(re.search(r"[\u4e00-\u9fff]", t) and not re.search(r"[A-Za-z]", t) for t in labels)


def boxes_meet(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_analysis_panel_sits_below_the_puzzle_panel(app: Any, shell: Shell) -> None:
    screen = open_puzzle(app, shell, TWO_TURNS[0])
    app.input("a", is_raw=True)
    settle(app, screen)
    assert screen.analysis.on and screen.analysis.panel.enabled and screen.puzzle.panel.enabled
    assert not boxes_meet(screen.analysis.panel.box, screen.puzzle.panel.box), (
        "drawn over the puzzle"
    )
    assert screen.analysis.panel.box[1] >= screen.puzzle.panel.box[3]


def test_a_hint_to_skip_a_step_still_shows_the_next_action_after_space(
    app: Any, shell: Shell
) -> None:
    screen = open_puzzle(app, shell, "band1-0004-level4")  # skip the walk, then move cube-10
    assert screen.puzzle.hint() is not None
    assert "Space" in screen.puzzle.advice or "skip" in screen.puzzle.advice.lower()
    assert screen.puzzle.after_skip is not None and screen.puzzle.after_skip.block == "cube-10"
    app.input("space")
    settle(app, screen)
    assert screen.state.step.value == "block"
    assert "cube-10" in screen.puzzle.advice or "cube" in screen.puzzle.advice, screen.puzzle.advice
    assert screen.focus.parts and screen.focus.marks.parts, "the block and its squares stay marked"


def test_a_hint_behind_the_mountain_turns_the_camera_until_nothing_hides_it(
    app: Any, shell: Shell
) -> None:
    from ursina import camera

    from climbers.app.table import coords
    from climbers.app.table.camera import on_screen
    from climbers.the_climbers.table.framing import in_sight

    screen = open_puzzle(app, shell, ONE_TURN[0])
    state = screen.state
    s = state.structure
    eye = camera.world_position
    hidden = [
        (x, y)
        for x in range(s.height.shape[0])
        for y in range(s.height.shape[1])
        if s.height[x, y] == 0
        and s.height[max(x - 1, 0) : x + 2, max(y - 1, 0) : y + 2].max() >= 3
        and not in_sight(state, eye, coords.square_centre((x, y), 0))
    ]
    assert hidden, "the mountain hides some table squares beside it from the opening view"
    target = coords.square_centre(hidden[0], 0)
    screen.focus.outline(state, [hidden[0]])
    settle(app, screen)
    for _ in range(90):  # the camera's glide
        app.step()
    assert screen.rig.glide is None
    assert in_sight(state, camera.world_position, target), "the mountain still hides it"
    assert on_screen(target)


def rest(app: Any, screen: Any) -> None:
    """Step the window until the pieces and the camera are still."""
    for _ in range(400):
        app.step()
        if screen.rig.glide is None and not screen.view.tweens.busy:
            break


def test_one_press_of_hint_after_a_refused_try_shows_the_hint_instead_of_the_refusal(
    app: Any, shell: Shell
) -> None:
    puzzle_id, puzzle = TWO_TURNS
    screen = open_puzzle(app, shell, puzzle_id)
    me = puzzle.position.players[puzzle.seat]
    assert not screen.apply(MoveClimber(player=me.colour, to=(0, 0)))
    assert screen.hud.last_refusal and screen.hud.note and screen.faults.items
    screen.puzzle.buttons[0].on_click()  # Hint, once
    assert (
        screen.puzzle.advice.startswith("Hint:")
        and screen.puzzle.advice in screen.puzzle.panel_lines
    )
    assert not screen.hud.last_refusal and not screen.hud.note and not screen.faults.items


def test_space_leaves_the_camera_where_the_player_put_it(app: Any, shell: Shell) -> None:
    from ursina import camera

    screen = open_puzzle(app, shell, "band2-0006-level5")
    rest(app, screen)
    for _ in range(6):  # zoomed in on the mountain: markers off the window
        app.input("scroll up")
        app.step()
    rest(app, screen)
    eye = tuple(camera.world_position)
    app.input("space")
    rest(app, screen)
    assert screen.state.step.value == "block"
    assert tuple(camera.world_position) == eye, "the camera moved on a skipped step"


def test_a_hinted_block_is_framed_clear_of_the_panels(app: Any, shell: Shell) -> None:
    from climbers.app.table.camera import screen_pixel
    from climbers.the_climbers.core import MoveBlock

    near_the_panel = {"band1-0004-level4", "band3-0039-level7"}  # found under it before
    hidden, checked = [], 0
    for puzzle_id in sorted(near_the_panel | {pid for pid, _ in PUZZLES[::10]}):
        screen = open_puzzle(app, shell, puzzle_id)
        app.input("space")  # the block step, where the top-left panel is at its tallest
        for _ in range(3):  # a little closer than the opening view
            app.input("scroll up")
            app.step()
        rest(app, screen)
        action = screen.puzzle.hint()
        rest(app, screen)
        if not isinstance(action, MoveBlock):
            continue
        checked += 1
        pixel = screen_pixel(screen.view.disk_position(screen.state, action.block))
        assert pixel is not None
        for panel in (screen.hud.panel, screen.puzzle.panel):
            x0, y0, x1, y1 = panel.box
            if x0 <= pixel[0] <= x1 and y0 <= pixel[1] <= y1:
                hidden.append((puzzle_id, panel.name))
    assert checked >= 4
    assert not hidden, f"hinted blocks under a panel: {hidden}"


def test_a_panel_fades_while_the_carried_block_is_under_it(app: Any, shell: Shell) -> None:
    from ursina import application

    from climbers.the_climbers.core import free_blocks

    screen = open_puzzle(app, shell, "band1-0004-level4")
    app.input("space")  # the block step: the top-left panel at its tallest
    rest(app, screen)
    left, top, right, bottom = screen.hud.panel.box
    assert screen.drag.begin(sorted(free_blocks(screen.state))[0])
    application.base.win.move_pointer(0, (left + right) // 2, (top + bottom) // 2)
    for _ in range(40):  # the hand follows the pointer under the panel
        app.step()
    assert screen.hud.panel.alpha < 0.5, "the panel hides the carried block"
    application.base.win.move_pointer(0, 640, 560)
    for _ in range(40):
        app.step()
    assert screen.hud.panel.alpha == 1
    app.input("escape")


def test_a_change_of_language_keeps_the_puzzle_as_it_stands(app: Any, shell: Shell) -> None:
    """F4's language shows the puzzle anew as it stands: a move played stays played (Undo
    takes it back), and a solution being shown stays shown at the action it had reached."""
    puzzle_id, puzzle = TWO_TURNS
    screen = open_puzzle(app, shell, puzzle_id)
    first = puzzle.actions()[0]
    assert perform(screen, first)
    settle(app, screen)
    played = screen.state
    shell.apply_settings(shell.settings.with_changes(language="zh-Hant"))
    assert shell.puzzle is not None and shell.puzzle.table is not screen, "shown anew"
    screen = shell.puzzle.table
    settle(app, screen)
    assert screen.state == played and screen.puzzle.solo.can_undo
    app.input("u", is_raw=True)
    assert screen.state == puzzle.position, "Undo takes the move back"
    screen.puzzle.show_solution()
    for _ in range(2):
        screen.puzzle.show_next()
        settle(app, screen)
    shown, caption = screen.state, screen.puzzle.caption_lines[0]
    shell.apply_settings(shell.settings.with_changes(language="en"))
    screen = shell.puzzle.table
    settle(app, screen)
    assert screen.puzzle.showing is not None and screen.puzzle.shown_count == 2
    assert screen.state == shown and screen.puzzle.shown, "reaching the target now solves nothing"
    assert screen.puzzle.caption_lines[0] != caption, "the caption in the new language"
    screen.puzzle.show_back()
    assert screen.puzzle.shown_count == 1


def test_esc_pauses_a_puzzle_and_esc_again_goes_back_to_it(app: Any, shell: Shell) -> None:
    from climbers.app.screens.pause_card import PauseCard

    screen = open_puzzle(app, shell, TWO_TURNS[0])
    for showing in (False, True):
        if showing:
            screen.puzzle.show_solution()
        app.input("escape")
        app.step()
        assert isinstance(shell.dialog, PauseCard), f"paused (solution shown: {showing})"
        app.input("escape")
        app.step()
        assert shell.dialog is None and shell.puzzle is not None
