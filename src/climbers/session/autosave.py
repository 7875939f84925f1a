"""A game's last game, kept on disk after every applied action so that it can always be
continued: the files, and which running copy of the program owns which.

One running copy owns a game's last-game file: `claim` locks it for the rest of the process (the
lock goes when the process ends, however it ends). A second copy running at the same time saves
to `<stem>-2.json`, a third to `<stem>-3.json`, and so on; Continue last game offers the newest
of these files. Each game has its own stem, so each game has its own last game.

A lock file that cannot be made (its name taken by a folder, a file system without locks) is
passed over for the next numbered file; when none of LOCK_TRIES can be made, the last-game file
is used unlocked. Either way the player is told once, in one line.
"""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

from filelock import FileLock, Timeout

from climbers.io.atomic import remove_stale_temps, stale_temps
from climbers.io.folders import data_dir
from climbers.io.language import N_, say

_locks: list[FileLock] = []
"""The locks this process holds, kept until it ends."""
LOCK_TRIES = 3
"""Lock files that may fail to be made, one after the other, before autosave goes unlocked."""
MOVED = N_("{file} cannot be locked ({problem}); this copy of {game} autosaves to {other}.")
SHARED = N_(
    "{file} cannot be locked ({problem}); another copy of {game} running now could save its "
    "game over this one's."
)


class Autosave:
    """One game's autosave files in the data folder: `<stem>.json` is copy 1, `<stem>-2.json`
    copy 2, ..."""

    def __init__(self, stem: str) -> None:
        self.stem = stem
        self.file_name = f"{stem}.json"
        self._saved = re.compile(re.escape(stem) + r"(?:-([1-9][0-9]{0,5}))?\.json")
        self._claims: dict[Path, Path] = {}
        """Per data folder, the file this process claimed."""
        self._lock_problems: dict[Path, tuple[str, str]] = {}
        """Per data folder, the file whose lock could not be made, and why."""
        self._told: set[Path] = set()
        """The data folders whose lock problem the player has been told."""

    def claim(self) -> Path:
        """The file this process autosaves to, claimed on the first call until the process
        ends: the last-game file, or when other running copies hold it, the first free numbered
        one.

        Claiming removes the temporary files that interrupted saves left (of every autosave file
        no running copy holds). When the data folder cannot be written, the last-game file is
        returned unclaimed: saving it then fails, and the session says why. A lock file that
        cannot be made in a folder that can be written is passed over (see the module).
        """
        folder = data_dir()
        if folder not in self._claims:
            self._claims[folder] = self._claim_in(folder)
        return self._claims[folder]

    def second_copy_note(self, title: str) -> str | None:
        """One line for the player when this copy autosaves under its own name, or when a lock
        file could not be made (said once), else None; `title` is the game's name as the
        player reads it."""
        path = self.claim()
        folder = path.parent
        if folder in self._lock_problems:
            if folder in self._told:
                return None
            self._told.add(folder)
            locked, problem = self._lock_problems[folder]
            template = SHARED if path.name == self.file_name else MOVED
            return say(template, file=locked, problem=problem, game=title, other=path.name)
        if path.name == self.file_name:
            return None
        note = N_("Another copy of {game} is running; this one autosaves to {file}.")
        return say(note, game=title, file=path.name)

    def last_path(self) -> Path:
        """The newest autosave file of any copy (the last-game file when there is none yet)."""
        folder = data_dir()
        saved = [folder / name for name in _names(folder) if self._saved.fullmatch(name)]
        saved = [path for path in saved if path.is_file()]
        if not saved:
            return folder / self.file_name
        return max(saved, key=lambda path: path.stat().st_mtime_ns)

    def has_last(self) -> bool:
        """Whether there is a last game to continue."""
        return self.last_path().is_file()

    def _claim_in(self, folder: Path) -> Path:
        """Lock the first free autosave file in `folder`; clear the temp files of every free
        one."""
        present = {n for n in map(self._number, _names(folder)) if n is not None}
        failed: list[tuple[str, str]] = []
        for number in itertools.count(1):
            try:
                lock = _try_lock(self._numbered(folder, number))
            except OSError as exc:
                if not _writable(folder):
                    return folder / self.file_name
                failed.append((self._numbered(folder, number).name, _reason(exc)))
                if len(failed) == LOCK_TRIES:
                    self._lock_problems[folder] = failed[0]
                    return folder / self.file_name
                continue
            if lock is not None:
                _locks.append(lock)
                break
        if failed:
            self._lock_problems[folder] = failed[0]
        remove_stale_temps(self._numbered(folder, number))
        for other in sorted(present - {number}):
            path = self._numbered(folder, other)
            if stale_temps(path):
                try:
                    other_lock = _try_lock(path)
                except OSError:
                    continue
                if other_lock is not None:
                    remove_stale_temps(path)
                    other_lock.release()
        return self._numbered(folder, number)

    def _numbered(self, folder: Path, number: int) -> Path:
        return folder / (self.file_name if number == 1 else f"{self.stem}-{number}.json")

    def _number(self, name: str) -> int | None:
        """The copy number of an autosave file or of its lock or temp file; None for others."""
        bare = name.removeprefix(".")
        match = self._saved.match(bare)
        if match is None or bare[match.end() : match.end() + 1] not in ("", "."):
            return None
        return int(match.group(1) or 1)


def _try_lock(path: Path) -> FileLock | None:
    """The lock on `path`, held; None when another running copy holds it (OSError if the lock
    file cannot be made)."""
    lock = FileLock(path.with_name(f".{path.name}.lock"), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return None
    return lock


def _writable(folder: Path) -> bool:
    """Whether files can be made in `folder` (else saving fails too, and says so)."""
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _reason(exc: OSError) -> str:
    """Why a file could not be made, in a few words."""
    return exc.strerror or type(exc).__name__


def _names(folder: Path) -> list[str]:
    try:
        return [path.name for path in folder.iterdir()]
    except OSError:
        return []
