"""The demo in a real window: bot games one after another with captions, nothing left behind
between games, and any key leads to the new-game screen."""

from __future__ import annotations

import gc
import math
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import scene, window

from climbers.app.screens.demo_loop import DemoLoop
from climbers.app.settings import Settings
from climbers.the_climbers.game.game_setup import GameSetup
from climbers.the_climbers.table.demo_view import demo_games
from climbers.the_climbers.table.shell import Shell

pytestmark = pytest.mark.display


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(
        "climbers.the_climbers.game.demo.LINEUPS", (("random", "greedy", "random"),)
    )

    made = Shell(Settings(), GameSetup(seed=3))
    yield made
    made.close()
    app.step()


def test_demo_plays_two_games_with_captions_and_a_key_returns_to_the_menu(
    app: Any, shell: Shell
) -> None:
    demo = DemoLoop(demo_games(budget=0.05), on_exit=shell.show_menu, pace=0.0, speed=1000.0)
    first = weakref.ref(demo.play)
    captions: set[str] = set()
    entities: list[int] = []
    next_game = demo.next_game

    def counted() -> None:
        """The next game put on the table, and how many entities the scene then holds."""
        next_game()
        entities.append(len(scene.entities))

    demo.next_game = counted
    try:
        deadline = time.monotonic() + 120
        while demo.games < 3:
            assert time.monotonic() < deadline, "the demo did not move on to a third game"
            app.step()
            captions.add(demo.caption_text)
        assert any(c.startswith("Game 2 · Start") for c in captions)
        assert any("Game over:" in c for c in captions)
        assert len(captions) > 20
        assert entities[0] == entities[1], "entities left behind between games"
        gc.collect()
        assert first() is None, "the first game's screen is still alive"
        assert app.graphicsEngine.getNumWindows() == 1, "a shadow buffer was left behind"

        app.input("x", is_raw=True)
        app.step()
        assert shell.menu is not None and demo.play is None
        assert not any(isinstance(e, DemoLoop) for e in scene.entities)
    finally:
        if demo.play is not None:
            demo.stop()


def test_the_demo_shows_the_whole_mountain_above_its_caption_all_the_way_round(
    app: Any, shell: Shell
) -> None:
    from climbers.app.table.camera import screen_pixel
    from climbers.the_climbers.table.framing import mountain_corners

    demo = DemoLoop(demo_games(budget=0.05), on_exit=shell.show_menu, pace=0.0, speed=1.0)
    try:
        rig, corners = demo.play.rig, mountain_corners(demo.play.state)
        for heading in range(0, 360, 45):
            rig.pivot.rotation_y = heading
            app.step()
            caption_top = demo.caption.box[1]
            for corner in corners:
                px = screen_pixel(corner)
                assert px is not None and 0 <= px[0] <= 1280 and 0 <= px[1] < caption_top
    finally:
        demo.stop()


def test_the_new_game_screen_has_a_demo_button_that_starts_the_demo_and_a_key_ends_it(
    app: Any, shell: Shell
) -> None:
    """The Climbers' new-game screen offers the demo as Clamber's and Burg Klettermax's do: a
    button inside the window, on no other, in English and Chinese; a key ends the demo on the
    new-game screen again."""
    from ursina import Button, camera, window

    from climbers.io.language import use_language

    def bounds(entity: Any) -> tuple[float, float, float, float]:
        low, high = entity.getTightBounds(camera.ui)
        return low.x, low.y, high.x, high.y

    half = window.aspect_ratio / 2
    try:
        for language in ("en", "zh-Hant"):
            use_language(language)
            shell.show_menu()
            app.step()
            menu = shell.menu
            assert menu is not None and menu.demo_button is not None
            demo = bounds(menu.demo_button.model)
            words = bounds(menu.demo_button.text_entity)
            assert -half <= demo[0] and demo[2] <= half and -0.5 <= demo[1] and demo[3] <= 0.5
            assert demo[0] <= words[0] and words[2] <= demo[2], "the button's text sticks out"
            others = [
                bounds(b.model)
                for b in scene.entities
                if isinstance(b, Button) and b is not menu.demo_button and b.has_ancestor(menu)
                if b.enabled and b.model
            ]
            assert others
            for box in others:
                apart = box[2] <= demo[0] or demo[2] <= box[0]
                assert apart or box[3] <= demo[1] or demo[3] <= box[1], f"{demo} over {box}"
        menu.demo_button.on_click()
        app.step()
        assert shell.menu is None and shell.screens.current == "Demo"
        assert any(isinstance(e, DemoLoop) for e in scene.entities)
        app.input("x", is_raw=True)
        app.step()
        assert shell.menu is not None
        assert not any(isinstance(e, DemoLoop) for e in scene.entities)
    finally:
        use_language("en")


def marker_discs(play: Any) -> list[tuple[float, float, float]]:
    """Every Climber's marker as drawn now: its centre's window pixel and its disc's radius."""
    from ursina import camera

    from climbers.app.table.camera import screen_pixel
    from climbers.the_climbers.table.meshes import MARKER_SIZE
    from climbers.the_climbers.table.view import MARKER_DISC

    discs = []
    for figure in play.view.pawns:
        if not figure.enabled:
            continue
        centre = figure.marker.world_position
        a = screen_pixel(centre)
        b = screen_pixel(centre + camera.right * (MARKER_SIZE * MARKER_DISC / 2))
        assert a is not None and b is not None, "a marker is off the window"
        discs.append((a[0], a[1], math.dist(a, b)))
    return discs


def test_the_demo_keeps_every_marker_clear_of_the_panels_all_the_way_round(
    app: Any, shell: Shell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playtest 15: the leader's marker slid under the players' panel at the top left. After
    every action of a demo game, once the pieces and the camera have settled, every marker's
    disc shows inside the window and off both panels (the players', the last actions') from
    every heading of the orbit."""
    lineup = (("strong", "greedy", "random"),)  # the playtest's
    monkeypatch.setattr("climbers.the_climbers.game.demo.LINEUPS", lineup)
    # the bots wait for the test (a pace no game reaches): each acts when hurried, after its
    # position was looked at, so that every position is, however slow the machine
    demo = DemoLoop(demo_games(budget=0.05), on_exit=shell.show_menu, pace=1e9, speed=20.0)
    checked: set[int] = set()
    last: tuple[object, ...] = ()
    try:
        deadline = time.monotonic() + 240
        while demo.games < 2:
            assert time.monotonic() < deadline, "the demo game did not end"
            app.step()
            play = demo.play
            if play is None or play.view.tweens.busy or play.rig.glide is not None:
                last = ()
                continue
            hud = play.hud
            now = (len(play.session.history), hud.panel.box, hud.recent_panel.box)
            steady, last = now == last, now
            if not steady:
                continue
            if now[0] in checked:
                play.bots.hurry()
                continue
            checked.add(now[0])
            panels = [p.box for p in (hud.panel, hud.recent_panel) if p.enabled]
            rig, heading = play.rig, play.rig.pivot.rotation_y
            w, h = window.size
            try:
                for turn in range(0, 360, 15):
                    rig.pivot.rotation_y = heading + turn
                    for x, y, r in marker_discs(play):
                        assert r <= x <= w - r and r <= y <= h - r, "a marker leaves the window"
                        for left, top, right, bottom in panels:
                            off = x + r <= left or right <= x - r or y + r <= top or bottom <= y - r
                            assert off, f"action {now[0]}, turned {turn}: a marker under a panel"
            finally:
                rig.pivot.rotation_y = heading
        assert len(checked) >= 20, "every position of a whole game was looked at"
    finally:
        if demo.play is not None:
            demo.stop()
