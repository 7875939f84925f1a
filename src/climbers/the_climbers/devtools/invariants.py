"""What must hold in every state of every game, and between one state and the next (R5–R23).

Used by the playthrough tests and by the soak (`scripts/soak`); a broken rule raises Violation.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from climbers.the_climbers.core import Action, Colour, GameState, MoveBlock, MoveClimber, Step
from climbers.the_climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    DiskPlaced,
    DiskRemoved,
    Event,
    GameEnded,
    TurnStarted,
)
from climbers.the_climbers.core.geometry import box_cells, extent
from climbers.the_climbers.core.structure import Structure, block_tables


class Violation(AssertionError):
    """An invariant that does not hold; the message names it."""


def require(ok: bool, what: str) -> None:
    """Raise Violation(what) unless `ok`."""
    if not ok:
        raise Violation(what)


def check_structure(state: GameState) -> None:
    """R5: rebuilt from the blocks alone, nothing overlaps, floats or leaves the table."""
    specs = {b.name: b for b in state.components.blocks}
    size = state.rules.table_size
    cells: dict[tuple[int, int, int], str] = {}
    for p in state.blocks:
        ext = extent(specs[p.block].dims, p.rot)
        x, y, z = p.at
        inside = 0 <= x and 0 <= y and 0 <= z and x + ext[0] <= size and y + ext[1] <= size
        require(inside, f"R5: {p.block} lies off the table")
        for cell in box_cells(p.at, ext):
            require(cell not in cells, f"R5: {p.block} overlaps {cells.get(cell)} at {cell}")
            cells[cell] = p.block
    for cx, cy, cz in cells:
        require(cz == 0 or (cx, cy, cz - 1) in cells, f"R5: hole or overhang under {(cx, cy, cz)}")
    tables = block_tables(state.components)
    poses = {tables.index[p.block]: (p.rot, p.at) for p in state.blocks}
    fresh = Structure(tables, poses, size)
    require(np.array_equal(fresh.height, state.structure.height), "height map is stale")
    require(np.array_equal(fresh.top, state.structure.top), "top-block map is stale")
    heights = Counter[tuple[int, int]]((cx, cy) for cx, cy, _ in cells)
    for (cx, cy), h in heights.items():
        require(fresh.height_at((cx, cy)) == h, f"height at {(cx, cy)} is not {h}")


def check_climbers(state: GameState) -> None:
    """R7, R10, R19: Climbers on legal surfaces, one per square, capacities respected."""
    s = state.structure
    squares = [p.at for p in state.players if p.at is not None]
    require(len(squares) == len(set(squares)), "R10: two Climbers share a square")
    per_block = Counter[int]()
    for p in state.players:
        if p.at is None:
            continue
        b = s.block_at(p.at)
        require(b >= 0 and p.at in s.surfaces[b], f"R7: {p.colour} stands on no surface")
        colour = s.top_colour(b)
        require(colour in (Colour.NEUTRAL, p.colour), f"R10: {p.colour} on a {colour} top")
        require(b not in state.disk_blocks, f"R19: {p.colour} stands on a block with a disk")
        per_block[b] += 1
    for b, count in per_block.items():
        limit = len(s.surfaces[b]) if s.top_colour(b) is Colour.NEUTRAL else 1
        require(count <= limit, f"R10: {count} Climbers on {state.block_name(b)}")


def check_state(state: GameState) -> None:
    """Every invariant of a single state."""
    check_structure(state)
    check_climbers(state)


class Tracker:
    """What must hold between one state and the next, over a whole game."""

    def __init__(self, state: GameState) -> None:
        check_state(state)
        self.state = state
        self.spent_ladders: Counter[str] = Counter()

    def step(self, action: Action, new: GameState, events: list[Event]) -> None:
        """Check `new`, reached from the tracked state by `action` with `events`."""
        old = self.state
        check_state(new)
        require(new.tick == old.tick + 1, "tick did not advance by one")
        started = {e.player for e in events if isinstance(e, TurnStarted)}
        removed = {e.player for e in events if isinstance(e, DiskRemoved)}
        for seat, (before, after) in enumerate(zip(old.players, new.players, strict=True)):
            require(new.level(seat) >= old.level(seat), "R9: a level went down")
            require(set(after.ladders) <= set(before.ladders), "R12: a ladder came back")
            used = [
                k
                for e in events
                if isinstance(e, ClimberMoved) and e.player == after.colour
                for k in e.ladders
            ]
            spent = sorted(set(before.ladders) - set(after.ladders))
            require(sorted(used) == spent, "R12: ladders spent differ from ladders used")
            for k in used:
                self.spent_ladders[f"{after.colour}:{k}"] += 1
            self._check_disk(seat, before.disk, after.disk, started, removed, events)
        require(all(v == 1 for v in self.spent_ladders.values()), "R12: a ladder used twice")
        if isinstance(action, MoveClimber) and old.step is Step.REACTION:
            ok = old.rules.reaction_ladders or not action.ladders
            require(ok, "R13: a ladder in a reaction move")
        if isinstance(action, MoveBlock):
            moved = [e for e in events if isinstance(e, BlockMoved)]
            ok = len(moved) == 1 and moved[0].block == action.block
            require(ok, "a block move moved another block")
        ended = any(isinstance(e, GameEnded) for e in events)
        require(new.finished == ended, "R22: finished without GameEnded, or the reverse")
        self.state = new

    def _check_disk(
        self,
        seat: int,
        before: str,
        after: str,
        started: set[Colour],
        removed: set[Colour],
        events: list[Event],
    ) -> None:
        """R19: in hand → placed by its owner → spent exactly when the owner's next turn begins."""
        colour = self.state.players[seat].colour
        placed = any(isinstance(e, DiskPlaced) and e.player == colour for e in events)
        if before == "in_hand":
            require(after == ("placed" if placed else "in_hand"), "R19: disk left the hand")
        elif before == "placed":
            require(after == ("spent" if colour in started else "placed"), "R19: disk expiry")
            require((colour in removed) == (colour in started), "R19: disk removed off-turn")
        else:
            require(after == "spent" and not placed, "R19: a spent disk came back")
