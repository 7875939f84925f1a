"""The last game, kept on disk after every applied action so that it can always be continued.

One running copy of the program owns the last-game file: `claim` locks it for the rest of the
process (the lock goes when the process ends, however it ends). A second copy running at the
same time saves to last-game-2.json, a third to last-game-3.json, and so on; Continue last game
offers the newest of these files.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from filelock import FileLock, Timeout

from climbers.io.atomic import remove_stale_temps, stale_temps
from climbers.io.folders import data_dir
from climbers.io.language import N_, say
from climbers.the_climbers.game.session import GameSession, Saver, save_to
from climbers.the_climbers.io import FileProblem, SavedGame, load_saved

FILE_NAME = "last-game.json"
_SAVED = re.compile(r"last-game(?:-([1-9][0-9]{0,5}))?\.json")
"""An autosave file's name: last-game.json is copy 1, last-game-2.json copy 2, ..."""
_claims: dict[Path, Path] = {}
"""Per data folder, the file this process claimed."""
_locks: list[FileLock] = []
"""The locks this process holds, kept until it ends."""


def claim() -> Path:
    """The file this process autosaves to, claimed on the first call until the process ends:
    the last-game file, or when other running copies hold it, the first free numbered one.

    Claiming removes the temporary files that interrupted saves left (of every autosave file no
    running copy holds). When the data folder cannot be written, the last-game file is returned
    unclaimed: saving it then fails, and the session says why (`GameSession.save_problem`).
    """
    folder = data_dir()
    if folder not in _claims:
        _claims[folder] = _claim_in(folder)
    return _claims[folder]


def second_copy_note() -> str | None:
    """One line for the player when this copy autosaves under its own name, else None."""
    path = claim()
    if path.name == FILE_NAME:
        return None
    note = N_("Another copy of The Climbers is running; this one autosaves to {file}.")
    return say(note, file=path.name)


def autosaver() -> Saver:
    """The session saver for this process's autosave file (atomic: temp file, fsync, rename)."""
    return save_to(claim())


def last_game_path() -> Path:
    """The newest autosave file of any copy (the last-game file when there is none yet)."""
    folder = data_dir()
    saved = [folder / name for name in _names(folder) if _SAVED.fullmatch(name)]
    saved = [path for path in saved if path.is_file()]
    if not saved:
        return folder / FILE_NAME
    return max(saved, key=lambda path: path.stat().st_mtime_ns)


def has_last_game() -> bool:
    """Whether there is a last game to continue."""
    return last_game_path().is_file()


def last_game() -> SavedGame | None:
    """The newest last game as saved, None when there is none or it cannot be read."""
    try:
        return load_saved(last_game_path()) if has_last_game() else None
    except FileProblem:
        return None


def resume_last(saver: Saver | None = None) -> GameSession:
    """The newest last game with its whole history; FileProblem (one line) when it cannot be
    read."""
    return GameSession.resume(load_saved(last_game_path()), saver)


def _claim_in(folder: Path) -> Path:
    """Lock the first free autosave file in `folder`; clear the temp files of every free one."""
    present = {number for number in map(_number, _names(folder)) if number is not None}
    try:
        for number in itertools.count(1):
            lock = _try_lock(_numbered(folder, number))
            if lock is not None:
                break
    except OSError:
        return folder / FILE_NAME
    _locks.append(lock)
    remove_stale_temps(_numbered(folder, number))
    for other in sorted(present - {number}):
        path = _numbered(folder, other)
        if stale_temps(path):
            try:
                other_lock = _try_lock(path)
            except OSError:
                continue
            if other_lock is not None:
                remove_stale_temps(path)
                other_lock.release()
    return _numbered(folder, number)


def _try_lock(path: Path) -> FileLock | None:
    """The lock on `path`, held; None when another running copy holds it (OSError if the lock
    file cannot be made)."""
    lock = FileLock(path.with_name(f".{path.name}.lock"), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return None
    return lock


def _numbered(folder: Path, number: int) -> Path:
    return folder / (FILE_NAME if number == 1 else f"last-game-{number}.json")


def _number(name: str) -> int | None:
    """The copy number of an autosave file or of its lock or temp file; None for other files."""
    bare = name.removeprefix(".")
    match = _SAVED.match(bare)
    if match is None or bare[match.end() : match.end() + 1] not in ("", "."):
        return None
    return int(match.group(1) or 1)


def _names(folder: Path) -> list[str]:
    try:
        return [path.name for path in folder.iterdir()]
    except OSError:
        return []
