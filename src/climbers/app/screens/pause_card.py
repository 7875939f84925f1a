"""Esc during a game or a lesson: a card to resume, read the rules, change settings, save the
game under a name of one's own (a game, not a lesson), go back to the menu or quit."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from ursina import color

from climbers.app.panels.widgets import (
    ACCENT,
    BUTTON,
    CARD_Z,
    MUTED,
    WARN,
    Screen,
    TextBox,
    button,
    card,
    label,
    wrap_text,
)
from climbers.io.folders import saved_game_path, saves_dir
from climbers.io.language import N_, _, say

PATH_LIMIT = 4096
SAID_WIDTH = 0.56
"""The width the lines under the box wrap at (a path is said whole)."""

SAVED = N_("Saved to {path}.")
NOT_SAVED = N_("Not saved: {problem}.")
WHERE = N_("A name alone is saved in {folder}.")


class PauseCard(Screen):
    """The game stands still under the card; `save(path)` writes the game there (OSError when
    it cannot); without `save` (a lesson) the card has no Save as row."""

    def __init__(
        self,
        on_resume: Callable[[], None],
        on_rules: Callable[[], None],
        on_settings: Callable[[], None],
        save: Callable[[Path], None] | None,
        on_menu: Callable[[], None],
        on_quit: Callable[[], None],
    ) -> None:
        super().__init__(backdrop=color.rgba(0.04, 0.05, 0.07, 0.8), z=CARD_Z, name="pause-card")
        self.on_resume = on_resume
        self.save = save
        self.armed = False
        """Esc closes the card from its first frame on (the press that opened it does not)."""
        saving = save is not None
        card(self, (0.62, 0.66 if saving else 0.46), y=0 if saving else 0.1)
        label(self, _("Paused"), -0.26, 0.27, 1.5)
        label(self, _("Esc to resume"), 0.06, 0.27, 0.9, color=MUTED)
        rows: list[tuple[str, Callable[[], None]]] = [
            (N_("Resume"), on_resume),
            (N_("Rules"), on_rules),
            (N_("Settings"), on_settings),
        ]
        self.buttons = [
            button(self, _(text), 0, 0.18 - 0.07 * i, action, 0.5, ACCENT if i == 0 else BUTTON)
            for i, (text, action) in enumerate(rows)
        ]
        self.file_field: TextBox | None = None
        self.save_button = None
        if saving:
            stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
            default = f"game-{stamp}.json"
            self.file_field = TextBox(
                self,
                default,
                -0.07,
                -0.06,
                0.36,
                limit=PATH_LIMIT,
                on_refuse=self.refuse_typed,
                on_enter=self.save_as,
                on_edit=self.forget_said,
            )
            self.save_button = button(self, _("Save as"), 0.19, -0.06, self.save_as, 0.12)
        self.said = label(self, "", -0.28, -0.11, 0.8, color=MUTED)
        if saving:
            self.tell(say(WHERE, folder=str(saves_dir())), MUTED)
        bottom = -0.24 if saving else -0.06
        self.menu_button = button(self, _("Back to menu"), -0.13, bottom, on_menu, 0.24)
        self.quit_button = button(self, _("Quit"), 0.13, bottom, on_quit, 0.24)

    def save_as(self) -> bool:
        """Write the game to the file named in the box; the line under it says where, or why
        not. Returns whether it was written."""
        assert self.file_field is not None and self.save is not None
        typed = self.file_field.value.strip()
        try:
            if not typed:
                raise OSError("no file named")
            target = saved_game_path(typed)
            self.save(target)
        except OSError as exc:
            self.tell(say(NOT_SAVED, problem=exc.strerror or str(exc)), WARN)
            return False
        self.tell(say(SAVED, path=str(target)), MUTED)
        return True

    def tell(self, line: str, tint: object) -> None:
        """Say `line` under the box, wrapped (a path whole)."""
        wrap_text(self.said, line, SAID_WIDTH)
        self.said.color = tint

    def forget_said(self) -> None:
        """The file name changed: what was said of the last one goes."""
        self.said.text = ""

    def refuse_typed(self, reason: str) -> None:
        """The line under the box says why a typed character was not taken."""
        self.tell(reason, WARN)

    def update(self) -> None:
        self.armed = True

    def input(self, key: str) -> None:
        typing = self.file_field is not None and self.file_field.active
        if key == "escape" and self.armed and not typing:
            self.on_resume()
