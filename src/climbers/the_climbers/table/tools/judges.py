"""Who decides what the placement tool may do: the game's rules (R14–R18) or, in the sandbox,
the building rules only (R5, R16, R17). Every answer comes from the core; a judge never acts:
it says what a drop means (`put`), and the table submits that."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, TypeVar

from climbers.the_climbers.core import (
    GameState,
    IllegalAction,
    MoveBlock,
    block_refusal,
    check_block_move,
)
from climbers.the_climbers.core.geometry import orientation
from climbers.the_climbers.core.sandbox import lift_refusal, place_block

Corner = tuple[int, int, int]
Edit = Callable[[GameState], GameState]
"""A change of the sandbox's position, made by the core (see `SandboxScreen.edit`)."""
Put = TypeVar("Put", covariant=True)


class PlacementJudge(Protocol[Put]):
    """What may be lifted, whether a pose is legal, and what putting a block down means."""

    def lift_refusal(self, block: str) -> IllegalAction | None:
        """Why `block` may not be picked up, or None."""
        ...

    def pose_refusal(self, block: str, rot: int, at: Corner) -> IllegalAction | None:
        """Why `block` may not be put down in this pose, or None."""
        ...

    def put(self, block: str, rot: int, at: Corner) -> Put:
        """What the table submits to put `block` down in this pose."""
        ...


class GameJudge:
    """The block step of a turn: the core's block_refusal, check_block_move and apply."""

    def __init__(self, state: Callable[[], GameState]) -> None:
        self.state = state

    def put(self, block: str, rot: int, at: Corner) -> MoveBlock:
        """The acting player's move that puts `block` in pose (rot, at)."""
        state = self.state()
        up, north = orientation(rot)
        colour = state.players[state.actor].colour
        return MoveBlock(player=colour, block=block, at=at, up=up, north=north)

    def lift_refusal(self, block: str) -> IllegalAction | None:
        return block_refusal(self.state(), block)

    def pose_refusal(self, block: str, rot: int, at: Corner) -> IllegalAction | None:
        try:
            check_block_move(self.state(), self.put(block, rot, at))
        except IllegalAction as refusal:
            return refusal
        return None


class BuildJudge:
    """Building in the sandbox: any uncovered block, from the mountain or the tray."""

    def __init__(self, state: Callable[[], GameState]) -> None:
        self.state = state

    def lift_refusal(self, block: str) -> IllegalAction | None:
        return lift_refusal(self.state(), block)

    def pose_refusal(self, block: str, rot: int, at: Corner) -> IllegalAction | None:
        try:
            place_block(self.state(), block, rot, at)
        except IllegalAction as refusal:
            return refusal
        return None

    def put(self, block: str, rot: int, at: Corner) -> Edit:
        return partial(place_block, name=block, rot=rot, at=at)
