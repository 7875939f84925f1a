"""Hand-made refusals: for every Reason, each way the core words it, from a small position.

`CASES` lists them; `Case.refusal()` makes the refused attempt and returns the IllegalAction.
The positions are built on `board`, a small mountain with neutral and coloured tops, Climbers
on a full standing half-cube, a disk and a covered block.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from climbers.the_climbers.core import (
    GameState,
    IllegalAction,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    Reason,
    Rules,
    Step,
    apply,
)
from climbers.the_climbers.core.sandbox import place_block, put_climber, set_players, set_turn
from climbers.the_climbers.core.state import LadderKind
from rules.conftest import NEUTRAL, PINK, PURPLE, TEAL, YELLOW, position, put


def board(step: Step, **turn: object) -> GameState:
    """A small mountain: neutral and coloured tops, a full standing half, a disk, a covered cube.

    Teal stands on half-3 (12,12), level 1; purple and yellow fill half-1's two squares (level 2);
    yellow's disk lies on cube-3 (teal top); half-9 (pink top) covers half-6.
    """
    blocks = [
        put("half-1", (10, 10, 0), "-y", "+z"),  # neutral standing 2×1, level 2
        put("cube-1", (12, 10, 0), NEUTRAL),
        put("cube-2", (10, 12, 0), "-z"),  # purple top
        put("double-3", (14, 10, 0), NEUTRAL),  # standing, level 4
        put("half-3", (12, 12, 0), NEUTRAL),
        put("cube-3", (8, 10, 0), "+z"),  # teal top, yellow's disk
        put("half-6", (12, 14, 0), NEUTRAL),
        put("half-9", (12, 14, 1), "+z"),  # pink, covers half-6
    ]
    return position(
        blocks,
        at={TEAL: (12, 12), PURPLE: (10, 10), YELLOW: (11, 10)},
        colours=(TEAL, PURPLE, YELLOW),
        step=step,
        players={YELLOW: {"disk": "placed", "disk_on": "cube-3"}},
        **turn,
    )


@dataclass(frozen=True)
class Case:
    """One refused attempt and the reason it must give."""

    name: str
    reason: Reason
    attempt: Callable[[], object]

    def refusal(self) -> IllegalAction:
        """The IllegalAction the attempt raises."""
        with pytest.raises(IllegalAction) as info:
            self.attempt()
        return info.value


def _apply(state: Callable[[], GameState], action: object) -> Callable[[], object]:
    return lambda: apply(state(), action)  # type: ignore[arg-type]


def _climb(to: tuple[int, int], *ladders: LadderKind) -> MoveClimber:
    return MoveClimber(player=TEAL, to=to, ladders=ladders)


def _block(name: str, at: tuple[int, int, int], **faces: str) -> MoveBlock:
    return MoveBlock(player=TEAL, block=name, at=at, **faces)  # type: ignore[arg-type]


def _moving() -> GameState:
    return board(Step.MOVE)


def _building() -> GameState:
    return board(Step.BLOCK)


def _disking() -> GameState:
    return board(Step.DISK)


def _unchanged() -> MoveBlock:
    pose = next(p for p in _building().blocks if p.block == "cube-1")
    return _block("cube-1", pose.at, up=pose.up, north=pose.north)


def _over() -> GameState:
    """The game ended after a round of quiet turns (R22)."""
    ending = board(Step.REACTION, reactor=2, quiet_turns=3)
    return GameState.model_validate({**ending.model_dump(), "finished": True})


def _double_under_two_cubes() -> GameState:
    """A lying double cube with two cubes on it."""
    blocks = [
        put("double-1", (10, 10, 0), "+x", "+y"),  # lying 4×2, level 2
        put("cube-1", (10, 10, 2), NEUTRAL),
        put("cube-2", (12, 10, 2), NEUTRAL),
    ]
    return position(blocks, step=Step.BLOCK)


def _two_on_a_cube(step: Step) -> GameState:
    """Teal and purple on one neutral cube; a free cube beside it."""
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL), put("cube-2", (12, 10, 0), NEUTRAL)]
    return position(blocks, at={TEAL: (10, 10), PURPLE: (11, 11)}, step=step)


def _second_round() -> GameState:
    """V1: teal moved cube-1 in the first round and now makes the second round's block move."""
    blocks = [put("cube-1", (10, 10, 0), NEUTRAL), put("half-3", (12, 10, 0), NEUTRAL)]
    rules = Rules(two_rounds=True)
    first_round = position(blocks, rules=rules, step=Step.BLOCK)
    second = rules.turn_steps().index(Step.BLOCK, 2)
    turn = first_round.turn.model_copy(update={"step": second, "moved_this_turn": ("cube-1",)})
    return GameState.model_validate({**first_round.model_dump(), "turn": turn.model_dump()})


def _teal_ladders(*ladders: LadderKind) -> GameState:
    """Teal on a lying neutral half at level 1, beside a standing neutral double cube (level 4)."""
    blocks = [put("half-3", (10, 10, 0), NEUTRAL), put("double-3", (12, 10, 0), NEUTRAL)]
    return position(blocks, at={TEAL: (10, 10)}, players={TEAL: {"ladders": ladders}})


def _purple_on_teal() -> GameState:
    """Purple on a teal top: R10 forbids it, so the position is built without validation. It is
    the only way to a coloured top that holds another Climber (a full neutral top has no free
    square to aim at)."""
    blocks = [put("half-3", (8, 10, 0), NEUTRAL), put("cube-1", (10, 10, 0), TEAL)]
    state = position(blocks, at={TEAL: (8, 10)})
    purple = state.players[1].model_copy(update={"at": (10, 10)})
    return GameState.model_construct(**{**dict(state), "players": (state.players[0], purple)})


def _v1_three_players() -> object:
    state = position([put("cube-1", (10, 10, 0), NEUTRAL)], rules=Rules(two_rounds=True))
    return set_players(state, (TEAL, PURPLE, YELLOW))


CASES: list[Case] = [
    Case("game over", Reason.GAME_OVER, _apply(_over, Pass(player=TEAL))),
    Case("another's turn", Reason.NOT_YOUR_TURN, _apply(_moving, Pass(player=PURPLE))),
    Case("a colour not seated", Reason.NOT_YOUR_TURN, _apply(_moving, Pass(player=PINK))),
    Case("climb in the block step", Reason.WRONG_PHASE, _apply(_building, _climb((12, 10)))),
    Case(
        "block in the move step", Reason.WRONG_PHASE, _apply(_moving, _block("cube-1", (0, 0, 0)))
    ),
    Case(
        "disk in the move step",
        Reason.WRONG_PHASE,
        _apply(_moving, PlaceDisk(player=TEAL, block="cube-1")),
    ),
    Case("sandbox turn", Reason.WRONG_PHASE, lambda: set_turn(_moving(), 7, 0)),
    Case("no such block", Reason.UNKNOWN_BLOCK, _apply(_building, _block("cube-99", (0, 0, 0)))),
    Case(
        "disk on no such block",
        Reason.UNKNOWN_BLOCK,
        _apply(_disking, PlaceDisk(player=TEAL, block="cube-99")),
    ),
    Case(
        "sandbox block",
        Reason.UNKNOWN_BLOCK,
        lambda: place_block(_moving(), "cube-99", 0, (0, 0, 0)),
    ),
    Case(
        "block in the tray",
        Reason.BLOCK_NOT_IN_PLAY,
        _apply(_building, _block("double-9", (20, 20, 0))),
    ),
    Case(
        "one Climber on it",
        Reason.BLOCK_OCCUPIED,
        _apply(_building, _block("half-3", (20, 20, 0))),
    ),
    Case(
        "two Climbers on it",
        Reason.BLOCK_OCCUPIED,
        _apply(_building, _block("half-1", (20, 20, 0))),
    ),
    Case("disk on it", Reason.BLOCK_HAS_DISK, _apply(_building, _block("cube-3", (20, 20, 0)))),
    Case("one block on it", Reason.BLOCK_COVERED, _apply(_building, _block("half-6", (20, 20, 0)))),
    Case(
        "two blocks on it",
        Reason.BLOCK_COVERED,
        _apply(_double_under_two_cubes, _block("double-1", (20, 20, 0))),
    ),
    Case(
        "moved last turn",
        Reason.BLOCK_MOVED_LAST_TURN,
        _apply(
            lambda: board(Step.BLOCK, moved_last_turn=("cube-1",)), _block("cube-1", (16, 10, 0))
        ),
    ),
    Case(
        "moved in the first round",
        Reason.BLOCK_MOVED_THIS_TURN,
        _apply(_second_round, _block("cube-1", (14, 10, 0))),
    ),
    Case("put back as it was", Reason.UNCHANGED, _apply(_building, _unchanged())),
    Case("off the edge", Reason.OUT_OF_AREA, _apply(_building, _block("cube-1", (31, 10, 0)))),
    Case("below the table", Reason.OUT_OF_AREA, _apply(_building, _block("cube-1", (20, 20, -1)))),
    Case("into a block", Reason.OVERLAP, _apply(_building, _block("cube-1", (14, 10, 0)))),
    Case("overhang", Reason.UNSUPPORTED, _apply(_building, _block("cube-1", (15, 10, 4)))),
    Case("not a position", Reason.UNSUPPORTED, _v1_three_players),
    Case("onto a disk", Reason.ON_DISK, _apply(_building, _block("cube-1", (8, 10, 2)))),
    Case("alone on the table", Reason.NO_CONTACT, _apply(_building, _block("cube-1", (20, 20, 0)))),
    Case(
        "cover one Climber",
        Reason.NO_ROOM_TO_PUSH,
        _apply(_building, _block("cube-1", (12, 12, 1))),
    ),
    Case(
        "cover two Climbers",
        Reason.NO_ROOM_TO_PUSH,
        _apply(lambda: _two_on_a_cube(Step.BLOCK), _block("cube-2", (10, 10, 2))),
    ),
    Case("onto the table", Reason.OFF_THE_MOUNTAIN, _apply(_moving, _climb((6, 6)))),
    Case(
        "sandbox Climber on the table",
        Reason.OFF_THE_MOUNTAIN,
        lambda: put_climber(_moving(), 0, (6, 6)),
    ),
    Case("square taken", Reason.SQUARE_TAKEN, _apply(_moving, _climb((10, 10)))),
    Case("sandbox square taken", Reason.SQUARE_TAKEN, lambda: put_climber(_moving(), 0, (10, 10))),
    Case("another colour", Reason.WRONG_COLOUR, _apply(_moving, _climb((10, 12)))),
    Case(
        "sandbox another colour", Reason.WRONG_COLOUR, lambda: put_climber(_moving(), 0, (10, 12))
    ),
    Case("onto a disk", Reason.DISK_BLOCKS_SQUARE, _apply(_moving, _climb((8, 10)))),
    Case(
        "sandbox onto a disk",
        Reason.DISK_BLOCKS_SQUARE,
        lambda: put_climber(_moving(), 0, (8, 10)),
    ),
    Case("top taken", Reason.SURFACE_FULL, _apply(_purple_on_teal, _climb((11, 11)))),
    Case("already there", Reason.NO_ROUTE, _apply(_moving, _climb((12, 12)))),
    Case("no way there", Reason.NO_ROUTE, _apply(_teal_ladders, _climb((12, 10)))),
    Case("ladder needed", Reason.NEEDS_LADDER, _apply(_moving, _climb((14, 10)))),
    Case(
        "one ladder twice",
        Reason.LADDER_SPENT,
        _apply(_moving, MoveClimber(player=TEAL, to=(14, 10), ladders=("short", "short"))),
    ),
    Case(
        "ladder spent",
        Reason.LADDER_SPENT,
        _apply(lambda: _teal_ladders("tall"), _climb((12, 10), "short")),
    ),
    Case(
        "ladder in an answer",
        Reason.LADDERS_NOT_ALLOWED,
        _apply(
            lambda: board(Step.REACTION),
            MoveClimber(player=PURPLE, to=(12, 10), ladders=("short",)),
        ),
    ),
    Case("ladder not needed", Reason.LADDER_NOT_NEEDED, _apply(_moving, _climb((12, 10), "short"))),
    Case(
        "disk spent",
        Reason.DISK_SPENT,
        _apply(
            lambda: position(
                [put("cube-1", (10, 10, 0), NEUTRAL)],
                step=Step.DISK,
                players={TEAL: {"disk": "spent"}},
            ),
            PlaceDisk(player=TEAL, block="cube-1"),
        ),
    ),
    Case(
        "disk on a covered block",
        Reason.DISK_TARGET_EMPTY,
        _apply(_disking, PlaceDisk(player=TEAL, block="half-6")),
    ),
    Case(
        "disk under one Climber",
        Reason.DISK_TARGET_OCCUPIED,
        _apply(_disking, PlaceDisk(player=TEAL, block="half-3")),
    ),
    Case(
        "disk under two Climbers",
        Reason.DISK_TARGET_OCCUPIED,
        _apply(_disking, PlaceDisk(player=TEAL, block="half-1")),
    ),
    Case(
        "disk on a disk",
        Reason.DISK_TARGET_HAS_DISK,
        _apply(_disking, PlaceDisk(player=TEAL, block="cube-3")),
    ),
]
"""Every Reason at least once, and every sentence the core has for it."""
