"""The disk step: the core's legal target blocks are marked; a click puts the disk there, and a
block that may not take it says why beside the pointer."""

from __future__ import annotations

from ursina import mouse

from climbers.io.language import _
from climbers.the_climbers.core import PlaceDisk, disk_refusal, disk_targets
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.table.marks import TARGET, Marks
from climbers.the_climbers.table.tools.host import Table
from climbers.the_climbers.table.view import BlockEntity


class DiskTool:
    """Marks the targets on opening; clicks ask the core."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.targets: list[str] = []
        self.marks = Marks(lift=0.03)
        self._seen: tuple[object, object] = (None, None)

    def open(self) -> None:
        """Mark the surfaces of every legal target."""
        state = self.table.state
        self.targets = disk_targets(state)
        self.marks.paint_blocks(state, self.targets, TARGET)
        if self.targets:
            self.table.say(_("Click a block with a ring to place your disk, or skip with Space."))
        else:
            self.table.say(_("No block may take your disk now: skip with Space."))

    def place(self, block: str) -> PlaceDisk:
        """The acting player's disk put on `block`, for the table to submit."""
        state = self.table.state
        return PlaceDisk(player=state.players[state.actor].colour, block=block)

    def update(self) -> None:
        entity, state = mouse.hovered_entity, self.table.state
        if self._seen[0] is entity and self._seen[1] is state:
            return  # asked the core about this block in this state already
        self._seen = (entity, state)
        refusal = None
        if isinstance(entity, BlockEntity) and entity.block not in self.targets:
            refusal = disk_refusal(state, entity.block)
        self.table.tip(refusal_sentence(refusal) if refusal is not None else "")

    def input(self, key: str) -> PlaceDisk | None:
        """A click on a block gives the disk's placing to submit."""
        entity = mouse.hovered_entity
        if key == "left mouse down" and isinstance(entity, BlockEntity):
            return self.place(entity.block)
        return None

    def close(self) -> None:
        self.marks.clear()
        self._seen = (None, None)
        self.table.tip("")
