"""The Climbers' part of `climbers demo`: bots play one game after another on new mountains, the
camera orbiting slowly (and easing out to keep the Climbers' markers off the panels) and a
caption for every action (the loop is the shared one, climbers.app.screens.demo_loop)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ursina import Entity, Vec3, camera, window

from climbers.app.screens.demo_loop import MARGIN, ORBIT, TILT, DemoGames
from climbers.app.table.camera import (
    EASE_SECONDS,
    MAX_DISTANCE,
    MIN_DISTANCE,
    Box,
    on_screen,
    screen_pixel,
)
from climbers.the_climbers.core import Action, Event, GameState
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.game.demo import DEMO_BUDGET, demo_game
from climbers.the_climbers.table.framing import mountain_corners
from climbers.the_climbers.table.meshes import MARKER_HEIGHT, MARKER_SIZE
from climbers.the_climbers.table.screens.play_screen import PlayScreen
from climbers.the_climbers.table.view import MARKER_DISC

MARKER_RADIUS = MARKER_SIZE * MARKER_DISC / 2
"""A marker's disc's radius, in world units."""
GAP = 6
"""Window pixels kept between a marker's disc and a panel or the window's edge."""
HEADINGS = range(0, 360, 15)
"""The headings of the orbit the view is checked from."""
ROOM = 1.08
"""How much farther than it must the demo's view stands, so that the next few actions seldom
move it."""
LIFTS = tuple(0.5 * k for k in range(9))
"""How far above a third of the mountain's height the camera's pivot is tried: the higher, the
lower the mountain shows, away from the panels at the top."""


def markers_clear(points: Sequence[Vec3], boxes: Sequence[Box]) -> bool:
    """Whether marker discs centred at `points` show whole inside the window and off every one
    of `boxes` (window pixels), from the camera as it stands."""
    w, h = window.size
    right = Vec3(camera.right) * MARKER_RADIUS
    for point in points:
        centre, edge = screen_pixel(point), screen_pixel(point + right)
        if centre is None or edge is None:
            return False
        r = math.dist(centre, edge) + GAP
        x, y = centre
        if not (r <= x <= w - r and r <= y <= h - r):
            return False
        if any(x - r < x1 and x0 < x + r and y - r < y1 and y0 < y + r for x0, y0, x1, y1 in boxes):
            return False
    return True


def orbit_distance(
    rig: Any, pivot: Vec3, corners: Sequence[Vec3], markers: Sequence[Vec3], boxes: Sequence[Box]
) -> float:
    """The least distance from which, looking down at `pivot` at the demo's tilt, `corners`
    show in the window above the caption and marker discs at `markers` clear of the panels'
    `boxes` (`markers_clear`), from every heading of the orbit."""
    saved = Vec3(rig.pivot.position), float(rig.pivot.rotation_y), rig.distance
    try:
        rig.pivot.position = pivot
        needed = MIN_DISTANCE
        rig.distance = needed
        for heading in HEADINGS:
            rig.pivot.rotation_y = heading
            while needed < MAX_DISTANCE and not (
                all(on_screen(c, MARGIN) for c in corners) and markers_clear(markers, boxes)
            ):
                needed *= 1.04
                rig.distance = needed
        return float(min(needed, MAX_DISTANCE))
    finally:
        rig.pivot.position, rig.pivot.rotation_y, rig.distance = saved


def panel_boxes(play: PlayScreen) -> list[Box]:
    """The panels over the table (the players' at the top left, the last actions' at the top
    right), in window pixels."""
    return [p.box for p in (play.hud.panel, play.hud.recent_panel) if p.enabled]


def in_view(play: PlayScreen) -> tuple[list[Vec3], list[Vec3]]:
    """What the demo's view must show of the game on the table: the corners of the box round
    the mountain and every Climber's foot (above the caption), and every Climber's marker (clear
    of the panels), once the pieces have settled."""
    markers = play.view.marker_points(play.state)
    feet = [m - Vec3(0, MARKER_HEIGHT, 0) for m in markers]
    return [*mountain_corners(play.state), *feet], markers


def mountain_view(play: PlayScreen) -> tuple[Vec3, float]:
    """Where the camera looks and from how far for the demo's orbit: a little farther (ROOM)
    than the nearest view, over the pivot heights tried, that shows the whole mountain and the
    Climbers above the caption and keeps their markers clear of the panels, from every heading
    (`in_view`)."""
    corners = mountain_corners(play.state)
    low = min(c.y for c in corners)
    high = max(c.y for c in corners)
    centre = sum(corners, Vec3(0, 0, 0)) / len(corners)
    centre.y = low + 0.3 * (high - low)
    shown, markers = in_view(play)
    boxes = panel_boxes(play)
    views = []
    for lift in LIFTS:
        pivot = centre + Vec3(0, lift, 0)
        views.append((orbit_distance(play.rig, pivot, shown, markers, boxes), lift, pivot))
    distance, _lift, pivot = min(views, key=lambda view: view[:2])
    return pivot, min(distance * ROOM, MAX_DISTANCE)


def frame_mountain(play: PlayScreen) -> None:
    """Stand the camera at the mountain's view for the orbit (`mountain_view`)."""
    rig = play.rig
    rig.glide = None
    rig.pivot.rotation_x = TILT
    rig.pivot.position, rig.distance = mountain_view(play)


class MarkerRoom(Entity):  # type: ignore[misc]
    """Keeps a demo game in view while it goes on: after an action, or when a panel grows, that
    puts a Climber's marker under a panel, or a Climber or the mountain into the caption's band,
    from some heading, the camera eases to the mountain's view as it is now (`mountain_view`),
    turning on with the orbit."""

    def __init__(self, play: PlayScreen) -> None:
        super().__init__(parent=play, name="marker-room")
        self.play = play
        self.seen: tuple[object, ...] = ()

    def update(self) -> None:
        play, rig = self.play, self.play.rig
        now = (len(play.session.history), *panel_boxes(play))
        if now == self.seen or rig.glide is not None:
            return
        self.seen = now
        shown, markers = in_view(play)
        needed = orbit_distance(rig, rig.pivot.position, shown, markers, panel_boxes(play))
        if needed > rig.distance + 1e-3:
            pivot, distance = mountain_view(play)
            rig.ease_to(pivot, distance, rig.heading + ORBIT * EASE_SECONDS)


def demo_games(budget: float = DEMO_BUDGET, symbols: bool = True) -> DemoGames:
    """The Climbers' demo: mixed line-ups of bots on one mountain after another, each bot
    thinking `budget` seconds at most; colour symbols as the settings have them."""

    def new_play(index: int, first_seed: int) -> PlayScreen:
        play = PlayScreen(demo_game(index, first_seed).session, symbols=symbols)
        play.bots.use_budget(budget)
        hud = play.hud
        for button in (hud.skip, hud.done, hud.undo):
            button.enabled = False
        MarkerRoom(play)
        return play

    def describe(before: GameState, action: Action, events: Sequence[Event]) -> str:
        return caption(before, action, list(events))

    return DemoGames("climbers", new_play, frame_mountain, opening, describe)
