"""Why an action is refused: a reason code, the facts a sentence for players tells of, and what
is at fault."""

from __future__ import annotations

from enum import StrEnum

from climbers.the_climbers.core.geometry import Square


class Reason(StrEnum):
    """Every reason an action can be refused."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    UNKNOWN_BLOCK = "unknown_block"
    BLOCK_NOT_IN_PLAY = "block_not_in_play"
    BLOCK_OCCUPIED = "block_occupied"
    BLOCK_HAS_DISK = "block_has_disk"
    BLOCK_COVERED = "block_covered"
    BLOCK_MOVED_LAST_TURN = "block_moved_last_turn"
    BLOCK_MOVED_THIS_TURN = "block_moved_this_turn"
    UNCHANGED = "unchanged"
    OUT_OF_AREA = "out_of_area"
    OVERLAP = "overlap"
    UNSUPPORTED = "unsupported"
    ON_DISK = "on_disk"
    NO_CONTACT = "no_contact"
    NO_ROOM_TO_PUSH = "no_room_to_push"
    OFF_THE_MOUNTAIN = "off_the_mountain"
    SQUARE_TAKEN = "square_taken"
    WRONG_COLOUR = "wrong_colour"
    DISK_BLOCKS_SQUARE = "disk_blocks_square"
    SURFACE_FULL = "surface_full"
    NO_ROUTE = "no_route"
    NEEDS_LADDER = "needs_ladder"
    LADDER_SPENT = "ladder_spent"
    LADDERS_NOT_ALLOWED = "ladders_not_allowed"
    LADDER_NOT_NEEDED = "ladder_not_needed"
    DISK_SPENT = "disk_spent"
    DISK_TARGET_EMPTY = "disk_target_empty"
    DISK_TARGET_OCCUPIED = "disk_target_occupied"
    DISK_TARGET_HAS_DISK = "disk_target_has_disk"


class IllegalAction(Exception):
    """An action that is not allowed in this position; the state is left unchanged.

    The core has no words for players: a refusal is its `reason`, the `detail` naming which of
    the reason's cases it is (empty when it has one), and the `facts` a sentence tells of (a
    block's Look, a Player, a Step, ladders by kind, counts and levels), said at the edge
    (climbers.the_climbers.io.refusals). The squares at fault are in `squares`, for the table
    to show, and the blocks' internal names in `blocks`.
    """

    def __init__(
        self,
        reason: Reason,
        squares: tuple[Square, ...] = (),
        blocks: tuple[str, ...] = (),
        detail: str = "",
        **facts: object,
    ) -> None:
        self.reason = reason
        self.detail = detail
        self.facts = facts
        self.squares = tuple(sorted(set(squares)))
        self.blocks = tuple(blocks)
        text = reason.value + (f" ({detail})" if detail else "")
        if facts:
            text += ": " + ", ".join(f"{k}={_plain(v)}" for k, v in facts.items())
        super().__init__(text)

    @property
    def places(self) -> tuple[object, ...]:
        """The squares, then the blocks, at fault (the game interface's `Refusal`)."""
        return (*self.squares, *self.blocks)

    def __repr__(self) -> str:
        return f"IllegalAction({self})"


def _plain(fact: object) -> str:
    """A fact in a log line: a player by colour, a colour or step by value."""
    colour = getattr(fact, "colour", None)
    if colour is not None:
        return str(colour)
    return str(fact)
