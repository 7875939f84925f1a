"""Burg Klettermax's heads-up display on the shared frame (climbers.app.panels.hud_frame):
whose turn it is and what to do, every player with their tower's knights and the tiles they
hold (counts; a player's own treasures only while they peek, everyone's at the end), the last
refusal; the Roll, End turn and Undo buttons and, when knights are to be chosen, a button per
colour."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PIL import Image, ImageDraw
from ursina import Button, Vec2, color, window

from climbers.app.panels.canvas import BAD, INK, MUTED, PANEL, Line, font, scale, wrap
from climbers.app.panels.hud_frame import HudFrame
from climbers.app.panels.widgets import fit_text, plain_button
from climbers.io.language import N_, _, say
from climbers.klettermax.core import COLOURS, Colour, State
from climbers.klettermax.core.components import TOWER_HEIGHT
from climbers.klettermax.table.textures import KNIGHT_RGB, SEAT_RGB, knight_colour
from climbers.klettermax.table.words import colour_name, seat_label, treasures_words

HELP = N_(
    "Right-drag orbit · Arrows pan · Wheel zoom · Home view · Space roll · Drag the top knight "
    "back: flick · Hold T peek · Enter end turn · U undo · Esc pause · F1 rules · F4 settings"
)
BUTTON = color.rgb(0.18, 0.42, 0.55)
GREYED = color.rgba(0.3, 0.33, 0.36, 0.6)
ACTING = (52, 58, 72, 255)
PANEL_WIDTH = 420


class KlettermaxHud(HudFrame):
    """The shared frame's panels, the players' panel of this game and its buttons."""

    def __init__(
        self,
        on_roll: Callable[[], None],
        on_end: Callable[[], None],
        on_undo: Callable[[], None],
        on_take: Callable[[Colour], None],
    ) -> None:
        super().__init__(_(HELP))
        corner = window.bottom_right
        self.roll_button = self._button(_("Roll (Space)"), corner + Vec2(-0.155, 0.22), on_roll)
        self.end_button = self._button(_("End turn (Enter)"), corner + Vec2(-0.155, 0.09), on_end)
        self.undo_button = self._button(_("Undo (U)"), corner + Vec2(-0.155, 0.155), on_undo)
        self.colour_buttons: dict[Colour, Button] = {}
        for i, colour in enumerate(COLOURS):
            at = corner + Vec2(-0.155, 0.29 + 0.065 * (len(COLOURS) - 1 - i))
            b = self._button(colour_name(colour).capitalize(), at, partial(on_take, colour))
            b.color = knight_colour(colour)
            b.text_color = color.black if colour in (Colour.YELLOW, Colour.WHITE) else color.white
            b.enabled = False
            self.colour_buttons[colour] = b
        self.bots: dict[int, str] = {}
        self.title_line = ""
        self.peeking: int | None = None
        """The seat whose own treasures show in the panel (a peek, or the only person)."""
        self._state: State | None = None

    @staticmethod
    def _button(text: str, at: Vec2, action: Callable[[], None]) -> Button:
        b = plain_button(Button(text=text, scale=(0.27, 0.055), position=at, color=BUTTON))
        fit_text(b)
        b.on_click = action
        return b

    def refresh(
        self,
        state: State,
        title: str,
        person: bool,
        can_undo: bool,
        can_roll: bool,
        can_end: bool,
        choices: tuple[Colour, ...] = (),
    ) -> None:
        """Redraw the panel with `title` first; show the buttons a person may use now."""
        self._state = state
        self.title_line = title
        self._draw_panel()
        self.roll_button.enabled = person and can_roll
        self.end_button.enabled = person and can_end
        self.undo_button.enabled = person and not state.over
        self.undo_button.color = BUTTON if can_undo else GREYED
        self.undo_button.highlight_color = self.undo_button.color.tint(0.1)
        for colour, b in self.colour_buttons.items():
            b.enabled = person and colour in choices

    def peek(self, seat: int | None) -> None:
        """Show `seat`'s own treasures in the panel (None: nobody's)."""
        if seat != self.peeking:
            self.peeking = seat
            self._draw_panel()

    def _draw_panel(self) -> None:
        state = self._state
        if state is None:
            return
        k = scale()
        width = PANEL_WIDTH * k
        pad, row_h = 12 * k, 34 * k
        title, body, small = font(19), font(16), font(14)
        inner = width - 2 * pad
        head, _nl, rest = self.title_line.partition("\n")
        title_lines = [(part, title) for part in wrap(head, title, inner)]
        title_lines += [(part, body) for part in wrap(rest, body, inner)] if rest else []
        notes: list[Line] = []
        if self.last_refusal:
            notes.append(Line(say(N_("Last refusal: {reason}"), reason=self.last_refusal), 14, BAD))
        note_lines = [
            (part, line.colour) for line in notes for part in wrap(line.text, small, inner)
        ]
        seats = len(state.seats)
        height = (
            pad * 2
            + sum(face.size * 1.3 for _, face in title_lines)
            + 6 * k
            + seats * row_h * 2
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
        acting = None if state.over else state.turn.seat
        for seat, s in enumerate(state.seats):
            if seat == acting:
                d.rounded_rectangle(
                    [pad * 0.5, y, width - pad * 0.5, y + 2 * row_h - 2 * k], 6 * k, fill=ACTING
                )
            chip = round(row_h * 0.6)
            d.rounded_rectangle(
                [pad, y + (row_h - chip) / 2, pad + chip, y + (row_h + chip) / 2],
                3 * k,
                fill=(*SEAT_RGB[seat], 255),
            )
            x = pad + chip + 8 * k
            d.text(
                (x, y + row_h / 2), seat_label(seat, self.bots), font=body, fill=INK, anchor="lm"
            )
            d.text(
                (width - pad, y + row_h / 2),
                self.tiles_words(state, seat),
                font=small,
                fill=MUTED,
                anchor="rm",
            )
            yy = y + row_h
            box = round(row_h * 0.5)
            for level in range(TOWER_HEIGHT):
                left = x + level * (box + 5 * k)
                rect = [
                    left,
                    yy + (row_h - box) / 2 - 4 * k,
                    left + box,
                    yy + (row_h + box) / 2 - 4 * k,
                ]
                if level < len(s.tower):
                    d.rectangle(rect, fill=(*KNIGHT_RGB[s.tower[level]], 255), outline=(20, 20, 20))
                else:
                    d.rectangle(rect, outline=(110, 116, 128), width=max(1, round(k)))
            d.text(
                (x + TOWER_HEIGHT * (box + 5 * k) + 4 * k, yy + row_h / 2 - 4 * k),
                say(N_("spot {spot}"), spot=s.spot),
                font=small,
                fill=MUTED,
                anchor="lm",
            )
            y += 2 * row_h
        if note_lines:
            y += 4 * k
            for part, colour in note_lines:
                d.text((pad, y), part, font=small, fill=colour)
                y += small.size * 1.3
        self.panel.show(image, 12 * k, 12 * k)

    def tiles_words(self, state: State, seat: int) -> str:
        """'2 tiles' for others; with the treasures for the player peeking, and for everyone at
        the end."""
        tiles = state.seats[seat].tiles
        count = say(N_("{count} of 5 tiles"), count=len(tiles))
        if state.over or seat == self.peeking:
            return count + " · " + treasures_words(sum(tiles))
        return count
