"""What a game brings to be played across computers (its registry entry's `remote`): its turns,
for undo within a turn; how the host reads an action a client sent, deciding itself what a
client may not (where a flicked knight comes to rest); and its events as one seat may see them.
Without its own reading an action is the rules' text form; without its own events, every seat
gets every event, and without its own suggestions a scripted client reads its view as the state
(a game that hides nothing).

A game that hides something is played in the window through each seat's view alone: it brings a
stand-in (a state the seat cannot tell from the game, which its table draws), the reading of its
events as the host sends them, and the text a client sends for an action (a flick as its aim)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pydantic import BaseModel, JsonValue

from climbers.games.interface import GameRules
from climbers.games.registry import GameEntry, load_instance
from climbers.session.session import Turns

ActionReader = Callable[[Any, str], Any]
"""(state, text) → the action the host applies for a client's text in `state`; ValueError when
the text is no action the host takes from a client."""
EventFilter = Callable[[Sequence[Any], "int | None", Any], Sequence[Any]]
"""(events, seat, state after) → the events as `seat` (None: a watcher) may see them."""
Suggester = Callable[[JsonValue, int, random.Random], str]
"""(a seat's view, the seat, a random source) → the text of an action a scripted client sends
from that view alone (the network soak, tests)."""
StandIn = Callable[[JsonValue], Any]
"""A seat's view → a state the seat cannot tell from the game (ValueError when it is none)."""
EventReader = Callable[[JsonValue], Any]
"""An event as the host sent it (`event_json`) → the game's event (ValueError when it is none)."""


@dataclass(frozen=True)
class Remote:
    """One game's part of hosting (see the module)."""

    turns: Turns
    read: ActionReader | None = None
    events: EventFilter | None = None
    suggest: Suggester | None = None
    stand_in: StandIn | None = None
    event: EventReader | None = None
    sent: Callable[[Any], str] | None = None
    """The text a client sends for its action (None: the rules' text form)."""


def remote_of(entry: GameEntry) -> Remote:
    """The game's `Remote`; ValueError when the game cannot be hosted."""
    if entry.remote is None:
        raise ValueError(f"{entry.name} cannot be played across computers yet")
    found: Remote = load_instance(entry.remote, Remote)
    return found


def read_action(remote: Remote, rules: GameRules[Any, Any], state: Any, text: str) -> Any:
    """The action for a client's `text` in `state` (ValueError when it is none)."""
    return rules.parse_action(text) if remote.read is None else remote.read(state, text)


def sent_text(remote: Remote, rules: GameRules[Any, Any], action: Any) -> str:
    """The text a client sends for `action`."""
    return rules.action_text(action) if remote.sent is None else remote.sent(action)


def suggestion(
    remote: Remote, rules: GameRules[Any, Any], view: JsonValue, seat: int, rng: random.Random
) -> str:
    """An action a scripted client at `seat` sends from its `view`: the game's own choice, or a
    random legal action of the state the view is (a game that hides nothing)."""
    if remote.suggest is not None:
        return remote.suggest(view, seat, rng)
    state = rules.load(json.dumps(view))
    return rules.action_text(rng.choice(list(rules.legal_actions(state))))


def seen_events(
    remote: Remote, events: Sequence[Any], seat: int | None, after: Any
) -> list[JsonValue]:
    """The events of an action as `seat` may see them, as JSON (each named by its kind)."""
    shown = events if remote.events is None else remote.events(events, seat, after)
    return [event_json(event) for event in shown]


def event_json(event: Any) -> JsonValue:
    """An event as a JSON object: its kind's name under "event", then its fields."""
    fields = plain(event)
    named: dict[str, JsonValue] = {"event": type(event).__name__}
    if isinstance(fields, dict):
        named.update(fields)
    return named


def plain(value: Any) -> JsonValue:
    """A core's value (a pydantic model, a named tuple, an enum, tuples, numbers, strings) as
    JSON."""
    if isinstance(value, BaseModel):
        dumped: JsonValue = value.model_dump(mode="json")
        return dumped
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return {key: plain(item) for key, item in value._asdict().items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
