"""Stepping through a recorded game of any game on the table: every state from its start, the
events of each action, and a caption for each, made by the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from climbers.games.interface import GameRules

Describe = Callable[[Any, Any, Sequence[Any]], str]
"""The game's caption of an action: from the state before it, the action and its events."""


@dataclass(frozen=True)
class Frame:
    """One point of the game: the action that led here (None at the start), its events, the
    state, and the caption."""

    action: Any
    events: tuple[Any, ...]
    state: Any
    caption: str


def record(
    rules: GameRules,
    start: Any,
    log: Sequence[str],
    opening: Callable[[Any], str],
    describe: Describe,
) -> list[Frame]:
    """Every state of the game from `start`, by applying the log's actions in order."""
    frames = [Frame(None, (), start, opening(start))]
    state = start
    for line in log:
        action = rules.parse_action(line)
        after, events = rules.apply(state, action)
        frames.append(Frame(action, tuple(events), after, describe(state, action, events)))
        state = after
    return frames


class Replay:
    """A cursor over the frames of a recorded game: forward, back, to either end."""

    def __init__(self, frames: Sequence[Frame]) -> None:
        self.frames = list(frames)
        self.index = 0

    @property
    def frame(self) -> Frame:
        """The frame shown now."""
        return self.frames[self.index]

    @property
    def position(self) -> str:
        """'12 / 240': actions applied so far out of all."""
        return f"{self.index} / {len(self.frames) - 1}"

    def forward(self) -> Frame | None:
        """Step to the next frame and return it; None at the end."""
        if self.index + 1 >= len(self.frames):
            return None
        self.index += 1
        return self.frame

    def back(self) -> Frame | None:
        """Step to the previous frame and return it; None at the start."""
        if self.index == 0:
            return None
        self.index -= 1
        return self.frame

    def jump(self, index: int) -> Frame:
        """Go straight to a frame (clamped to the game)."""
        self.index = max(0, min(len(self.frames) - 1, index))
        return self.frame
