"""Menu -> game -> end screen -> again / menu, with F1 rules over the game, in a real window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import Text, held_keys

from climbers.app.settings import Settings
from climbers.the_climbers.core import Pass, Step
from climbers.the_climbers.game.game_setup import GameSetup
from climbers.the_climbers.io.words import player_label
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))

    made = Shell(Settings(animation_speed=4.0), GameSetup(seed=3))
    yield made
    made.close()
    app.step()


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def test_menu_game_rules_end_and_back(app: Any, shell: Shell) -> None:
    shell.show_menu()
    frames(app)
    assert shell.menu is not None and shell.play is None
    shell.menu.seed_field.set(str(shell.setup.seed))  # the mountain the test knows
    shell.menu.start()
    frames(app)
    assert shell.menu is None and shell.play is not None
    assert shell.play.state.rules == GameSetup(seed=3).rules()

    shell.input("f1")
    assert shell.help.enabled and shell.help.current is not None
    assert shell.help.current.key == "move"
    shell.input("f1")
    assert not shell.help.enabled

    session = shell.play.session
    while not session.state.finished:
        session.done()
    for _ in range(3000):  # the last moves' animations, however slow the frames
        if shell.end is not None:
            break
        app.step()
    assert shell.end is not None, "the end screen follows the last move"
    assert shell.end.headline.text.endswith("share the win.")

    shell.input("f1")
    assert shell.help.current is not None and shell.help.current.key == "end"
    shell.input("f1")

    card = shell.end  # issue 32, item 13: the finished board can be looked at, and Esc too
    assert shell.play.ignore_input, "the card holds the table"
    shell.look_at_board()
    frames(app)
    assert not card.enabled and shell.result_button is not None and not shell.play.ignore_input
    shell.input("escape")
    frames(app)
    assert card.enabled and shell.result_button is None and shell.play.ignore_input
    shell.input("escape")
    assert not card.enabled
    shell.result_button.on_click()
    assert card.enabled

    seed = shell.setup.seed
    shell.end.again_button.on_click()
    frames(app)
    assert shell.end is None and shell.play is not None
    assert shell.setup.seed == seed + 1, "play again moves a random mountain to the next seed"
    assert not shell.play.state.finished and shell.play.state.step is Step.MOVE

    shell.show_settings()
    assert shell.panel is not None
    shell.panel.sound.flip()
    assert shell.settings.sound is False and shell.play.sounds.enabled is False
    shell.panel.close()
    assert shell.panel is None

    shell.show_menu()
    frames(app)
    assert shell.menu is not None and shell.play is None

    assert shell.menu.sandbox_button is not None
    shell.menu.sandbox_button.on_click()
    frames(app)
    assert shell.sandbox is not None and shell.menu is None
    back = [b for b in shell.sandbox.controls.children if getattr(b, "text", "") == "Back to menu"]
    assert len(back) == 1
    back[0].on_click()
    frames(app)
    assert shell.menu is not None and shell.sandbox is None


@pytest.mark.rule("R22")
def test_R22_a_whole_game_through_the_keys_ends_on_the_end_screen(app: Any, shell: Shell) -> None:
    """Two players: one climbs with a click, then everyone passes (Enter, Space) until the end."""
    from climbers.app.table import coords
    from climbers.app.table.camera import screen_pixel
    from climbers.the_climbers.core import legal_destinations

    shell.show_menu()
    frames(app)
    assert shell.menu is not None
    shell.menu.seed_field.set(str(shell.setup.seed))  # the mountain the test knows
    shell.menu.start()
    frames(app)
    play = shell.play
    assert play is not None and len(play.state.players) == 2
    seat = play.state.actor
    free = [sq for sq, r in legal_destinations(play.state).items() if r[0].ladders == ()]

    def under_pointer(sq: tuple[int, int]) -> bool:
        """Point at a reachable square; whether nothing hides it from the camera."""
        px = screen_pixel(coords.square_centre(sq, play.state.structure.height_at(sq)))
        if px is None:
            return False
        app.win.move_pointer(0, *px)
        frames(app)
        return play.climb.pointed_square() == sq

    def click(pos: Any) -> None:
        px = screen_pixel(pos)
        assert px is not None
        app.win.move_pointer(0, *px)
        frames(app)
        app.input("left mouse down")
        app.input("left mouse up")
        frames(app, 1)

    click(play.view.pawns[seat].position + (0, 0.4, 0))
    for _ in range(4):  # turn the camera until a reachable square shows
        target = next((sq for sq in free if under_pointer(sq)), None)
        if target is not None:
            break
        play.rig.orbit(90 / 200, 0)
    assert target is not None
    click(coords.square_centre(target, play.state.structure.height_at(target)))
    assert play.state.players[seat].at == target
    level = play.state.level(seat)
    presses = 0
    while not play.state.finished:
        app.input("enter" if play.state.step is not Step.REACTION else "space")
        presses += 1
        assert presses < 40
    for _ in range(3000):  # the last moves' animations, however slow the frames
        if shell.end is not None:
            break
        app.step()
    assert shell.end is not None
    winner = player_label(play.state.players[seat])
    assert shell.end.headline.text == f"{winner} wins!"
    assert shell.end.tie_break.text.strip() == f"{winner} stands highest, on level {level}."
    assert [r.text for r in shell.end.rows][0].endswith(winner)
    assert play.hud.title_line == "Game over" and not play.hud.skip.enabled
    shell.end.menu_button.on_click()
    frames(app)
    assert shell.menu is not None and shell.end is None


def test_settings_take_effect_in_the_game_and_persist(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    from climbers.app.settings import load_settings
    from climbers.the_climbers.table.textures import atlas

    shell.show_menu()
    frames(app)
    assert shell.menu is not None
    shell.menu.seed_field.set(str(shell.setup.seed))  # the mountain the test knows
    shell.menu.start()
    frames(app, 3)
    play = shell.play
    assert play is not None and play.view.batch.parts
    assert all(p.texture is atlas(True) for p in play.view.batch.parts)
    shell.show_settings()
    assert shell.panel is not None
    shell.panel.colour_symbols.flip()
    frames(app, 3)
    assert not play.view.symbols
    assert all(p.texture is atlas(False) for p in play.view.batch.parts), "the mountain redraws"
    speed = shell.panel.animation_speed
    speed.step(1)
    assert play.view.tweens.speed == speed.value == shell.settings.animation_speed
    shell.panel.sound.flip()
    assert play.sounds.enabled is shell.settings.sound
    shell.panel.grid_lines.flip()
    frames(app, 3)
    assert play.view.grid_lines and shell.settings.grid_lines
    assert all(p.texture is atlas(False, True) for p in play.view.batch.parts)
    shell.panel.window_size.step(1)
    shell.panel.close()
    saved = load_settings(tmp_path / "settings.json")
    assert saved == shell.settings and saved.colour_symbols is False
    play.input("f3")
    frames(app, 3)
    assert play.view.symbols
    assert all(p.texture is atlas(True, True) for p in play.view.batch.parts)


def ui_frame(app: Any) -> Any:
    """The window as drawn now, HUD and dialogs included (rows top to bottom, RGB)."""
    import numpy as np
    from ursina import application

    app.step()
    app.step()
    shot = application.base.win.getScreenshot()
    rgb = np.frombuffer(bytes(shot.getRamImageAs("RGB")), dtype=np.uint8)
    return rgb.reshape(shot.getYSize(), shot.getXSize(), 3)[::-1]


def brightest_in(image: Any, entity: Any) -> int:
    """The brightest pixel over a UI entity's box on the screen."""
    from ursina import camera, window

    w, h = (int(v) for v in window.size)
    lo, hi = entity.get_tight_bounds(camera.ui)
    xs = sorted(int((x / window.aspect_ratio + 0.5) * w) for x in (lo.x, hi.x))
    ys = sorted(int((0.5 - y) * h) for y in (lo.y, hi.y))
    return int(image[max(ys[0], 0) : ys[1], max(xs[0], 0) : xs[1]].max())


def test_rules_and_settings_are_drawn_over_the_hud_and_take_the_input(
    app: Any, shell: Shell
) -> None:
    import numpy as np

    play = shell.begin(GameSetup(seed=3))
    frames(app, 4)
    hud = play.hud
    before = play.state
    for opened in ("f1", "f4"):
        app.input(opened)
        frames(app, 2)
        shown = ui_frame(app)
        hud.panel.enabled = False
        hidden = ui_frame(app)
        hud.panel.enabled = True
        left, top, right, bottom = hud.panel.box
        covered = shown[top:bottom, left:right].astype(int) - hidden[top:bottom, left:right]
        assert np.abs(covered).max() < 60, f"{opened}: the HUD shows through the dialog"
        app.input("space")
        app.input("enter")
        assert play.state is before, f"{opened}: keys go to the dialog, not the game"
        if opened == "f1":
            app.input("escape")
        else:
            assert shell.panel is not None
            shell.panel.close()
        frames(app, 2)
    app.input("space")
    assert play.state is not before, "closed: the game takes the keys again"


def test_the_end_card_covers_the_analysis_panel(app: Any, shell: Shell) -> None:
    play = shell.begin(GameSetup(seed=3))
    app.input("a", is_raw=True)
    frames(app, 3)
    assert play.analysis.on
    session = play.session
    while not session.state.finished:
        session.done()
    for _ in range(3000):  # the last moves' animations, however slow the frames
        if shell.end is not None:
            break
        app.step()
    assert shell.end is not None
    image = ui_frame(app)
    left, top, right, bottom = play.analysis.panel.box
    beside_card = int(image.shape[1] / 2 + 0.45 * image.shape[0]) + 4  # the card is 0.9 wide
    assert right > beside_card, "part of the panel lies beside the card, under its backdrop"
    assert image[top:bottom, beside_card:right].max() < 140, "the analysis text is dimmed"
    assert brightest_in(image, shell.end.headline) > 200


def test_play_again_after_continue_last_game_keeps_the_players(app: Any, shell: Shell) -> None:
    from climbers.the_climbers.game.game_setup import Seat

    seats = (Seat(colour="pink", name="Mia"), Seat(colour="yellow", name="Ben"))
    shell.begin(GameSetup(seats=seats, seed=5, bridges=True))
    frames(app)
    assert shell.play is not None
    shell.play.session.act(_pass(shell))
    shell.show_menu()
    shell.setup = GameSetup()  # a fresh start of the program knows nothing of the game
    shell.resume()
    assert shell.play is not None and shell.play.state.players[0].name == "Mia"
    shell.play_again()
    players = shell.play.state.players
    assert [(p.colour.value, p.name) for p in players] == [("pink", "Mia"), ("yellow", "Ben")]
    assert shell.play.state.rules.bridges, "and the rules"


def _pass(shell: Shell) -> Any:
    from climbers.the_climbers.core import Pass

    assert shell.play is not None
    state = shell.play.state
    return Pass(player=state.players[state.actor].colour)


def test_ctrl_q_quits_from_the_sandbox(
    app: Any, shell: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ursina import application, held_keys

    quits: list[bool] = []
    monkeypatch.setattr(application, "quit", lambda: quits.append(True))
    shell.show_sandbox()
    frames(app)
    held_keys["control"] = 1
    try:
        app.input("q", is_raw=True)
    finally:
        held_keys["control"] = 0
    assert quits == [True]


def test_every_lesson_is_linked_from_a_rules_topic_and_every_link_is_a_lesson() -> None:
    from climbers.the_climbers.lessons import load_lessons
    from climbers.the_climbers.table.panels.rules_text import TOPICS

    linked = [i for topic in TOPICS for i in topic.lessons]
    assert sorted(linked) == sorted(lesson.id for lesson in load_lessons())


def test_a_rules_topic_opens_its_lesson_and_the_game_left_for_it_continues(
    app: Any, shell: Shell
) -> None:
    shell.begin(GameSetup(seed=3))
    frames(app)
    assert shell.play is not None
    shell.play.skip()  # one action, saved
    game = shell.play.state
    shell.input("f1")
    assert shell.help.current is not None and shell.help.current.key == "block"
    titles = [link.text for link in shell.help.links]
    assert titles == [
        "Moving a block",
        "Touching the mountain",
        "Turning and tipping",
        "Pushing Climbers aside",
    ]
    assert shell.help.try_it.enabled

    shell.help.links[2].on_click()
    frames(app)
    assert not shell.help.enabled and shell.play is None
    assert shell.lesson is not None and shell.course is not None
    assert shell.course.lesson.id == "turning-tipping"
    assert "Continue last game" in shell.notice.text

    shell.show_menu()
    shell.resume()
    assert shell.play is not None and shell.play.state == game


def test_the_rules_over_the_sandbox_offer_no_lesson_that_would_lose_the_build(
    app: Any, shell: Shell
) -> None:
    shell.show_sandbox()
    frames(app)
    shell.help.show(Step.MOVE, None, shell._lessons())
    assert shell.help.current is not None and shell.help.current.lessons
    assert shell.help.links == [] and not shell.help.try_it.enabled


def test_one_screen_shows_and_only_declared_ways_lead_between_screens(
    app: Any, shell: Shell
) -> None:
    from direct.fsm.FSM import RequestDenied

    from climbers.the_climbers.table.shell import SCREENS

    shell.show_sandbox()
    frames(app)
    assert shell.screens.current == "Sandbox" and shell.screen is shell.sandbox
    assert "Replay" not in SCREENS["Sandbox"]
    with pytest.raises(RequestDenied):
        shell.screens.go("Replay")
    assert shell.screens.current == "Sandbox" and shell.sandbox is not None  # still showing
    shell.show_menu()
    frames(app)
    assert shell.menu is not None and shell.sandbox is None and shell.screen is None
    every = {state for ways in SCREENS.values() for state in ways} | {"Off"}
    assert every == set(SCREENS), "every screen a way leads to is declared"


def test_settings_reach_the_screen_showing_through_one_path(app: Any, shell: Shell) -> None:
    play = shell.begin(GameSetup(seed=3))
    frames(app)
    shell.apply_settings(shell.settings.with_changes(animation_speed=0.5, bot_pace=2.0))
    assert play.view.tweens.speed == 0.5 and play.bots.pace == 2.0
    shell.show_lessons()
    frames(app)
    assert shell.lesson is not None
    shell.apply_settings(shell.settings.with_changes(sound=False, auto_pass=False))
    assert shell.lesson.sounds.enabled is False and shell.lesson.auto_pass is False


def test_a_fault_while_a_screen_is_built_ends_on_the_menu(
    app: Any, shell: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    from climbers.app.screen_machine import FAULT

    def broken(*args: object) -> None:
        raise RuntimeError("planted")

    monkeypatch.setitem(shell.screens._build, "Sandbox", broken)
    shell.show_menu()
    with pytest.raises(RuntimeError, match="planted"):
        shell.show_sandbox()
    assert shell.screens.state == FAULT
    shell.recover("Something went wrong")
    frames(app)
    assert shell.screens.current == "Menu" and shell.menu is not None


def _inside(entity: Any, ancestor: Any) -> bool:
    while entity is not None:
        if entity is ancestor:
            return True
        entity = entity.parent
    return False


def _grid_over(app: Any, dialog: Any, beneath: Any, reopen: Any) -> int:
    """Hover and click every point of a 9x7 grid over the window: the pointer never finds the
    screen beneath the dialog, and a click that closed the dialog opens it again. Returns how
    many points hit the dialog."""
    from ursina import application, mouse

    win = application.base.win
    w, h = win.getXSize(), win.getYSize()
    hits = 0
    for gx in range(9):
        for gy in range(7):
            win.move_pointer(0, int((gx + 0.5) * w / 9), int((gy + 0.5) * h / 7))
            frames(app)
            over = mouse.hovered_entity
            assert not _inside(over, beneath()), f"the pointer reaches {over} under the dialog"
            hits += _inside(over, dialog())
            app.input("left mouse down")
            app.input("left mouse up")
            frames(app)
            reopen()
    return hits


def test_dialogs_are_modal_no_click_or_hover_reaches_the_screen_under_them(
    app: Any, shell: Shell, request: pytest.FixtureRequest
) -> None:
    from climbers.io.language import use_language

    request.addfinalizer(lambda: use_language("en"))  # a click may choose another language
    shell.show_menu()
    frames(app)
    setup = shell.menu.setup

    def settings_open() -> None:
        if shell.panel is None:
            shell.show_settings()
            frames(app)

    settings_open()
    assert _grid_over(app, lambda: shell.panel, lambda: shell.menu, settings_open) > 20
    assert shell.menu.setup == setup, "nothing on the menu changed"

    play = shell.begin(GameSetup(seed=3))
    frames(app, 3)
    before = play.state

    def rules_open() -> None:
        if not shell.help.enabled:
            app.input("f1")
            frames(app)

    rules_open()
    assert _grid_over(app, lambda: shell.help, lambda: play, rules_open) > 20
    assert play.state is before, "the game under the rules did not move"


def test_a_game_played_from_the_sandbox_is_saved_at_once_and_continued(
    app: Any, shell: Shell
) -> None:
    shell.show_sandbox()
    frames(app)
    assert shell.sandbox is not None
    shell.sandbox.on_play(shell.sandbox.state)  # Play from here
    frames(app)
    play = shell.play
    assert play is not None and play.session.saved, "on disk before any action"
    shell.input("f1")
    assert shell.help.links, "a saved game may be left for a lesson"
    shell.help.links[0].on_click()
    frames(app)
    assert "Your game is saved" in shell.notice.text
    shell.show_menu()
    frames(app)
    assert shell.menu.resume_button is not None and shell.menu.replay_button is None
    shell.menu.resume_button.on_click()
    frames(app)
    assert shell.play is not None and shell.play.state == play.state, "the game that was left"


def test_a_finished_last_game_is_offered_as_a_replay_not_continued(app: Any, shell: Shell) -> None:
    play = shell.begin(GameSetup(seed=3))
    while not play.state.finished:
        play.session.act(Pass(player=play.state.players[play.state.actor].colour))
    shell.show_menu()
    frames(app)
    menu = shell.menu
    assert menu.resume_button is None and menu.replay_button is not None
    menu.replay_button.on_click()
    frames(app)
    assert shell.replay is not None and shell.replay.saved.state.finished


def test_no_saved_notice_when_the_game_could_not_be_saved(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    play = shell.begin(GameSetup(seed=3))
    frames(app)

    def failing(session: object) -> None:
        raise PermissionError(13, "Permission denied", str(tmp_path / "data" / "last-game.json"))

    play.session.saver = failing
    play.skip()
    assert not play.session.saved and play.session.save_problem
    shell.input("f1")
    assert not shell.help.links, "no lesson offered: leaving would lose the game"
    shell._lesson_from_rules("walking")
    frames(app)
    assert "saved" not in shell.notice.text


MARKUP_NAMES = ("<scale:30>Ana", "<image:file_icon>Bo")


def _drawn(text: Any) -> str:
    """What a Text draws: its nodes' text, in order."""
    return "".join(node.node().getText() for node in text.text_nodes)


def _descendants(entity: Any) -> list[Any]:
    """Every entity under `entity`, at any depth."""
    found = []
    for child in entity.children:
        found += [child, *_descendants(child)]
    return found


def test_names_are_drawn_as_written_never_as_markup(app: Any, shell: Shell) -> None:
    from climbers.the_climbers.game.game_setup import Seat

    seats = tuple(
        Seat(colour=colour, name=name)
        for colour, name in zip(("teal", "red"), MARKUP_NAMES, strict=True)
    )
    play = shell.begin(GameSetup(seats=seats, seed=3, first=0))
    while not play.state.finished:
        play.session.act(Pass(player=play.state.players[play.state.actor].colour))
    shell._show_end()
    frames(app)
    assert shell.end is not None
    drawn = [_drawn(row) for row in shell.end.rows]
    for name in MARKUP_NAMES:
        assert any(name in row for row in drawn), f"{name!r} drawn as written: {drawn}"
    assert all(not t.images for t in shell.end.rows), "no picture came out of a name"
    texts = [e for e in _descendants(shell.end) if isinstance(e, Text)]
    assert texts and all(not t.use_tags and not t.images for t in texts), "the headline too"
    sizes = {round(node.getScale()[0] / t.size, 6) for t in texts for node in t.text_nodes}
    assert sizes == {1.0}, "no text drawn larger by a name's markup"
    assert any(MARKUP_NAMES[0] in _drawn(t) or MARKUP_NAMES[1] in _drawn(t) for t in texts)
    shell.setup = GameSetup(seats=seats, seed=3)
    shell.show_menu()
    frames(app)
    fields = [_drawn(row.name_field.text_entity) for row in shell.menu.rows]
    assert [f.strip() for f in fields] == list(MARKUP_NAMES)
    shell.menu.first.step(1)  # who starts: the first player, by name
    assert MARKUP_NAMES[0] in _drawn(shell.menu.first.text_entity)


def test_esc_pauses_a_game_and_puts_back_what_is_held_first(
    app: Any, shell: Shell, tmp_path: Path
) -> None:
    from climbers.app.screens.pause_card import PauseCard
    from climbers.the_climbers.io import load_saved

    play = shell.begin(GameSetup(seed=3))
    frames(app)
    before = play.state
    play.climb.select()
    app.input("escape")
    frames(app)
    assert shell.dialog is None and not play.climb.selected, "Esc let go of the Climber"
    app.input("escape")
    frames(app)
    card = shell.dialog
    assert isinstance(card, PauseCard), "Esc with nothing held pauses"
    app.input("space")
    assert play.state is before, "the game stands still under the card"
    card.file_field.value = str(tmp_path / "mine.json")
    assert card.save_as() and load_saved(tmp_path / "mine.json").state == play.state
    assert str(tmp_path / "mine.json") in card.said.text.replace("\n", "")
    card.file_field.value = str(tmp_path / "README-is-a-file" / "x.json")
    (tmp_path / "README-is-a-file").write_text("")
    assert not card.save_as() and card.said.text.startswith("Not saved:")
    field = card.file_field  # Ctrl+A and typing replace the name; Enter saves
    field.on_click()
    held_keys["control"] = 1
    app.input("a", is_raw=True)
    held_keys["control"] = 0
    assert field.selected and card.said.text.startswith("Not saved:")
    for char in str(tmp_path / "typed.json"):
        field.text_input(char)
    assert field.value == str(tmp_path / "typed.json") and card.said.text == "", "said goes"
    app.input("enter")
    assert not field.active and "typed.json" in card.said.text.replace("\n", "")
    assert load_saved(tmp_path / "typed.json").state == play.state
    app.input("escape")
    frames(app)
    assert shell.dialog is None
    app.input("escape")
    frames(app)
    shell.dialog.menu_button.on_click()
    frames(app)
    assert shell.menu is not None and shell.dialog is None


def test_keys_typed_with_a_dialog_open_never_reach_a_box_behind_it(app: Any, shell: Shell) -> None:
    """Typing with Settings open does not go into the name box under it (round four: 'Anna'
    became 'AnnaQQQ')."""
    shell.show_menu()
    frames(app)
    box = shell.menu.rows[0].name_field
    box.set("Anna")
    box.focus()
    app.text_input("x")
    assert box.value == "Annax", "the box takes keys while nothing covers it"
    shell.input("f4")
    frames(app)
    assert shell.panel is not None
    for key in "QQQ":
        app.text_input(key)
    assert box.value == "Annax" and not box.active
    shell.panel.close()
    frames(app)
    app.text_input("Q")
    assert box.value == "Annax", "a click starts typing again, not the closing of a dialog"
