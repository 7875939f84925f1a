"""What a player has done of a set of exercises (lessons, puzzles), kept in the data folder.

A progress file, `<kind>s-progress.json` in the data folder, is
{"format": "climbers-<kind>-progress", "version": 1, "completed": [ids]}, written atomically.
A file that cannot be read is never fatal: its problem is kept as one line and the progress
starts afresh; a save that fails is kept as one line too, and the next save tries again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from climbers.io.atomic import STALE_AFTER, remove_stale_temps, write_atomic
from climbers.io.folders import data_dir
from climbers.io.json_input import JsonProblem, parse, read_bounded, validation_problem
from climbers.io.messages import one_line, short_path

VERSION = 1
MAX_BYTES = 64_000
"""A progress file larger than this is not read (a full one holds a few hundred bytes)."""
ExerciseId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]{0,39}$")]


class _ProgressFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str
    version: int
    completed: tuple[ExerciseId, ...]


@dataclass
class Progress:
    """The ids of the completed exercises, the file they are kept in, and the last problem."""

    path: Path
    kind: str
    """What is kept, as in the file's format and its problems: "lesson", "puzzle"."""
    completed: set[str] = field(default_factory=set)
    problem: str | None = None
    """One line: why the file could not be read (progress started afresh) or written."""

    def complete(self, exercise_id: str) -> None:
        """Count `exercise_id` as completed and save; a failing save is kept in `problem`."""
        if exercise_id in self.completed:
            return
        self.completed.add(exercise_id)
        completed = sorted(self.completed)
        data = {"format": format_of(self.kind), "version": VERSION, "completed": completed}
        try:
            write_atomic(self.path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        except OSError as exc:
            self.problem = one_line(
                f"{short_path(self.path)}: {self.kind} progress not saved ({exc.strerror or exc})"
            )
        else:
            self.problem = None


def format_of(kind: str) -> str:
    """The file format name of a kind of progress."""
    return f"climbers-{kind}-progress"


def progress_path(kind: str) -> Path:
    """Where the `kind` progress is kept by default: e.g. puzzles-progress.json in the data
    folder."""
    return data_dir() / f"{kind}s-progress.json"


def load_progress(kind: str, path: Path | None = None) -> Progress:
    """The `kind` progress kept in `path` (default: progress_path(kind)); none yet when there
    is no file, and none, with the one-line `problem`, when the file is not usable. Temporary
    files that writes killed midway left beside it are removed."""
    path = progress_path(kind) if path is None else path
    remove_stale_temps(path, STALE_AFTER)
    try:
        data = _ProgressFile.model_validate(parse(read_bounded(path, MAX_BYTES)))
        if data.format != format_of(kind) or data.version != VERSION:
            raise JsonProblem(f'expected "format": "{format_of(kind)}", "version": {VERSION}')
    except FileNotFoundError:
        return Progress(path, kind)
    except JsonProblem as exc:
        return _afresh(path, kind, str(exc))
    except ValidationError as exc:
        return _afresh(path, kind, validation_problem(exc))
    return Progress(path, kind, set(data.completed))


def _afresh(path: Path, kind: str, problem: str) -> Progress:
    line = one_line(f"{short_path(path)}: {problem}; {kind} progress starts afresh")
    return Progress(path, kind, problem=line)
