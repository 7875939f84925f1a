"""A list to pick a lesson or a puzzle from: entries in columns under their headings, with a tick
on those done, a page at a time when there are many columns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from ursina import Entity, Text

from climbers.app.panels.widgets import (
    ACCENT,
    BUTTON,
    LIST_Z,
    MUTED,
    Screen,
    button,
    card,
    label,
    tick_box,
)
from climbers.io.language import N_, _


def shrink_to_fit(texts: Sequence[Text], width: float) -> None:
    """Make texts smaller, all alike and keeping their shape, until each is at most `width`
    wide (in its parent's units)."""
    widest = max((text.width * text.scale_x for text in texts), default=0.0)
    if widest > width:
        for text in texts:
            text.scale *= width / widest


@dataclass(frozen=True)
class Pick:
    """One entry of a pick list."""

    text: str
    done: bool
    on_click: Callable[[], None]


ROW = 0.058
"""The height of a row of a pick list, when there is room."""
ROWS_HEIGHT = 0.64
"""At most this much of the window's height holds the rows; more rows are made lower."""


def _pages(count: int, per_page: int) -> list[list[int]]:
    """The columns (indices) of each page: all on one when `per_page` is 0 or enough, else as
    few pages as hold them, as even as can be."""
    if per_page <= 0 or count <= per_page:
        return [list(range(count))]
    pages = -(-count // per_page)
    size = -(-count // pages)
    return [list(range(i, min(i + size, count))) for i in range(0, count, size)]


class PickList(Screen):
    """Entries in columns under their headings, a tick on those done; a click opens one, Escape
    (or Close) closes the list. More columns than `per_page` are shown a page at a time, the
    pages chosen by buttons under the title, each named by its headings."""

    def __init__(
        self,
        title: str,
        summary: str,
        columns: Sequence[tuple[str, Sequence[Pick]]],
        on_close: Callable[[], None],
        close: str = N_("Close"),
        width: float = 0.8,
        footer: str = "",
        per_page: int = 0,
    ) -> None:
        super().__init__(z=LIST_Z)  # over the lesson or puzzle, and the card it is opened from
        self.on_close = on_close
        self.columns = columns
        pages = _pages(len(columns), per_page)
        paged = len(pages) > 1
        rows = max((len(picks) for _, picks in columns), default=0)
        headed = any(heading for heading, _ in columns)
        row = min(ROW, ROWS_HEIGHT / max(rows, 1))
        gap = 0.03
        across = max(len(page) for page in pages)
        total = across * width + (across - 1) * gap
        height = row * rows + ROW * (headed + bool(footer) + paged) + 0.18
        card(self, (total + 0.08, height))
        top = height / 2 - 0.05
        label(self, title, -total / 2, top, 1.4)
        label(self, summary, -total / 2 + 0.3, top - 0.004, 0.9, color=MUTED)
        self.close_button = button(self, _(close), total / 2 - 0.12, top, on_close, 0.24)
        if footer:
            label(self, footer, -total / 2, -height / 2 + 0.05, 0.9, color=MUTED)
        self.entries: list[Entity] = []
        self.pages: list[Entity] = []
        """Per page, the parent of its columns."""
        self.page_buttons: list[Entity] = []
        w = width - 0.02
        for p, page in enumerate(pages):
            holder = Entity(parent=self)
            self.pages.append(holder)
            if paged:
                name = " · ".join(columns[c][0] for c in page)
                x = -total / 2 + 0.15 + p * 0.32
                pick = button(self, name, x, top - 0.075, partial(self.show_page, p), 0.3)
                self.page_buttons.append(pick)
            for slot, c in enumerate(page):
                heading, picks = columns[c]
                left = -total / 2 + slot * (width + gap)
                y = top - 0.07 - ROW * paged
                if heading:
                    label(holder, heading, left, y, 1.0, color=MUTED)
                    y -= ROW
                for pick in picks:
                    h = row * 0.84
                    entry = button(
                        holder, pick.text, left + width / 2, y, pick.on_click, w, height=h
                    )
                    entry.text_origin = (-0.5, 0)
                    entry.text_entity.x = -0.5 + 0.055 / w
                    tick = Entity(parent=entry, model="quad", texture=tick_box(pick.done), z=-0.01)
                    side = min(0.032, h * 0.8)
                    tick.x, tick.scale = -0.5 + 0.027 / w, (side / w, side / h)
                    self.entries.append(entry)
                    y -= row
        shrink_to_fit([entry.text_entity for entry in self.entries], (w - 0.07) / w)
        self.show_page(0)

    def show_page(self, page: int) -> None:
        """Show the columns of one page (the others' entries take no clicks)."""
        for p, holder in enumerate(self.pages):
            holder.enabled = p == page
        for p, pick in enumerate(self.page_buttons):
            pick.color = ACCENT if p == page else BUTTON

    def input(self, key: str) -> None:
        if key == "escape":
            self.on_close()
