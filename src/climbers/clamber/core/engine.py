"""Legal turns, applying a turn, and the queries the table builds a chain capture with.

Every check goes through `position`'s target lists, so the legal turns, `apply` and the
queries agree; a refusal then says which condition failed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from climbers.clamber.core.actions import EqualChain, LowerCapture, Place, Turn
from climbers.clamber.core.board import board
from climbers.clamber.core.errors import ClamberRefusal, Reason
from climbers.clamber.core.events import Captured, Ended, Event, Placed, Removed, Skipped
from climbers.clamber.core.position import (
    EQUAL,
    LOWER,
    PLACE,
    SIGNS,
    Cells,
    Move,
    capture,
    equal_targets,
    has_stack,
    has_turn,
    lower_targets,
    position_key,
    turns,
)
from climbers.clamber.core.state import ClamberState, EndReason, Result, Stack


def turn_of(state: ClamberState, move: Move) -> Turn:
    """The turn an internal move (`position.turns`) names."""
    return _named(state.board.names, move)


def _named(names: tuple[str, ...], move: Move) -> Turn:
    if move[0] == LOWER:
        return LowerCapture(names[move[1]], names[move[2]])
    if move[0] == EQUAL:
        return EqualChain(names[move[1]], tuple([names[t] for t in move[2:]]))
    return Place(names[move[1]])


def legal_turns(state: ClamberState) -> list[Turn]:
    """Every turn of the player to move, in a fixed order; empty once the game is over."""
    if state.over:
        return []
    b, places = state.board, _places(state.size)
    return [
        places[m[1]] if m[0] == PLACE else _named(b.names, m)
        for m in turns(state.cells, b.neighbours, SIGNS[state.to_move])
    ]


@cache
def _places(size: int) -> tuple[Place, ...]:
    """A placement on each cell of the `size`-board, made once."""
    return tuple(Place(name) for name in board(size).names)


def _index(state: ClamberState, name: str) -> int:
    i = state.board.index.get(name)
    if i is None:
        raise ClamberRefusal(Reason.WRONG_BOARD, (name,), {"cell": name, "size": state.size})
    return i


def _going_on(state: ClamberState) -> None:
    if state.over:
        raise ClamberRefusal(Reason.GAME_OVER)


def _own_stack(state: ClamberState, cells: Cells, name: str) -> int:
    """The index of the capturing stack `name`, which must be the mover's."""
    i = _index(state, name)
    v = cells[i] * SIGNS[state.to_move]
    if v <= 0:
        reason = Reason.NOT_YOURS if v else Reason.NO_STACK
        raise ClamberRefusal(reason, (name,), {"cell": name})
    return i


def _enemy_stack(state: ClamberState, cells: Cells, name: str) -> int:
    """The index of the captured stack `name`, which must be the opponent's."""
    i = _index(state, name)
    v = cells[i] * SIGNS[state.to_move]
    if v >= 0:
        reason = Reason.NOT_ENEMY if v else Reason.NO_STACK
        raise ClamberRefusal(reason, (name,), {"cell": name})
    return i


def _capture(state: ClamberState, cells: Cells, by: int, target: int, events: list[Event]) -> Cells:
    nbrs, names = state.board.neighbours, state.board.names
    after, gone = capture(cells, nbrs, target)
    events.append(Captured(names[by], names[target], state.to_move, abs(after[target])))
    if gone:
        events.append(Removed(tuple(names[j] for j in sorted(gone))))
    return after


def _play(state: ClamberState, turn: Turn) -> tuple[Cells, list[Event]]:
    """The cells after `turn` and its events, before the end of the turn is looked at; raises
    the refusal when the turn is not legal."""
    cells, nbrs, names = state.cells, state.board.neighbours, state.board.names
    events: list[Event] = []
    _going_on(state)
    if isinstance(turn, Place):
        i = _index(state, turn.cell)
        if cells[i]:
            raise ClamberRefusal(Reason.OCCUPIED, (turn.cell,), {"cell": turn.cell})
        events.append(Placed(turn.cell, state.to_move))
        return (*cells[:i], SIGNS[state.to_move], *cells[i + 1 :]), events
    if not isinstance(turn, LowerCapture | EqualChain):
        raise TypeError(f"not a Clamber turn: {turn!r}")
    by = _own_stack(state, cells, turn.by)
    targets = (turn.target,) if isinstance(turn, LowerCapture) else turn.targets
    if not targets:
        raise ClamberRefusal(Reason.EMPTY_CHAIN, (turn.by,), {"by": turn.by})
    for name in targets:
        t = _enemy_stack(state, cells, name)
        if isinstance(turn, LowerCapture):
            legal, reason = lower_targets(cells, nbrs, by), Reason.NOT_LOWER
            if t not in nbrs[by]:
                reason = Reason.NOT_NEIGHBOUR
        else:
            legal, reason = equal_targets(cells, nbrs, by), Reason.GROUP_NOT_ADJACENT
            if cells[t] != -cells[by]:
                reason = Reason.NOT_EQUAL
        if t not in legal:
            params = {"by": names[by], "target": name, "by_height": abs(cells[by])}
            params["target_height"] = abs(cells[t])
            raise ClamberRefusal(reason, (names[by], name), params)
        cells = _capture(state, cells, by, t, events)
        by = t
    return cells, events


def apply(state: ClamberState, turn: Turn) -> tuple[ClamberState, tuple[Event, ...]]:
    """The state after the whole `turn` and what happened, including a skipped player (C11)
    and the end of the game (C12, C13); raises ClamberRefusal and leaves `state` as it was.
    The end is judged before a skip: a turn that ends the game is never followed by one."""
    cells, events = _play(state, turn)
    nbrs = state.board.neighbours
    mover, other = state.to_move, 1 - state.to_move
    after, result = other, None
    if not isinstance(turn, Place) and not has_stack(cells, SIGNS[other]):
        result = Result(winner=mover, reason=EndReason.WIPED_OUT)
    elif len(state.history) + 1 > state.turn_limit:
        result = Result(winner=None, reason=EndReason.TURN_LIMIT)
    elif not has_turn(cells, nbrs, SIGNS[other]):
        if has_turn(cells, nbrs, SIGNS[mover]):
            after = mover
            events.append(Skipped(other))
        else:
            result = Result(winner=None, reason=EndReason.NO_MOVES)
    key = position_key(cells, after)
    history = (*state.history, key)
    if result is None and history.count(key) >= 3:
        result = Result(winner=None, reason=EndReason.REPETITION)
    if result is not None:
        events.append(Ended(result))
    update = {"cells": cells, "to_move": after, "history": history, "result": result}
    return state.model_copy(update=update), tuple(events)


def lower_targets_of(state: ClamberState, cell: str) -> tuple[str, ...]:
    """The cells the mover's stack on `cell` may capture as lower stacks (C8)."""
    _going_on(state)
    by = _own_stack(state, state.cells, cell)
    names = state.board.names
    return tuple(names[t] for t in lower_targets(state.cells, state.board.neighbours, by))


def equal_targets_of(state: ClamberState, chain: Sequence[str]) -> tuple[str, ...]:
    """The cells the last stack of a chain being built may capture next as equal stacks (C9):
    `chain` is the capturing stack, then the stacks captured so far (none at first)."""
    if not chain:
        raise ValueError("a chain starts with the capturing stack")
    _going_on(state)
    cells = state.cells
    if len(chain) > 1:
        cells = _play(state, EqualChain(chain[0], tuple(chain[1:])))[0]
    last = _own_stack(state, cells, chain[-1])
    names = state.board.names
    return tuple(names[t] for t in equal_targets(cells, state.board.neighbours, last))


def preview(state: ClamberState, turn: Turn) -> tuple[dict[str, Stack], tuple[Event, ...]]:
    """The board after `turn` (or a chain's first captures) and its placing and capture
    events, without ending the turn: for showing a capture before it is committed."""
    cells, events = _play(state, turn)
    return state.model_copy(update={"cells": cells}).stacks, tuple(events)
