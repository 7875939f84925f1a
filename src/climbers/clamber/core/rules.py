"""Clamber's rules as one value the shared table holds (`climbers.games.interface.GameRules`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from climbers.clamber.core import engine
from climbers.clamber.core.actions import Turn, parse_turn, turn_text
from climbers.clamber.core.board import SIZES
from climbers.clamber.core.errors import ClamberRefusal
from climbers.clamber.core.events import Event
from climbers.clamber.core.state import DEFAULT_TURN_LIMIT, TURN_LIMITS, ClamberState, start

MAX_FILE = 1 << 20
"""A state's JSON text has at most this many characters (10,001 history keys take ~200 kB)."""
MAX_DIGITS = 19
"""A whole number of a state has at most this many digits (a 63-bit history key)."""


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError(f"key {next(k for k in keys if keys.count(k) > 1)!r} appears twice")
    return dict(pairs)


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of more than {MAX_DIGITS} digits is no Clamber value")
    return int(text)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is no JSON number")


class ClamberRules:
    """Clamber with its options: `size` cells per side (C1) and the C13 turn limit."""

    name = "clamber"
    refusal = ClamberRefusal
    seats = (2, 2)

    def __init__(self, size: int = 3, turn_limit: int = DEFAULT_TURN_LIMIT) -> None:
        if size not in SIZES:
            raise ValueError(f"a board has 3 or 4 cells per side, not {size}")
        if not TURN_LIMITS[0] <= turn_limit <= TURN_LIMITS[1]:
            raise ValueError(f"the turn limit is {TURN_LIMITS[0]} to {TURN_LIMITS[1]} turns")
        self.size = size
        self.turn_limit = turn_limit

    def new_state(self, players: int, seed: int) -> ClamberState:
        """An empty board with Blue to move; `seed` is recorded (Clamber has no randomness)."""
        if players != 2:
            raise ValueError(f"Clamber is for 2 players, not {players}")
        return start(self.size, self.turn_limit, seed)

    def legal_actions(self, state: ClamberState) -> Sequence[Turn]:
        return engine.legal_turns(state)

    def apply(self, state: ClamberState, action: Turn) -> tuple[ClamberState, Sequence[Event]]:
        return engine.apply(state, action)

    def to_act(self, state: ClamberState) -> int | None:
        return None if state.over else state.to_move

    def is_over(self, state: ClamberState) -> bool:
        return state.over

    def ranking(self, state: ClamberState) -> tuple[int, ...]:
        """(1, 2) when Blue won, (2, 1) when Red won, (1, 1) for a draw or a game going on."""
        winner = None if state.result is None else state.result.winner
        if winner is None:
            return (1, 1)
        return (1, 2) if winner == 0 else (2, 1)

    def action_text(self, action: Turn) -> str:
        return turn_text(action)

    def parse_action(self, text: str) -> Turn:
        return parse_turn(text)

    def observe(self, state: ClamberState, seat: int | None) -> dict[str, Any]:
        """Everything: the game hides nothing from anyone, so every seat sees the whole state."""
        observation: dict[str, Any] = state.model_dump(mode="json")
        return observation

    def resample(self, state: ClamberState, seat: int | None, seed: int) -> ClamberState:
        """The state itself: nothing is hidden to draw anew."""
        return state

    def dump(self, state: ClamberState) -> str:
        return state.model_dump_json()

    def load(self, text: str) -> ClamberState:
        """A state from its JSON text: bounded in size, no repeated keys, every field checked."""
        if len(text) > MAX_FILE:
            raise ValueError(f"a Clamber state has at most {MAX_FILE} characters")
        try:
            data = json.loads(
                text.removeprefix("\ufeff"),
                object_pairs_hook=_no_repeated_keys,
                parse_int=_whole,
                parse_constant=_no_constant,
            )
        except RecursionError:
            raise ValueError("the JSON text is nested too deeply") from None
        except json.JSONDecodeError as e:
            raise ValueError(f"not JSON: {e.msg} at line {e.lineno}") from None
        if not isinstance(data, dict) or data.get("format") != "clamber-game":
            raise ValueError("not a Clamber state (format is not 'clamber-game')")
        if data.get("version") != 1:
            raise ValueError(f"Clamber state version {str(data.get('version'))[:20]} is not 1")
        try:
            return ClamberState.model_validate(data)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            message = str(first["msg"]).removeprefix("Value error, ")
            raise ValueError(f"{where}: {message}" if where else message) from None


RULES = ClamberRules()
"""Clamber on the standard 3-board with the default turn limit."""
