"""`climbers play --fps-probe` for The Climbers: a block dragged round the mountain with the real
pointer while the table is timed (the shared probe, climbers.app.table.fps_probe)."""

from __future__ import annotations

from climbers.app.table.fps_probe import FpsProbe
from climbers.the_climbers.core import Step, free_blocks


class DragProbe(FpsProbe):
    """Times The Climbers' table while a block is dragged."""

    doing = "while dragging a block"

    def begin(self) -> None:
        s = self.screen
        while s.state.step is not Step.BLOCK:
            s.skip()
        s.drag.begin(free_blocks(s.state)[0])

    def end(self) -> None:
        self.screen.drag.cancel()
