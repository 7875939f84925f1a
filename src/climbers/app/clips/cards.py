"""The words on a clip's pictures, drawn with the HUD's panels: each action's caption along the
bottom, the title card (game, players, date) and the final standings over the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image

from climbers.app.panels.canvas import MUTED, REFERENCE_HEIGHT, Line, text_panel
from climbers.io.language import N_, say

SMALLEST_SCALE = 0.6
"""Pixels a reference pixel at least: words on a small picture (a GIF) stay readable."""
CAPTION_GAP = 20
"""Reference pixels between a caption and the bottom of the picture."""
FINAL = N_("Final standings")
AFTER = N_("Standings after action {number}")


@dataclass(frozen=True)
class Overlay:
    """A panel laid over a picture with its top-left corner at `at` (pixels)."""

    image: Image.Image
    at: tuple[int, int]

    def over(self, frame: np.ndarray) -> np.ndarray:
        """`frame` (rows top to bottom, RGB) with the panel laid over it."""
        picture = Image.fromarray(frame)
        picture.paste(self.image, self.at, self.image)
        return np.asarray(picture)


def picture_scale(size: tuple[int, int]) -> float:
    """Pixels of a picture of `size` a reference pixel."""
    return max(size[1] / REFERENCE_HEIGHT, SMALLEST_SCALE)


def _fitted(lines: Sequence[Line], size: tuple[int, int], share: float) -> Image.Image:
    """`lines` on a panel at most `share` of the picture's width."""
    k = picture_scale(size)
    return text_panel(lines, share * size[0] / k, k=k)


def caption(text: str, size: tuple[int, int]) -> Overlay:
    """An action's caption (a first line of several is a heading), centred along the bottom of
    a picture of `size`."""
    *heads, said = text.split("\n")
    image = _fitted([*(Line(head, 15, MUTED) for head in heads), Line(said, 18)], size, 0.9)
    gap = CAPTION_GAP * picture_scale(size)
    return Overlay(image, ((size[0] - image.width) // 2, int(size[1] - gap - image.height)))


def card(lines: Sequence[Line], size: tuple[int, int]) -> Overlay:
    """A card centred on a picture of `size`."""
    image = _fitted(lines, size, 0.8)
    return Overlay(image, ((size[0] - image.width) // 2, (size[1] - image.height) // 2))


def title_card(game: str, subtitle: str, players: str, when: str, size: tuple[int, int]) -> Overlay:
    """The first card: the game (or puzzle), its task, who played and when."""
    lines = [Line(game, 30)]
    if subtitle:
        lines.append(Line(subtitle, 17, MUTED))
    lines += [Line(players, 21), Line(when, 16, MUTED)]
    return card(lines, size)


def standings_card(
    standings: Sequence[str], final: str | None, actions: int, size: tuple[int, int]
) -> Overlay:
    """The last card: the standings, best first, at the game's end (headed `final`, or 'Final
    standings' when it is empty) or, with `final` None, after `actions` actions."""
    if final is None:
        head = say(AFTER, number=actions)
    else:
        head = final or say(FINAL)
    return card([Line(head, 24), *(Line(line, 19) for line in standings)], size)
