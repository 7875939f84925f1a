"""The one atomic write: the old file or the new one, never half, and no temporary file left."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from climbers.app.settings import Settings, load_settings, save_settings
from climbers.io.atomic import STALE_AFTER, remove_stale_temps, stale_temps, write_atomic
from climbers.io.progress import load_progress
from climbers.the_climbers.core import generate_mountain, legal_actions, new_game
from climbers.the_climbers.game.session import GameSession, save_to


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


def _temporaries(target: Path, stale: bool) -> Path:
    """A temporary file of `target` as a killed write leaves it, old (`stale`) or fresh."""
    temp = target.with_name(f".{target.name}.{'old' if stale else 'new'}x1z.tmp")
    temp.write_text("{")
    if stale:
        past = time.time() - STALE_AFTER - 60
        os.utime(temp, (past, past))
    return temp


def test_a_write_removes_the_temporaries_killed_writes_left_and_keeps_fresh_ones(
    tmp_path: Path,
) -> None:
    """A temporary file older than any write lasts is a killed write's; a fresh one may be
    another program's write in progress."""
    target = tmp_path / "game.json"
    old, fresh = _temporaries(target, True), _temporaries(target, False)
    other = _temporaries(tmp_path / "other.json", True)
    write_atomic(target, b"{}")
    assert sorted(tmp_path.iterdir()) == sorted([target, fresh, other])
    assert not old.exists()


def test_settings_progress_and_saves_to_a_file_clear_stale_temporaries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings and progress when read at start and when written, --save-to when the game is
    saved (pictures are written by the same write_atomic)."""
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    settings, progress = tmp_path / "settings.json", tmp_path / "puzzles-progress.json"
    for path in (settings, progress):
        _temporaries(path, True)
    load_settings(settings)
    load_progress("puzzle", progress)
    assert stale_temps(settings) == stale_temps(progress) == []
    _temporaries(settings, True)
    save_settings(Settings(), settings)
    assert stale_temps(settings) == []
    saved = tmp_path / "game.json"
    _temporaries(saved, True)
    session = GameSession(new_game(generate_mountain(1), ["teal", "red"], seed=1), save_to(saved))
    session.act(legal_actions(session.state)[0])
    assert stale_temps(saved) == [] and saved.is_file()
