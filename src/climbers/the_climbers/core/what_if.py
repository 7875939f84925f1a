"""Positions made from another by hand rather than by play: the what-ifs of the bots, the puzzle
solver and the benchmarks.

Nothing here checks a rule or validates the result: the caller asks how a position would look,
and vouches for it. Each position keeps the derived values (structure, occupied squares, disks)
of the one it was made from wherever the fields they come from are unchanged, so making one
costs a copy, not a rebuild.
"""

from __future__ import annotations

from climbers.the_climbers.core.geometry import Square
from climbers.the_climbers.core.state import (
    GameState,
    LadderKind,
    Placement,
    Player,
    evolve,
    replace_player,
)


def turn_start(state: GameState) -> GameState:
    """This position at the start of the active player's turn: its first step, no block moved in
    it yet, the level to beat where the Climber stands now (R20, R21); R15's ban stays."""
    turn = state.turn.model_copy(
        update={
            "step": 0,
            "reactor": 0,
            "moved_this_turn": (),
            "start_level": state.level(state.turn.active),
        }
    )
    return evolve(state, turn=turn)


def with_pieces(
    state: GameState, blocks: tuple[Placement, ...], players: tuple[Player, ...]
) -> GameState:
    """This position's rules and turn with these blocks and players in place of its own."""
    return evolve(state, blocks=blocks, players=players)


def with_climber(
    state: GameState,
    seat: int,
    at: Square | None,
    ladders: tuple[LadderKind, ...] | None = None,
) -> GameState:
    """This position with `seat`'s Climber put on square `at` (None: lifted off onto the
    table), holding `ladders` (None: the ladders it holds)."""
    held = state.players[seat].ladders if ladders is None else ladders
    return evolve(state, players=replace_player(state, seat, at=at, ladders=held))


def with_block(state: GameState, placement: Placement) -> GameState:
    """This position with `placement`'s block put there: no rule is checked and no Climber is
    pushed aside (a move in play goes through `apply`)."""
    blocks = tuple(placement if p.block == placement.block else p for p in state.blocks)
    return evolve(state, blocks=blocks)
