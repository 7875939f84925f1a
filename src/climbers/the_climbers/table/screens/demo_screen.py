"""The Climbers' part of `climbers demo`: bots play one game after another on new mountains, the
camera orbiting slowly and a caption for every action (the loop is the shared one,
climbers.app.screens.demo_loop)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ursina import Vec3

from climbers.app.screens.demo_loop import DemoGames, frame_orbit
from climbers.the_climbers.core import Action, Event, GameState
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.game.demo import DEMO_BUDGET, demo_game
from climbers.the_climbers.table.framing import mountain_corners
from climbers.the_climbers.table.screens.play_screen import PlayScreen


def frame_mountain(rig: Any, state: GameState) -> None:
    """Stand the camera where the whole mountain, foot to top, shows above the caption from
    every heading it will orbit through."""
    corners = mountain_corners(state)
    low = min(c.y for c in corners)
    high = max(c.y for c in corners)
    pivot = sum(corners, Vec3(0, 0, 0)) / len(corners)
    pivot.y = low + 0.3 * (high - low)
    frame_orbit(rig, corners, pivot)


def demo_games(budget: float = DEMO_BUDGET, symbols: bool = True) -> DemoGames:
    """The Climbers' demo: mixed line-ups of bots on one mountain after another, each bot
    thinking `budget` seconds at most; colour symbols as the settings have them."""

    def new_play(index: int, first_seed: int) -> PlayScreen:
        play = PlayScreen(demo_game(index, first_seed).session, symbols=symbols)
        play.bots.use_budget(budget)
        hud = play.hud
        for button in (hud.skip, hud.done, hud.undo):
            button.enabled = False
        return play

    def describe(before: GameState, action: Action, events: Sequence[Event]) -> str:
        return caption(before, action, list(events))

    return DemoGames(
        "climbers", new_play, lambda play: frame_mountain(play.rig, play.state), opening, describe
    )
