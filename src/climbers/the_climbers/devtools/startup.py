"""`scripts/bench`: what starting a `climbers` command costs, measured whole as a player runs
it — wall time from the process's start to its exit, and its peak resident memory — for the
commands that must answer at once: `climbers --help`, `climbers check-file` of a normal saved
game, and `climbers export` of a file that is not there (said before the 3D engine loads).

Each command runs several times in a fresh process; the median time and the largest peak are
kept. Exits 1 when a full run misses a target.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

WRAPPER = (
    "import atexit, sys\n"
    "def peak():\n"
    "    for line in open('/proc/self/status'):\n"
    "        if line.startswith('VmHWM:'):\n"
    "            open(sys.argv[1], 'w').write(line.split()[1])\n"
    "atexit.register(peak)\n"
    "from climbers.cli.main import main\n"
    "sys.exit(main(sys.argv[2:]))\n"
)
"""Runs `climbers ARGS` and writes its peak resident set (kB) to a file as it exits: its own
peak since it started, not that of the process it was started from."""


class Start(NamedTuple):
    """One command's start: its targets and what it took."""

    name: str
    seconds: float
    megabytes: float
    seconds_target: float
    megabytes_target: float | None

    @property
    def ok(self) -> bool:
        """Whether both targets are met."""
        memory = self.megabytes_target is None or self.megabytes <= self.megabytes_target
        return self.seconds <= self.seconds_target and memory


def measure(argv: Sequence[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    """The median wall seconds and the largest peak resident MB of `climbers ARGV`."""
    times, peaks = [], []
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "peak"
        for _ in range(runs):
            began = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", WRAPPER, str(report), *argv],
                capture_output=True,
                env=env,
                timeout=120,
                check=False,
            )
            times.append(time.perf_counter() - began)
            peaks.append(int(report.read_text()) * 1024 / 1e6)
    return statistics.median(times), max(peaks)


def normal_save(folder: Path) -> Path:
    """A saved game of a whole game of greedy bots, as a player's autosave holds it."""
    from climbers.the_climbers.devtools.hostile_files import recorded_game

    data, _ = recorded_game()
    path = folder / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(quick: bool) -> list[Start]:
    """Every measured command, in the order of the table."""
    runs = 1 if quick else 5
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "CLIMBERS_DATA_DIR": folder, "CLIMBERS_CONFIG_DIR": folder}
        save = normal_save(Path(folder))
        missing = str(Path(folder) / "missing.json")
        commands = [
            ("climbers --help", ["--help"], 0.5, 50.0),
            ("climbers check-file (a normal save)", ["check-file", str(save)], 1.0, None),
            (
                "climbers export (a missing file)",
                ["export", missing, "--out", str(Path(folder) / "x.gif")],
                1.0,
                100.0,
            ),
        ]
        return [
            Start(name, *measure(argv, runs, env), seconds, megabytes)
            for name, argv, seconds, megabytes in commands
        ]


def table(starts: Sequence[Start]) -> str:
    """The starts as an aligned table against their targets."""
    width = max(len(s.name) for s in starts)
    lines = [f"{'command'.ljust(width)}  {'time':>8}  {'target':>8}  {'memory':>8}  {'target':>8}"]
    for s in starts:
        memory = "-" if s.megabytes_target is None else f"≤ {s.megabytes_target:g} MB"
        seconds = f"≤ {s.seconds_target:g} s"
        lines.append(
            f"{s.name.ljust(width)}  {s.seconds:6.2f} s  {seconds:>8}"
            f"  {s.megabytes:5.1f} MB  {memory:>8}  {'ok' if s.ok else 'MISSED'}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench (start-up)")
    parser.add_argument("--quick", action="store_true", help="one run each: a smoke run for CI")
    args, _ = parser.parse_known_args(argv)
    starts = run(args.quick)
    print("start-up: each command in a fresh process, measured whole (median time, peak memory)")
    print(table(starts))
    return 0 if args.quick or all(s.ok for s in starts) else 1


if __name__ == "__main__":
    raise SystemExit(main())
