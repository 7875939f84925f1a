"""JSON files from outside, read defensively: only regular files of bounded size, and only JSON
that a person or this program writes — no repeated keys, no giant or non-finite numbers, bounded
nesting, valid Unicode text. Every refusal is a JsonProblem naming the place in the file."""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from climbers.io.messages import one_line, quoted, short_path

MAX_DEPTH = 10
"""Objects and lists nest at most this deep (a saved game needs 5, the settings 2)."""
MAX_DIGITS = 19
"""A whole number has at most this many digits: a 63-bit key (a Clamber position's history)
has 19; no other field comes near it."""
MAX_CONTAINERS = 20_000
"""Objects and lists in one file, at most (a saved game has a few hundred): counted on the raw
text before parsing, so half a million empty objects cost no time or memory to refuse."""
MAX_NUMBERS = 20_000
"""Numbers in one file, at most (a saved game has a few hundred): counted while parsing, which
stops at the first one over, so a file of a million zeros is refused before it is all read."""
MAX_KEYS = 1_000
"""Keys in one object, at most (no object of any file has more than a few dozen)."""


class JsonProblem(ValueError):
    """Why a file is not usable JSON, as words to follow the file's name."""


class SourceProblem(ValueError):
    """A data file (a mountain, the lessons, a puzzle) that cannot be used; str() is one line of
    at most 200 characters, control characters escaped: the file, then the problem."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = problem
        super().__init__(one_line(f"{short_path(source)}: {problem}"))


def load_json(path: str | os.PathLike[str], max_bytes: int, problem: type[SourceProblem]) -> Any:
    """The JSON value of a data file, read as `read_bounded` and `parse` do; an error of the
    class `problem` says in one line why not."""
    source = os.fspath(path)
    try:
        return parse(read_bounded(path, max_bytes))
    except FileNotFoundError:
        raise problem(source, "does not exist") from None
    except JsonProblem as exc:
        raise problem(source, str(exc)) from None


def versioned(
    data: object, file_format: str, version: int, problem: type[SourceProblem], source: str
) -> dict[str, Any]:
    """A versioned data file's object, {"format": file_format, "version": version, ...}; an
    error of the class `problem` says in one line what is wrong with its head."""
    if not isinstance(data, dict):
        raise problem(source, "expected a JSON object")
    if data.get("format") != file_format:
        raise problem(source, f'"format" must be "{file_format}"')
    if data.get("version") != version:
        raise problem(source, f'unsupported "version" {quoted(data.get("version"))}')
    return data


def read_bounded(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The content of a regular file of at most `max_bytes` bytes. FileNotFoundError when there
    is none; JsonProblem for a folder, device, FIFO, unreadable or larger file (never blocks)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise JsonProblem("is not a file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise JsonProblem("is not a file")
            raw = f.read(max_bytes + 1)
    except (FileNotFoundError, JsonProblem):
        raise
    except OSError as exc:
        raise JsonProblem(f"cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL character in the path
        raise JsonProblem("is no usable path") from None
    if len(raw) > max_bytes:
        raise JsonProblem(f"is larger than {max_bytes} bytes")
    return raw


def parse(text: str | bytes) -> Any:
    """The JSON value of `text`; JsonProblem says what is wrong and, where JSON tells, where."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if raw.count(b"{") + raw.count(b"[") > MAX_CONTAINERS:  # brackets in text count too: safe
        if b"[" * (MAX_DEPTH + 1) in raw or b"{" * (MAX_DEPTH + 1) in raw:
            raise JsonProblem(f"is nested too deeply (more than {MAX_DEPTH} levels)")
        raise JsonProblem(f"has more than {MAX_CONTAINERS} objects and lists")
    numbers = _Numbers()
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=numbers.whole,
            parse_float=numbers.fraction,
            parse_constant=_constant,
        )
    except UnicodeDecodeError as exc:
        raise JsonProblem(f"is not text (not UTF-8 at byte {exc.start})") from None
    except RecursionError:
        raise JsonProblem(f"is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except JsonProblem:
        raise
    except ValueError as exc:
        raise JsonProblem(f"is not JSON ({exc})") from None
    _check_tree(data)
    return data


def location(path: Sequence[str | int]) -> str:
    """Where a value sits in the file, as `players[1].at[0]`."""
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)
    return where.removeprefix(".")


PLAIN_WORDS = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number, not a fraction",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be text in quotes",
    "dict_type": "must be an object ({{...}})",
    "model_type": "must be an object ({{...}})",
    "list_type": "must be a list ([...])",
    "tuple_type": "must be a list ([...])",
    "missing": "is missing",
    "extra_forbidden": "is not a field of this file",
    "greater_than_equal": "must be at least {ge}",
    "greater_than": "must be more than {gt}",
    "less_than_equal": "must be at most {le}",
    "less_than": "must be less than {lt}",
    "too_short": "must have at least {min_length} items",
    "too_long": "must have at most {max_length} items",
    "string_too_short": "must have at least {min_length} characters",
    "string_too_long": "must have at most {max_length} characters",
    "literal_error": "must be {expected}",
    "enum": "must be {expected}",
}
"""Pydantic's kinds of problem in the words a person who edits a file reads (the data checks
of the project's own say theirs: `value_error`)."""


def validation_problem(exc: ValidationError) -> str:
    """One line from pydantic's report on a file's data: where in the file, and what is wrong,
    in plain words."""
    errors = exc.errors(include_url=False, include_input=False)
    first = errors[0]
    words = PLAIN_WORDS.get(str(first["type"]), "")
    try:
        message = words.format_map(first.get("ctx") or {})
    except KeyError:  # a kind of problem said without the bound it names
        message = ""
    message = re.sub(r"\b1 (item|character)s\b", r"1 \1", message)
    message = message or str(first["msg"]).removeprefix("Value error, ")
    where = location(first["loc"])
    others = len(errors) - 1
    more = f" (and {others} more problem{'s' if others > 1 else ''})" if others else ""
    return f"{where}: {message}{more}" if where else f"{message}{more}"


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > MAX_KEYS:
        raise JsonProblem(f"has an object of {len(pairs)} keys (at most {MAX_KEYS})")
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonProblem(f"has the key {quoted(key)} twice in one object")
            seen.add(key)
    return data


class _Numbers:
    """The numbers of one parse: each checked, and counted up to MAX_NUMBERS."""

    def __init__(self) -> None:
        self.count = 0

    def _counted(self) -> None:
        self.count += 1
        if self.count > MAX_NUMBERS:
            raise JsonProblem(f"has more than {MAX_NUMBERS} numbers")

    def whole(self, text: str) -> int:
        self._counted()
        digits = len(text.lstrip("-"))
        if digits > MAX_DIGITS:
            raise JsonProblem(f"has a number of {digits} digits (at most {MAX_DIGITS})")
        return int(text)

    def fraction(self, text: str) -> float:
        self._counted()
        value = float(text)
        if not math.isfinite(value):
            raise JsonProblem(f"has a number too large: {quoted(text)}")
        return value


def _constant(name: str) -> float:
    raise JsonProblem(f"has {name}, which is no JSON number")


def _check_tree(data: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH and text that is no valid Unicode (lone surrogates).
    Only objects and lists (at most MAX_CONTAINERS) are kept to visit; text is checked where it
    is met, and its place is spelt out only when it is refused."""
    if isinstance(data, str):
        _check_text(data, (), "text")
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if not isinstance(value, dict | list):
            continue
        if len(path) >= MAX_DEPTH:
            raise JsonProblem(
                f"is nested too deeply (more than {MAX_DEPTH} levels, at {location(path)})"
            )
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                _check_text(key, path, "a key")
            if isinstance(item, str):
                _check_text(item, path, "text", key)
            elif isinstance(item, dict | list):
                stack.append((item, (*path, key)))


def _check_text(
    text: str, path: tuple[str | int, ...], what: str, key: str | int | None = None
) -> None:
    """Refuse `text` (at `path`, under `key` when given) unless it is valid Unicode."""
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        where = location(path if key is None else (*path, key)) or "the top level"
        raise JsonProblem(f"{where}: {what} with a lone surrogate is not Unicode") from None


PEEK_BYTES = 2_000_000
"""The most of a file read to tell which kind of file it is (every game file is smaller)."""


def format_of(path: str | os.PathLike[str]) -> str | None:
    """The "format" a JSON file names (None when it is not a JSON object naming one, or cannot
    be read: its reader then says why)."""
    try:
        data = parse(read_bounded(path, PEEK_BYTES))
    except (OSError, ValueError):
        return None
    found = data.get("format") if isinstance(data, dict) else None
    return found if isinstance(found, str) else None
