"""What the heads-up display of every game's table shares, drawn with Pillow (see canvas.py):
the game's own panel at the top left (the game draws it), the line of hints and problems above
the key help along the bottom, a label beside the pointer, the last few actions at the top
right, a banner when the table passes to another player, and one-line notices."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw
from ursina import Button, Entity, Vec2, color, window

from climbers.app.panels.canvas import (
    BAD,
    INK,
    MUTED,
    PANEL,
    Canvas,
    Line,
    Notice,
    at_top_right,
    centred_above_bottom,
    font,
    scale,
    text_panel,
)
from climbers.app.panels.line_breaks import wrap
from climbers.app.panels.widgets import fit_text, plain_button
from climbers.app.table.camera import pointer_pixel
from climbers.io.language import N_, _, say

STRIP_WIDTH = 700
SIDE_BUTTON = color.rgb(0.18, 0.42, 0.55)
"""The colour of a table's buttons at the bottom right."""
GREYED = color.rgba(0.3, 0.33, 0.36, 0.6)
"""Their colour when they have nothing to do now."""
OVER_HELP = N_("Right-drag orbit · Arrows pan · Wheel zoom · Home view · F1 rules · F4 settings")
"""The key help over a finished game: only the keys that still do something (the end card's
buttons say their own keys)."""
"""Reference pixels: the hint line's width at most (clear of the buttons)."""
BANNER_SECONDS = 2.2
RECENT = 4
"""How many of the last actions the strip at the top right keeps."""
RECENT_LINES = 4
"""How many lines that strip grows to at most: the oldest captions give way to long ones (the
newest always shows), so the strip stays clear of the table."""
RECENT_WIDTH, RECENT_PAD, RECENT_SIZE = 400, 8, 14
"""Reference pixels: the strip's width, its padding and its text's size."""
ACTING = (52, 58, 72, 255)
"""The band behind the player to act in a game's panel."""

Box = tuple[float, float, float, float]
"""Window pixels: left, top, right, bottom."""
PaintRows = Callable[[ImageDraw.ImageDraw, Image.Image, float], None]
"""Paints the players' rows of a game's panel from height `y` (pixels) down."""


class HudFrame(Entity):  # type: ignore[misc]
    """The panels every table shows over the 3D scene; a game's HUD adds its own panel (drawn on
    `panel`) and buttons."""

    def __init__(self, help_text: str, **kwargs: object) -> None:
        kwargs.setdefault("name", "hud")
        super().__init__(**kwargs)
        self.panel = Canvas(name="hud-panel")
        self.strip = Canvas(name="hud-strip")
        self.help = Canvas(name="hud-help")
        self.tip = Canvas(name="hud-tip", z=-2)
        self.recent_panel = Canvas(name="hud-recent")
        self.banner = Canvas(name="hud-banner", z=-1)
        self.notice = Notice()
        self.beside: Callable[[], Sequence[Canvas]] = lambda: (self.recent_panel,)
        """The panels at the top right; the banner keeps clear of them."""
        self.keep_clear: Callable[[], Sequence[Box]] = lambda: ()
        """Where on the table pieces to keep in sight show: the label at the pointer keeps off
        them where it can."""
        self.clear_of = (0.0, 330.0)
        """Reference pixels at the left and right of the window the hint line keeps clear of
        (the buttons there)."""
        self.title_line = ""
        """The game panel's first lines: whose turn, what to do."""
        self.note = ""
        """The hint or problem on the bottom line."""
        self.last_refusal = ""
        """The last refused action's reason, kept in the game's panel until one goes through."""
        self.shown: Any = None
        """The state the game's panel shows (None: none yet)."""
        self.table_lines: list[Line] = []
        """Lines about the table under the players' rows (a game across computers: who plays
        each seat, and where)."""
        self.tip_text = ""
        self.banner_text = ""
        self.recent: list[str] = []
        self._banner_until = 0.0
        self._banner_tint: tuple[int, int, int] = (0, 0, 0)
        self.help_text = help_text
        self.play_help = help_text
        """The key help while the game goes on; `over_help` once it is over (`help_for`)."""
        self.over_help = _(OVER_HELP)
        self.over = False
        self._show_help()

    def _draw_panel(self) -> None:
        """Draw the game's own panel on `panel` for the state last shown, if any."""
        if self.shown is not None:
            self.draw_players(self.shown)

    def draw_players(self, state: Any) -> None:
        """Draw the game's own panel for `state` (a game's HUD says what is in it)."""

    def compose_panel(
        self,
        width: float,
        rows_height: float,
        paint_rows: PaintRows,
        notes: Sequence[Line] = (),
        body_size: int = 16,
    ) -> None:
        """The game's panel at the top left, `width` pixels wide: the title line (its first
        line large, the rest in the body's size), the players' rows (`rows_height` pixels,
        painted by `paint_rows`), then `notes` and the last refusal's reason. The lines of text
        as drawn are kept in the image's info["lines"]."""
        k = scale()
        pad = 12 * k
        title, body, small = font(19), font(body_size), font(14)
        inner = width - 2 * pad
        head, _nl, rest = self.title_line.partition("\n")
        title_lines = [(part, title) for part in wrap(head, title, inner)]
        title_lines += [(part, body) for part in wrap(rest, body, inner)] if rest else []
        notes = [*notes, *self.table_lines]
        if self.last_refusal:
            notes.append(Line(say(N_("Last refusal: {reason}"), reason=self.last_refusal), 14, BAD))
        note_lines = [
            (part, line.colour) for line in notes for part in wrap(line.text, small, inner)
        ]
        height = (
            pad * 2
            + sum(face.size * 1.3 for _, face in title_lines)
            + 6 * k
            + rows_height
            + (4 * k + len(note_lines) * small.size * 1.3 if note_lines else 0)
        )
        image = Image.new("RGBA", (int(width), int(height)), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        d.rounded_rectangle([0, 0, image.width - 1, image.height - 1], 8 * k, fill=PANEL)
        y = pad
        for part, face in title_lines:
            d.text((pad, y), part, font=face, fill=INK)
            y += face.size * 1.3
        y += 6 * k
        paint_rows(d, image, y)
        y += rows_height
        if note_lines:
            y += 4 * k
            for part, colour in note_lines:
                d.text((pad, y), part, font=small, fill=colour)
                y += small.size * 1.3
        image.info["lines"] = [part for part, _ in title_lines] + [part for part, _ in note_lines]
        self.panel.show(image, 12 * k, 12 * k)

    @staticmethod
    def side_button(text: str, at: Vec2, action: Callable[[], None] | None) -> Button:
        """A table's button at `at` (by the bottom right corner), its `text` fitted; one without
        an `action` is off."""
        b = plain_button(Button(text=text, scale=(0.27, 0.055), position=at, color=SIDE_BUTTON))
        fit_text(b)
        if action is None:
            b.enabled = False
        else:
            b.on_click = action
        return b

    @staticmethod
    def side(y: float) -> Vec2:
        """Where a table's button stands in the column at the bottom right, `y` above the
        window's foot."""
        return Vec2(window.bottom_right) + Vec2(-0.155, y)

    @staticmethod
    def grey_unless(b: Button, live: bool) -> None:
        """Grey `b` while it has nothing to do (it stays clickable, to say why)."""
        b.color = SIDE_BUTTON if live else GREYED
        b.highlight_color = b.color.tint(0.1)

    def show_table(self, lines: Sequence[Line]) -> None:
        """Show `lines` about the table in the game's panel, under the players' rows."""
        if list(lines) != self.table_lines:
            self.table_lines = list(lines)
            self._draw_panel()

    def refuse(self, text: str) -> None:
        """Show the reason for a refusal (in players' words) below, and keep it in the panel."""
        self.last_refusal = text
        self._draw_panel()
        self.message(text, bad=True)

    def clear_refusal(self) -> None:
        """An action went through: the last refusal no longer applies."""
        if self.last_refusal:
            self.last_refusal = ""
            self._draw_panel()

    def message(self, text: str, bad: bool = False) -> None:
        """The line above the key help: hints in white, problems in red ('' clears it)."""
        if text == self.note and bool(text) == self.strip.enabled:
            return
        self.note = text
        if not text:
            self.strip.clear()
            return
        k = scale()
        left, right = self.clear_of
        w, h = window.size
        span = w / k - left - right
        image = text_panel([Line(text, 18, BAD if bad else INK)], min(STRIP_WIDTH, span - 20))
        self.strip.show(image, left * k + (span * k - image.width) / 2, h - 58 * k - image.height)

    def _show_help(self) -> None:
        centred_above_bottom(self.help, text_panel([Line(self.help_text, 13, MUTED)], 1240, 5), 4)

    def set_help(self, text: str, over: str | None = None) -> None:
        """The line of key help along the bottom: `text` while the game goes on, `over` once it
        is over (default: the keys that still do something on a finished game)."""
        self.play_help = text
        self.over_help = _(OVER_HELP) if over is None else over
        self.help_for(self.over)

    def help_for(self, over: bool) -> None:
        """Show the key help of a game going on, or (`over`) of a finished one."""
        self.over = over
        text = self.over_help if over else self.play_help
        if text != self.help_text:
            self.help_text = text
            self._show_help()

    def show_tip(self, text: str) -> None:
        """A label beside the mouse pointer, kept inside the window ('' hides it)."""
        if text == self.tip_text:
            return
        self.tip_text = text
        if not text:
            self.tip.clear()
            return
        self._place_tip(text_panel([Line(text, 15, INK)], 340, pad=7))

    def _place_tip(self, image: Image.Image) -> None:
        """Beside the pointer: below it and to its right where that fits, else to its left,
        else above it; the first of these places off the table's pieces to keep in sight, else
        above (or below) those pieces."""
        w, h = window.size
        px, py = pointer_pixel()
        iw, ih = image.width, image.height
        floor = self.help.box[1] if self.help.enabled else h  # above the key help
        sides = [x for x in (px + 18, px - 12 - iw) if 0 <= x and x + iw <= w] or [px - 12 - iw]
        heights = [y for y in (py + 20, py - 12 - ih) if 0 <= y and y + ih <= floor]
        places = [(x, y) for y in heights or [py - 12 - ih] for x in sides]

        def over(x: float, y: float, box: Box) -> bool:
            return x < box[2] and box[0] < x + iw and y < box[3] and box[1] < y + ih

        kept = self.keep_clear()
        clear = [(x, y) for x, y in places if not any(over(x, y, box) for box in kept)]
        left, top = (clear or places)[0]
        for box in kept if not clear else ():  # no place beside the pointer: above the pieces
            if over(left, top, box):
                above = box[1] - 8 * scale() - ih
                top = above if above >= 0 else box[3] + 8 * scale()
        top = min(top, floor - ih)
        for panel in (self.panel, *self.beside()):  # never over the panels: below them
            if panel.enabled and over(left, top, panel.box):
                top = max(top, panel.box[3] + 8 * scale())
        self.tip.show(image, left, top)

    def announce(self, text: str, tint: tuple[int, int, int]) -> None:
        """A banner over the table for a moment: the table passes to another player. It is
        drawn at the top, between the game's panel and the panels at the top right (smaller
        when it must be; under them when even its smallest size is too wide there), above the
        pieces."""
        self.banner_text = text
        self._banner_tint = tint
        k = scale()
        w = window.size[0]
        left = self.panel.box[2] if self.panel.enabled else 0
        beside = [p for p in self.beside() if p.enabled and p.box[0] > left]
        span = (left + 12 * k, min((p.box[0] for p in beside), default=w) - 12 * k)
        size = 34
        while size > 20 and font(size).getlength(text) + 80 * k > span[1] - span[0]:
            size -= 2
        face = font(size)
        width = int(face.getlength(text) + 80 * k)
        height = int(face.size * 2.1)
        image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        d.rounded_rectangle([0, 0, width - 1, height - 1], 14 * k, fill=PANEL)
        d.rounded_rectangle([0, 0, 14 * k, height - 1], 7 * k, fill=(*tint, 255))
        d.rounded_rectangle([width - 14 * k, 0, width - 1, height - 1], 7 * k, fill=(*tint, 255))
        d.text((width / 2, height / 2), text, font=face, fill=INK, anchor="mm")
        if width <= span[1] - span[0]:
            self.banner.show(image, (span[0] + span[1] - width) / 2, 12 * k)
        else:
            panels = [*beside, self.panel] if self.panel.enabled else beside
            below = max((p.box[3] for p in panels), default=0.0)
            self.banner.show(image, (w - width) / 2, below + 12 * k)
        self._banner_until = time.monotonic() + BANNER_SECONDS

    def keep_banner_clear(self) -> None:
        """Place the banner showing anew, clear of the panels beside it as they stand now (for
        as long as it was to show)."""
        if self.banner.enabled and self.banner_text:
            until = self._banner_until
            self.announce(self.banner_text, self._banner_tint)
            self._banner_until = until

    def show_recent(self, captions: list[str]) -> None:
        """The last few actions' captions at the top right, the newest brightest (a banner
        showing moves clear of them)."""
        recent = captions[-RECENT:]
        face, inner = font(RECENT_SIZE), (RECENT_WIDTH - 2 * RECENT_PAD) * scale()
        while len(recent) > 1 and sum(len(wrap(t, face, inner)) for t in recent) > RECENT_LINES:
            recent = recent[1:]
        self.recent = recent
        if not self.recent:
            self.recent_panel.clear()
            return
        lines = [
            Line(t, RECENT_SIZE, INK if i == len(self.recent) - 1 else MUTED)
            for i, t in enumerate(self.recent)
        ]
        at_top_right(self.recent_panel, text_panel(lines, RECENT_WIDTH, pad=RECENT_PAD))
        self.keep_banner_clear()

    def update(self) -> None:
        now = time.monotonic()
        if self.banner.enabled and now > self._banner_until:
            self.banner.clear()
        if self.tip.enabled and self.tip.image is not None:
            self._place_tip(self.tip.image)
