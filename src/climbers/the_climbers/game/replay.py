"""Stepping through a recorded game: every state from its start, with a caption for each action."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from climbers.io.language import N_, say
from climbers.the_climbers.core import Action, Event, GameState, apply, parse_action
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.io import SavedGame


@dataclass(frozen=True)
class Frame:
    """One point of the game: the action that led here (None at the start), its events, state."""

    action: Action | None
    events: tuple[Event, ...]
    state: GameState
    caption: str


def record(start: GameState, log: Sequence[str]) -> list[Frame]:
    """Every state of the game from `start`, by applying the log's actions in order."""
    frames = [Frame(None, (), start, opening(start))]
    state = start
    for line in log:
        action = parse_action(line)
        after, events = apply(state, action)
        frames.append(Frame(action, tuple(events), after, describe(state, action, events)))
        state = after
    return frames


def describe(before: GameState, action: Action, events: Sequence[Event]) -> str:
    """The caption with the turn number, e.g. "Turn 3 · Teal climbs up two levels to the teal
    cube with the short ladder."."""
    return say(
        N_("Turn {number} · {caption}"),
        number=before.turn.number,
        caption=caption(before, action, events),
    )


class Replay:
    """A cursor over the frames of a saved game: forward, back, to either end."""

    def __init__(self, saved: SavedGame) -> None:
        if saved.start is None:
            self.frames = [Frame(None, (), saved.state, opening(saved.state))]
        else:
            self.frames = record(saved.start, saved.log)
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
