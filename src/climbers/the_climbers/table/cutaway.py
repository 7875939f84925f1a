"""Cutaway ([ and ]): hide every block reaching above a chosen level to see inside the mountain;
level labels (L) beside every surface, laid out in the window so that none overlaps another."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw
from ursina import Entity, Texture, Vec3, camera, destroy, window

from climbers.app.fonts import font_at
from climbers.app.panels.canvas import scale
from climbers.app.table import coords
from climbers.app.table.camera import screen_pixel
from climbers.app.table.pictures import smooth_texture
from climbers.io.language import N_, say
from climbers.the_climbers.core import GameState
from climbers.the_climbers.table.framing import in_sight
from climbers.the_climbers.table.view import BoardView

LOWER_KEYS = ("[", "left bracket")
RAISE_KEYS = ("]", "right bracket")
LABELS_KEY = "l"
TAG_PIXELS = 28
"""A level label's side in reference pixels: its figure reads about 17 pixels tall."""
TAG_GAP = 2
"""Reference pixels at least between two labels."""
SLIDES = (0, -1, 1, -2, 2, -3, 3)
"""How far a label may slide up (-) or down from its place, in labels, to stand clear."""

Box = tuple[float, float, float, float]


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes (left, top, right, bottom) share any pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Cutaway:
    """Which blocks, Climbers and disks show under a cut level; labels with each surface's level."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.level: int | None = None
        """Blocks are drawn up to this level: cut open where they reach above it, hidden where
        they lie wholly above it; None shows everything."""
        self.labels_on = False
        self.labels: list[Entity] = []
        """The labels in the window, each with the world point it names (`anchor`) and its
        window box (`box`) while it shows."""
        self.state: GameState | None = None
        self._laid_for: object = None

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
        """One tag per visible surface with its level, beside the surface's front corner."""
        for label in self.labels:
            destroy(label)
        self.labels.clear()
        self.state = state
        self._laid_for = None
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
            tag = Entity(parent=camera.ui, model="quad", texture=level_tag(level), z=1)
            tag.text = str(level)
            tag.anchor = coords.world(min(q[0] for q in squares), min(q[1] for q in squares), level)
            self.labels.append(tag)
        self.place_labels()

    def place_labels(self) -> None:
        """Lay the labels out in the window for the camera as it stands (again only once it
        has moved): each just above its corner, the nearest first; one that would overlap a
        label already placed slides up or down until it stands clear, and is left out when it
        cannot, as is one whose corner the mountain hides."""
        w, h = window.size
        eye = Vec3(camera.world_position)
        seen = (tuple(eye), tuple(camera.world_rotation), w, h, len(self.labels))
        if seen == self._laid_for or self.state is None:
            return
        self._laid_for = seen
        k = scale()
        side, gap = TAG_PIXELS * k, TAG_GAP * k
        placed: list[Box] = []
        for tag in sorted(self.labels, key=lambda t: (t.anchor - eye).length()):
            tag.enabled = False
            pixel = screen_pixel(tag.anchor)
            if pixel is None or not in_sight(self.state, eye, tag.anchor):
                continue
            left = pixel[0] - side / 2
            for slide in SLIDES:
                top = pixel[1] - side - gap + slide * (side + gap)
                box = (left, top, left + side, top + side)
                clear = 0 <= left and left + side <= w and 0 <= top and top + side <= h
                if clear and not any(overlap(box, other) for other in placed):
                    placed.append((left - gap, top - gap, left + side + gap, top + side + gap))
                    tag.box = box
                    tag.scale = side / h
                    tag.x = ((left + side / 2) / w - 0.5) * window.aspect_ratio
                    tag.y = 0.5 - (top + side / 2) / h
                    tag.enabled = True
                    break

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
    return smooth_texture(img)
