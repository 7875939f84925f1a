"""A state as versioned JSON text, and back: bounded, and only states that can arise in play
from the seed's deal; and a recorded game, its start and every action since, whose log must
replay."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from pydantic import ValidationError

from climbers.klettermax.core.actions import Action, action_text, parse_action
from climbers.klettermax.core.components import TOWER_HEIGHT
from climbers.klettermax.core.dice import deal_tiles
from climbers.klettermax.core.engine import apply
from climbers.klettermax.core.errors import Refused
from climbers.klettermax.core.state import FORMAT, VERSION, Phase, State

MAX_TEXT: Final = 20_000
"""A saved state is under 2,000 characters; longer text is not one."""
MAX_LIST: Final = 9
"""The longest list in a state: the nine chambers."""
MAX_DEPTH: Final = 3
"""The deepest nesting of lists and objects in a state: a tower in a seat in the seats."""

RECORD_FORMAT: Final = "klettermax-record"
RECORD_VERSION: Final = 1
PHYSICS: Final = 2
"""The flick's physics new records and saved games are made under: 1 before issue 31 (a record
without `physics`), 2 since. A flick recorded under an earlier physics replays by its recorded
resting place; it is not flicked again (`climbers.klettermax.physics.verify_flicks`)."""
MAX_LOG: Final = 20_000
"""The most actions a record holds: games end far sooner (five loots)."""
MAX_LINE: Final = 60
"""The longest action text: 'flick outside aim -90.0 1.000' has 29 characters."""
MAX_RECORD_TEXT: Final = MAX_TEXT + MAX_LOG * (MAX_LINE + 3)


def dump(state: State) -> str:
    """The state as versioned JSON text."""
    return json.dumps(state.model_dump(mode="json"), separators=(",", ":"))


def load(text: str) -> State:
    """A state from its JSON text; ValueError naming the problem in one line when it is not a
    state of this game that can arise in play."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"not a Burg Klettermax game: longer than {MAX_TEXT} characters")
    return _state(_object(text, "game"), text)


def dump_record(start: State, actions: Sequence[Action]) -> str:
    """A recorded game as versioned JSON text: the state it began in and every action since
    in its text form (a flick with its aim), one per line of the log, made under the physics
    `PHYSICS`."""
    record = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "physics": PHYSICS,
        "start": start.model_dump(mode="json"),
        "log": [action_text(a) for a in actions],
    }
    return json.dumps(record, separators=(",", ":"))


def load_record(text: str) -> tuple[State, tuple[Action, ...]]:
    """A recorded game's start and actions; ValueError naming the problem in one line when it
    is not one, or when its log does not replay from its start (a refused action, a line that is
    no action). A flick recorded without an aim reads and replays."""
    start, actions, _ = read_record(text)
    return start, actions


def read_record(text: str) -> tuple[State, tuple[Action, ...], int]:
    """`load_record`, and the physics its flicks were made under (1 when the record does not
    say: it was made before records said)."""
    if len(text) > MAX_RECORD_TEXT:
        raise ValueError(f"not a Burg Klettermax record: longer than {MAX_RECORD_TEXT} characters")
    data = _object(text, "record")
    if data.get("format") != RECORD_FORMAT:
        raise ValueError(f'not a Burg Klettermax record: "format" must be "{RECORD_FORMAT}"')
    if data.get("version") != RECORD_VERSION:
        version = str(data.get("version"))[:20]
        raise ValueError(f'unsupported Burg Klettermax record "version" {version}')
    extra = sorted(set(data) - {"format", "version", "physics", "start", "log"})
    if extra or "start" not in data or "log" not in data:
        problem = f"unknown key {extra[0][:20]!r}" if extra else 'needs "start" and "log"'
        raise ValueError(f"not a Burg Klettermax record: {problem}")
    physics = data.get("physics", 1)
    if type(physics) is not int or not 1 <= physics <= PHYSICS:
        shown = str(physics)[:20]
        raise ValueError(f'not a Burg Klettermax record: "physics" {shown} is not 1 to {PHYSICS}')
    log = data["log"]
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        raise ValueError("not a Burg Klettermax record: log: a list of action texts")
    if len(log) > MAX_LOG:
        raise ValueError(f"not a Burg Klettermax record: log has over {MAX_LOG} actions")
    start = data["start"]
    if not isinstance(start, dict):
        raise ValueError("not a Burg Klettermax record: start: expected a JSON object")
    try:
        state = first = _state(start, json.dumps(start))
    except ValueError as exc:
        problem = str(exc).removeprefix("not a Burg Klettermax game: ")
        raise ValueError(f"not a Burg Klettermax record: start: {problem}") from None
    actions = []
    for number, line in enumerate(log):
        where = f"log[{number}]: {line[:MAX_LINE]!r}"
        if len(line) > MAX_LINE:
            raise ValueError(f"not a Burg Klettermax record: {where} is longer than {MAX_LINE}")
        try:
            action = parse_action(line)
            state = apply(state, action)[0]
        except (ValueError, Refused) as exc:
            raise ValueError(f"not a Burg Klettermax record: {where}: {exc}") from None
        actions.append(action)
    return first, tuple(actions), physics


def _object(text: str, what: str) -> dict[str, Any]:
    """The JSON object `text` holds (no repeated key, no NaN or Infinity)."""
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"not a Burg Klettermax {what}: not JSON ({_first_line(exc)})") from None
    if not isinstance(data, dict):
        raise ValueError(f"not a Burg Klettermax {what}: expected a JSON object")
    return data


def _state(data: dict[str, Any], text: str) -> State:
    """The state that `data`, read from `text`, describes."""
    if data.get("format") != FORMAT:
        raise ValueError(f'not a Burg Klettermax game: "format" must be "{FORMAT}"')
    if data.get("version") != VERSION:
        raise ValueError(f'unsupported Burg Klettermax "version" {str(data.get("version"))[:20]}')
    _check_bounds(data, "", 0)
    try:
        state = State.model_validate_json(text, strict=True)
    except ValidationError as exc:
        error = exc.errors()[0]
        place = ".".join(str(part) for part in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        raise ValueError(f"not a Burg Klettermax game: {place or 'state'}: {message}") from None
    problem = _not_from_its_seed(state)
    if problem is not None:
        raise ValueError(f"not a Burg Klettermax game: {problem}")
    return state


def _not_from_its_seed(state: State) -> str | None:
    """Why `state` is no game played from its seed's deal, or None. A file holds a game: its
    seed dealt the tiles (K4), a tile turns up only when the one above it is looted (K12),
    and every knight on a tower or flicked for a loot came with a roll, at most two a roll (K6,
    K8, K9). The rules themselves also take positions set out by hand (lessons, the frame-rate
    probe) and the games a seat cannot tell from one (`view.resample`, for a bot's search, its
    hidden tiles drawn anew): those are no games played from their seed, and no files."""
    dealt = deal_tiles(state.seed)
    seed = state.seed
    for number, (stack, deal) in enumerate(zip(state.chambers, dealt, strict=True), 1):
        if stack != deal[len(deal) - len(stack) :]:
            if len(stack) == len(deal):
                return f"chambers.{number - 1}: seed {seed} deals chamber {number} other tiles"
            return (
                f"chambers.{number - 1}: chamber {number} holds other tiles than seed {seed} "
                f"leaves there after {len(deal) - len(stack)} loots (a tile turns up only when "
                "the one above it is looted)"
            )
    knights = sum(len(seat.tower) for seat in state.seats)
    looted = sum(len(seat.tiles) for seat in state.seats)
    needed = -(-(knights + TOWER_HEIGHT * looted) // 2)
    if state.turn.phase is Phase.CHOOSE:
        needed = max(needed, 1)
    if state.rolls < needed:
        return (
            f"rolls: {state.rolls} rolls of the dice are too few for {knights} knights on the "
            f"towers and {looted} tiles looted (a roll brings two knights at most, a loot "
            f"takes {TOWER_HEIGHT})"
        )
    return None


def _check_bounds(value: Any, place: str, depth: int) -> None:
    """Reject lists longer and nesting deeper than a state has, before validating."""
    if not isinstance(value, dict | list):
        return
    if depth > MAX_DEPTH:
        raise ValueError(f"not a Burg Klettermax game: {place} nests too deep")
    if isinstance(value, list) and len(value) > MAX_LIST:
        raise ValueError(f"not a Burg Klettermax game: {place} has over {MAX_LIST} items")
    children = value.items() if isinstance(value, dict) else enumerate(value)
    for key, child in children:
        _check_bounds(child, f"{place}.{key}" if place else str(key), depth + 1)


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key is repeated")
    return dict(pairs)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0][:80] if str(exc) else type(exc).__name__
