"""A Clamber game (or position) as one frozen, versioned pydantic value: its file format.

In JSON the board is `stacks`, a map from cell to [seat, height] (seat 0 is Blue, 1 Red); in
memory it is `cells`, the signed heights of `position`. `history` holds the key of every
position so far (board and seat to move, after each turn), for the repetition draw of C13.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from climbers.clamber.core.board import Board, board
from climbers.clamber.core.position import SIGNS, Cells, has_stack, has_turn, position_key

FORMAT: Literal["clamber-game"] = "clamber-game"
VERSION: Literal[1] = 1
SEATS = ("blue", "red")
"""Seat 0 is Blue, who moves first (C3); seat 1 is Red."""
TURN_LIMITS = (50, 10_000)
"""The fewest and most turns the C13 turn-limit option allows."""
DEFAULT_TURN_LIMIT = 300
MAX_SEED = (1 << 63) - 1
Seat = Literal[0, 1]


class EndReason(StrEnum):
    """Why a game ended (C12, C13)."""

    WIPED_OUT = "wiped_out"
    REPETITION = "repetition"
    NO_MOVES = "no_moves"
    TURN_LIMIT = "turn_limit"


class Result(BaseModel):
    """How a game ended: the winner's seat (None for a draw) and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    winner: Seat | None
    reason: EndReason

    @model_validator(mode="after")
    def _check(self) -> Result:
        if (self.winner is not None) != (self.reason is EndReason.WIPED_OUT):
            raise ValueError("a game has a winner exactly when a player was wiped out")
        return self


class Stack(NamedTuple):
    """A stack (C4): the seat whose stone is on top, and its number of stones."""

    owner: int
    height: int


def _stacks_to_cells(stacks: object, size: object) -> list[int]:
    """The signed cells of a JSON `stacks` map, checked cell by cell."""
    if size not in (3, 4):
        raise ValueError(f"size is 3 or 4 cells per side, not {size!r}")
    b = board(int(size))
    if not isinstance(stacks, dict) or len(stacks) > len(b.names):
        raise ValueError(f"stacks is a map of at most {len(b.names)} cells to [seat, height]")
    cells = [0] * len(b.names)
    for name, stack in stacks.items():
        if name not in b.index:
            raise ValueError(f"stacks: {str(name)[:8]!r} is not a cell of the {size}-board")
        if not (
            isinstance(stack, list | tuple)
            and len(stack) == 2
            and all(type(x) is int for x in stack)
            and stack[0] in (0, 1)
        ):
            raise ValueError(f"stacks: {name} is not [seat 0 or 1, height]")
        if stack[1] < 1:
            raise ValueError(f"stacks: {name} has height {stack[1]}; a stack has 1 stone or more")
        cells[b.index[name]] = SIGNS[stack[0]] * stack[1]
    return cells


class ClamberState(BaseModel):
    """A game: options, board, seat to move, position history and result. Validated when read;
    a state that play cannot reach is refused with a ValueError naming the problem."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["clamber-game"] = FORMAT
    version: Literal[1] = VERSION
    size: Literal[3, 4] = 3
    turn_limit: int = Field(default=DEFAULT_TURN_LIMIT, ge=TURN_LIMITS[0], le=TURN_LIMITS[1])
    seed: int = Field(default=0, ge=0, le=MAX_SEED)
    """Recorded for the shared table; Clamber has no randomness."""
    cells: tuple[int, ...]
    to_move: Seat = 0
    history: tuple[Annotated[int, Field(ge=0, le=MAX_SEED)], ...] = Field(
        min_length=1, max_length=TURN_LIMITS[1] + 1
    )
    result: Result | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_json(cls, data: Any) -> Any:
        """Read the JSON form's `stacks` map; bound the history before its items are read."""
        if not isinstance(data, dict):
            return data
        history = data.get("history")
        if isinstance(history, list | tuple) and len(history) > TURN_LIMITS[1] + 1:
            raise ValueError(f"history lists more than {TURN_LIMITS[1] + 1} positions")
        if "stacks" in data:
            if "cells" in data:
                raise ValueError("a state has stacks or cells, not both")
            data = dict(data)
            data["cells"] = _stacks_to_cells(data.pop("stacks"), data.get("size", 3))
        return data

    @model_serializer(mode="wrap")
    def _to_json(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Write the board as the `stacks` map, in notation order."""
        out: dict[str, Any] = handler(self)
        del out["cells"]
        out["stacks"] = {name: list(s) for name, s in self.stacks.items()}
        return out

    @model_validator(mode="after")
    def _check(self) -> ClamberState:
        b = self.board
        if len(self.cells) != len(b.names):
            raise ValueError(f"{self.size}-board: {len(b.names)} cells, not {len(self.cells)}")
        turns = self.turn
        if turns > self.turn_limit:
            raise ValueError(f"{turns} turns played, past the turn limit {self.turn_limit}")
        stacks = [abs(v) for v in self.cells if v]
        if stacks and len(stacks) + max(stacks) - 1 > turns:
            raise ValueError(
                f"after {turns} turns no board has {len(stacks)} stacks up to {max(stacks)} high"
            )
        if turns < len(b.names) and self.to_move != turns % 2:
            raise ValueError(
                f"{SEATS[turns % 2].title()} is to move after {turns} "
                f"{'turn' if turns == 1 else 'turns'}, not {SEATS[self.to_move].title()}"
            )
        if self.history[-1] != position_key(self.cells, self.to_move):
            raise ValueError("history does not end with the position on the board")
        self._check_end(Counter(self.history))
        return self

    def _check_end(self, seen: Counter[int]) -> None:
        """The result is the one play gives this board, history and turn count (C11–C13)."""
        nbrs = self.board.neighbours
        last = self.history[-1]
        blue, red = (has_stack(self.cells, s) for s in SIGNS)
        result = self.result
        if any(n >= 3 for k, n in seen.items() if k != last) or seen[last] > 3:
            raise ValueError("history goes on after a third repetition")
        if result is None:
            if seen[last] == 3 or self.turn == self.turn_limit:
                raise ValueError("the game should be over (repetition or turn limit) but is not")
            if not has_turn(self.cells, nbrs, SIGNS[self.to_move]):
                raise ValueError(f"{SEATS[self.to_move].title()} is to move but has no turn")
            if not (blue and red) and not (self.turn == 0 or (self.turn, self.to_move) == (1, 1)):
                raise ValueError("a player without stacks after the first turns should have lost")
        elif result.reason is EndReason.WIPED_OUT:
            if (blue, red) != (result.winner == 0, result.winner == 1):
                raise ValueError("the winner has stacks and the loser none, after a wipe-out")
            if self.turn < 3 or max(abs(v) for v in self.cells) < 2:
                raise ValueError("a wipe-out is a capture after each player has placed a stone")
            if sum(1 for v in self.cells if v) < 2:
                raise ValueError(
                    "a wipe-out leaves the winner two stacks at least: the capturing stack "
                    "and the one it captured"
                )
        elif result.reason is EndReason.REPETITION and seen[last] != 3:
            raise ValueError("a repetition draw ends on a position seen for the third time")
        elif result.reason is EndReason.TURN_LIMIT and self.turn != self.turn_limit:
            raise ValueError("a turn-limit draw ends on the turn limit")
        elif result.reason is EndReason.NO_MOVES and any(
            has_turn(self.cells, nbrs, s) for s in SIGNS
        ):
            raise ValueError("a no-moves draw needs a board where neither player has a turn")

    @property
    def board(self) -> Board:
        """The board's cells and neighbours."""
        return board(self.size)

    @property
    def turn(self) -> int:
        """The number of turns played."""
        return len(self.history) - 1

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    @property
    def stacks(self) -> dict[str, Stack]:
        """Every stack on the board by cell, in notation order."""
        names = self.board.names
        return {names[i]: Stack(0 if v > 0 else 1, abs(v)) for i, v in enumerate(self.cells) if v}


def start(size: int = 3, turn_limit: int = DEFAULT_TURN_LIMIT, seed: int = 0) -> ClamberState:
    """An empty board of `size` with Blue to move (C3)."""
    cells: Cells = (0,) * len(board(size).names)
    return ClamberState.model_validate(
        {
            "size": size,
            "turn_limit": turn_limit,
            "seed": seed,
            "cells": cells,
            "history": (position_key(cells, 0),),
        }
    )


def parse_stacks(text: str) -> dict[str, tuple[int, int]]:
    """Stacks written 'C3 b2, D3 r1' (cell, b or r, height) as {cell: (seat, height)};
    ValueError for anything else."""
    found = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        cell, _, stack = item.partition(" ")
        if len(stack) < 2 or stack[0] not in "br" or not stack[1:].isdigit():
            raise ValueError(f"not a stack: {item!r} (e.g. 'C3 b2')")
        found[cell] = ("br".index(stack[0]), int(stack[1:]))
    return found


def arranged(stacks: str, size: int = 3, to_move: int = 0) -> ClamberState:
    """A position set out by hand (a lesson's, a picture's, a probe's): the stacks written as
    `parse_stacks` reads them, `to_move` to play, after a made-up history just long enough to
    have stacked that many stones (ValueError when the stacks or the position do not fit)."""
    b = board(size)
    cells = [0] * len(b.names)
    for cell, (seat, height) in parse_stacks(stacks).items():
        if cell not in b.index:
            raise ValueError(f"{cell} is not a cell of the {size}-board")
        cells[b.index[cell]] = SIGNS[seat] * height
    turns = sum(abs(v) for v in cells)
    if turns < len(cells) and turns % 2 != to_move:  # no skip yet: the turns alternate
        turns += 1
    history = (*range(1, turns + 1), position_key(tuple(cells), to_move))
    return ClamberState(size=size, cells=tuple(cells), to_move=to_move, history=history)
