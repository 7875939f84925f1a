"""Saved games and positions on disk: versioned JSON, written atomically, read defensively."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar, get_args

from pydantic import ValidationError

from climbers.io.atomic import write_atomic
from climbers.io.json_input import JsonProblem, parse, read_bounded, validation_problem
from climbers.io.messages import one_line, quoted, short_path
from climbers.the_climbers.core.actions import parse_action
from climbers.the_climbers.core.components import Colour
from climbers.the_climbers.core.engine import apply
from climbers.the_climbers.core.errors import IllegalAction
from climbers.the_climbers.core.state import FORMAT, PLAYED, VERSION, GameState
from climbers.the_climbers.io.refusals import refusal_sentence

S = TypeVar("S")
BotLevel = Literal["random", "greedy", "strong"]
"""How well a bot plays a seat (climbers.the_climbers.ai makes the bots), weakest first."""
BOT_LEVELS: tuple[BotLevel, ...] = get_args(BotLevel)
MAX_BYTES = 2_000_000
"""Files larger than this are refused unread (a saved game is a few kilobytes)."""
MAX_LOG = 10_000
"""The longest action log a file may hold, checked before any line is replayed: a game of five
greedy bots takes about 400 actions, replayed at about 0.15 ms each, so 10,000 take under 2 s.
A longer game is saved with its last MAX_LOG actions, from the state before them (`recorded`)."""


class FileProblem(Exception):
    """A file that is no usable game or position; str() is one line of at most 200 characters
    (control characters escaped): the file, then the problem."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = problem
        super().__init__(one_line(f"{short_path(source)}: {problem}"))


@dataclass(frozen=True)
class SavedGame:
    """What a file holds: the current state and, for a recorded game, where it began and the log.

    `log` lists the applied actions in their text form; applied one by one to `start` they lead
    to `state`. A hand-written position has no start and an empty log. `bots` gives the bot
    level of each seat played by a bot, by colour (every other seat is played by people).
    """

    state: GameState
    start: GameState | None = None
    log: tuple[str, ...] = ()
    bots: dict[Colour, str] = field(default_factory=dict)


def dumps(
    state: GameState,
    start: GameState | None = None,
    log: Sequence[str] = (),
    bots: Mapping[Colour, str] | None = None,
) -> str:
    """The JSON text of a save file: the state, then (for a recorded game) its start and log,
    then the bot seats if there are any."""
    data = state.model_dump(mode="json")
    if start is not None:
        data["start"] = start.model_dump(mode="json", exclude={"format", "version"})
        data["log"] = list(log)
    if bots:
        data["bots"] = {colour.value: level for colour, level in bots.items()}
    return json.dumps(data, indent=1) + "\n"


def save_game(
    state: GameState,
    path: str | os.PathLike[str],
    start: GameState | None = None,
    log: Sequence[str] = (),
    bots: Mapping[Colour, str] | None = None,
) -> None:
    """Write a game to `path` atomically: a reader sees the old file or the new one, never half;
    OSError when it cannot be written (no temporary file is left)."""
    write_atomic(path, dumps(state, start, log, bots).encode("utf-8"))


def recorded(states: Sequence[S], log: Sequence[str]) -> tuple[S, tuple[str, ...]]:
    """The start and log a file records of a game whose states, from its start, are `states`
    (one more than the actions of `log`): all of them, or when the log is longer than MAX_LOG,
    its last MAX_LOG actions from the state before them."""
    cut = max(0, len(log) - MAX_LOG)
    return states[cut], tuple(log[cut:])


def load_game(path: str | os.PathLike[str], exercise: bool = False) -> GameState:
    """Read a saved game or a hand-written position; FileProblem says in one line what is wrong.
    `exercise`: the position of a puzzle or a lesson, whose Climber may wait on the table with
    fewer ladders (as no game can leave it)."""
    return load_saved(path, exercise).state


def load_saved(path: str | os.PathLike[str], exercise: bool = False) -> SavedGame:
    """Read a file with its start and action log (checked by replaying the log)."""
    source = str(path)
    try:
        raw = read_bounded(path, MAX_BYTES)
    except FileNotFoundError:
        raise FileProblem(source, "does not exist") from None
    except JsonProblem as exc:
        raise FileProblem(source, str(exc)) from None
    return loads_saved(raw, source, exercise)


def loads(text: str | bytes, source: str = "<text>", exercise: bool = False) -> GameState:
    """Parse the JSON text of a game or position (see docs/FILE-FORMAT.md)."""
    return loads_saved(text, source, exercise).state


def loads_saved(text: str | bytes, source: str = "<text>", exercise: bool = False) -> SavedGame:
    """Parse the JSON text of a game or position with its start and action log."""
    try:
        data = parse(text)
    except JsonProblem as exc:
        raise FileProblem(source, str(exc)) from None
    if not isinstance(data, dict):
        raise FileProblem(source, f"is not a game: the top level is a JSON {_kind(data)}")
    _check_header(data, source)
    data.pop("description", None)
    start_data, log = data.pop("start", None), data.pop("log", None)
    bots_data = data.pop("bots", {})
    context = {} if exercise else PLAYED
    state = _state(data, source, "", context)
    bots = _bots(bots_data, state, source)
    if start_data is None and log is None:
        return SavedGame(state, bots=bots)
    if not isinstance(start_data, dict):
        raise FileProblem(source, 'start: a game with a "log" needs its "start" state (an object)')
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        raise FileProblem(source, 'log: must be a list of actions as text (with "start")')
    if len(log) > MAX_LOG:
        raise FileProblem(source, f"log: at most {MAX_LOG} actions, not {len(log)}")
    start = _state(start_data, source, "start.", context)
    reached = _replay(start, log, source)
    if reached != state:
        raise FileProblem(
            source, f"the log leads to another state than the saved one (tick {reached.tick})"
        )
    return SavedGame(state, start, tuple(log), bots)


LIST_BOUNDS = {"blocks": 64, "players": 5}
"""The longest lists a state may hold, checked before any entry is (a standard mountain has 35
blocks; a file of 600,000 empty blocks took 14 s and 650 MB to refuse entry by entry)."""


def _state(data: dict[str, object], source: str, where: str, context: dict[str, bool]) -> GameState:
    for key, most in LIST_BOUNDS.items():
        value = data.get(key)
        if isinstance(value, list) and len(value) > most:
            raise FileProblem(source, f"{where}{key}: at most {most} items, not {len(value)}")
    try:
        return GameState.model_validate_json(json.dumps(data), strict=True, context=context)
    except ValidationError as exc:
        raise FileProblem(source, where + validation_problem(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
        raise FileProblem(source, f"{where}is not a valid game: {exc}") from None


def _bots(data: object, state: GameState, source: str) -> dict[Colour, str]:
    """The bot seats: {colour: level} for colours in play and known levels."""
    if not isinstance(data, dict):
        raise FileProblem(source, "bots: must be an object of colour: bot level")
    colours = {p.colour.value: p.colour for p in state.players}
    bots: dict[Colour, str] = {}
    for name, level in data.items():
        if name not in colours:
            raise FileProblem(source, f"bots: {quoted(name)} is no player in this game")
        if not isinstance(level, str) or level not in BOT_LEVELS:
            raise FileProblem(
                source, f"bots.{name}: {quoted(level)} is no bot level ({', '.join(BOT_LEVELS)})"
            )
        bots[colours[name]] = level
    return bots


def _replay(start: GameState, log: list[str], source: str) -> GameState:
    """The state the log leads to from `start`; FileProblem naming the first line that fails."""
    state = start
    for i, line in enumerate(log):
        try:
            state, _ = apply(state, parse_action(line))
        except IllegalAction as exc:
            raise FileProblem(
                source, f"log[{i}]: {quoted(line)} is refused: {refusal_sentence(exc)}"
            ) from None
        except ValueError:
            raise FileProblem(source, f"log[{i}]: not an action: {quoted(line)}") from None
    return state


def check_file(path: str | os.PathLike[str]) -> str | None:
    """None when `path` holds a valid game or position, else the one-line problem."""
    try:
        load_saved(path)
    except FileProblem as exc:
        return str(exc)
    return None


def _check_header(data: dict[str, object], source: str) -> None:
    fmt = data.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise FileProblem(source, f'is not a game file: no "format": "{FORMAT}"')
        raise FileProblem(source, f"has format {quoted(fmt)}, not {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int:
        raise FileProblem(source, f"has no whole-number version (found {quoted(version)})")
    if version > VERSION:
        raise FileProblem(
            source, f"is version {version}, newer than this program reads ({VERSION}); update it"
        )
    if version < 1:
        raise FileProblem(source, f"has unknown version {version}")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise FileProblem(source, "description: must be text")


def _kind(value: object) -> str:
    return {list: "list", str: "string", int: "number", float: "number", bool: "boolean"}.get(
        type(value), "null"
    )
