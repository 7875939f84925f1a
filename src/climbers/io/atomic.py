"""Atomic file writes: a reader sees the old file or the new one, never half of one."""

from __future__ import annotations

import errno
import glob
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".tmp"
STALE_AFTER = 600.0
"""Seconds after which a temporary file of a write is left over from a write that never ended
(a write takes milliseconds): every write removes the older ones of its file, so a program
killed in mid-write leaves nothing behind for long (settings, progress, --save-to, pictures)."""


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path`: a temporary file in the same folder, flushed to disk, renamed over
    `path`, then the folder synced. Creates the folder; on any error (OSError among them) the
    temporary file is removed and the old file stays as it was. A `path` that is there but no
    regular file (a device such as /dev/full, a pipe) is refused with OSError, never replaced.
    After the write, temporary files of `path` older than STALE_AFTER are removed."""
    with atomic_file(path) as tmp, open(tmp, "wb") as f:
        f.write(data)


@contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[Path]:
    """The temporary file to write `path` through, for writers that want a file name (an
    encoder): made empty at once in `path`'s folder (so an unwritable folder fails before any
    work), flushed to disk and renamed over `path` when the block ends, removed when it raises.
    Refuses a `path` that is no regular file as `write_atomic` does."""
    target = Path(path)
    if target.exists() and not target.is_file():
        raise OSError(errno.EINVAL, "not a regular file", str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=_temp_prefix(target), suffix=TEMP_SUFFIX)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)
    remove_stale_temps(target, STALE_AFTER)


def stale_temps(path: str | os.PathLike[str], older_than: float | None = None) -> list[Path]:
    """The temporary files that interrupted writes of `path` left behind: all of them, or those
    last changed more than `older_than` seconds ago."""
    target = Path(path)
    pattern = glob.escape(_temp_prefix(target)) + "*" + TEMP_SUFFIX
    found = sorted(target.parent.glob(pattern))
    if older_than is None:
        return found
    return [temp for temp in found if _age(temp) > older_than]


def remove_stale_temps(path: str | os.PathLike[str], older_than: float | None = None) -> int:
    """Remove what interrupted writes of `path` left behind: every temporary file (call it so
    only while no other process writes `path`), or those older than `older_than` seconds (safe
    at any time: no write lasts that long); returns how many files went. Files that cannot be
    removed are left."""
    removed = 0
    for temp in stale_temps(path, older_than):
        try:
            temp.unlink()
            removed += 1
        except OSError:
            continue
    return removed


def _age(path: Path) -> float:
    """Seconds since `path` last changed (0 when it has gone)."""
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def _sync_folder(folder: Path) -> None:
    """Make the rename durable where the platform allows opening a folder."""
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
