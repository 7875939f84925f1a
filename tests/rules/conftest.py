"""Small hand-made positions for the rule tests, and a checked way to expect a refusal."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import pytest

from climbers.the_climbers.core import (
    Action,
    Colour,
    GameState,
    IllegalAction,
    Pass,
    Placement,
    Reason,
    Rules,
    Step,
    apply,
    new_game,
    standard_components,
)
from climbers.the_climbers.core.events import Event
from climbers.the_climbers.core.geometry import FACES, FaceKey
from climbers.the_climbers.core.state import Player, evolve
from climbers.the_climbers.io.refusals import refusal_sentence

Square = tuple[int, int]
TEAL, PURPLE, YELLOW, RED, PINK = (
    Colour.TEAL,
    Colour.PURPLE,
    Colour.YELLOW,
    Colour.RED,
    Colour.PINK,
)
ALL_COLOURS = (TEAL, PURPLE, YELLOW, RED, PINK)
NEUTRAL = Colour.NEUTRAL

BLOCK_ID = re.compile(r"\b(half|cube|double|neutral)-\d+\b")
"""An internal block name (half-3, neutral-1): never in a sentence for players."""
COORDINATES = re.compile(r"\(?\d+\s*,\s*\d+\)?")
"""A square or a corner given by numbers, (12,11) or 17, 15: never in a sentence for players."""
CODE = re.compile(r"\b[A-Z][a-z]+\.[A-Z_]+\b|\b[a-z]+_[a-z_]+\b|[{}]")
"""Raw enum or code text (Reason.UNSUPPORTED, wrong_colour) or an unfilled placeholder."""


NOTHING_ON_THE_TABLE = {
    Reason.GAME_OVER,
    Reason.NOT_YOUR_TURN,
    Reason.WRONG_PHASE,
    Reason.UNKNOWN_BLOCK,
    Reason.DISK_SPENT,
}
"""Refusals about the turn or the action itself: no square or block on the table is at fault."""


def check_words(text: str) -> None:
    """A sentence for players: capitalised, ending with a full stop, with no internal block name,
    no coordinates and no raw code."""
    assert text[0].isupper() and text.endswith(".") and len(text.split()) >= 3, text
    assert "\n" not in text and "  " not in text, text
    for pattern in (BLOCK_ID, COORDINATES, CODE):
        assert not pattern.search(text), f"{text!r} shows {pattern.search(text)}"


def face_showing(name: str, colour: Colour) -> FaceKey:
    """The first own face of block `name` that shows `colour`."""
    spec = next(b for b in standard_components().blocks if b.name == name)
    return next(f for f in FACES if spec.faces[f] == colour)


def put(
    name: str,
    at: tuple[int, int, int],
    up: FaceKey | Colour = "+z",
    north: FaceKey | None = None,
) -> Placement:
    """A block at min corner `at`; `up` is the own face pointing up, or the top colour wanted.

    Without `north`, the first of +y, +x, +z that is not on the up axis points north.
    """
    up_face: FaceKey = face_showing(name, up) if isinstance(up, Colour) else up
    if north is None:
        north = next(f for f in ("+y", "+x", "+z") if f[1] != up_face[1])  # type: ignore[assignment]
    assert north is not None
    return Placement(block=name, at=at, up=up_face, north=north)


def position(
    blocks: Iterable[Placement],
    at: Mapping[Colour, Square | None] | None = None,
    colours: Iterable[Colour] = (TEAL, PURPLE),
    rules: Rules | None = None,
    active: int = 0,
    step: Step = Step.MOVE,
    players: Mapping[Colour, Mapping[str, object]] | None = None,
    **turn: object,
) -> GameState:
    """A game with the given blocks and Climber squares, `active` to play in `step`.

    `step` picks the first such step of the turn (REACTION: the first reacting player);
    `players` overrides other Player fields (ladders, disk, disk_on, reached_at) by colour.
    """
    rules = rules or Rules()
    state = new_game(tuple(blocks), tuple(colours), rules=rules, first=active)
    changed: list[Player] = []
    for p in state.players:
        update: dict[str, object] = {}
        if at and p.colour in at:
            update["at"] = at[p.colour]
        if players and p.colour in players:
            update.update(players[p.colour])
        changed.append(p.model_copy(update=update))
    state = evolve(state, players=tuple(changed), tick=max(p.reached_at for p in changed))
    steps = rules.turn_steps()
    index = len(steps) if step is Step.REACTION else steps.index(step)
    fields: dict[str, object] = {"step": index, "start_level": state.level(active)}
    if step is Step.REACTION:
        fields["reactor"] = 1
    fields.update(turn)
    state = evolve(state, turn=state.turn.model_copy(update=fields))
    state = _late_enough(state)
    return GameState.model_validate(state.model_dump())  # validate the position as a whole


def _late_enough(state: GameState) -> GameState:
    """The position at the first turn number its history allows, unless it is there already:
    a disk on the mountain after its owner's first turn began, a spent one after its second
    (R19); a block moved last turn after turn 1 (R15); the quiet turns after as many turns
    (R22); the tick at least the turns before (R20)."""
    turn, n = state.turn, len(state.players)
    needed = [turn.number, 2 if turn.moved_last_turn else 1]
    needed.append(turn.quiet_turns + (turn.step < len(state.rules.turn_steps())))
    for seat, p in enumerate(state.players):
        behind = (turn.active - seat) % n
        if p.disk != "in_hand":
            needed.append(behind + 1 + (n if p.disk == "spent" else 0))
    number = max(needed)
    if number == turn.number:
        return state
    turn = turn.model_copy(update={"number": number})
    return evolve(state, turn=turn, tick=max(state.tick, number - 1))


def destinations(state: GameState) -> set[Square]:
    """The squares the acting Climber may walk to now."""
    from climbers.the_climbers.core import legal_destinations

    return set(legal_destinations(state))


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply actions in order; all events together."""
    events: list[Event] = []
    for action in actions:
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def pass_step(state: GameState) -> GameState:
    """The acting player skips the current step."""
    return apply(state, Pass(player=state.players[state.actor].colour))[0]


def pass_turn(state: GameState) -> GameState:
    """Everyone passes until the next turn starts (or the game ends)."""
    number = state.turn.number
    while not state.finished and state.turn.number == number:
        state = pass_step(state)
    return state


def refuse(state: GameState, action: Action, reason: Reason) -> IllegalAction:
    """Apply `action`, expect IllegalAction with `reason`, and check the refusal is well formed:
    the state is untouched, the message is a sentence in players' words."""
    copy = GameState.model_validate(state.model_dump())
    dump = state.model_dump()
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    exc = info.value
    assert exc.reason is reason, f"{exc.reason}: {refusal_sentence(exc)}"
    assert state == copy
    assert state.model_dump() == dump
    check_message(exc)
    return exc


def check_message(exc: IllegalAction) -> None:
    """A refusal message is one sentence in players' words; the squares and blocks at fault
    travel with the refusal, not in the sentence."""
    check_words(refusal_sentence(exc))
    if exc.reason not in NOTHING_ON_THE_TABLE:
        assert exc.squares or exc.blocks, exc
