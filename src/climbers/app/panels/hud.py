"""The heads-up display: whose turn and which step, every player's level, ladders and disk in
ranking order, the last refusal, messages, and the Undo / Skip step / Done buttons."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw
from ursina import Button, Entity, Text, Texture, Vec2, camera, color, mouse, window

from climbers.app.panels.widgets import CaptionBar, Notice, help_line
from climbers.app.table.textures import tint
from climbers.core import Colour, GameState, Step, ladders_allowed, ranking, reactors_after

STEP_HINTS = {
    Step.MOVE: "move your Climber — click it",
    Step.BLOCK: "move a block — drag it (R turn, T/G tip, Esc back)",
    Step.DISK: "place your blocking disk — click a lit block",
}
HELP = (
    "Right-drag orbit · Middle-drag/arrows pan · Wheel zoom · Home reset view · C centre · "
    "U undo · Space skip step · Enter done · F1 rules · F4 settings"
)
ORDER_NOTE = "Ranked by level; on equal levels, whoever got there first is ahead."
SKIP_LABEL = "Skip this step (Space)"
ROW = 0.036
REFUSAL_WRAP = 56
"""Characters per line of the last refusal in the panel."""
BUTTON = color.rgb(0.18, 0.42, 0.55)
MUTED = color.rgba(0.8, 0.82, 0.86, 0.8)
USED = color.rgba(1, 1, 1, 0.16)


def step_text(state: GameState) -> str:
    """One line: who acts now and what they may do (the order of reactions and whether they
    may use ladders come from the core)."""
    if state.finished:
        return "Game over"
    player = state.players[state.actor]
    if state.step is Step.REACTION:
        active = state.players[state.turn.active].label
        after = [state.players[seat].label for seat in reactors_after(state)]
        then = f" (then {', '.join(after)})" if after else ""
        how = "move" if ladders_allowed(state) else "move without ladders"
        return f"{player.label} may react to {active}{then}: {how}, or Space to pass"
    steps = state.rules.turn_steps()
    return (
        f"Turn {state.turn.number} · {player.label} · step {state.turn.step + 1}/{len(steps)}: "
        f"{STEP_HINTS[state.step]}"
    )


def player_lines(state: GameState) -> list[tuple[str, Colour]]:
    """(text, colour) for each seat in ranking order: marker, place, name and level."""
    lines = []
    seats = {p.colour: i for i, p in enumerate(state.players)}
    for standing in ranking(state):
        seat = seats[standing.colour]
        p = state.players[seat]
        mark = ">" if seat == state.actor and not state.finished else " "
        where = "table" if standing.level == 0 else f"level {standing.level}"
        lines.append((f"{mark} {standing.place}. {p.label}  {where}", p.colour))
    return lines


@cache
def ladder_icon(tall: bool) -> Texture:
    """A small wooden ladder (the tall one has more rungs)."""
    w, h = 32, 64
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    wood = (214, 168, 104, 255)
    top = 2 if tall else 22
    for x in (6, w - 8):
        d.rectangle([x, top, x + 3, h - 2], fill=wood)
    for y in range(h - 8, top, -9):
        d.rectangle([6, y, w - 6, y + 2], fill=wood)
    return Texture(img)


class PlayerRow:
    """One line of the player list: colour chip, text, two ladder icons and a disk icon."""

    def __init__(self) -> None:
        self.chip = Entity(parent=camera.ui, model="circle", scale=0.018)
        self.text = Text("", parent=camera.ui, scale=0.95)
        self.short = Entity(parent=camera.ui, model="quad", texture=ladder_icon(False))
        self.tall = Entity(parent=camera.ui, model="quad", texture=ladder_icon(True))
        self.short.scale = self.tall.scale = (0.016, 0.032)
        self.disk_rim = Entity(parent=camera.ui, model="circle", scale=0.022, color=color.black)
        self.disk = Entity(parent=camera.ui, model="circle", scale=0.016, z=-0.01)

    def show(self, state: GameState, text: str, colour: Colour, at: Vec2, icons_x: float) -> None:
        p = next(p for p in state.players if p.colour == colour)
        self.text.text = text
        self.text.position = at + Vec2(0.022, 0)
        self.chip.color = tint(colour)
        self.chip.position = at + Vec2(0.008, -0.011)
        y = at.y - 0.011
        self.short.position = (icons_x, y)
        self.tall.position = (icons_x + 0.024, y)
        self.short.color = color.white if "short" in p.ladders else USED
        self.tall.color = color.white if "tall" in p.ladders else USED
        self.disk_rim.position = (icons_x + 0.052, y)
        self.disk.position = (icons_x + 0.052, y, -0.01)
        faded = {"in_hand": 1.0, "placed": 0.55, "spent": 0.15}[p.disk]
        self.disk.color = tint(colour, faded)
        self.disk_rim.color = color.rgba(0, 0, 0, faded)
        self.enabled = True

    @property
    def parts(self) -> list[Entity]:
        return [self.chip, self.text, self.short, self.tall, self.disk_rim, self.disk]

    @property
    def enabled(self) -> bool:
        return bool(self.text.enabled)

    @enabled.setter
    def enabled(self, on: bool) -> None:
        for part in self.parts:
            part.enabled = on


class Hud(Entity):  # type: ignore[misc]
    """Panels on camera.ui; `refresh` redraws from a state, `message`/`show_tip` show text."""

    def __init__(
        self,
        on_skip: Callable[[], None],
        on_done: Callable[[], None] | None = None,
        on_undo: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent=camera.ui, name="hud")
        left = window.top_left
        self.panel = Entity(
            parent=camera.ui,
            model="quad",
            color=color.rgba(0.08, 0.09, 0.12, 0.62),
            origin=(-0.5, 0.5),
            position=left + Vec2(0.015, -0.015),
            scale=(0.62, 0.08),
            z=1,
        )
        self.title = Text("", parent=camera.ui, position=left + Vec2(0.03, -0.03), scale=1.05)
        self.rows: list[PlayerRow] = []
        self.order = Text(ORDER_NOTE, parent=camera.ui, scale=0.75, color=MUTED)
        self.refusal = Text("", parent=camera.ui, scale=0.8, color=color.rgb(1, 0.6, 0.55))
        self.note = CaptionBar(-0.40, x=-0.17, width=90)
        self.help = help_line(HELP)
        self.tip = Text("", parent=camera.ui, scale=0.9, z=-1, color=color.rgb(1, 0.95, 0.8))
        corner = window.bottom_right
        self.done = self._button("Done: end turn (Enter)", corner + Vec2(-0.155, 0.09), on_done)
        self.skip = self._button(SKIP_LABEL, corner + Vec2(-0.155, 0.155), on_skip)
        self.undo = self._button("Undo (U)", corner + Vec2(-0.155, 0.22), on_undo)
        self.notice = Notice()
        self.last_refusal = ""
        self._turn: tuple[int, int] | None = None
        self.can_undo = False

    @staticmethod
    def _button(text: str, at: Vec2, action: Callable[[], None] | None) -> Button:
        b = Button(text=text, scale=(0.27, 0.055), position=at, color=BUTTON)
        if action is None:
            b.enabled = False
        else:
            b.on_click = action
        b.wanted = action is not None
        return b

    def set_title(self, text: str) -> None:
        """Replace the turn line, widening the panel when the new line is longer."""
        self.title.text = text
        width = len(text) * 0.0118 + 0.03
        if width > self.panel.scale_x:
            self.panel.scale_x = width

    def refresh(self, state: GameState, can_undo: bool = False) -> None:
        """Redraw the turn line, the ranked player list and the buttons."""
        self.title.text = step_text(state)
        if self._turn != (state.turn.number, state.turn.active):
            self._turn = (state.turn.number, state.turn.active)
            self.last_refusal = ""
        for row in self.rows:
            row.enabled = False
        lines = player_lines(state)
        while len(self.rows) < len(lines):
            self.rows.append(PlayerRow())
        top = window.top_left + Vec2(0.03, -0.078)
        longest = max(len(t) for t, _ in lines)
        icons_x = top.x + 0.04 + longest * 0.0112
        for i, (text, colour) in enumerate(lines):
            self.rows[i].show(state, text, colour, top + Vec2(0, -ROW * i), icons_x)
        y = top.y - ROW * len(lines)
        self.order.position = (top.x + 0.005, y)
        self.refusal.position = (top.x + 0.005, y - 0.028)
        self._show_refusal()
        refusal_lines = self.refusal.text.split("\n") if self.refusal.text else []
        width = max(
            len(self.title.text) * 0.0118,
            len(ORDER_NOTE) * 0.0092,
            max((len(line) for line in refusal_lines), default=0) * 0.0098,
            icons_x + 0.07 - self.panel.x,
        )
        height = 0.128 + ROW * len(lines) + 0.024 * max(0, len(refusal_lines) - 1)
        self.panel.scale = (width + 0.03, height)
        reacting = state.step is Step.REACTION
        self.skip.text = "Pass (Space)" if reacting else SKIP_LABEL
        self.skip.enabled = not state.finished
        self.done.enabled = self.done.wanted and not state.finished and not reacting
        self.undo.enabled = self.undo.wanted and not state.finished
        self.undo.color = BUTTON if can_undo else color.rgba(0.3, 0.33, 0.36, 0.6)
        self.undo.highlight_color = self.undo.color.tint(0.1)
        self.can_undo = can_undo

    def show_bot_turn(self, line: str) -> None:
        """During a bot's step: its thinking line, and no buttons a person could use for it."""
        self.title.text = line
        for button in (self.skip, self.done, self.undo):
            button.enabled = False

    def _show_refusal(self) -> None:
        text = f"Last refusal: {self.last_refusal}" if self.last_refusal else ""
        self.refusal.text = "\n".join(textwrap.wrap(text, REFUSAL_WRAP))
        self.refusal.enabled = bool(self.last_refusal)

    def clear_refusal(self) -> None:
        """An action went through: the last refusal no longer applies."""
        self.last_refusal = ""
        self._show_refusal()

    def refuse(self, text: str) -> None:
        """Show the core's reason for a refusal, and keep it in the panel."""
        self.last_refusal = text
        self._show_refusal()
        self.message(text, bad=True)

    def message(self, text: str, bad: bool = False) -> None:
        """The line above the help: hints in white, problems in red."""
        self.note.show(text, color.rgb(1, 0.55, 0.5) if bad else color.white)

    def show_tip(self, text: str) -> None:
        """A small label next to the mouse pointer ('' hides it)."""
        if self.tip.text != text:
            self.tip.text = text
        self.tip.enabled = bool(text)

    def update(self) -> None:
        if self.tip.enabled:
            self.tip.position = Vec2(mouse.x + 0.02, mouse.y - 0.03)
