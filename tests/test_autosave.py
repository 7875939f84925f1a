"""Autosave: where it lives, what it holds, that a killed game never loses an applied action nor
leaves temporary files past the next start, and that each running copy saves to its own file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from climbers.io.folders import data_dir
from climbers.session.autosave import Autosave
from climbers.the_climbers.core import generate_mountain, legal_actions, new_game
from climbers.the_climbers.game.autosave import (
    AUTOSAVE,
    autosaver,
    resume_last,
    second_copy_note,
)
from climbers.the_climbers.game.session import GameSession, save_to
from climbers.the_climbers.io import FileProblem, load_saved

DRIVER = Path(__file__).with_name("autosave_driver.py")
KILLS = 30
CLAIM_AND_WAIT = (
    "import sys; from climbers.the_climbers.game.autosave import AUTOSAVE; "
    "print(AUTOSAVE.claim(), flush=True); sys.stdin.readline()"
)


def temps(folder: Path) -> set[Path]:
    """The temporary files of autosaves in `folder`."""
    return set(folder.glob(".last-game*.tmp"))


def other_copy(folder: Path) -> tuple[subprocess.Popen[str], Path]:
    """A running copy that has claimed its autosave file in `folder` (until its stdin closes),
    and the file it claimed."""
    env = {**os.environ, "CLIMBERS_DATA_DIR": str(folder)}
    proc = subprocess.Popen(
        [sys.executable, "-c", CLAIM_AND_WAIT],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    return proc, Path(proc.stdout.readline().strip())


def finish(proc: subprocess.Popen[str]) -> None:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.close()
    proc.wait()
    proc.stdout.close()


def test_the_autosave_lives_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    assert AUTOSAVE.claim() == data_dir() / "last-game.json"


def test_resume_continues_with_the_whole_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    assert not AUTOSAVE.has_last()
    with pytest.raises(FileProblem, match="does not exist"):
        resume_last()
    session = GameSession(new_game(generate_mountain(4), ["teal", "red", "pink"], seed=4))
    session.saver = autosaver()
    rng = random.Random(4)
    for _ in range(30):
        session.act(rng.choice(legal_actions(session.state)))
    resumed = resume_last()
    assert AUTOSAVE.has_last()
    assert resumed.state == session.state and resumed.log == session.log
    assert [e.state for e in resumed.history] == [e.state for e in session.history]
    assert resumed.can_undo() == session.can_undo()


def test_a_killed_game_resumes_without_losing_an_applied_action(tmp_path: Path) -> None:
    """SIGKILL at random points, also in the middle of a save; every resume is whole, and the
    temporary files a kill leaves are gone once the next copy has started."""
    env = {**os.environ, "CLIMBERS_DATA_DIR": str(tmp_path)}
    path = tmp_path / "last-game.json"
    rng = random.Random(2024)
    before: list[str] = []
    resumed_games = 0
    left: set[Path] = set()
    for kill in range(KILLS):
        proc = subprocess.Popen(
            [sys.executable, str(DRIVER), str(kill)],
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        assert proc.stdout is not None
        started = int(proc.stdout.readline().split()[1])
        assert not left & temps(tmp_path), f"start {kill}: a killed save's temp file is still there"
        if started:
            assert started == len(before), "the resumed game has every saved action"
            resumed_games += 1
        else:
            before = []
        applied = started
        for _ in range(rng.randint(0, 12)):
            line = proc.stdout.readline()
            if not line:
                break
            applied = int(line.split()[1])
        time.sleep(rng.uniform(0, 0.02))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        left = temps(tmp_path)
        if not path.exists():
            assert applied == 0
            continue
        saved = load_saved(path)  # raises on a torn or invalid file
        assert len(saved.log) >= applied, f"kill {kill}: an applied action was lost"
        if applied > started:
            assert list(saved.log[: len(before)]) == before, "the log only grows"
        before = list(saved.log)
    assert resumed_games >= KILLS // 2
    finish(other_copy(tmp_path)[0])
    assert temps(tmp_path) == set(), "the next start removes every temporary file"


def test_claiming_removes_the_temporary_files_of_every_free_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    held, _ = other_copy(tmp_path)  # owns last-game.json
    mine = tmp_path / ".last-game-2.json.x1y2z3.tmp"
    free = tmp_path / ".last-game-3.json.a1b2c3.tmp"
    busy = tmp_path / ".last-game.json.q9w8e7.tmp"  # as if the other copy were saving
    for temp in (mine, free, busy):
        temp.write_text("{")
    assert AUTOSAVE.claim() == tmp_path / "last-game-2.json"
    assert temps(tmp_path) == {busy}
    finish(held)


def test_a_second_copy_saves_under_its_own_name_and_continue_offers_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    first, first_file = other_copy(tmp_path)
    assert first_file == tmp_path / "last-game.json"
    assert AUTOSAVE.claim() == tmp_path / "last-game-2.json"
    note = second_copy_note()
    assert note == (
        "Another copy of The Climbers is running; this one autosaves to last-game-2.json."
    )
    theirs = GameSession(new_game(generate_mountain(4), ["teal", "red"], seed=4))
    theirs.saver = save_to(first_file)
    theirs.act(legal_actions(theirs.state)[0])
    time.sleep(0.05)  # file times are coarse on some file systems
    mine = GameSession(new_game(generate_mountain(3), ["teal", "red"], seed=3), autosaver())
    mine.act(legal_actions(mine.state)[0])
    assert load_saved(first_file).state == theirs.state, "neither copy overwrote the other"
    assert AUTOSAVE.last_path() == tmp_path / "last-game-2.json"
    assert resume_last().state == mine.state
    finish(first)
    again, again_file = other_copy(tmp_path)
    assert again_file == first_file, "the last-game file is free once its copy has ended"
    finish(again)


def test_each_claim_is_kept_for_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    assert AUTOSAVE.claim() == AUTOSAVE.claim() == tmp_path / "last-game.json"
    assert second_copy_note() is None
    second, second_file = other_copy(tmp_path)
    assert second_file == tmp_path / "last-game-2.json"
    finish(second)


def test_an_unwritable_data_folder_gives_the_plain_file_unclaimed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(blocker / "climbers"))
    assert AUTOSAVE.claim() == blocker / "climbers" / "last-game.json"
    assert second_copy_note() is None


def test_each_game_keeps_its_own_last_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    other = Autosave("last-clamber")
    assert AUTOSAVE.claim() == tmp_path / "last-game.json"
    assert other.claim() == tmp_path / "last-clamber.json", "another game's file is not a copy"
    assert other.second_copy_note("Clamber") is None and not other.has_last()
    GameSession(new_game(generate_mountain(3), ["teal", "red"], seed=3), autosaver()).save()
    assert AUTOSAVE.has_last() and not other.has_last()
    (tmp_path / "last-clamber-2.json").write_text("{}")
    assert other.last_path() == tmp_path / "last-clamber-2.json"
    assert AUTOSAVE.last_path() == tmp_path / "last-game.json"


def test_a_lock_file_that_cannot_be_made_moves_this_copy_on_and_the_player_is_told_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock's name taken by a folder: this copy saves to last-game-2.json and says why; a
    second copy running at the same time still gets a file of its own."""
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    (tmp_path / ".last-game.json.lock").mkdir()
    autosave = Autosave("last-game")
    assert autosave.claim() == tmp_path / "last-game-2.json"
    assert autosave.second_copy_note("The Climbers") == (
        "last-game.json cannot be locked (Is a directory); this copy of The Climbers autosaves "
        "to last-game-2.json."
    )
    assert autosave.second_copy_note("The Climbers") is None, "told once"
    other, other_file = other_copy(tmp_path)
    assert other_file == tmp_path / "last-game-3.json", "the two copies never share a file"
    finish(other)


def test_when_no_lock_file_can_be_made_the_player_is_told_that_saves_may_be_shared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    for name in ("last-game.json", "last-game-2.json", "last-game-3.json"):
        (tmp_path / f".{name}.lock").mkdir()
    autosave = Autosave("last-game")
    assert autosave.claim() == tmp_path / "last-game.json"
    assert autosave.second_copy_note("The Climbers") == (
        "last-game.json cannot be locked (Is a directory); another copy of The Climbers running "
        "now could save its game over this one's."
    )
    assert autosave.second_copy_note("The Climbers") is None, "told once"
    game = GameSession(new_game(generate_mountain(3), ["teal", "red"], seed=3))
    save_to(autosave.claim())(game)
    assert load_saved(tmp_path / "last-game.json").state == game.state, "saving goes on"
