"""One plain sentence per action, built from its events: "Red tips the teal cube onto level 3,
yellow side up." Used by the replay and the demo (no window needed)."""

from __future__ import annotations

from collections.abc import Sequence

from climbers.core import Action, Colour, Event, GameState, MoveBlock, MoveClimber, Pass, PlaceDisk
from climbers.core.components import BlockSpec
from climbers.core.events import BlockMoved, ClimberMoved, ClimberPushed, DiskPlaced, GameEnded
from climbers.core.geometry import TOP_FACE
from climbers.core.rules import Step
from climbers.core.state import Placement

STEP_NAMES = {
    Step.MOVE: "move",
    Step.BLOCK: "block move",
    Step.DISK: "disk",
    Step.REACTION: "answering move",
}
KINDS = {1: "half-cube", 2: "cube", 4: "double cube", 6: "tall neutral block"}


def opening(state: GameState) -> str:
    """The caption before the first action."""
    names = ", ".join(p.label for p in state.players)
    return f"Start (turn {state.turn.number}): {names}."


def caption(before: GameState, action: Action, events: Sequence[Event]) -> str:
    """Who did what, in one sentence ending with a full stop."""
    labels = {p.colour: p.label for p in before.players}
    who = labels[action.player]
    reacting = before.step is Step.REACTION
    text = f"{who} " + ("answers: " if reacting and not isinstance(action, Pass) else "")
    moved = next((e for e in events if isinstance(e, ClimberMoved)), None)
    block = next((e for e in events if isinstance(e, BlockMoved)), None)
    disk = next((e for e in events if isinstance(e, DiskPlaced)), None)
    if isinstance(action, MoveClimber) and moved is not None:
        text += climb_phrase(moved)
    elif isinstance(action, MoveBlock) and block is not None:
        text += block_phrase(before, block)
    elif isinstance(action, PlaceDisk) and disk is not None:
        b = before.block_index(disk.block)
        colour = before.structure.top_colour(b)
        text += f"lays the blocking disk on the {block_noun(before, disk.block, colour)}"
        text += f" at level {before.structure.top_z(b)}"
    elif reacting:
        text += "does not answer"
    else:
        text += f"skips the {STEP_NAMES[before.step]}"
    for ev in events:
        if isinstance(ev, ClimberPushed):
            text += f"; {labels[ev.player]} is pushed aside"
        elif isinstance(ev, GameEnded):
            text += ". " + result_phrase(ev, labels)
    return text + "."


def climb_phrase(ev: ClimberMoved) -> str:
    """'climbs to level 7 with the tall ladder', 'walks along level 3', 'steps onto level 2'."""
    if ev.from_level == 0:
        verb = "steps onto the mountain at"
    elif ev.to_level > ev.from_level:
        verb = "climbs to"
    else:
        verb = "walks along"
    text = f"{verb} level {ev.to_level}"
    if len(ev.ladders) == 2:
        text += " with both ladders"
    elif ev.ladders:
        text += f" with the {ev.ladders[0]} ladder"
    if ev.bridge:
        text += " across a bridge"
    return text


def block_phrase(before: GameState, ev: BlockMoved) -> str:
    """'turns the teal cube', 'tips the red half-cube, yellow side up', 'moves ... onto level 3'."""
    was = _top_colour(before, ev.block, ev.before)
    now = _top_colour(before, ev.block, ev.after)
    tipped = TOP_FACE[ev.before.rot] != TOP_FACE[ev.after.rot]
    stayed = ev.before.at == ev.after.at
    verb = "tips" if tipped else "turns" if stayed else "moves"
    text = f"{verb} the {block_noun(before, ev.block, was)}"
    if not stayed:
        z = ev.after.at[2]
        text += " to the table" if z == 0 else f" onto level {z}"
    if now != was:
        text += f", {now.value} side up"
    return text


def block_noun(state: GameState, block: str, top: Colour) -> str:
    """'teal cube', 'neutral double cube', 'tall neutral block'."""
    size = _spec(state, block).size
    if size == 6:
        return KINDS[size]
    return f"{top.value} {KINDS[size]}"


def result_phrase(ev: GameEnded, labels: dict[Colour, str]) -> str:
    """'Game over: Red wins at level 9' or '... Red and Teal share the win at level 9'."""
    best = [labels[c] for c, _, place in ev.ranking if place == 1]
    wins = "wins" if len(best) == 1 else "share the win"
    return f"Game over: {' and '.join(best)} {wins} at level {ev.ranking[0][1]}"


def _top_colour(state: GameState, block: str, pose: Placement) -> Colour:
    return _spec(state, block).faces[TOP_FACE[pose.rot]]


def _spec(state: GameState, block: str) -> BlockSpec:
    return next(s for s in state.components.blocks if s.name == block)
