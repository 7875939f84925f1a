"""The one atomic write: the old file or the new one, never half, and no temporary file left."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from climbers.io.atomic import remove_stale_temps, stale_temps, write_atomic


def test_writes_creating_the_folder(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "game.json"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert list(target.parent.iterdir()) == [target]


def test_a_failing_write_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    write_atomic(target, b"old")

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [target]


def test_an_unwritable_folder_raises_oserror(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    with pytest.raises(OSError):
        write_atomic(blocker / "game.json", b"data")


def test_stale_temporaries_of_one_file_are_found_and_removed(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    left = [tmp_path / ".game.json.k3j_x1.tmp", tmp_path / ".game.json.0a9zz.tmp"]
    others = [tmp_path / ".other.json.k3j_x1.tmp", tmp_path / "game.json.tmp", target]
    for path in left + others:
        path.write_text("{")
    assert stale_temps(target) == sorted(left)
    assert remove_stale_temps(target) == 2
    assert sorted(tmp_path.iterdir()) == sorted(others)


def test_a_device_or_a_pipe_is_refused_never_replaced(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target in (Path(os.devnull), pipe):
        kind = os.stat(target).st_mode
        with pytest.raises(OSError, match="not a regular file"):
            write_atomic(target, b"{}")
        assert os.stat(target).st_mode == kind, f"{target} is still what it was"
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"], "no temporary file left"
