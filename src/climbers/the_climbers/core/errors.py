"""Why an action is refused: a reason code, a sentence for the player, and what is at fault."""

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

    `message` is one sentence in players' words (core.words): it names blocks by colour
    and kind and never gives coordinates; the squares at fault are in `squares`, for the table to
    show, and the blocks' internal names in `blocks`.
    """

    def __init__(
        self,
        reason: Reason,
        message: str,
        squares: tuple[Square, ...] = (),
        blocks: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.squares = tuple(sorted(set(squares)))
        self.blocks = tuple(blocks)

    @property
    def places(self) -> tuple[object, ...]:
        """The squares, then the blocks, at fault (the game interface's `Refusal`)."""
        return (*self.squares, *self.blocks)

    def __repr__(self) -> str:
        return f"IllegalAction({self.reason.value}: {self.message})"
