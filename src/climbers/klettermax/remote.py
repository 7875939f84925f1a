"""Burg Klettermax across computers (`climbers.net`): a client sends only a flick's aim,
'flick aim -12.5 0.640', and the host flies it with the deterministic physics to where the
knight comes to rest (a client's flick naming its own resting place is refused); the dice are
rolled by the rules on the host; a loot's treasures are shown only to the looter until the end
(K12). A window plays its seat from its views alone: the table draws the view's stand-in."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from pydantic import JsonValue, TypeAdapter

from climbers.klettermax.core import (
    COLOURS,
    RULES,
    Action,
    Aim,
    Event,
    Flick,
    Phase,
    State,
    TableView,
    event_for,
    stand_in,
)
from climbers.klettermax.game.session import KlettermaxTurns
from climbers.klettermax.physics.aiming import targets
from climbers.klettermax.physics.recorded import flick_action
from climbers.net.remote import Remote

AIMED = re.compile(r"flick aim (-?[0-9]{1,2}\.[0-9]) ([01]\.[0-9]{3})", re.ASCII)
"""A client's flick: its aim's angle with one decimal and its strength with three."""


def read(state: State, text: str) -> Action:
    """The action for a client's text: an aim flown by the physics from the flicker's spot and
    tower, any other action as its text form names it (ValueError for a flick with a resting
    place, which only the host decides)."""
    aimed = AIMED.fullmatch(text)
    if aimed is not None:
        aim = Aim(angle=float(aimed.group(1)), strength=float(aimed.group(2)))
        if not any(isinstance(a, Flick) for a in RULES.legal_actions(state)):
            return Flick(rest="outside", aim=aim)  # refused by the rules, never flown
        seat = state.active
        return flick_action(seat.spot, len(seat.tower), aim)
    action = RULES.parse_action(text)
    if isinstance(action, Flick):
        raise ValueError("a flick is sent as its aim: 'flick aim ANGLE STRENGTH'")
    return action


def events(found: Sequence[Event], seat: int | None, after: State) -> list[Event]:
    """The events as `seat` sees them: a loot's treasures only for the looter (K12)."""
    return [event_for(event, seat, after) for event in found]


def sent(action: Action) -> str:
    """The text a client sends: a flick as its aim alone, any other action as its text form."""
    if isinstance(action, Flick) and action.aim is not None:
        return f"flick aim {action.aim.text()}"
    return RULES.action_text(action)


def state_of(view: JsonValue) -> State:
    """The game a seat's view stands for: its stand-in (`core.stand_in`)."""
    return stand_in(TableView.model_validate(view))


EVENTS: TypeAdapter[Event] = TypeAdapter(Event)


def event_of(sent: JsonValue) -> Event:
    """An event as the host sent it (its kind's name under "event", then its fields)."""
    if not isinstance(sent, dict):
        raise ValueError("an event is a JSON object")
    return EVENTS.validate_python({k: v for k, v in sent.items() if k != "event"})


def suggest(view: JsonValue, seat: int, rng: random.Random) -> str:
    """What a scripted player sends from its own view: roll, a colour its tower lacks, the aim
    at a chamber holding tiles that hits it most often, end after a loot."""
    table = TableView.model_validate(view)
    phase, own = table.turn.phase, table.seats[seat]
    if phase is Phase.CHOOSE:
        lacking = [c for c, n in table.supply.items() if n and c not in own.tower]
        return f"take {rng.choice(lacking)}"
    if phase is Phase.LOOTED:
        return "end"
    if phase is Phase.START and len(own.tower) < len(COLOURS):
        return "roll"
    full = {number for number, c in enumerate(table.chambers, 1) if c.face_up is not None}
    aims = [t for t in targets(own.spot, len(own.tower), 0.0, 0.0) if t.chamber in full]
    return f"flick aim {max(aims, key=lambda t: t.chance).aim.text()}"


REMOTE = Remote(
    turns=KlettermaxTurns(),
    read=read,
    events=events,
    suggest=suggest,
    stand_in=state_of,
    event=event_of,
    sent=sent,
)
