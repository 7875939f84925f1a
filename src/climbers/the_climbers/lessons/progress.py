"""Which lessons the player has completed: lessons-progress.json in the data folder
(climbers.io.progress keeps it)."""

from __future__ import annotations

from pathlib import Path

from climbers.io import progress
from climbers.io.progress import Progress

KIND = "lesson"


def progress_path() -> Path:
    """Where the lesson progress is kept: lessons-progress.json in the data folder."""
    return progress.progress_path(KIND)


def load_progress(path: Path | None = None) -> Progress:
    """The lesson progress kept in `path` (default: progress_path()), never fatal."""
    return progress.load_progress(KIND, path)
