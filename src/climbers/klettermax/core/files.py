"""A state as versioned JSON text, and back: bounded, and only states that can arise in play."""

from __future__ import annotations

import json
from typing import Any, Final

from pydantic import ValidationError

from climbers.klettermax.core.state import FORMAT, VERSION, State

MAX_TEXT: Final = 20_000
"""A saved state is under 2,000 characters; longer text is not one."""
MAX_LIST: Final = 9
"""The longest list in a state: the nine chambers."""
MAX_DEPTH: Final = 3
"""The deepest nesting of lists and objects in a state: a tower in a seat in the seats."""


def dump(state: State) -> str:
    """The state as versioned JSON text."""
    return json.dumps(state.model_dump(mode="json"), separators=(",", ":"))


def load(text: str) -> State:
    """A state from its JSON text; ValueError naming the problem in one line when it is not a
    state of this game that can arise in play."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"not a Burg Klettermax game: longer than {MAX_TEXT} characters")
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"not a Burg Klettermax game: not JSON ({_first_line(exc)})") from None
    if not isinstance(data, dict):
        raise ValueError("not a Burg Klettermax game: expected a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f'not a Burg Klettermax game: "format" must be "{FORMAT}"')
    if data.get("version") != VERSION:
        raise ValueError(f'unsupported Burg Klettermax "version" {str(data.get("version"))[:20]}')
    _check_bounds(data, "", 0)
    try:
        return State.model_validate_json(text, strict=True)
    except ValidationError as exc:
        error = exc.errors()[0]
        place = ".".join(str(part) for part in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        raise ValueError(f"not a Burg Klettermax game: {place or 'state'}: {message}") from None


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
