"""Solo play, the rules of a puzzle: one player climbs and the other seats never act.

- The 2018 turn without reaction moves (R13 off): the player moves, moves a block, moves again
  and may place the disk. Every action goes through `apply`, so a refused one keeps its reason.
- Every other seat's turn is passed step by step through `apply` (move, block, move, disk): the
  other Climbers stand where they are. A block the player covers them with still pushes them
  aside (R17).
- R15 bans the block the previous player moved; the others move none, so the player may move
  the same block turn after turn.
- R22 (the game ends after a round of turns without climbing) is off: a puzzle's own limit of
  turns ends it. The count of quiet turns is set to zero before each step of the others and
  when the player's turn begins, so solo play never ends by R22.
- The disk may be placed, but it leaves the game when the player's next turn begins (R19) and
  the others do not act, so it changes nothing.
"""

from __future__ import annotations

from climbers.the_climbers.core.actions import Pass
from climbers.the_climbers.core.engine import apply
from climbers.the_climbers.core.events import Event
from climbers.the_climbers.core.rules import Rules
from climbers.the_climbers.core.state import GameState, evolve


def solo_rules(table_size: int = 32) -> Rules:
    """The rules of solo play: the 2018 turn without reaction moves (R13 off), no variants."""
    return Rules(reactions=False, table_size=table_size)


def clear_quiet_turns(state: GameState) -> GameState:
    """This position with R22's count of quiet turns at zero (solo play keeps R22 off)."""
    if not state.turn.quiet_turns:
        return state
    return evolve(state, turn=state.turn.model_copy(update={"quiet_turns": 0}))


def pass_others(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """Every step of the other seats passed through `apply` until `seat`'s next turn begins,
    with R22's count kept at zero; the position then and every event on the way."""
    events: list[Event] = []
    while state.actor != seat:
        state, new = apply(clear_quiet_turns(state), Pass(player=state.players[state.actor].colour))
        events.extend(new)
    return clear_quiet_turns(state), events
