"""`climbers play --game clamber --fps-probe`: every cell of the 4-board holds a stack, up to 8
stones high, a Blue stack is chosen with its targets marked and the pointer circles over the
board (what a capture would remove shows as it passes) while the table is timed; then the shared
probe's plain scene (climbers.app.table.fps_probe)."""

from __future__ import annotations

from climbers.app.table.fps_probe import FpsProbe
from climbers.clamber.core import ClamberState, arranged, board, equal_targets_of, lower_targets_of

TALLEST = 8


def stacked_board(size: int = 4, tallest: int = TALLEST) -> ClamberState:
    """Every cell of the `size`-board holds a stack, Blue's and Red's by turns, of heights 1 to
    `tallest` over and over; Blue to move (a capture: no cell is empty)."""
    names = board(size).names
    stacks = (f"{name} {'br'[i % 2]}{1 + (i * 3) % tallest}" for i, name in enumerate(names))
    return arranged(", ".join(stacks), size)


class StackedProbe(FpsProbe):
    """Times Clamber's table on the stacked board, a stack chosen."""

    doing = "with every cell of the 4-board stacked up to 8"

    def begin(self) -> None:
        s = self.screen
        state = s.state
        mine = [c for c, stack in state.stacks.items() if stack.owner == state.to_move]
        s.board.choose(
            max(mine, key=lambda c: len(lower_targets_of(state, c) + equal_targets_of(state, [c])))
        )
