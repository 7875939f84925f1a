"""What the acting player may do now: the questions the client and the bots ask."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from climbers.the_climbers.core.actions import Action, MoveBlock, MoveClimber, Pass, PlaceDisk
from climbers.the_climbers.core.engine import block_refusal, disk_refusal, walker
from climbers.the_climbers.core.errors import IllegalAction
from climbers.the_climbers.core.geometry import Square, orientation
from climbers.the_climbers.core.movement import Route
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.state import GameState


def reactors_after(state: GameState) -> list[int]:
    """During reactions (R13): the seats still to react after the one reacting now, in order."""
    if state.finished or state.step is not Step.REACTION:
        return []
    n = len(state.players)
    return [(state.turn.active + k) % n for k in range(state.turn.reactor + 1, n)]


def legal_destinations(state: GameState) -> dict[Square, list[Route]]:
    """Squares the acting Climber may walk to, each with its ladder options (cheapest first)."""
    if state.finished or state.step not in (Step.MOVE, Step.REACTION):
        return {}
    return walker(state, state.actor).routes()


def block_refusals(state: GameState) -> dict[str, IllegalAction]:
    """Every block in play that may not be picked up now, with the reason (R14, R15)."""
    result = {}
    for p in state.blocks:
        refusal = block_refusal(state, p.block)
        if refusal is not None:
            result[p.block] = refusal
    return result


def free_blocks(state: GameState) -> list[str]:
    """Blocks that may be picked up now (R14, R15), in component order."""
    refused = block_refusals(state)
    in_play = {p.block for p in state.blocks}
    return [b.name for b in state.components.blocks if b.name in in_play and b.name not in refused]


def legal_placements(state: GameState, blocks: list[str] | None = None) -> npt.NDArray[np.int64]:
    """Every legal pose of the free blocks (or those named), vectorised: one row (block, rot, x,
    y, z) per pose, by block, rotation, x, then y (R14–R18). `placement_action` turns a row into
    the acting player's move."""
    names = free_blocks(state) if blocks is None else blocks
    return state.structure.all_legal_placements(
        [state.block_index(n) for n in names], state.disk_blocks, state.climber_squares
    )


def placement_action(state: GameState, row: Sequence[int] | npt.NDArray[np.int64]) -> MoveBlock:
    """The acting player's move that puts a block in the pose of a legal_placements row.

    The one conversion from rows to actions; the row's pose is legal, so the action is built
    without validating it again.
    """
    b, rot, x, y, z = (int(v) for v in row)
    up, north = orientation(rot)
    return MoveBlock.model_construct(
        player=state.players[state.actor].colour,
        kind="block",
        block=state.block_name(b),
        at=(x, y, z),
        up=up,
        north=north,
    )


def legal_poses(state: GameState, block: str) -> list[MoveBlock]:
    """The moves that put `block` in each of its legal poses (empty when it is not free)."""
    if block_refusal(state, block) is not None:
        return []
    return [placement_action(state, row) for row in legal_placements(state, [block])]


def disk_targets(state: GameState) -> list[str]:
    """Blocks the acting player's disk may go on now (R19)."""
    if state.finished or state.step is not Step.DISK:
        return []
    if state.players[state.actor].disk != "in_hand":
        return []
    return [p.block for p in state.blocks if disk_refusal(state, p.block) is None]


def legal_actions(state: GameState) -> list[Action]:
    """Every action the acting player may take now, in a fixed order: pass first."""
    if state.finished:
        return []
    colour = state.players[state.actor].colour
    actions: list[Action] = [Pass(player=colour)]
    step = state.step
    if step in (Step.MOVE, Step.REACTION):
        for sq, routes in legal_destinations(state).items():
            actions.extend(MoveClimber(player=colour, to=sq, ladders=r.ladders) for r in routes)
    elif step is Step.BLOCK:
        actions.extend(placement_action(state, row) for row in legal_placements(state))
    else:
        actions.extend(PlaceDisk(player=colour, block=b) for b in disk_targets(state))
    return actions
