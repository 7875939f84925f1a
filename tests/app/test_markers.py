"""Every Climber can be found at once: after every action of seeded games its marker shows
inside the window, drawn over whatever stands in front of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.settled import frame, pointer_away, settle
from climbers.app.settings import Settings
from climbers.app.table.camera import screen_pixel
from climbers.the_climbers.core import PLAYER_COLOURS
from climbers.the_climbers.game.game_setup import GameSetup, seats_for
from climbers.the_climbers.table.meshes import MARKER_SIZE
from climbers.the_climbers.table.shell import Shell
from climbers.the_climbers.table.textures import RGB

pytestmark = pytest.mark.display


@pytest.fixture
def shell(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Shell]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    made = Shell(Settings(animation_speed=4.0, bot_pace=0.0))
    yield made
    made.close()
    app.step()


def markers_shown(play: Any, app: Any) -> None:
    """Each marker inside the window and, where no other marker overlaps it, drawn in its
    player's colour."""
    image = frame(app)
    h, w, _ = image.shape
    centres = []
    for pawn in play.view.pawns:
        centre = screen_pixel(pawn.marker.world_position)
        assert centre is not None, f"{pawn.name}: its marker is off the window"
        edge = screen_pixel(pawn.marker.world_position + play.rig.pivot.right * MARKER_SIZE / 2)
        radius = abs(edge[0] - centre[0]) if edge is not None else 8
        assert radius <= centre[0] <= w - radius and radius <= centre[1] <= h - radius
        centres.append((centre, radius))
    for seat, ((x, y), r) in enumerate(centres):
        apart = all(
            np.hypot(x - ox, y - oy) > 2.2 * max(r, orr)
            for k, ((ox, oy), orr) in enumerate(centres)
            if k != seat
        )
        if not apart:
            continue
        ring = image[y, min(w - 1, x + int(r * 0.62))]
        colour = RGB[play.state.players[seat].colour]
        assert np.abs(ring - np.array(colour)).max() < 60, f"seat {seat}: marker hidden"


@pytest.mark.parametrize("seed", [2, 6])
def test_every_marker_shows_after_every_action_of_a_bot_game(
    app: Any, shell: Shell, seed: int
) -> None:
    bots = dict.fromkeys(PLAYER_COLOURS, "greedy")
    setup = GameSetup(seats=seats_for(PLAYER_COLOURS, bots), seed=seed, first=0)
    play = shell.begin(setup)
    pointer_away(app)
    for _ in range(24):
        tick = play.state.tick
        play.bots.enabled = True
        play.bots.hurry()
        for _ in range(400):
            app.step()
            if play.state.tick > tick or play.state.finished:
                break
        play.bots.enabled = False
        settle(play, app)
        markers_shown(play, app)
        if play.state.finished:
            break


def test_markers_tell_players_apart_when_their_names_begin_alike() -> None:
    from climbers.the_climbers.table.textures import marker_letters

    assert marker_letters(["Teal", "Pink", "Purple", "Red", "Yellow"]) == [
        "T",
        "Pi",
        "Pu",
        "R",
        "Y",
    ]
    assert marker_letters(["anna", "Bo"]) == ["A", "B"]
    assert marker_letters(["Anna", "Anne", ""]) == ["1", "2", "3"]


def test_a_climber_on_a_top_of_its_own_colour_stands_in_a_dark_ring(app: Any) -> None:
    from ursina import Vec3, camera

    from climbers.the_climbers.table.screens.play_screen import PlayScreen
    from climbers.the_climbers.table.screens.table_screen import clear_scene
    from rules.conftest import PURPLE, TEAL, position, put

    blocks = [put("cube-1", (10, 10, 0), TEAL), put("cube-2", (12, 10, 0), PURPLE)]
    clear_scene()
    play = PlayScreen(position(blocks, at={TEAL: (10, 10), PURPLE: (12, 10)}))
    play.app = app
    pointer_away(app)
    settle(play, app)
    image = frame(app, 3)
    try:
        for seat in (0, 1):  # each on a top of its own colour
            foot = Vec3(play.view.pawns[seat].world_position)
            towards = Vec3(camera.world_position) - foot
            towards.y = 0
            towards = towards.normalized()
            side = Vec3(towards.z, 0, -towards.x)
            for edge in (towards, side, -side):  # the near side and both flanks of the foot
                pixel = screen_pixel(foot + edge * 0.35 + Vec3(0, 0.006, 0))
                assert pixel is not None
                x, y = pixel
                assert image[y, x].max() < 80, f"seat {seat}: {image[y, x]} beside its foot"
    finally:
        clear_scene()
