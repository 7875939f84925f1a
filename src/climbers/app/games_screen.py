"""The first choice of a new game night: which game, as large tiles with a picture and a line."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ursina import Button, Entity, Text, color, load_texture
from ursina.models.procedural.quad import Quad

from climbers.app.panels.widgets import ACCENT, BUTTON, MUTED, Screen, button, plain, wrap_text
from climbers.games.registry import GameEntry
from climbers.io.language import _

TILE_W, TILE_H = 0.5, 0.56
"""A tile's size in window heights."""
PICTURE_H = 0.28
TITLE_ROOM = 0.9
"""The share of a tile's width its title may take."""


class GameTile(Button):  # type: ignore[misc]
    """One game: its picture, its name and one line; a click chooses it."""

    def __init__(self, parent: Entity, entry: GameEntry, x: float, chosen: bool) -> None:
        super().__init__(
            parent=parent,
            x=x,
            y=0.0,
            scale=(TILE_W, TILE_H),
            color=BUTTON,
            highlight_color=BUTTON.tint(0.12),
            name=f"tile-{entry.name}",
        )
        self.entry = entry
        self.frame = (  # the game played last: framed
            Entity(
                parent=self,
                model=Quad(aspect=TILE_W / TILE_H, radius=0.06),
                scale=(1.04, 1.04),
                color=ACCENT,
                z=0.01,
            )
            if chosen
            else None
        )
        Entity(
            parent=self,
            model="quad",
            texture=load_texture(f"games/{entry.picture}"),
            scale=(0.92, PICTURE_H / TILE_H),
            y=0.22,
            z=-0.01,
        )
        self.title = plain(
            Text(
                _(entry.title),
                parent=self,
                y=-0.12,
                origin=(0, 0),
                scale=(2.6 / TILE_W, 2.6 / TILE_H),
                z=-0.01,  # in front of the tile, as the line under it (no fight over the depth)
            )
        )
        wide = self.title.width * self.title.world_scale_x
        if wide > TITLE_ROOM * self.world_scale_x:  # a long name, or its translation
            self.title.world_scale_x *= TITLE_ROOM * self.world_scale_x / wide
            self.title.world_scale_y = self.title.world_scale_x
        self.line = plain(Text("", parent=self, y=-0.23, origin=(0, 0.5), color=MUTED, z=-0.01))
        self.line.scale = (1.05 / TILE_W, 1.05 / TILE_H)
        wrap_text(self.line, _(entry.line), 0.88)


class GamesScreen(Screen):
    """Every game on the table side by side; `on_pick(name)` opens the one clicked (Enter: the
    one framed, played last, or else the first); `on_join` opens Join a game."""

    def __init__(
        self,
        games: Sequence[GameEntry],
        last: str | None,
        on_pick: Callable[[str], None],
        on_quit: Callable[[], None],
        on_join: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(name="games-screen")
        plain(
            Text(
                _("Choose a game"), parent=self, y=0.42, origin=(0, 0), scale=2.2, color=color.white
            )
        )
        gap = 0.06
        left = -(len(games) * TILE_W + (len(games) - 1) * gap) / 2 + TILE_W / 2
        self.tiles = [
            GameTile(self, entry, left + i * (TILE_W + gap), entry.name == last)
            for i, entry in enumerate(games)
        ]
        for tile in self.tiles:
            tile.on_click = lambda name=tile.entry.name: on_pick(name)
        self.quit_button = button(self, _("Quit"), 0.73, -0.41, on_quit, 0.18)
        self.join_button = None
        if on_join is not None:
            self.join_button = button(self, _("Join a game"), 0.44, -0.41, on_join, 0.3)
        names = [entry.name for entry in games]
        self.default = last if last in names else names[0]
        self.on_pick = on_pick

    def input(self, key: str) -> None:
        if key == "enter":
            self.on_pick(self.default)
