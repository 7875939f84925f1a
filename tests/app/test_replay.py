"""The replay screen and Continue last game, in a real window (Xvfb)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import camera, destroy

from climbers.app.screens.replay_screen import ReplayScreen
from climbers.app.settings import Settings
from climbers.app.table import coords
from climbers.the_climbers.core import GameState, generate_mountain, new_game
from climbers.the_climbers.game.game_setup import GameSetup
from climbers.the_climbers.game.session import GameSession, save_to
from climbers.the_climbers.io import SavedGame, load_saved
from climbers.the_climbers.table.board import replay
from climbers.the_climbers.table.screens.table_screen import clear_scene
from climbers.the_climbers.table.shell import Shell
from test_playthrough import choose

pytestmark = pytest.mark.display


def recorded(actions: int = 40) -> GameSession:
    session = GameSession(new_game(generate_mountain(7), ["teal", "red", "yellow"], seed=7))
    rng = random.Random(7)
    while len(session.log) < actions and not session.state.finished:
        session.act(choose(session.state, rng, len(session.log)))
    assert len(session.log) >= 20
    return session


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def assert_shows(screen: ReplayScreen[GameState], state: GameState) -> None:
    assert screen.view.state == state
    for p in state.blocks:
        assert screen.view.blocks[p.block].position == coords.world(*p.at)
    for seat in range(len(state.players)):
        assert screen.view.pawns[seat].position == screen.view.climber_position(state, seat)


@pytest.fixture
def clean(app: Any) -> Iterator[None]:
    yield
    clear_scene()
    for entity in list(camera.ui.children):
        destroy(entity)
    app.step()


def test_replay_steps_forward_and_back_with_keys_and_buttons(app: Any, clean: None) -> None:
    session = recorded()
    states = [e.state for e in session.history]
    screen = replay(SavedGame(session.state, session.start, tuple(session.log)))
    frames(app)
    assert screen.title == f"Replay · action 0 / {len(session.log)}"
    assert screen.caption_text.startswith("Start (turn 1)")
    assert screen.back_button.disabled
    for i in range(1, 13):
        screen.input("space" if i % 2 else "n")
        screen.view.tweens.finish()
        frames(app, 1)
        assert screen.driver.index == i
        assert screen.caption_text == screen.driver.caption
        assert screen.caption_text.startswith("Turn ")
        assert_shows(screen, states[i])
    screen.back_button.on_click()
    screen.input("backspace")
    frames(app)
    assert screen.driver.index == 10
    assert_shows(screen, states[10])
    screen.last_button.on_click()
    assert screen.forward_button.disabled and screen.driver.index == len(states) - 1
    assert_shows(screen, session.state)
    screen.input("space")
    assert screen.driver.index == len(states) - 1
    screen.input("b")
    assert_shows(screen, session.start)
    screen.forward_button.on_click()
    screen.view.tweens.finish()
    assert_shows(screen, states[1])


def test_continue_last_game_from_the_menu(
    app: Any, clean: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    saved_to = tmp_path / "data" / "last-game.json"

    shell = Shell(Settings(animation_speed=4.0), GameSetup(seed=3))
    try:
        shell.show_menu()
        frames(app)
        assert shell.menu is not None and shell.menu.resume_button is None, "no last game yet"
        session = recorded(25)
        save_to(saved_to)(session)
        shell.show_menu()
        frames(app)
        assert shell.menu.resume_button is not None
        assert shell.menu.resume_button.text == "Continue last game"
        shell.menu.resume_button.on_click()
        frames(app)
        assert shell.play is not None
        assert shell.play.session.log == session.log
        assert shell.play.state == session.state
        shell.play.skip()
        assert load_saved(saved_to).log[:-1] == tuple(session.log), "autosave goes on"

        saved_to.write_text('{"format": "climbers-game", "version": 7}')
        shell.show_menu()
        frames(app)
        shell.menu.resume_button.on_click()
        frames(app)
        assert shell.play is None and shell.menu is not None, "a bad file keeps the menu"
        assert shell.menu.problem.text.endswith(
            "/data/last-game.json: is version 7, newer than this program reads (2); update it"
        ), "the problem names the file (its end, when the path is long) in one line"
    finally:
        shell.close()


def test_a_replay_from_the_menu_goes_back_with_esc_and_plays_on_from_the_action_shown(
    app: Any, clean: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round four's playtest: Esc on The Climbers' replay closed the program; it has Menu and
    Play from here, as every game's replay does."""
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    session = recorded(25)
    saved = SavedGame(session.state, session.start, tuple(session.log))
    shell = Shell(Settings(animation_speed=4.0), GameSetup(seed=3))
    try:
        shell.show_replay(saved, 10)
        frames(app)
        assert shell.replay is not None and shell.replay.menu_button is not None
        shell.input("escape")
        shell.replay.input("escape")
        frames(app)
        assert shell.replay is None and shell.menu is not None, "Esc leads back to the menu"

        shell.show_replay(saved, 10)
        frames(app)
        assert shell.replay is not None and shell.replay.play_button is not None
        shell.replay.play_button.on_click()
        frames(app)
        assert shell.play is not None, "Play from here"
        played = shell.play.session
        assert played.history[10].state == session.history[10].state
        assert played.log[:10] == session.log[:10], "the game goes on from action 10"
    finally:
        shell.close()


def test_the_replays_camera_keeps_every_climber_in_the_window(app: Any, clean: None) -> None:
    """Round four's playtest: stepping to a late point of a replay left the leader's marker above
    the window; the camera eases out as play does."""
    from climbers.app.table.camera import screen_pixel
    from climbers.the_climbers.ai import make_bot

    session = GameSession(new_game(generate_mountain(11), ["teal", "red", "yellow"], seed=11))
    bots = {p.colour: make_bot("greedy", 11) for p in session.state.players}
    for _ in range(2000):
        state = session.state
        if state.finished:
            break
        session.act(bots[state.players[state.actor].colour].choose(state))
    assert session.state.finished
    screen = replay(SavedGame(session.state, session.start, tuple(session.log)))
    frames(app)
    for _ in range(len(session.log)):
        screen.input("space")
        screen.view.tweens.finish()
        for _ in range(200):  # the camera's glide, if it eases out
            if screen.rig.glide is None:
                break
            app.step()
        for point in screen.view.marker_points(screen.driver.state):
            assert screen_pixel(point) is not None, (screen.driver.index, point)
