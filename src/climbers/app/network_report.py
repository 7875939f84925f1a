"""For scripted drivers of a game across computers (the two-window test): a JSON file,
rewritten whenever the table settles on a new state, saying what this window holds (its seat,
state id and view, where it is hosted and its join code) and where on the screen each empty
cell of the board is, for a board whose view names its cells (Clamber's: `layout.centres`, `foot`
and `cell_at`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ursina import Entity, application

from climbers.app.table.camera import screen_pixel

REPORT_VARIABLE = "CLIMBERS_NETWORK_REPORT"
"""The path of the report file; no report without it."""


def report_path() -> Path | None:
    """Where the report goes, when asked for."""
    path = os.environ.get(REPORT_VARIABLE)
    return Path(path) if path else None


class NetworkReport(Entity):  # type: ignore[misc]
    """Watches a network seat (its play and screen) and writes `path`."""

    def __init__(self, seat: Any, path: Path) -> None:
        super().__init__(name="network-report")
        self.seat = seat
        self.path = path
        self.written: tuple[int, int | None, bool] | None = None

    def update(self) -> None:
        screen, driver = self.seat.screen, self.seat.play.driver
        rig = getattr(screen, "rig", None)
        if screen.bots.tweens.busy or driver.fresh or (rig is not None and rig.glide is not None):
            return
        now = (driver.state_id, driver.seat_to_act(), driver.lost is None)
        if now == self.written:
            return
        self.written = now
        props = application.base.win.getProperties()
        data = {
            "state": driver.state_id,
            "seat": driver.seat,
            "to_act": driver.seat_to_act(),
            "connected": driver.lost is None,
            "view": driver.rules.observe(driver.state, driver.seat),
            "address": self.seat.play.address,
            "code": self.seat.play.code,
            "origin": [props.getXOrigin(), props.getYOrigin()],
            "empty": empty_cells(screen),
        }
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        tmp.replace(self.path)


def empty_cells(screen: Any) -> dict[str, list[int]]:
    """The window pixel of each empty cell that a click there would hit."""
    view = screen.view
    found: dict[str, list[int]] = {}
    for cell in view.layout.centres:
        if cell in screen.state.stacks:
            continue
        pixel = screen_pixel(view.foot(cell))
        if pixel is not None and view.cell_at(pixel) == cell:
            found[cell] = list(pixel)
    return found
