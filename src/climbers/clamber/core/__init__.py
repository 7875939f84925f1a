"""Clamber's pure rules core: boards, states, turns, the engine and `RULES` for the table.

Stdlib, numpy and pydantic only; it imports nothing else of the project.
"""

from climbers.clamber.core.actions import (
    EqualChain,
    LowerCapture,
    Place,
    Turn,
    parse_turn,
    turn_text,
)
from climbers.clamber.core.board import Board, board
from climbers.clamber.core.engine import (
    apply,
    equal_targets_of,
    legal_turns,
    lower_targets_of,
    preview,
)
from climbers.clamber.core.errors import ClamberRefusal, Reason
from climbers.clamber.core.events import Captured, Ended, Event, Placed, Removed, Skipped
from climbers.clamber.core.rules import RULES, ClamberRules
from climbers.clamber.core.state import (
    ClamberState,
    EndReason,
    Result,
    Stack,
    arranged,
    parse_stacks,
    start,
)

__all__ = [
    "RULES",
    "Board",
    "Captured",
    "ClamberRefusal",
    "ClamberRules",
    "ClamberState",
    "EndReason",
    "Ended",
    "EqualChain",
    "Event",
    "LowerCapture",
    "Place",
    "Placed",
    "Reason",
    "Removed",
    "Result",
    "Skipped",
    "Stack",
    "Turn",
    "apply",
    "arranged",
    "board",
    "equal_targets_of",
    "legal_turns",
    "lower_targets_of",
    "parse_stacks",
    "parse_turn",
    "preview",
    "start",
    "turn_text",
]
