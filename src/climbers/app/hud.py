"""The heads-up display: whose turn and which step, players' ladders, disks and levels, messages."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Button, Entity, Text, Vec2, camera, color, mouse, window

from climbers.core import GameState, Step, ranking

from .textures import tint

STEP_HINTS = {
    Step.MOVE: "move your Climber — click it",
    Step.BLOCK: "move a block — drag it (R turn, T/G tip, Esc back)",
    Step.DISK: "place your blocking disk — click a lit block",
}
HELP = (
    "Right-drag orbit · Middle-drag/arrows pan · Wheel zoom · Home reset view · "
    "C centre · Space skip/done"
)


def step_text(state: GameState) -> str:
    """One line: who acts now and what they may do."""
    if state.finished:
        return "Game over"
    player = state.players[state.actor]
    if state.step is Step.REACTION:
        active = state.players[state.turn.active].label
        return f"{player.label} may react to {active}: move without ladders, or Space to pass"
    steps = state.rules.turn_steps()
    return (
        f"Turn {state.turn.number} · {player.label} · step {state.turn.step + 1}/{len(steps)}: "
        f"{STEP_HINTS[state.step]}"
    )


def player_lines(state: GameState) -> list[tuple[str, object]]:
    """(text, colour) for each seat, in ranking order with place, level, ladders and disk."""
    lines = []
    seats = {p.colour.value: i for i, p in enumerate(state.players)}
    for colour, level, place in ranking(state):
        seat = seats[colour]
        p = state.players[seat]
        ladders = " ".join(k for k in p.ladders) or "no ladders"
        disk = {"in_hand": "disk", "placed": f"disk on {p.disk_on}", "spent": "no disk"}[p.disk]
        mark = "> " if seat == state.actor and not state.finished else "   "
        lines.append((f"{mark}{place}. {p.label}  level {level}  · {ladders} · {disk}", p.colour))
    return lines


class Hud(Entity):  # type: ignore[misc]
    """Panels on camera.ui; `refresh` redraws from a state, `message`/`tooltip` show text."""

    def __init__(self, on_skip: Callable[[], None]) -> None:
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
        self.rows: list[Text] = []
        self.chips: list[Entity] = []
        self.note_panel = Entity(
            parent=camera.ui,
            model="quad",
            color=color.rgba(0.08, 0.09, 0.12, 0.7),
            position=(0, -0.40),
            z=1,
            enabled=False,
        )
        self.note = Text("", parent=camera.ui, origin=(0, 0), position=(0, -0.40), scale=1.05)
        self.help = Text(
            HELP,
            parent=camera.ui,
            origin=(0, 0),
            position=(0, -0.475),
            scale=0.8,
            color=color.rgba(0.1, 0.1, 0.12, 0.9),
        )
        self.tip = Text("", parent=camera.ui, scale=0.9, z=-1, color=color.rgb(1, 0.95, 0.8))
        self.skip = Button(
            text="Skip (Space)",
            scale=(0.2, 0.055),
            position=window.bottom_right + Vec2(-0.12, 0.07),
            color=color.rgb(0.18, 0.42, 0.55),
        )
        self.skip.on_click = on_skip
        self.last_refusal = ""

    def refresh(self, state: GameState) -> None:
        """Redraw the turn line and the player list."""
        self.title.text = step_text(state)
        for t in self.rows + self.chips:
            t.enabled = False
        lines = player_lines(state)
        while len(self.rows) < len(lines):
            self.rows.append(Text("", parent=camera.ui, scale=0.95))
            self.chips.append(Entity(parent=camera.ui, model="circle", scale=0.018))
        top = window.top_left + Vec2(0.03, -0.075)
        for i, (text, colour) in enumerate(lines):
            row, chip = self.rows[i], self.chips[i]
            row.text = text
            row.position = top + Vec2(0.022, -0.034 * i)
            chip.color = tint(colour)  # type: ignore[arg-type]
            chip.position = top + Vec2(0.008, -0.034 * i - 0.011)
            row.enabled = chip.enabled = True
        width = max(len(self.title.text), *(len(t) for t, _ in lines)) * 0.0118 + 0.04
        self.panel.scale = (width, 0.075 + 0.034 * len(lines))
        self.skip.text = "Done (Space)" if state.step is Step.REACTION else "Skip (Space)"
        self.skip.enabled = not state.finished

    def message(self, text: str, bad: bool = False) -> None:
        """The line above the help: hints in white, refusals in red."""
        if bad:
            self.last_refusal = text
        self.note.text = text
        self.note.color = color.rgb(1, 0.55, 0.5) if bad else color.white
        self.note_panel.enabled = bool(text)
        self.note_panel.scale = (len(text) * 0.0126 + 0.05, 0.045)

    def tooltip(self, text: str) -> None:
        """A small label next to the mouse pointer ('' hides it)."""
        if self.tip.text != text:
            self.tip.text = text
        self.tip.enabled = bool(text)

    def update(self) -> None:
        if self.tip.enabled:
            self.tip.position = Vec2(mouse.x + 0.02, mouse.y - 0.03)
