"""Who decides what the placement tool may do: the game's rules (R14–R18) or, in the sandbox,
the building rules only (R5, R16, R17). Every answer comes from the core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from climbers.the_climbers.core import (
    Action,
    GameState,
    IllegalAction,
    MoveBlock,
    block_refusal,
    check_block_move,
)
from climbers.the_climbers.core.geometry import orientation
from climbers.the_climbers.core.sandbox import lift_refusal, place_block

Corner = tuple[int, int, int]


class PlacementJudge(Protocol):
    """What may be lifted, whether a pose is legal, and how a pose is committed."""

    def lift_refusal(self, block: str) -> IllegalAction | None:
        """Why `block` may not be picked up, or None."""
        ...

    def pose_refusal(self, block: str, rot: int, at: Corner) -> IllegalAction | None:
        """Why `block` may not be put down in this pose, or None."""
        ...

    def commit(self, block: str, rot: int, at: Corner) -> bool:
        """Put `block` down in this pose; False when it was refused after all."""
        ...


class GameJudge:
    """The block step of a turn: the core's block_refusal, check_block_move and apply."""

    def __init__(self, state: Callable[[], GameState], act: Callable[[Action], bool]) -> None:
        self.state = state
        self.act = act

    def move(self, block: str, rot: int, at: Corner) -> MoveBlock:
        """The acting player's move that puts `block` in pose (rot, at)."""
        state = self.state()
        up, north = orientation(rot)
        colour = state.players[state.actor].colour
        return MoveBlock(player=colour, block=block, at=at, up=up, north=north)

    def lift_refusal(self, block: str) -> IllegalAction | None:
        return block_refusal(self.state(), block)

    def pose_refusal(self, block: str, rot: int, at: Corner) -> IllegalAction | None:
        try:
            check_block_move(self.state(), self.move(block, rot, at))
        except IllegalAction as refusal:
            return refusal
        return None

    def commit(self, block: str, rot: int, at: Corner) -> bool:
        return self.act(self.move(block, rot, at))


class BuildJudge:
    """Building in the sandbox: any uncovered block, from the mountain or the tray."""

    def __init__(self, state: Callable[[], GameState], commit: Callable[[GameState], None]) -> None:
        self.state = state
        self.keep = commit

    def lift_refusal(self, block: str) -> IllegalAction | None:
        return lift_refusal(self.state(), block)

    def pose_refusal(self, block: str, rot: int, at: Corner) -> IllegalAction | None:
        try:
            place_block(self.state(), block, rot, at)
        except IllegalAction as refusal:
            return refusal
        return None

    def commit(self, block: str, rot: int, at: Corner) -> bool:
        try:
            built = place_block(self.state(), block, rot, at)
        except IllegalAction:
            return False
        self.keep(built)
        return True
