"""The replay screen: a saved game step by step in the 3D view, forward and back, with captions."""

from __future__ import annotations

from ursina import application, camera

from climbers.app.panels.canvas import MUTED, Canvas, Line, centred_above_bottom, scale, text_panel
from climbers.app.panels.widgets import button
from climbers.io.language import N_, _, say
from climbers.the_climbers.game.replay import replay as replay_of
from climbers.the_climbers.io import SavedGame
from climbers.the_climbers.table.panels.hud import player_lines
from climbers.the_climbers.table.screens.table_screen import TableScreen

FORWARD_KEYS = ("space", "n", ".", "page down")
BACK_KEYS = ("backspace", "p", ",", "page up")
FIRST_KEY = "b"
LAST_KEY = "end"
HELP = N_(
    "Space/N next · Backspace/P back · B first · End last · "
    "Right-drag orbit · Middle-drag/arrows pan · Wheel zoom · Home reset view"
)


class ReplayScreen(TableScreen):
    """A saved game on the table through a replay driver: Next animates the action redone, Back
    and jumps show the point reached."""

    def __init__(self, saved: SavedGame, symbols: bool = True) -> None:
        self.driver = replay_of(saved)
        super().__init__(self.driver.state, symbols, name="replay-screen")
        self.saved = saved
        self.panel = Canvas(name="replay-panel")
        self.caption = Canvas(name="replay-caption")
        centred_above_bottom(
            Canvas(name="replay-help"), text_panel([Line(_(HELP), 13, MUTED)], 1240, 5), 4
        )
        y = -0.43
        # Ursina reads "<...>" in button text as markup, so the labels are words only.
        self.first_button = button(camera.ui, _("First"), -0.28, y, self.first, 0.12)
        self.back_button = button(camera.ui, _("Back"), -0.13, y, self.back, 0.16)
        self.forward_button = button(camera.ui, _("Next"), 0.05, y, self.forward, 0.16)
        self.last_button = button(camera.ui, _("Last"), 0.2, y, self.last, 0.12)
        self.refresh()

    def forward(self) -> None:
        """Animate the next action."""
        before = self.driver.state
        events = self.driver.redo()
        if events is not None:
            self.view.play(before, self.driver.state, events)
            self.refresh()

    def back(self) -> None:
        """Go back one action (no animation)."""
        if self.driver.undo():
            self.view.show(self.driver.state)
            self.refresh()

    def first(self) -> None:
        """Back to the start of the game."""
        self.jump(0)

    def last(self) -> None:
        """To the end of the recording."""
        self.jump(self.driver.last)

    def jump(self, index: int) -> None:
        """Straight to the point after `index` actions (no animation)."""
        self.view.show(self.driver.seek(index))
        self.refresh()

    def refresh(self) -> None:
        """Redraw the title, players and caption for the point shown."""
        state = self.driver.state
        self.title = say(N_("Replay · action {number}"), number=self.driver.position)
        rows = [Line(text, 16) for text, _seat in player_lines(state)]
        self.panel.show(text_panel([Line(self.title, 19), *rows], 420), 12 * scale(), 12 * scale())
        self.caption_text = self.driver.caption
        centred_above_bottom(self.caption, text_panel([Line(self.caption_text, 18)], 900), 120)
        self.back_button.disabled = self.driver.index == 0
        self.forward_button.disabled = self.driver.index == self.driver.last

    def again(self) -> tuple[object, ...]:
        """The saved game, at the action shown now."""
        return (self.saved, self.driver.index)

    def recover(self) -> None:
        """After an unexpected fault: show the current frame again."""
        self.view.show(self.driver.state)
        self.refresh()

    def input(self, key: str) -> None:
        if key in FORWARD_KEYS:
            self.forward()
        elif key in BACK_KEYS:
            self.back()
        elif key == FIRST_KEY:
            self.first()
        elif key == LAST_KEY:
            self.last()
        elif key == "escape":
            application.quit()
