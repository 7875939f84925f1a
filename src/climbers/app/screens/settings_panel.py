"""The settings panel: every change is saved at once and handed to the caller to apply."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from ursina import color

from climbers.app.panels.widgets import (
    ACCENT,
    MUTED,
    SETTINGS_Z,
    Choice,
    Screen,
    Toggle,
    button,
    card,
    label,
)
from climbers.app.settings import ANIMATION_SPEEDS, WINDOW_SIZES, Settings, save_settings
from climbers.io.language import LANGUAGES, N_, _, current_language, say

BOT_PACES: tuple[float, ...] = (0.0, 0.3, 0.6, 1.2, 2.5)
ROWS = (
    "language",
    "fullscreen",
    "window_size",
    "colour_symbols",
    "grid_lines",
    "animation_speed",
    "sound",
    "bot_pace",
    "auto_pass",
)
"""The settings' rows, in the panel's order (the language's in every game)."""
STEP = 0.058
"""From row to row."""


class SettingsPanel(Screen):
    """Settings toggles and choices: `on_change(settings)` after each, `on_close()` at Done."""

    def __init__(
        self,
        settings: Settings,
        on_change: Callable[[Settings], None] | None = None,
        on_close: Callable[[], None] | None = None,
        persist: bool = True,
        only: Collection[str] | None = None,
        **kwargs: Any,
    ) -> None:
        """`only`: the settings the game on the table uses, by field name (None: all of them);
        the others are left out of the panel and keep their values."""
        kwargs.setdefault("z", SETTINGS_Z)
        super().__init__(backdrop=color.rgba(0.04, 0.05, 0.07, 0.8), **kwargs)
        self.settings = settings
        self.on_change = on_change
        self.on_close = on_close
        self.persist = persist
        shown = [f for f in ROWS if only is None or f == "language" or f in only]
        top = (0.285 + STEP * (len(shown) - 0.25)) / 2  # as tall as its rows make it
        self.card = card(self, (0.8, 2 * top))
        label(self, _("Settings"), -0.34, top - 0.06, 1.5)
        x, w = 0.0, 0.66

        def row(i: float) -> float:
            return top - 0.14 - STEP * i

        languages = [
            (tag, say(N_("Language: {language}"), language=name)) for tag, name in LANGUAGES.items()
        ]
        self.language = Choice(
            self, languages, current_language(), x, row(0), self._set("language"), w
        )
        self.fullscreen = Toggle(
            self, _("Fullscreen"), settings.fullscreen, x, row(1), self._set("fullscreen"), w
        )
        window = N_("Window {width} x {height}")
        offered = dict.fromkeys((*WINDOW_SIZES, settings.window_size))
        sizes = [(s, say(window, width=s[0], height=s[1])) for s in offered]
        self.window_size = Choice(
            self, sizes, settings.window_size, x, row(2), self._set("window_size"), w
        )
        self.colour_symbols = Toggle(
            self,
            _("Symbols on coloured faces"),
            settings.colour_symbols,
            x,
            row(3),
            self._set("colour_symbols"),
            w,
        )
        self.grid_lines = Toggle(
            self,
            _("Grid lines on blocks"),
            settings.grid_lines,
            x,
            row(4),
            self._set("grid_lines"),
            w,
        )
        speeds = [(v, say(N_("Animation speed x{speed:g}"), speed=v)) for v in ANIMATION_SPEEDS]
        self.animation_speed = Choice(
            self, speeds, settings.animation_speed, x, row(5), self._set("animation_speed"), w
        )
        self.sound = Toggle(self, _("Sound"), settings.sound, x, row(6), self._set("sound"), w)
        paces = [
            (v, say(N_("Bot pause {seconds:g} s"), seconds=v) if v else _("Bots play at once"))
            for v in BOT_PACES
        ]
        self.bot_pace = Choice(self, paces, settings.bot_pace, x, row(7), self._set("bot_pace"), w)
        self.auto_pass = Toggle(
            self,
            _("Pass an answer nobody can make"),
            settings.auto_pass,
            x,
            row(8),
            self._set("auto_pass"),
            w,
        )
        for field in ROWS:
            widget = getattr(self, field)
            widget.enabled = field in shown
            if widget.enabled:
                widget.y = row(shown.index(field))
        note_y = row(len(shown) - 0.25)
        self.note = label(
            self, _("Window size applies at the next start."), -0.33, note_y, 0.85, color=MUTED
        )
        self.done_button = button(self, _("Done"), 0.0, note_y - 0.075, self.close, 0.22, ACCENT)

    def _set(self, field: str) -> Callable[[Any], None]:
        def apply(value: Any) -> None:
            self.settings = self.settings.with_changes(**{field: value})
            if self.persist:
                save_settings(self.settings)
            if self.on_change is not None:
                self.on_change(self.settings)

        return apply

    def close(self) -> None:
        """Hide the panel and tell the caller."""
        self.enabled = False
        if self.on_close is not None:
            self.on_close()

    def input(self, key: str) -> None:
        if key == "escape":
            self.close()
