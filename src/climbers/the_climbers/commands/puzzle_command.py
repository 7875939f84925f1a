"""`climbers puzzle`: the puzzle screen, the puzzles by band, or a re-proof of every puzzle."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from climbers.cli.arguments import open_table, seconds, whole_number, window_size
from climbers.cli.arguments import path as file_path
from climbers.io.messages import one_line
from climbers.the_climbers.core.game import RULES as GAME
from climbers.the_climbers.puzzles import (
    BANDS,
    PuzzleFileError,
    load_puzzle,
    load_puzzles,
    puzzles_dir,
)
from climbers.the_climbers.puzzles.budget import PROOF_SECONDS, SEARCH_MEGABYTES
from climbers.the_climbers.puzzles.proof import prove


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `puzzle`."""
    what = cmd.add_mutually_exclusive_group()
    what.add_argument("--list", action="store_true", help="print the puzzles by band")
    what.add_argument(
        "--verify",
        action="store_true",
        help="re-prove every puzzle's shortest number of turns; exit 1 on any mismatch",
    )
    cmd.add_argument(
        "paths",
        nargs="*",
        type=file_path,
        metavar="PATH",
        help="puzzle files or folders for --list and --verify (default: the shipped puzzles)",
    )
    cmd.add_argument(
        "--budget",
        type=seconds(0, 86_400, zero=False),
        default=PROOF_SECONDS,
        metavar="SECONDS",
        help=f"--verify: seconds one proof may take (default {PROOF_SECONDS:g})",
    )
    cmd.add_argument(
        "--memory",
        type=whole_number(16, 1_048_576),
        default=int(SEARCH_MEGABYTES),
        metavar="MB",
        help=f"--verify: memory one proof may add, in MB (default {SEARCH_MEGABYTES:,.0f})",
    )
    cmd.add_argument("--size", type=window_size, default=(1280, 720), help="WIDTHxHEIGHT")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """List, verify, or open the puzzle screen; returns the exit code."""
    if args.verify:
        return verify(args.paths or [puzzles_dir()], args.budget, args.memory)
    if args.list:
        return list_puzzles(args.paths or [puzzles_dir()])
    return open_table(
        GAME.name, lambda shell: shell.show_puzzles(), args.size, title="The Climbers — puzzles"
    )


def _is_folder(place: Path) -> bool:
    """Whether `place` is a folder; False for a path the system cannot look up (a name too
    long), which reading it as a file then names."""
    try:
        return place.is_dir()
    except OSError:
        return False


def _files(paths: list[Path]) -> list[Path]:
    return [f for p in paths for f in (sorted(p.glob("*.json")) if _is_folder(p) else [p])]


def list_puzzles(paths: list[Path]) -> int:
    """Print the puzzles by band: file, title and description (2 when a file is refused)."""
    try:
        found = [item for p in paths for item in _load(p)]
    except PuzzleFileError as exc:
        print(f"climbers: {exc}", file=sys.stderr)
        return 2
    for band in BANDS:
        here = sorted((path.stem, puzzle) for path, puzzle in found if puzzle.band == band)
        turns = "turn" if band == 1 else "turns"
        print(f"band {band} ({band} {turns}): {len(here)} puzzles")
        for stem, puzzle in here:
            print(f"  {one_line(stem):<28} {puzzle.title}. {puzzle.description}")
    return 0


def _load(path: Path) -> list[tuple[Path, Any]]:
    return load_puzzles(path) if _is_folder(path) else [(path, load_puzzle(path))]


def verify(
    paths: list[Path], budget: float = PROOF_SECONDS, memory: float = SEARCH_MEGABYTES
) -> int:
    """Re-prove each puzzle within `budget` seconds and `memory` MB, one line each; 0 when every
    stated number of turns is the proven minimum and every solution plays, else 1 (a proof
    over its budget included)."""
    failures = 0
    began = time.perf_counter()
    files = _files(paths)
    for path in files:
        try:
            verdict = prove(load_puzzle(path), budget, memory)
        except PuzzleFileError as exc:
            print(f"FAIL {exc}")
            failures += 1
            continue
        report = verdict.report
        size = f"{report.nodes:,} nodes, {report.seconds:.1f} s"
        if verdict.ok:
            print(f"ok   {one_line(path.name)}: no shorter solution ({size})")
        else:
            print(f"FAIL {one_line(path.name)}: {verdict.problem} ({size})")
            failures += 1
    print(
        f"{len(files) - failures} of {len(files)} puzzles proved "
        f"in {time.perf_counter() - began:.1f} s"
    )
    return 1 if failures else 0
