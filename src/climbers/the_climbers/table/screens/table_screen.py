"""What every screen with the table in 3D shares: the pieces of a state and the camera framing
them, as the play window opens on that state."""

from __future__ import annotations

from ursina import Entity, invoke

from climbers.app.settings import Settings
from climbers.app.table.camera import CameraRig
from climbers.app.table.scene import clear_scene, nothing_hovered
from climbers.the_climbers.core import GameState
from climbers.the_climbers.table.framing import mountain_view
from climbers.the_climbers.table.marks import Marks
from climbers.the_climbers.table.panels.hud import Hud
from climbers.the_climbers.table.view import BoardView

__all__ = ["HudTable", "TableScreen", "clear_scene", "nothing_hovered"]

SHADOW_FIT_DELAY = 0.1
"""Seconds after opening when the sun's shadow is fitted to the pieces once more."""


class TableScreen(Entity):  # type: ignore[misc]
    """The table showing `state`, seen from the opening view."""

    def __init__(self, state: GameState, symbols: bool = True, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.view = BoardView(state, symbols=symbols)
        self.rig = CameraRig(lambda: mountain_view(self.view.state))
        if self.view.sun is not None:
            invoke(self.view.sun.update_bounds, delay=SHADOW_FIT_DELAY)

    def hold_input(self, held: bool) -> None:
        """While a dialog is open over the table, keys and the camera leave it alone."""
        self.ignore_input = held
        self.rig.ignore_input = held

    def recover(self) -> None:
        """After an unexpected fault: show the last good state again (screens add their own)."""
        self.view.show(self.view.state)

    def apply_settings(self, settings: Settings) -> None:
        """Animation speed, colour symbols and grid lines, at once."""
        self.view.use_settings(settings)

    def again(self) -> tuple[object, ...]:
        """This screen's state shown anew: the state it shows."""
        return (self.view.state,)


class HudTable(TableScreen):
    """A table screen with a HUD: what its tools may use besides the state (see tools/host.py)."""

    hud: Hud
    faults: Marks
    """The squares the last refusal marked."""

    def forget_refusal(self) -> None:
        """A new try begins: the squares the last refusal marked are no longer marked."""
        self.faults.clear()

    @property
    def pieces(self) -> BoardView:
        """The pieces on the table."""
        return self.view

    def say(self, text: str, bad: bool = False) -> None:
        """A hint or problem on the line above the key help."""
        self.hud.message(text, bad)

    def tip(self, text: str) -> None:
        """A label beside the pointer."""
        self.hud.show_tip(text)
