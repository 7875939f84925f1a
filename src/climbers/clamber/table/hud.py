"""Clamber's heads-up display on the shared frame (climbers.app.panels.hud_frame): whose turn it
is and what to do, both players with their stacks and stones, the last refusal; the End turn
and Undo buttons."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PIL import Image, ImageDraw

from climbers.app.panels.canvas import INK, MUTED, font, scale
from climbers.app.panels.hud_frame import ACTING, HudFrame
from climbers.clamber.core import ClamberState, Stack
from climbers.clamber.table.textures import badge_image
from climbers.clamber.table.words import material, player_name, seat_label
from climbers.io.language import N_, _, say

HELP = N_(
    "Right-drag orbit · Middle-drag/arrows pan · Wheel zoom · Home view · Click: place, choose, "
    "capture · Enter/Space end a chain · U undo · Y redo · Esc pause · F1 rules · F4 settings"
)
PANEL_WIDTH = 400
"""Reference pixels: the panel's width."""


class ClamberHud(HudFrame):
    """The shared frame's panels, the players' panel of this game and its buttons; `refresh`
    redraws from a state."""

    def __init__(self, on_end: Callable[[], None], on_undo: Callable[[], None]) -> None:
        super().__init__(_(HELP))
        self.end_button = self.side_button(_("End turn (Enter)"), self.side(0.09), on_end)
        self.undo_button = self.side_button(_("Undo (U)"), self.side(0.155), on_undo)
        self.bots: dict[int, str] = {}
        self.title_line = ""
        self._state: ClamberState | None = None
        self._stacks: dict[str, Stack] = {}

    def refresh(
        self,
        state: ClamberState,
        title: str,
        chain: bool = False,
        can_undo: bool = False,
        stacks: Mapping[str, Stack] | None = None,
    ) -> None:
        """Redraw the panel with `title` as its first lines and each player's stacks as the
        board shows them (`stacks`: a chain being built; the state's by default); End turn
        shows while a chain is being built, Undo is greyed when there is nothing to take
        back."""
        self._state = state
        self._stacks = dict(state.stacks if stacks is None else stacks)
        self.title_line = title
        self._draw_panel()
        self.help_for(state.over)
        self.end_button.enabled = chain
        self.undo_button.enabled = not state.over
        self.grey_unless(self.undo_button, can_undo or chain)

    def show_bot_turn(self, line: str) -> None:
        """During a bot's turn: its thinking line, and no buttons a person could use for it."""
        self.title_line = line
        self._draw_panel()
        self.end_button.enabled = self.undo_button.enabled = False

    def _draw_panel(self) -> None:
        state = self._state
        if state is None:
            return
        k = scale()
        width, pad, row_h = PANEL_WIDTH * k, 12 * k, 34 * k
        body, small = font(16), font(14)
        acting = None if state.over else state.to_move

        def paint_rows(d: ImageDraw.ImageDraw, image: Image.Image, y: float) -> None:
            for seat in (0, 1):
                if seat == acting:
                    d.rounded_rectangle(
                        [pad * 0.5, y, width - pad * 0.5, y + row_h - 2 * k], 6 * k, fill=ACTING
                    )
                disc = round(row_h * 0.8)
                image.alpha_composite(badge_image(seat, None, disc), (int(pad), int(y + k)))
                x = pad + disc + 8 * k
                name = seat_label(seat, self.bots)
                d.text((x, y + row_h / 2 - k), name, font=body, fill=INK, anchor="lm")
                d.text(
                    (width - pad, y + row_h / 2 - k),
                    material(self._stacks, seat),
                    font=small,
                    fill=MUTED,
                    anchor="rm",
                )
                y += row_h

        self.compose_panel(width, 2 * row_h, paint_rows)


def turn_title(state: ClamberState, bots: dict[int, str], chosen: str | None = None) -> str:
    """'Turn 7 · Blue to play' and, on the next line, what to do (with the stack `chosen` to
    capture with: what it may do)."""
    if state.over:
        return _("Game over")
    line = say(
        N_("Turn {turn} · {player} to play"),
        turn=state.turn + 1,
        player=player_name(state.to_move),
    )
    if chosen is not None:
        todo = say(N_("{cell} chosen: click a marked stack to capture it, or Esc."), cell=chosen)
        return line + "\n" + todo
    return line + "\n" + _("Click an empty cell to place a stone, or one of your stacks.")
