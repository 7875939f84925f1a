"""One error boundary for the whole client: an unexpected exception in an input handler, a frame
update or a timer is written with its traceback to the log file, the player sees one line, and
the screen goes back to the last good state (states are immutable, so nothing is half-changed)."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from climbers.io.language import N_, say

LOG_NAME = "climbers.log"
LOG_BYTES = 1_000_000
"""Past this size the log moves aside (one old copy is kept) and a new one begins."""


class Guard:
    """Catches what escapes the client's handlers: `catch()` is called inside `except`."""

    def __init__(self, folder: Callable[[], Path]) -> None:
        self.folder = folder
        self.on_fault: Callable[[str], None] | None = None
        """Told the one line for the player after each fault (the shell shows it, recovers)."""
        self.saved: Callable[[], bool] = lambda: False
        """Whether the game on the table is on disk as it stands (the host answers)."""
        self.reraise = False
        """Tests set this to see faults as failures instead of lines on the screen."""
        self.faults = 0
        self._last = ""

    @property
    def log_path(self) -> Path:
        """The log file in the user data folder."""
        return self.folder() / LOG_NAME

    def line(self) -> str:
        """What the player reads after a fault: that the game is saved only when it is."""
        if self.saved():
            template = N_("Something went wrong — the game is saved; details in {path}")
        else:
            template = N_("Something went wrong; details in {path}")
        return say(template, path=self.log_path)

    def catch(self) -> None:
        """Handle the exception being handled now: log it, tell the player, recover."""
        if self.reraise:
            raise
        self.faults += 1
        text = traceback.format_exc()
        if text != self._last:  # the same fault every frame is logged once
            self._last = text
            self._log(text)
        if self.on_fault is not None:
            try:
                self.on_fault(self.line())
            except Exception:  # recovering failed too: the log has the first fault
                self._log(traceback.format_exc())

    def _log(self, text: str) -> None:
        """Append a dated entry to the log (the old log moves aside when it grows too big)."""
        path = self.log_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_file() and path.stat().st_size > LOG_BYTES:
                path.replace(path.with_suffix(".log.1"))
            with path.open("a", encoding="utf-8") as log:
                log.write(f"{datetime.now():%Y-%m-%d %H:%M:%S} unexpected fault\n{text}\n")
        except OSError:
            pass  # no log can be written: the player still sees the line
