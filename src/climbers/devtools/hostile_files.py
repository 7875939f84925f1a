"""`scripts/bench`: worst-case hostile files of every kind the program reads, each read in a
fresh process, with the time and the peak memory that whole process took to read or refuse it
(from its start, imports included, to its exit: what a command reading the file costs).

A file of at most 2,000,000 bytes must be refused (or read) in at most 2 s and 100 MB. The
files are generic worst cases — deep nesting, long text, many keys, long numbers, long lists,
escapes, broken UTF-8 — cut to each kind's own bound, plus each kind's own worst cases (a save
with half a million empty blocks, a long action log, a lesson file that loads one large position
again and again). The kinds are the shared ones (settings, progress) and each registered
game's (its entry's `files`; a game without one is measured through its rules' `load`).

Not a test: the tests assert what is refused and how; this measures how long and how much.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from climbers.games.registry import games, load
from climbers.io.json_input import read_bounded

MODULE = "climbers.devtools.hostile_files"
"""This module's name (also when it runs as __main__)."""
MAX_FILE = 2_000_000
"""The largest file measured: every reader refuses larger files unread."""
TIME_TARGET = 2.0
"""Seconds a file may take to be read or refused, at most."""
MEMORY_TARGET = 100.0
"""Megabytes of memory (the whole process's peak resident set) a file may take to be read or
refused, at most."""

Case = tuple[str, bytes | dict[str, bytes]]
"""A worst case: its name and the file's bytes, or for a kind read from a folder its files by
name."""


@dataclass(frozen=True)
class FileKind:
    """A kind of file the program reads: `reader` ('module:function') reads a path and raises
    (or returns None) when it refuses; `limit` is the kind's own bound in bytes; `cases`
    ('module:function' of the byte budget, or None) adds the kind's own worst cases; `folder`
    is a file name: the case is written under it in a folder of its own, beside `extra` files
    (name, bytes), as a lesson file and its positions are."""

    name: str
    reader: str
    limit: int
    cases: str | None = None
    folder: str | None = None


@dataclass(frozen=True)
class Measured:
    """What reading one file took its whole process: wall seconds, peak resident memory in MB,
    and what came of it (`read`, or `refused: ` and the first line of the refusal)."""

    kind: str
    case: str
    size: int
    seconds: float
    megabytes: float
    outcome: str

    @property
    def ok(self) -> bool:
        """Whether the targets of time and memory are met."""
        return self.seconds <= TIME_TARGET and self.megabytes <= MEMORY_TARGET


def generic_cases(budget: int) -> list[tuple[str, bytes]]:
    """Files any JSON reader must refuse or read cheaply, each at most `budget` bytes."""
    n = budget

    def fill(head: bytes, unit: bytes, tail: bytes) -> bytes:
        return head + unit * max(0, (n - len(head) - len(tail)) // len(unit)) + tail

    return [
        ("deep nesting", b"[" * n),
        ("nesting 5,000 deep, balanced", b"[" * 5_000 + b"]" * 5_000),
        ("one long text", fill(b'{"a": "', b"x", b'"}')),
        ("many keys", _many_keys(n)),
        ("one long number", fill(b"[", b"7", b"]")),
        ("many empty objects", fill(b"[{}", b",{}", b"]")),
        ("many numbers", fill(b"[0", b",0", b"]")),
        ("many huge floats", fill(b"[1e308", b",1e308", b"]")),
        ("escaped text", fill(b'["', b"\\u00e9", b'"]')),
        ("lone surrogates", fill(b'["', b"\\ud800", b'"]')),
        ("not UTF-8", fill(b'["', b"\xff", b'"]')),
        ("many short texts", fill(b'["a"', b',"a"', b"]")),
        ("whitespace", fill(b"", b" ", b"{}")),
    ]


def _many_keys(budget: int) -> bytes:
    parts, size, i = [], 2, 0
    while True:
        item = f'"{i:x}":""'.encode()
        if size + len(item) + 1 > budget:
            break
        parts.append(item)
        size += len(item) + 1
        i += 1
    return b"{" + b",".join(parts) + b"}"


def shared_kinds() -> list[FileKind]:
    """The kinds every game's table reads: the settings and the progress of exercises."""
    return [
        FileKind("settings", "climbers.devtools.hostile_files:read_settings", 64 * 1024),
        FileKind("progress", "climbers.devtools.hostile_files:read_progress", 64_000),
    ]


def read_settings(path: Path) -> object:
    """The settings of `path`; ValueError with the warning when the file is not used whole."""
    from contextlib import redirect_stderr
    from io import StringIO

    from climbers.app.settings import load_settings

    said = StringIO()
    with redirect_stderr(said):
        settings = load_settings(path)
    if said.getvalue():
        raise ValueError(said.getvalue().strip())
    return settings


def read_progress(path: Path) -> object:
    """The puzzle progress of `path`; ValueError with its problem when it starts afresh."""
    from climbers.io.progress import load_progress

    progress = load_progress("puzzle", path)
    if progress.problem is not None:
        raise ValueError(progress.problem)
    return progress


def kinds_of(reference: str) -> list[FileKind]:
    """The kinds of file a game's entry names, checked to be kinds of file (by their fields:
    run as `python -m`, this module's own class is another object than the one a game's entry
    imported)."""
    found = load(reference)
    fields = ("reader", "limit", "cases")
    if not isinstance(found, list) or not all(
        all(hasattr(k, name) for name in fields) for k in found
    ):
        raise TypeError(f"{reference} is no list of file kinds")
    return found


def game_kinds() -> list[FileKind]:
    """Every registered game's kinds of file (its entry's `files`), or its state as JSON text
    read by its rules' `load` when it names none."""
    found: list[FileKind] = []
    for entry in games().values():
        if entry.files is not None:
            found += kinds_of(entry.files)
        else:
            found.append(
                FileKind(f"{entry.name} state", f"{MODULE}:read_state:{entry.name}", MAX_FILE)
            )
    return found


def read_state(path: Path, game: str) -> object:
    """A game's state from the text of `path` (at most MAX_FILE bytes), by its rules' `load`."""
    return games()[game].rules.load(read_bounded(path, MAX_FILE).decode("utf-8"))


def cases(kind: FileKind, quick: bool = False) -> list[Case]:
    """The generic cases cut to the kind's bound (in a quick run only the first three), a 2 MB
    file of spaces when the bound is lower, and the kind's own cases."""
    budget = min(kind.limit, MAX_FILE)
    found: list[Case] = [*generic_cases(budget)[: 3 if quick else None]]
    if kind.limit < MAX_FILE:
        found.append(("2 MB, over the bound", b" " * (MAX_FILE - 2) + b"{}"))
    if kind.cases is not None:
        found += load(kind.cases)(budget)
    return found


def measure(kind: FileKind, case: str, data: bytes | dict[str, bytes]) -> Measured:
    """Read one file in a fresh process and measure that whole process, as a command that
    reads the file is: its wall time from start to exit, its peak resident memory, and the
    outcome. `data` is the file's bytes, or for a kind read from a folder every file of it by
    name (the one the kind names is read)."""
    with tempfile.TemporaryDirectory() as folder:
        files = data if isinstance(data, dict) else {kind.folder or "file.json": data}
        for name, content in files.items():
            (Path(folder) / name).write_bytes(content)
        path = Path(folder) / (kind.folder or "file.json")
        env = {**os.environ, "CLIMBERS_DATA_DIR": folder, "CLIMBERS_CONFIG_DIR": folder}
        with tempfile.TemporaryFile("w+") as errors:
            began = time.perf_counter()
            child = subprocess.Popen(
                [sys.executable, "-m", MODULE, "--one", kind.reader, str(path)],
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                env=env,
            )
            out, _ = child.communicate(timeout=600)
            seconds = time.perf_counter() - began
            errors.seek(0)
            err = errors.read()
        size = path.stat().st_size
    lines = out.strip().splitlines()
    if not lines or not lines[-1].startswith("{"):
        tail = (out + err).strip().splitlines()[-1:] or ["no output"]
        return Measured(kind.name, case, size, float("nan"), float("nan"), f"crashed: {tail[0]}")
    result = json.loads(lines[-1])
    return Measured(kind.name, case, size, seconds, result["megabytes"], result["outcome"])


def read_one(reader: str, path: Path) -> dict[str, Any]:
    """Run `reader` on `path` in this process: what came of it, and the process's peak
    resident memory in MB since it started (its own, not that of the process it was forked
    from, which the kernel's count of a child's peak includes)."""
    module, _, rest = reader.partition(":")
    attribute, _, argument = rest.partition(":")
    function: Callable[..., object] = load(f"{module}:{attribute}")
    arguments: tuple[object, ...] = (path, argument) if argument else (path,)
    try:
        value = function(*arguments)
    except Exception as exc:  # noqa: BLE001 - every refusal is an outcome here
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        outcome = f"refused: {text}"
        if not _designed(exc):
            outcome = f"refused ({type(exc).__name__}): {text}"
            traceback.print_exc()
    else:
        outcome = "read" if value is not None else "refused"
    return {"outcome": outcome[:160], "megabytes": _peak_resident() / 1e6}


def _peak_resident() -> int:
    """The high-water mark of this process's resident set since it started, in bytes."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise OSError("no VmHWM in /proc/self/status")


def _designed(exc: Exception) -> bool:
    """Whether `exc` is a refusal the program means to give (its own problems, a ValueError or
    an OSError), not an accident such as a KeyError or a RecursionError."""
    own = type(exc).__module__.startswith("climbers.")
    return own or isinstance(exc, ValueError | OSError)


def run(kinds: Sequence[FileKind], only: str | None = None, quick: bool = False) -> list[Measured]:
    """Every case of every kind (or of the kinds whose name contains `only`), measured."""
    results = []
    for kind in kinds:
        if only is not None and only not in kind.name:
            continue
        for case, data in cases(kind, quick):
            results.append(measure(kind, case, data))
    return results


def table(results: Sequence[Measured]) -> str:
    """One row per file: kind, case, size, time, memory, verdict, outcome."""
    head = ("file", "case", "bytes", "time", "memory", "", "outcome")
    rows = [
        (
            r.kind,
            r.case,
            f"{r.size:,}",
            f"{r.seconds * 1e3:,.0f} ms",
            f"{r.megabytes:,.1f} MB",
            "ok" if r.ok else "MISSED",
            r.outcome[:70],
        )
        for r in results
    ]
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head) - 1)]
    lines = []
    for row in [head, *rows]:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [c.rjust(w) for c, w in zip(row[2:6], widths[2:6], strict=True)]
        lines.append("  ".join([*cells, row[6]]).rstrip())
    return "\n".join(lines)


def worst(results: Sequence[Measured]) -> str:
    """The slowest and the most memory-hungry file, in one line each."""
    slow = max(results, key=lambda r: r.seconds)
    big = max(results, key=lambda r: r.megabytes)
    return (
        f"slowest: {slow.kind}, {slow.case}: {slow.seconds:.2f} s, {slow.megabytes:.1f} MB\n"
        f"most memory: {big.kind}, {big.case}: {big.seconds:.2f} s, {big.megabytes:.1f} MB"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every hostile file, print the table; exit 1 when a full run misses a target."""
    parser = argparse.ArgumentParser(prog="scripts/bench (hostile files)", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer files, and no verdict")
    parser.add_argument("--kind", help="only the kinds whose name contains this")
    parser.add_argument("--one", nargs=2, metavar=("READER", "PATH"), help=argparse.SUPPRESS)
    args, _ = parser.parse_known_args(argv)
    if args.one is not None:
        print(json.dumps(read_one(args.one[0], Path(args.one[1]))))
        return 0
    results = run([*shared_kinds(), *game_kinds()], args.kind, args.quick)
    print(
        f"hostile files of at most {MAX_FILE:,} bytes, each read in a fresh process, measured "
        "whole (start to exit) "
        f"(targets: {TIME_TARGET:g} s, {MEMORY_TARGET:g} MB)"
    )
    print(table(results))
    print(worst(results))
    missed = [r for r in results if not r.ok]
    return 0 if args.quick or not missed else 1


if __name__ == "__main__":
    raise SystemExit(main())
