"""Which lessons the player has completed, kept in the data folder across runs.

The file is {"format": "climbers-lesson-progress", "version": 1, "completed": [ids]}, written
atomically. A file that cannot be read is never fatal: its problem is kept as one line and the
progress starts afresh; a save that fails is kept as one line too, and the next save tries again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from climbers.io.atomic import write_atomic
from climbers.io.folders import data_dir
from climbers.io.json_input import JsonProblem, parse, read_bounded, validation_problem
from climbers.io.messages import one_line, short_path
from climbers.lessons.model import LessonId

FORMAT = "climbers-lesson-progress"
VERSION = 1
MAX_BYTES = 64_000
"""A progress file larger than this is not read (a full one holds a few hundred bytes)."""


class _ProgressFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["climbers-lesson-progress"]
    version: Literal[1]
    completed: tuple[LessonId, ...]


def progress_path() -> Path:
    """Where the progress is kept: lessons-progress.json in the data folder."""
    return data_dir() / "lessons-progress.json"


@dataclass
class Progress:
    """The ids of the completed lessons, the file they are kept in, and the last problem."""

    path: Path
    completed: set[str] = field(default_factory=set)
    problem: str | None = None
    """One line: why the file could not be read (progress started afresh) or written."""

    def complete(self, lesson_id: str) -> None:
        """Count `lesson_id` as completed and save; a failing save is kept in `problem`."""
        if lesson_id in self.completed:
            return
        self.completed.add(lesson_id)
        data = {"format": FORMAT, "version": VERSION, "completed": sorted(self.completed)}
        try:
            write_atomic(self.path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        except OSError as exc:
            self.problem = one_line(
                f"{short_path(self.path)}: lesson progress not saved ({exc.strerror or exc})"
            )
        else:
            self.problem = None


def load_progress(path: Path | None = None) -> Progress:
    """The progress kept in `path` (default: progress_path()); none yet when there is no file,
    and none, with the one-line `problem`, when the file is not usable."""
    path = progress_path() if path is None else path
    try:
        data = parse(read_bounded(path, MAX_BYTES))
        completed = _ProgressFile.model_validate(data).completed
    except FileNotFoundError:
        return Progress(path)
    except JsonProblem as exc:
        return _afresh(path, str(exc))
    except ValidationError as exc:
        return _afresh(path, validation_problem(exc))
    return Progress(path, set(completed))


def _afresh(path: Path, problem: str) -> Progress:
    line = one_line(f"{short_path(path)}: {problem}; lesson progress starts afresh")
    return Progress(path, problem=line)
