"""Cutaway ([ and ]): hide every block reaching above a chosen level to see inside the mountain;
level labels (L) over every surface."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw
from ursina import Entity, Texture, Vec3, destroy

from climbers.app.fonts import font_at
from climbers.app.table import coords
from climbers.app.table.shading import unshaded
from climbers.io.language import N_, say
from climbers.the_climbers.core import GameState
from climbers.the_climbers.table.view import BoardView

LOWER_KEYS = ("[", "left bracket")
RAISE_KEYS = ("]", "right bracket")
LABELS_KEY = "l"
LABEL_SIZE = 0.56
"""A level label's size in squares: its figure reads at about 16 pixels from the opening view."""


class Cutaway:
    """Which blocks, Climbers and disks show under a cut level; labels with each surface's level."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.level: int | None = None
        """Blocks are drawn up to this level: cut open where they reach above it, hidden where
        they lie wholly above it; None shows everything."""
        self.labels_on = False
        self.labels: list[Entity] = []

    def top_level(self, state: GameState) -> int:
        """The mountain's highest level."""
        return int(state.structure.height.max())

    def lower(self, state: GameState) -> None:
        """Cut one level lower (the first press cuts just under the top)."""
        top = self.top_level(state)
        current = top if self.level is None else self.level
        self.level = max(0, current - 1)
        self.apply(state)

    def raise_(self, state: GameState) -> None:
        """Cut one level higher; at the top the cut is switched off."""
        if self.level is None:
            return
        self.level += 1
        if self.level >= self.top_level(state):
            self.level = None
        self.apply(state)

    def apply(self, state: GameState) -> None:
        """Show the pieces under the current cut, with labels if they are on."""
        self.view.set_cut(self.level)
        self.show_labels(state)

    def visible_blocks(self) -> list[str]:
        """Blocks showing now, whole or cut open at the cut's level."""
        return [name for name, e in self.view.blocks.items() if e.enabled]

    def toggle_labels(self, state: GameState) -> None:
        """Level labels on or off."""
        self.labels_on = not self.labels_on
        self.show_labels(state)

    def show_labels(self, state: GameState) -> None:
        """One small tag per visible surface with its level, at the surface's front corner, so
        that it covers none of its squares."""
        for label in self.labels:
            destroy(label)
        self.labels.clear()
        if not self.labels_on:
            return
        s = state.structure
        for b, squares in s.surfaces.items():
            name = state.block_name(b)
            level = s.top_z(b)
            if not squares or not self.view.blocks[name].enabled:
                continue
            if self.level is not None and level > self.level:
                continue  # its top is cut away
            corner = coords.world(min(q[0] for q in squares), min(q[1] for q in squares), level)
            tag = Entity(
                parent=self.view.root,
                model="quad",
                texture=level_tag(level),
                position=corner + Vec3(-0.16, 0.42, -0.16),
                scale=LABEL_SIZE,
                billboard=True,
                unlit=True,
            )
            tag.text = str(level)
            unshaded(tag)
            self.labels.append(tag)

    def caption(self) -> str:
        """What the cut shows, for the HUD."""
        if self.level is None:
            return ""
        return say(N_("Cutaway: blocks up to level {level} ([ ] to change)"), level=self.level)


@cache
def level_tag(level: int) -> Texture:
    """A small dark tag with a level's number in white."""
    size = 64
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([2, 2, size - 3, size - 3], 14, fill=(20, 22, 28, 230))
    d.text(
        (size / 2, size / 2 + 1), str(level), font=font_at(38), fill=(255, 255, 255), anchor="mm"
    )
    texture = Texture(img)
    texture.filtering = "bilinear"
    return texture
