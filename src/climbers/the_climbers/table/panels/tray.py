"""The sandbox tray: the 35 components by kind, with how many of each are still off the mountain."""

from __future__ import annotations

from collections.abc import Callable

from ursina import Button, Entity, Text, Vec2, camera, color, window

from climbers.app.panels.widgets import BUTTON, INK, plain, plain_button
from climbers.io.language import N_, _, say
from climbers.the_climbers.core import GameState
from climbers.the_climbers.core.sandbox import tray

KIND_NAMES = {
    "half": N_("Half-cube"),
    "cube": N_("Cube"),
    "double": N_("Double cube"),
    "neutral": N_("Large neutral"),
}


def kind_of(name: str) -> str:
    """A block's kind from its name: half-3 → half."""
    return name.rsplit("-", 1)[0]


def kinds(state: GameState) -> list[str]:
    """Every kind in the component set, in component order."""
    seen: list[str] = []
    for b in state.components.blocks:
        if kind_of(b.name) not in seen:
            seen.append(kind_of(b.name))
    return seen


def left_by_kind(state: GameState) -> dict[str, list[str]]:
    """Blocks still in the tray, by kind (every kind listed, maybe empty)."""
    result: dict[str, list[str]] = {k: [] for k in kinds(state)}
    for name in tray(state):
        result[kind_of(name)].append(name)
    return result


class TrayPanel(Entity):  # type: ignore[misc]
    """A column of buttons, one per kind: click takes the next block of that kind."""

    def __init__(self, state: GameState, on_take: Callable[[str], None]) -> None:
        super().__init__(parent=camera.ui, name="tray")
        right = window.top_right
        self.on_take = on_take
        self.title = plain(
            Text(
                " ",
                parent=self,
                position=right + Vec2(-0.31, -0.19),
                origin=(-0.5, 0),
                scale=1.05,
                color=INK,
            )
        )
        self.buttons: dict[str, Button] = {}
        for i, kind in enumerate(kinds(state)):
            b = plain_button(
                Button(
                    "",
                    parent=self,
                    position=right + Vec2(-0.17, -0.24 - 0.058 * i),
                    scale=(0.28, 0.05),
                    color=BUTTON,
                )
            )
            b.on_click = lambda k=kind: self.on_take(k)
            self.buttons[kind] = b
        self.refresh(state)

    def refresh(self, state: GameState) -> None:
        """Show the counts left; a kind with none left cannot be clicked."""
        total = 0
        for kind, names in left_by_kind(state).items():
            b = self.buttons[kind]
            b.text = say(N_("{kind}  ×{count}"), kind=_(KIND_NAMES[kind]), count=len(names))
            b.disabled = not names
            b.color = BUTTON if names else color.rgba(0.2, 0.22, 0.26, 0.4)
            total += len(names)
        left = N_("Tray · {left} of {count} left")
        self.title.text = say(left, left=total, count=len(state.components.blocks))
