"""Clamber's table in a real window: placing, a lower capture and an equal-capture chain by real
clicks, a refused click's reason and the cells at fault, undo and redo, bots playing a game to
the end with the settled picture checked after every turn, and the tile on the games screen
opening Clamber's table."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import Vec3, application, destroy

from app.settled import differing, frame, leftovers, pointer_away
from app.test_clamber_drawing import numbers_and_stacks_clear_of_the_panels
from clamber.positions import position
from climbers.app.host import Host
from climbers.app.screens.ask_card import AskCard
from climbers.app.screens.play_screen import PlayScreen
from climbers.app.settings import Settings
from climbers.app.table.camera import screen_pixel
from climbers.app.table_shell import TableShell
from climbers.clamber.core import ClamberRules, ClamberState, Stack, arranged
from climbers.clamber.game.session import ClamberSession
from climbers.clamber.table.geometry import BOARD_TOP
from climbers.clamber.table.play_board import TABLE_GAME
from climbers.clamber.table.view import ClamberView
from climbers.clamber.table.words import caption

pytestmark = pytest.mark.display

TOLERANCE = 0.001
"""Share of pixels a settled table may differ from a fresh view of its state."""
CHECKED: list[str] = []
READABLE = 13
"""Pixels tall (the letters' size, as the HUD's smallest text, its key help) a name on the board
needs to be read."""


@pytest.fixture
def table(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Opens Clamber's play screen on a state or a session; cleared afterwards."""
    from climbers.app.table.scene import clear_scene

    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))

    def make(start: ClamberState | ClamberSession) -> PlayScreen[Any, Any]:
        clear_scene()
        session = start if isinstance(start, ClamberSession) else ClamberSession(start)
        screen = TABLE_GAME.play(session, save_path=tmp_path / "game.json")
        screen.app = app
        screen.view.tweens.speed = 4.0
        screen.bots.enabled = False  # a test lets its bots play when it wants them to
        pointer_away(app)
        frames(app, 3)
        return screen

    yield make
    clear_scene()
    app.step()


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def point_at(screen: PlayScreen[Any, Any], cell: str) -> None:
    """The real pointer onto a cell: its stack's number, or the empty cell's middle."""
    view = screen.view
    where = view.badge_point(cell) if cell in view.stacks else view.foot(cell)
    pixel = screen_pixel(Vec3(where))
    assert pixel is not None, f"{cell} is off the window"
    application.base.win.move_pointer(0, *pixel)
    frames(screen.app, 2)


def click(screen: PlayScreen[Any, Any], cell: str) -> None:
    """A real click on a cell (pointer moved there, the button pressed and released)."""
    point_at(screen, cell)
    assert screen.view.cell_at() == cell, "the pointer finds the cell it is on"
    screen.app.input("left mouse down")
    screen.app.input("left mouse up")
    frames(screen.app, 1)


def settle(screen: PlayScreen[Any, Any]) -> None:
    """Step frames until nothing moves (stones, shadows, the camera) and no bot may act."""
    for _ in range(600):
        sun = screen.view.sun
        acting = screen.bots.enabled and screen.bots.to_act is not None
        moving = screen.view.tweens.busy or screen.rig.glide is not None
        if not (moving or acting or (sun is not None and not sun.settled)):
            return
        screen.app.step()
    raise AssertionError("the table did not settle")


def check_settled(screen: PlayScreen[Any, Any]) -> float:
    """Once settled, the table is the state: every stack where the state has it, as high and
    of the colour it says, nothing else on the table, and the same picture as a view built
    fresh from the state (HUD hidden). The pointer is moved off the table first (a stone to
    place follows it)."""
    pointer_away(screen.app)
    settle(screen)
    app, view, state = screen.app, screen.view, screen.state
    assert screen.board.chain == [] or view.shown != state.stacks, "a chain is shown, or the state"
    stacks = view.shown if screen.board.chain else state.stacks
    for cell, piece in view.stacks.items():
        assert piece.enabled and piece.stack == stacks[cell], f"{cell}: {piece.stack}"
        assert (piece.world_position - view.foot(cell)).length() < 1e-4, f"{cell} is not on it"
        over = view.top(cell, piece.height) + Vec3(0, 0.34, 0)  # its number's place
        assert abs(over.y - (BOARD_TOP + piece.height * 0.13 + 0.34)) < 1e-3, f"{cell}'s top"
        number, place = screen_pixel(piece.badge.world_position), screen_pixel(over)
        assert number and place and abs(number[0] - place[0]) <= 1, f"{cell}'s number is aside"
    assert set(view.stacks) == set(stacks), "every stack of the state, and no other"
    assert not view.leaving, "nothing on its way off the table"
    assert not leftovers(screen), f"left on the table: {leftovers(screen)}"
    assert view.ghost is None or not view.ghost.enabled, "no stone to place off the board"
    marks = list(view.marks.items.values())  # shown on purpose, and the frames they put
    framed = {cell: piece.marked for cell, piece in view.stacks.items() if piece.marked}
    for mark in marks:
        mark.enabled = False
    for cell in framed:
        view.stacks[cell].set_mark("")
    try:
        live = frame(app)
        fresh = ClamberView(state, lights=False)
        fresh.show(stacks)
        view.root.enabled = False
        try:
            assert fresh.pieces() == view.pieces(), "the live pieces are not where the state says"
            if view.sun is not None:
                view.sun.redraws = 3
            again = frame(app, 2)
        finally:
            view.root.enabled = True
            destroy(fresh.root)
            if view.sun is not None:
                view.sun.redraws = 3
    finally:
        for mark in marks:
            mark.enabled = True
        for cell, kind in framed.items():
            view.stacks[cell].set_mark(kind)
    share = differing(live, again)
    if share > TOLERANCE and os.environ.get("SETTLED_DEBUG"):
        from PIL import Image

        folder = Path(os.environ["SETTLED_DEBUG"])
        folder.mkdir(exist_ok=True)
        Image.fromarray(live.astype("uint8")).save(folder / "live.png")
        Image.fromarray(again.astype("uint8")).save(folder / "fresh.png")
    assert share <= TOLERANCE, f"{share:.2%} of the pixels differ from a fresh view of the state"
    return share


def test_a_stack_grown_under_the_panel_eases_the_opening_view_clear_of_it(table: Any) -> None:
    """Issue 32, item 13: at the opening view of a board with nothing near the panel, the board
    comes to show a stack on D1 high enough to reach under the panel (as turns build it); the
    next turn's start eases the camera to the opening view anew, clear of the panels. Once the
    player moved the camera, it stays where they put it."""
    made = table(arranged("G7 b1, G6 r1", 4))
    plain = made.view.home_view()
    assert made.board.looks_from(*plain)
    made.view.show({**made.state.stacks, "D1": Stack(1, 7)})
    made.enter_turn()
    settle(made)
    assert not made.board.looks_from(*plain), "the camera moved"
    numbers_and_stacks_clear_of_the_panels(made)
    made.rig.orbit(0.05, 0.0)
    turned = made.rig.view, made.rig.heading
    made.view.show({**made.state.stacks, "D1": Stack(1, 9)})
    made.enter_turn()
    settle(made)
    assert (made.rig.view, made.rig.heading) == turned, "a camera the player moved stays"


def test_no_cells_name_shows_through_a_button_over_it(table: Any) -> None:
    """Round four's playtest: "A1" showed under the end card's Show the result button."""
    from ursina import Button, camera, mouse

    screen = table(ClamberRules(3).new_state(2, 0))
    point_at(screen, "C3")
    assert screen.hud.tip_text == "C3"
    over = Button(parent=camera.ui, position=mouse.position, scale=0.2)
    try:
        frames(screen.app, 3)
        assert screen.hud.tip_text == "", "the pointer is on the button, not the board"
    finally:
        destroy(over)


@pytest.mark.rule("C6")
def test_a_click_on_an_empty_cell_places_a_stone(table: Any) -> None:
    screen = table(ClamberRules(3).new_state(2, 0))
    point_at(screen, "C3")
    assert screen.view.ghost is not None and screen.view.ghost.enabled, "a stone to be placed"
    assert screen.hud.tip_text == "C3", "the cell's name at the pointer (issue 32, item 10)"
    click(screen, "C3")
    assert screen.state.stacks == {"C3": Stack(0, 1)}
    assert screen.view.marks.cells("last") == ["C3"], "the last turn stays marked"
    assert screen.session.log == ["place C3"]
    assert screen.hud.recent[-1] == "Blue places a stone on C3."
    pointer_away(screen.app)
    check_settled(screen)
    CHECKED.append("place")


@pytest.mark.rule("C8")
def test_a_lower_capture_by_clicks(table: Any) -> None:
    screen = table(position("C3 b2, C4 r1, A1 r1, E5 r1"))
    click(screen, "C3")
    assert screen.board.targets == {"C4": "lower"}
    assert screen.view.stacks["C4"].marked == "lower", "the number is framed as the cell is"
    assert screen.view.marks.cells("lower") == ["C4"] and screen.view.marks.cells("chosen") == [
        "C3"
    ]
    click(screen, "C4")
    assert screen.session.log == ["C3xC4"]
    assert screen.state.stacks["C4"] == Stack(0, 2) and screen.state.to_move == 1
    assert {kind for kind, _cell in screen.view.marks.items} == {"last"}, "the turn's go"
    assert {"C3", "C4"} <= set(screen.view.marks.cells("last")), "the last turn's stay"
    assert not any(piece.marked for piece in screen.view.stacks.values())
    pointer_away(screen.app)
    check_settled(screen)
    CHECKED.append("lower capture")


@pytest.mark.rule("C9")
def test_an_equal_capture_chain_by_clicks_ended_with_enter(table: Any) -> None:
    screen = table(position("B2 b1, C3 r1, D4 r2, E5 r3, A3 r1"))
    click(screen, "B2")
    assert screen.board.targets == {"C3": "equal"}
    point_at(screen, "C3")
    assert screen.hud.tip_text == "Capture C3", "hovering a target tells what it does"
    click(screen, "C3")
    assert screen.board.chain == ["B2", "C3"] and screen.board.targets == {"D4": "equal"}
    assert screen.session.log == [], "the turn is played when the chain ends"
    assert screen.view.shown["C3"] == Stack(0, 2)
    check_settled(screen)  # the board shows the chain so far
    click(screen, "D4")
    assert screen.board.chain == ["B2", "C3", "D4"] and screen.board.targets == {"E5": "equal"}
    screen.app.input("enter")
    assert screen.session.log == ["B2=C3=D4"]
    assert screen.state.stacks["D4"] == Stack(0, 3) and screen.state.to_move == 1
    assert screen.board.chain == [] and {kind for kind, _cell in screen.view.marks.items} == {
        "last"
    }
    assert {"B2", "C3", "D4"} <= set(screen.view.marks.cells("last"))
    pointer_away(screen.app)
    check_settled(screen)
    CHECKED.append("equal chain")


@pytest.mark.rule("C12")
def test_hovering_a_winning_capture_says_it_wins(table: Any) -> None:
    """Issue 32, item 13: the label at the pointer says a capture wins before it is made."""
    screen = table(position("C3 b2, C4 r1, A1 b1"))
    click(screen, "C3")
    point_at(screen, "C4")
    assert screen.hud.tip_text == "Capture C4: this wins the game"
    assert "Click" in screen.hud.help_text
    click(screen, "C4")
    assert screen.state.over and screen.state.result.winner == 0
    frames(screen.app, 2)
    assert "Click" not in screen.hud.help_text and "U undo" not in screen.hud.help_text, (
        "over a finished game the key help lists only what still works (round four's playtest)"
    )


def test_the_hints_follow_what_is_chosen_and_what_esc_took_back(table: Any) -> None:
    """Issue 32, item 11: the panel's line and the line below agree while a stack is chosen,
    and neither keeps a hint that no longer holds after Esc or a click that lets go."""
    screen = table(position("B2 b1, C3 r1, D4 r2, E5 r3, A3 r1"))
    click(screen, "B2")
    assert "B2 chosen" in screen.hud.title_line and "marked stack" in screen.hud.note
    screen.app.input("escape")
    assert screen.board.chosen is None and screen.hud.note == ""
    assert "B2" not in screen.hud.title_line and "empty cell" in screen.hud.title_line
    click(screen, "B2")
    pointer_away(screen.app)  # the sky: no cell
    screen.app.input("left mouse down")
    screen.app.input("left mouse up")
    assert screen.board.chosen is None and screen.hud.note == "", "a click off the board lets go"
    click(screen, "B2")
    click(screen, "C3")
    assert screen.board.chain == ["B2", "C3"] and "C3" in screen.hud.note
    screen.app.input("escape")
    assert screen.board.chain == [] and screen.hud.note == "", (
        "no chain hint after Esc took it back"
    )


@pytest.mark.rule("C7")
def test_hovering_a_target_marks_the_stacks_it_would_remove(table: Any) -> None:
    screen = table(position("C3 b1, C4 r1, C5 r1, D5 r1, A1 r2"))
    click(screen, "C3")
    point_at(screen, "C4")
    assert screen.view.marks.cells("gone") == ["C5", "D5"]
    assert screen.hud.tip_text == "Capture C4: C5, D5 leave the board"
    click(screen, "C4")
    assert screen.state.stacks == {"C3": Stack(0, 1), "C4": Stack(0, 2), "A1": Stack(1, 2)}
    pointer_away(screen.app)
    check_settled(screen)
    CHECKED.append("subgroup removed")


@pytest.mark.rule("C9")
def test_a_refused_click_says_why_and_marks_the_cells_at_fault(table: Any) -> None:
    screen = table(position("B2 b1, E3 r1, A1 r1"))
    click(screen, "B2")
    assert screen.board.targets == {"A1": "equal"}
    click(screen, "E3")
    said = "The stack on E3 is as high as yours, but its group does not touch your stack on B2."
    assert screen.hud.note == said and screen.hud.last_refusal == said
    assert screen.view.marks.cells("fault") == ["B2", "E3"]
    assert screen.session.log == []
    click(screen, "E3")  # still refused, still said
    assert screen.hud.note == said
    screen.app.input("escape")
    click(screen, "A1")  # Red's stack, nothing chosen
    assert screen.hud.note == "The stack on A1 is not yours."
    click(screen, "D3")
    assert screen.session.log == ["place D3"] and screen.hud.last_refusal == ""


def test_undo_and_redo_go_by_whole_turns(table: Any) -> None:
    screen = table(ClamberRules(3).new_state(2, 0))
    for cell in ("C3", "A1", "E5"):
        click(screen, cell)
    assert screen.session.log == ["place C3", "place A1", "place E5"]
    screen.app.input("u", is_raw=True)
    assert screen.session.log == ["place C3", "place A1"] and screen.state.to_move == 0
    assert screen.hud.note == "Undone."
    check_settled(screen)
    screen.app.input("u", is_raw=True)
    screen.app.input("y", is_raw=True)
    assert screen.session.log == ["place C3", "place A1"]
    pointer_away(screen.app)
    check_settled(screen)
    screen.app.input("y", is_raw=True)
    assert screen.session.log == ["place C3", "place A1", "place E5"]
    screen.app.input("y", is_raw=True)
    assert screen.hud.note == "Nothing to redo."
    check_settled(screen)
    CHECKED.extend(["undo", "redo"])


def test_undo_during_a_chain_takes_back_its_last_capture(table: Any) -> None:
    screen = table(position("B2 b1, C3 r1, D4 r2, E5 r3, A3 r1"))
    click(screen, "B2")
    click(screen, "C3")
    click(screen, "D4")
    screen.app.input("u", is_raw=True)
    assert screen.board.chain == ["B2", "C3"] and screen.board.targets == {"D4": "equal"}
    check_settled(screen)
    screen.app.input("u", is_raw=True)
    assert screen.board.chain == [] and screen.board.chosen == "B2"
    assert "is capturing" not in screen.hud.title_line, "the panel is back at the turn's start"
    assert not screen.hud.end_button.enabled, "no End turn without a capture"
    screen.app.input("y", is_raw=True)  # Y captures again, one capture at a time
    assert screen.board.chain == ["B2", "C3"] and "is capturing: B2→C3" in screen.hud.title_line
    screen.app.input("y", is_raw=True)
    assert screen.board.chain == ["B2", "C3", "D4"]
    screen.app.input("u", is_raw=True)
    screen.app.input("u", is_raw=True)
    screen.app.input("escape")
    assert screen.board.chosen is None and screen.session.log == []
    pointer_away(screen.app)
    check_settled(screen)


def test_undo_against_a_bot_goes_back_to_the_persons_turn(table: Any) -> None:
    session = ClamberSession(ClamberRules(3).new_state(2, 0), bots={1: "greedy"})
    screen = table(session)
    screen.bots.pace = 0.0
    screen.bots.enabled = True
    click(screen, "C3")
    for _ in range(200):
        screen.app.step()
        if len(session.log) == 2:
            break
    assert len(session.log) == 2 and screen.state.to_move == 0
    settle(screen)
    screen.app.input("u", is_raw=True)
    assert session.log == [] and screen.state.to_move == 0
    check_settled(screen)


def test_bots_play_a_game_to_the_end_and_the_picture_is_the_state_after_every_turn(
    table: Any,
) -> None:
    session = ClamberSession(ClamberRules(3).new_state(2, 0), bots={0: "greedy", 1: "random"})
    screen = table(session)
    screen.bots.pace = 0.0
    screen.bots.announce = False
    turns = 0
    while not screen.state.over:
        before = len(session.log)
        screen.bots.enabled = True
        screen.bots.hurry()
        for _ in range(600):
            screen.app.step()
            if len(session.log) > before:
                break
        assert len(session.log) == before + 1, "a bot plays within 600 frames"
        screen.bots.enabled = False  # the next turn waits while the picture is checked
        check_settled(screen)
        turns += 1
        CHECKED.append("bot turn")
    assert turns == len(session.log) and screen.hud.note.endswith(("wins!", "A draw."))
    history = session.history
    pairs = zip(history, history[1:], strict=False)
    captions = [caption(a.state, b.action, b.events) for a, b in pairs]
    assert captions[-len(screen.hud.recent) :] == screen.hud.recent


def test_the_check_catches_a_wrong_picture(table: Any) -> None:
    screen = table(position("C3 b2, C4 r1"))
    check_settled(screen)
    piece = screen.view.stacks["C3"]
    piece.set(1, 2)  # Red's colour where Blue's stack stands
    with pytest.raises(AssertionError, match="C3"):
        check_settled(screen)
    piece.set(0, 2)
    piece.y += 0.5
    with pytest.raises(AssertionError, match="C3 is not on it"):
        check_settled(screen)
    piece.y -= 0.5
    check_settled(screen)


@pytest.fixture
def host(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = Host(Settings(animation_speed=4.0, bot_pace=0.0))
    yield made
    made.screens.go("Games")
    made.screens.defaultExit()
    app.step()


def test_the_clamber_tile_opens_clambers_table_and_a_game_is_continued(
    app: Any, host: Host
) -> None:
    host.choose()
    app.step()
    tile = next(t for t in host.screens.screen.tiles if t.entry.name == "clamber")
    tile.on_click()
    app.step()
    shell = host.table
    assert isinstance(shell, TableShell) and shell.kit.name == "clamber" and shell.menu is not None
    shell.menu.seats[1].step(2)  # Red: greedy bot
    shell.menu.size.step(1)  # the 4-board
    shell.menu.start_button.on_click()
    app.step()
    play = shell.play
    assert play is not None and play.state.size == 4 and play.session.bots == {1: "greedy"}
    play.app = app
    click(play, "D4")
    for _ in range(300):
        app.step()
        if len(play.session.log) == 2:
            break
    assert len(play.session.log) == 2
    assert shell.game_saved()
    shell.input("f1")
    assert shell.help.enabled and shell.help.current.key == "board"
    shell.input("f1")
    shell.input("f4")
    panel = shell.panel
    assert panel is not None and panel.bot_pace.enabled and panel.animation_speed.enabled
    assert not panel.grid_lines.enabled and not panel.auto_pass.enabled, "The Climbers' own"
    panel.bot_pace.step(1)
    assert play.bots.pace == shell.settings.bot_pace
    panel.close()
    assert shell.panel is None
    shell.show_menu()
    app.step()
    assert shell.menu is not None and shell.menu.resume_button is not None
    shell.menu.resume_button.on_click()
    app.step()
    resumed = shell.play
    assert resumed is not None and resumed.state == play.state
    assert resumed.session.bots == {1: "greedy"}


def test_the_menus_choices_outlast_the_demo_and_play_again_swaps_who_begins(
    app: Any, host: Host
) -> None:
    """Issue 32, item 13: seats and board chosen stay after the demo; Play again gives the
    other player Blue, who begins (C3)."""
    from climbers.clamber.game.setup import ClamberSetup

    shell = host.open("clamber")
    shell.show_menu()
    app.step()
    shell.menu.size.step(1)  # the 4-board
    shell.menu.seats[1].step(2)  # Red: greedy bot
    chosen = shell.menu.setup
    assert chosen.size == 4 and chosen.red == "greedy"
    shell.menu.demo_button.on_click()
    app.step()
    assert shell.menu is None
    shell.show_menu()
    app.step()
    assert shell.menu is not None and shell.menu.setup == chosen
    shell.begin(ClamberSetup(blue="human", red="greedy"))
    app.step()
    shell.play_again()
    app.step()
    assert shell.play is not None and shell.play.session.bots == {0: "greedy"}
    assert shell.setup == ClamberSetup(blue="greedy", red="human")


def test_enter_on_the_new_game_screen_starts_unless_a_box_is_typed_in(app: Any, host: Host) -> None:
    """Issue 32, item 13: Enter is Start game; in the file box it is the box's own."""
    shell = host.open("clamber")
    shell.show_menu()
    app.step()
    field = shell.menu.file_field
    field.on_click()
    app.step()
    assert field.active
    app.input("enter")
    app.step()
    assert shell.menu is not None and shell.play is None, "the box's Enter"
    app.step()
    app.input("enter")
    app.step()
    assert shell.play is not None and shell.menu is None


def test_start_game_asks_before_it_replaces_an_unfinished_game(app: Any, host: Host) -> None:
    """Issue 32, item 9: Start game over an unfinished last game asks first (Back keeps the
    menu, Continue opens the last game, Start new game replaces it); a finished one is not
    asked about."""
    shell = host.open("clamber")
    shell.show_menu()
    app.step()
    assert shell.menu is not None and shell.menu.resume_button is None
    shell.menu.start_button.on_click()  # no last game: nothing to ask
    app.step()
    play = shell.play
    assert play is not None and shell.dialog is None
    play.app = app
    click(play, "C3")
    app.step()
    first = list(play.session.log)
    assert first, "a turn played"
    for answer, shows in (
        ("Cancel", "menu"),
        ("Continue last game", "play"),
        ("Start new game", "new"),
    ):
        shell.show_menu()
        app.step()
        assert shell.menu is not None and shell.menu.resume_button is not None
        shell.menu.start_button.on_click()
        app.step()
        ask = shell.dialog
        assert isinstance(ask, AskCard) and "not finished" in ask.question.text.replace("\n", " ")
        assert [b.text for b in ask.buttons] == ["Continue last game", "Start new game", "Cancel"]
        next(b for b in ask.buttons if b.text == answer).on_click()
        app.step()
        assert shell.dialog is None
        if shows == "menu":
            assert shell.menu is not None and shell.play is None
        elif shows == "play":
            assert shell.play is not None and shell.play.session.log[: len(first)] == first
        else:
            assert shell.play is not None and shell.play.session.log == []
    shell.show_menu()
    app.step()
    assert shell.menu is not None
    shell.menu.start_button.on_click()  # the new game has no turn yet: still unfinished
    app.step()
    assert isinstance(shell.dialog, AskCard)
    shell.dialog.input("escape")  # Esc: the last answer, Cancel
    assert shell.dialog is None and shell.menu is not None


def test_every_name_on_the_37_cell_board_is_large_enough_to_read(table: Any) -> None:
    """From the opening view at 1280x720, each cell's name and each row letter and number
    along the edges stands at least READABLE pixels tall on the screen (the letters' size
    projected where the name lies), the farthest included."""
    from climbers.clamber.game.setup import ClamberSetup
    from climbers.clamber.table.textures import board_names

    table(ClamberSetup(size=4).start())
    assert tuple(application.base.win.getSize()) == (1280, 720)
    for text, (x, z), letters in board_names(4):
        near = screen_pixel(Vec3(x, BOARD_TOP, z - letters / 2))
        far = screen_pixel(Vec3(x, BOARD_TOP, z + letters / 2))
        assert near is not None and far is not None, f"{text} is out of the window"
        assert near[1] - far[1] >= READABLE, f"{text}: {near[1] - far[1]} pixels tall"
