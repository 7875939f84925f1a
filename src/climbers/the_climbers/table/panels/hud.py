"""The heads-up display, drawn with Pillow (see canvas.py): whose turn and which step, every
player's level, ladders and disk in ranking order, how close the end is, the last refusal;
hints along the bottom, a label beside the pointer, the last few actions, a banner when the
table passes to another player, and the Undo / Skip / Done buttons."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from PIL import Image, ImageDraw

from climbers.app.panels.canvas import (
    BAD,
    INK,
    MUTED,
    Line,
    font,
    scale,
)
from climbers.app.panels.hud_frame import ACTING, RECENT, HudFrame
from climbers.app.panels.widgets import fit_text
from climbers.io.language import N_, _, names_list, say, say_n
from climbers.the_climbers.core import GameState, Step, ladders_allowed, ranking, reactors_after
from climbers.the_climbers.game.game_setup import KINDS
from climbers.the_climbers.io.words import player_label
from climbers.the_climbers.table.textures import RGB, marker_image, marker_letters

DONE_KEY = "enter"
"""Ends the acting player's turn (the Done button)."""
SKIP_KEY = "space"
"""Passes the current step (the Skip button)."""
STEP_HINTS = {
    Step.MOVE: N_("Move your Climber: click it."),
    Step.BLOCK: N_("Move a block: drag it (R turns it, T and G tip it, Esc puts it back)."),
    Step.DISK: N_("Place your blocking disk: click a block with a ring."),
}


def step_hint(step: Step) -> str:
    """What to do in `step` of one's own turn, in the current language."""
    return _(STEP_HINTS[step])


HELP = N_(
    "Right-drag orbit · Middle-drag/arrows pan · Wheel zoom · Home view · C centre · "
    "U undo · Y redo · Space skip · Enter done · F1 rules · F4 settings"
)
REACTIONS = {
    # TRANSLATORS: the turn line while {player} may answer {active}'s turn; {after} answer next.
    (True, True): N_("{player} may react to {active} (then {after}): move, or Space to pass."),
    (True, False): N_(
        "{player} may react to {active} (then {after}): move without ladders, or Space to pass."
    ),
    (False, True): N_("{player} may react to {active}: move, or Space to pass."),
    (False, False): N_("{player} may react to {active}: move without ladders, or Space to pass."),
}
"""The turn line of an answering move, by (others answer after, ladders allowed)."""
"""The band behind the acting player's row (white text on it: 11:1)."""
PANEL_WIDTH = 470
"""Reference pixels: the player panel's width at most."""
__all__ = ["RECENT", "Hud"]


def step_text(state: GameState) -> str:
    """Who acts now and what they may do, the turn line first (the order of reactions and
    whether they may use ladders come from the core)."""
    if state.finished:
        return _("Game over")
    player = player_label(state.players[state.actor])
    if state.step is Step.REACTION:
        active = player_label(state.players[state.turn.active])
        after = [player_label(state.players[seat]) for seat in reactors_after(state)]
        template = REACTIONS[bool(after), ladders_allowed(state)]
        return say(template, player=player, active=active, after=names_list(after))
    line = say(
        N_("Turn {turn} · {player} · step {step} of {steps}"),
        turn=state.turn.number,
        player=player,
        step=state.turn.step + 1,
        steps=len(state.rules.turn_steps()),
    )
    return line + "\n" + step_hint(state.step)


def player_lines(state: GameState) -> list[tuple[str, int]]:
    """(text, seat) for each seat in ranking order: place, name and level."""
    seats = {p.colour: i for i, p in enumerate(state.players)}
    lines = []
    for standing in ranking(state):
        seat = seats[standing.colour]
        words = {"place": standing.place, "player": player_label(state.players[seat])}
        if standing.level == 0:
            text = say(N_("{place}. {player} — on the table"), **words)
        else:
            text = say(N_("{place}. {player} — level {level}"), level=standing.level, **words)
        lines.append((text, seat))
    return lines


def turns_left(state: GameState) -> int:
    """R22: how many more turns without a climb end the game; once the active player has
    climbed in its own steps of this turn (R21), the count starts afresh after it."""
    end = state.rules.end_after(len(state.players))
    turn = state.turn
    own = turn.step < len(state.rules.turn_steps())
    if own and state.level(turn.active) > turn.start_level:
        return end
    return end - turn.quiet_turns


def countdown(state: GameState) -> str:
    """How near the end is, in words ('' once the game is over)."""
    if state.finished:
        return ""
    left = turns_left(state)
    if left <= 0:  # the last quiet turn is over; only the answers are still to come (R22)
        return _("The game ends when the answers are done.")
    if left == 1:  # its own sentence: a language with one plural form would say "1 more turn"
        return _("The game ends after this turn unless someone climbs.")
    return say_n(
        "Game ends after {count} more turn without anyone climbing.",
        "Game ends after {count} more turns without anyone climbing.",
        left,
        count=left,
    )


@cache
def ladder_icon(tall: bool, used: bool, px: int) -> Image.Image:
    """A small wooden ladder (the tall one is longer), faded once used."""
    w, h = px // 2, px
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    wood = (214, 168, 104, 70 if used else 255)
    top = 1 if tall else h // 3
    rail = max(1, w // 8)
    for x in (w // 5, w - w // 5 - rail):
        d.rectangle([x, top, x + rail, h - 1], fill=wood)
    for y in range(h - 3, top, -max(3, h // 7)):
        d.rectangle([w // 5, y, w - w // 5, y + rail - 1], fill=wood)
    return img


class Hud(HudFrame):
    """Everything flat over the table while a game is played (the shared frame's panels, and
    the players' panel and buttons of this game); `refresh` redraws from a state."""

    def __init__(
        self,
        on_skip: Callable[[], None],
        on_done: Callable[[], None] | None = None,
        on_undo: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(_(HELP))
        self.done = self.side_button(_("Done: end turn (Enter)"), self.side(0.09), on_done)
        skip = _("Skip this step (Space)")
        self.skip = self.side_button(skip, self.side(0.155), on_skip)
        self.undo = self.side_button(_("Undo (U)"), self.side(0.22), on_undo)
        self.wanted = {self.done: on_done is not None, self.undo: on_undo is not None}
        """Whether a button has something to do on this screen at all."""
        self.title_line = ""
        self.bots: Mapping[str, str] = {}
        """The bot level of each seat a bot plays, by colour: marked on its row."""
        self.bot_marks: dict[int, str] = {}
        """The bot mark drawn on each bot's row, by seat."""
        self.rows: list[str] = []
        self.countdown = ""
        self.can_undo = False

    # ----- the panel ------------------------------------------------------------------------

    def refresh(self, state: GameState, can_undo: bool = False) -> None:
        """Redraw the turn line, the ranked players, the end's countdown, and the buttons."""
        self.shown = state
        self.title_line = step_text(state)
        self.rows = [text for text, _seat in player_lines(state)]
        self.countdown = countdown(state)
        self._draw_panel()
        reacting = state.step is Step.REACTION
        self.skip.text = _("Pass (Space)") if reacting else _("Skip this step (Space)")
        fit_text(self.skip)
        self.skip.enabled = not state.finished
        self.done.enabled = self.wanted[self.done] and not state.finished and not reacting
        self.undo.enabled = self.wanted[self.undo] and not state.finished
        self.grey_unless(self.undo, can_undo)
        self.can_undo = can_undo

    def set_title(self, text: str) -> None:
        """Replace the turn line (the sandbox says what it shows)."""
        self.title_line = text
        self._draw_panel()

    def show_bot_turn(self, line: str) -> None:
        """During a bot's step: its thinking line, and no buttons a person could use for it."""
        self.set_title(line)
        for button in (self.skip, self.done, self.undo):
            button.enabled = False

    def draw_players(self, state: GameState) -> None:
        k = scale()
        width, pad, row_h = PANEL_WIDTH * k, 12 * k, 30 * k
        body, small = font(17), font(14)
        order = _("Ranked by level; on equal levels, whoever got there first is ahead.")
        notes = [Line(order, 14, MUTED)]
        if self.countdown:
            near = turns_left(state) <= 2
            notes.append(Line(self.countdown, 14, BAD if near else MUTED))
        acting = None if state.finished else state.actor
        self.bot_marks = {}
        letters = marker_letters([player_label(player) for player in state.players])

        def paint_rows(d: ImageDraw.ImageDraw, image: Image.Image, y: float) -> None:
            for text, seat in player_lines(state):
                player = state.players[seat]
                if seat == acting:
                    d.rounded_rectangle(
                        [pad * 0.5, y, width - pad * 0.5, y + row_h - 2 * k], 6 * k, fill=ACTING
                    )
                disc = round(row_h * 0.8)
                image.alpha_composite(
                    marker_image(player.colour, letters[seat], disc), (int(pad), int(y + k))
                )
                d.text(
                    (pad + disc + 8 * k, y + (row_h - body.size) / 2 - 2 * k),
                    text,
                    font=body,
                    fill=INK,
                )
                x = width - pad - 64 * k
                if player.colour in self.bots:
                    tag = self.bot_marks[seat] = _(KINDS[self.bots[player.colour]])
                    d.text((x - 8 * k, y + row_h / 2 - k), tag, font=small, fill=MUTED, anchor="rm")
                for tall in (False, True):
                    kind = "tall" if tall else "short"
                    icon = ladder_icon(tall, kind not in player.ladders, round(row_h * 0.75))
                    image.alpha_composite(icon, (int(x), int(y + row_h * 0.1)))
                    x += icon.width + 4 * k
                if player.disk != "spent":
                    r = row_h * 0.3
                    cx, cy = x + r + 4 * k, y + row_h / 2 - k
                    alpha = 255 if player.disk == "in_hand" else 110
                    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(20, 20, 24, alpha))
                    d.ellipse(
                        [cx - r * 0.75, cy - r * 0.75, cx + r * 0.75, cy + r * 0.75],
                        fill=(*RGB[player.colour], alpha),
                    )
                y += row_h

        self.compose_panel(width, len(self.rows) * row_h, paint_rows, notes, body_size=17)

    # ----- lines and labels -----------------------------------------------------------------
