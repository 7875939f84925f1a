"""Saved games and positions on disk: versioned JSON, written atomically, read defensively."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from pydantic import ValidationError

from climbers.core.state import FORMAT, VERSION, GameState

MAX_BYTES = 2_000_000
"""Files larger than this are refused unread (a saved game is a few kilobytes)."""


class FileProblem(Exception):
    """A file that is no usable game or position; str() is one line: the file, then the problem."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = " ".join(problem.split())
        super().__init__(f"{source}: {self.problem}")


def dumps(state: GameState) -> str:
    """The state as the JSON text of a save file."""
    return state.model_dump_json(indent=1) + "\n"


def save_game(state: GameState, path: str | os.PathLike[str]) -> None:
    """Write `state` to `path` atomically: a reader sees the old file or the new one, never half."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = dumps(state).encode("utf-8")
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_dir(target.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename durable where the platform allows opening a directory."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def load_game(path: str | os.PathLike[str]) -> GameState:
    """Read a saved game or a hand-written position; FileProblem says in one line what is wrong."""
    source = str(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise FileProblem(source, f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise FileProblem(source, f"is larger than {MAX_BYTES} bytes; not a game file")
    return loads(raw, source)


def loads(text: str | bytes, source: str = "<text>") -> GameState:
    """Parse the JSON text of a game or position (see docs/FILE-FORMAT.md)."""
    try:
        data = json.loads(text)
    except UnicodeDecodeError:
        raise FileProblem(source, "is not text (not UTF-8)") from None
    except RecursionError:
        raise FileProblem(source, "is not usable JSON: nested too deeply") from None
    except ValueError as exc:
        raise FileProblem(source, f"is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise FileProblem(source, f"is not a game: the top level is a JSON {_kind(data)}")
    _check_header(data, source)
    data.pop("description", None)
    try:
        state = GameState.model_validate_json(json.dumps(data))
    except ValidationError as exc:
        raise FileProblem(source, _first_error(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
        raise FileProblem(source, f"is not a valid game: {exc}") from None
    problem = position_problem(state)
    if problem is not None:
        raise FileProblem(source, problem)
    return state


def check_file(path: str | os.PathLike[str]) -> str | None:
    """None when `path` holds a valid game or position, else the one-line problem."""
    try:
        load_game(path)
    except FileProblem as exc:
        return str(exc)
    return None


def position_problem(state: GameState) -> str | None:
    """What a valid-looking state still gets wrong about disks and the turn, or None."""
    in_play = {p.block for p in state.blocks}
    seen: set[str] = set()
    for p in state.players:
        if p.reached_at > state.tick:
            return f"{p.colour} reached its level at tick {p.reached_at}, after tick {state.tick}"
        if p.disk_on is None:
            continue
        if p.disk_on in seen:
            return f"two disks lie on {p.disk_on}"
        seen.add(p.disk_on)
        if not state.structure.surfaces[state.block_index(p.disk_on)]:
            return f"{p.colour}'s disk lies on {p.disk_on}, which is covered all over"
    named = (*state.turn.moved_this_turn, *state.turn.moved_last_turn)
    stray = [n for n in named if n not in in_play]
    if stray:
        return f"the turn names block {stray[0]!r}, which is not in play"
    return None


def _check_header(data: dict[str, object], source: str) -> None:
    fmt = data.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise FileProblem(source, f'is not a game file: no "format": "{FORMAT}"')
        raise FileProblem(source, f"has format {_short(fmt)}, not {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int:
        raise FileProblem(source, f"has no whole-number version (found {_short(version)})")
    if version > VERSION:
        raise FileProblem(
            source, f"is version {version}, newer than this program reads ({VERSION}); update it"
        )
    if version < 1:
        raise FileProblem(source, f"has unknown version {version}")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise FileProblem(source, "description: must be text")


def _first_error(exc: ValidationError) -> str:
    """One line from pydantic's report: where in the file, and what is wrong."""
    errors = exc.errors(include_url=False, include_input=False)
    first = errors[0]
    message = str(first["msg"]).removeprefix("Value error, ")
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"])
    where = where.removeprefix(".")
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{where}: {message}{more}" if where else f"{message}{more}"


def _kind(value: object) -> str:
    return {list: "list", str: "string", int: "number", float: "number", bool: "boolean"}.get(
        type(value), "null"
    )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
