"""Burg Klettermax's heads-up display on the shared frame (climbers.app.panels.hud_frame):
whose turn it is and what to do, every player with their tower's knights and the tiles they
hold (counts; a player's own treasures only while they peek, everyone's at the end), the last
refusal; the Roll, End turn and Undo buttons and, when knights are to be chosen, a button per
colour."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PIL import Image, ImageDraw
from ursina import Button, color

from climbers.app.panels.canvas import INK, MUTED, font, scale
from climbers.app.panels.hud_frame import ACTING, HudFrame
from climbers.io.language import N_, _, say
from climbers.klettermax.core import COLOURS, Colour, Seat, State
from climbers.klettermax.core.components import TOWER_HEIGHT
from climbers.klettermax.table.textures import KNIGHT_RGB, SEAT_RGB, knight_colour
from climbers.klettermax.table.words import colour_name, seat_label, treasures_words

HELP = N_(
    "Right-drag orbit · Arrows pan · Wheel zoom · Home view · Space roll · Drag the top knight "
    "back: flick · Hold T peek · Enter end turn · U undo · Esc pause · F1 rules · F4 settings"
)
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
        self.roll_button = self.side_button(_("Roll (Space)"), self.side(0.22), on_roll)
        self.end_button = self.side_button(_("End turn (Enter)"), self.side(0.09), on_end)
        self.undo_button = self.side_button(_("Undo (U)"), self.side(0.155), on_undo)
        self.colour_buttons: dict[Colour, Button] = {}
        for i, colour in enumerate(COLOURS):
            at = self.side(0.29 + 0.065 * (len(COLOURS) - 1 - i))
            b = self.side_button(colour_name(colour).capitalize(), at, partial(on_take, colour))
            b.color = knight_colour(colour)
            b.text_color = color.black if colour in (Colour.YELLOW, Colour.WHITE) else color.white
            b.enabled = False
            self.colour_buttons[colour] = b
        self.bots: dict[int, str] = {}
        self.title_line = ""
        self.peeking: int | None = None
        """The seat whose own treasures show in the panel (a peek, or the only person)."""

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
        self.shown = state
        self.title_line = title
        self._draw_panel()
        self.help_for(state.over)
        self.roll_button.enabled = person and can_roll
        self.end_button.enabled = person and can_end
        self.undo_button.enabled = person and not state.over
        self.grey_unless(self.undo_button, can_undo)
        for colour, b in self.colour_buttons.items():
            b.enabled = person and colour in choices

    def peek(self, seat: int | None, seen: State) -> None:
        """Show `seat`'s own treasures in the panel (None: nobody's), from the game as `seat`
        sees it."""
        self.peeking = seat
        self.shown = seen
        self._draw_panel()

    def draw_players(self, state: State) -> None:
        k = scale()
        width, pad, row_h = PANEL_WIDTH * k, 12 * k, 34 * k
        body, small = font(16), font(14)
        acting = None if state.over else state.turn.seat

        def paint_rows(d: ImageDraw.ImageDraw, image: Image.Image, y: float) -> None:
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
                name = seat_label(seat, self.bots)
                d.text((x, y + row_h / 2), name, font=body, fill=INK, anchor="lm")
                tiles = self.tiles_words(state, seat)
                d.text((width - pad, y + row_h / 2), tiles, font=small, fill=MUTED, anchor="rm")
                self._paint_tower(d, s, x, y + row_h, row_h)
                y += 2 * row_h

        self.compose_panel(width, len(state.seats) * row_h * 2, paint_rows)

    def _paint_tower(
        self, d: ImageDraw.ImageDraw, s: Seat, x: float, y: float, row_h: float
    ) -> None:
        """A seat's tower as coloured boxes, bottom first, and its spot."""
        k = scale()
        box = round(row_h * 0.5)
        for level in range(TOWER_HEIGHT):
            left = x + level * (box + 5 * k)
            rect = [left, y + (row_h - box) / 2 - 4 * k, left + box, y + (row_h + box) / 2 - 4 * k]
            if level < len(s.tower):
                d.rectangle(rect, fill=(*KNIGHT_RGB[s.tower[level]], 255), outline=(20, 20, 20))
            else:
                d.rectangle(rect, outline=(110, 116, 128), width=max(1, round(k)))
        d.text(
            (x + TOWER_HEIGHT * (box + 5 * k) + 4 * k, y + row_h / 2 - 4 * k),
            say(N_("spot {spot}"), spot=s.spot),
            font=font(14),
            fill=MUTED,
            anchor="lm",
        )

    def tiles_words(self, state: State, seat: int) -> str:
        """'2 tiles' for others; with the treasures for the player peeking, and for everyone at
        the end."""
        tiles = state.seats[seat].tiles
        count = say(N_("{count} of 5 tiles"), count=len(tiles))
        if state.over or seat == self.peeking:
            return count + " · " + treasures_words(sum(tiles))
        return count
