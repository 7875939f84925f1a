"""What lessons and puzzles share on the table: the play screen with a panel of sentences and a
column of buttons on the right, pulsing outlines on what to use, and a list to pick from with a
tick on those done."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from ursina import Entity, Text, camera, color, time, window

from climbers.app.pacing import stir
from climbers.app.panels.canvas import Canvas, Line, scale, text_panel
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
from climbers.app.table import coords
from climbers.io.language import N_, _
from climbers.session.driver import Driver
from climbers.the_climbers.core import Action, Colour, GameState
from climbers.the_climbers.core.geometry import Square, extent
from climbers.the_climbers.table.framing import frame_targets
from climbers.the_climbers.table.marks import HOVERED, TARGET, Marks, mark_texture
from climbers.the_climbers.table.screens.play_screen import PlayScreen
from climbers.the_climbers.table.shapes import box_edges

PULSE = 4.0
"""How fast the outline on what to use pulses (radians per second)."""
PANEL_WIDTH = 400
BUTTON_WIDTH = 0.3


class PracticeScreen(PlayScreen):
    """A play screen with a panel of sentences and a column of buttons at the right, and
    outlines that pulse on what to use."""

    def __init__(self, driver: Driver[GameState, Action], symbols: bool = True) -> None:
        super().__init__(driver, symbols=symbols)
        self.session.unsubscribe(self._captioned)  # the panel speaks instead
        self.hud.show_recent([])  # a lesson shown anew (another language) has a history
        self.panel = Canvas(name="practice-panel")
        self.panel_lines: list[str] = []
        self.focus = Marks(lift=0.04)
        self.focus_parts: list[Entity] = []

    def side_buttons(self, buttons: Sequence[tuple[str, Callable[[], object]]]) -> list[Entity]:
        """A column of buttons under the panel, top to bottom (labels marked with N_, said in
        the current language)."""
        right = window.right.x - 0.17
        return [
            button(camera.ui, _(text), right, -0.03 - 0.06 * i, action, BUTTON_WIDTH)
            for i, (text, action) in enumerate(buttons)
        ]

    def top_right_panels(self) -> tuple[Canvas, ...]:
        panel = getattr(self, "panel", None)  # made once the play screen has set the table
        return (*super().top_right_panels(), *(() if panel is None else (panel,)))

    def show_panel(self, lines: list[Line]) -> None:
        """Draw the panel at the top right with these lines."""
        self.panel_lines = [line.text for line in lines]
        image = text_panel(lines, PANEL_WIDTH)
        w, _ = window.size
        self.panel.show(image, w - image.width - 12 * scale(), 12 * scale())

    @staticmethod
    def light(part: Entity, on: bool) -> None:
        """Colour a side button as the one to press next, or as any other."""
        part.color = ACCENT if on else BUTTON

    def outline(
        self,
        state: GameState,
        squares: Iterable[Square] = (),
        blocks: Iterable[str] = (),
        climber: Colour | None = None,
        frame: Iterable[Square] = (),
    ) -> None:
        """Pulsing marks on what to use: frames on squares, edges round blocks where `state`
        has them, a ring under a Climber (replacing the marks shown before); the camera turns
        and eases out so that the mountain hides none of them, nor the squares of `frame`."""
        self.clear_outline()
        s = state.structure
        targets = [coords.square_centre(q, s.height_at(q)) for q in (*squares, *frame)]
        self.focus.paint(state, squares, HOVERED)
        for name in blocks:
            b = state.block_index(name)
            if b not in s.poses:
                continue
            rot, at = s.poses[b]
            ex, ey, ez = extent(state.components.blocks[b].dims, rot)
            targets.append(coords.world(at[0] + ex / 2, at[1] + ey / 2, at[2] + ez))
            self.focus_parts.append(
                Entity(
                    model=box_edges((ex, ez, ey), thickness=4),
                    position=coords.world(*at),
                    color=color.rgb(1, 1, 0.5),
                    unlit=True,
                    always_on_top=True,
                )
            )
        if climber is not None:
            seat = next(i for i, p in enumerate(state.players) if p.colour == climber)
            targets.append(self.view.climber_position(state, seat))
            self.focus_parts.append(
                Entity(
                    parent=self.view.pawns[seat],
                    model="quad",
                    texture=mark_texture(TARGET),
                    rotation_x=90,
                    y=0.03,
                    scale=1.1,
                    unlit=True,
                )
            )
        panels = (self.hud.panel, *self.top_right_panels())
        frame_targets(self.rig, state, targets, clear_of=[p.box for p in panels if p.enabled])

    def clear_outline(self) -> None:
        """Take the outlines away."""
        for part in self.focus_parts:
            part.enabled = False
        self.focus_parts.clear()
        self.focus.clear()

    def update(self) -> None:
        super().update()
        glow = 0.55 + 0.45 * math.sin(time.time() * PULSE)
        parts = (*self.focus_parts, *self.focus.parts)
        for part in parts:
            part.alpha = glow
        if parts:
            stir()  # the outlines pulse: every frame drawn


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
