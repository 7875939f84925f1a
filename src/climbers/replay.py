"""Stepping through a recorded game: every state from its start, with a caption for each action."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from climbers.core import (
    Action,
    Event,
    GameState,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    apply,
    parse_action,
)
from climbers.core.events import ClimberPushed, GameEnded
from climbers.core.rules import Step
from climbers.io import SavedGame

STEP_NAMES = {
    Step.MOVE: "move",
    Step.BLOCK: "block move",
    Step.DISK: "disk",
    Step.REACTION: "answering move",
}


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


def opening(state: GameState) -> str:
    """The caption of the first frame."""
    names = ", ".join(p.label for p in state.players)
    return f"Start (turn {state.turn.number}): {names}."


def describe(before: GameState, action: Action, events: Sequence[Event]) -> str:
    """One line saying who did what, e.g. "Turn 3 · Teal moves to (4, 5), level 3"."""
    who = next(p.label for p in before.players if p.colour == action.player)
    if isinstance(action, MoveClimber):
        level = before.structure.height_at(action.to)
        how = f" with the {' and '.join(action.ladders)} ladder" if action.ladders else ""
        what = f"moves to ({action.to[0]}, {action.to[1]}), level {level}{how}"
        if before.step is Step.REACTION:
            what = f"answers: {what}"
    elif isinstance(action, MoveBlock):
        x, y, z = action.at
        what = f"moves {action.block} to ({x}, {y}, {z}), {action.up} up, {action.north} north"
    elif isinstance(action, PlaceDisk):
        what = f"puts the disk on {action.block}"
    else:
        assert isinstance(action, Pass)
        what = f"skips the {STEP_NAMES[before.step]}"
    text = f"Turn {before.turn.number} · {who} {what}"
    labels = {p.colour: p.label for p in before.players}
    for ev in events:
        if isinstance(ev, ClimberPushed):
            text += f"; {labels[ev.player]} is pushed to ({ev.to_square[0]}, {ev.to_square[1]})"
        elif isinstance(ev, GameEnded):
            best = [labels[c] for c, _, place in ev.ranking if place == 1]
            level = ev.ranking[0][1]
            wins = "wins" if len(best) == 1 else "share the win"
            text += f". Game over: {' and '.join(best)} {wins} at level {level}"
    return text + "."


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
