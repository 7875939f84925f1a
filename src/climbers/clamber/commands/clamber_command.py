"""`climbers clamber legal FILE` and `climbers clamber apply FILE TURN... [--out FILE]`: ask
Clamber's rules about a position file (docs/FILE-FORMAT.md), for bug reports and tests; the
table's own subcommands of `clamber` (climbers.clamber.commands.table_commands) join them."""

from __future__ import annotations

import argparse
from pathlib import Path

from climbers.clamber.commands import table_commands
from climbers.clamber.core import RULES, ClamberRefusal, ClamberState
from climbers.clamber.game.refusals import refusal_sentence
from climbers.clamber.game.session import SavedGameProblem, read_position
from climbers.cli.arguments import complain, output_path, path
from climbers.io.atomic import write_atomic
from climbers.io.messages import quoted

MAX_TURNS = 10_000
"""Turns given on one command line, at most."""


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `clamber` with its two questions."""
    ask = cmd.add_subparsers(dest="question", required=True)
    legal = ask.add_parser("legal", help="print every legal turn of a position, sorted")
    legal.add_argument("file", type=path, help="a Clamber position file")
    legal.set_defaults(run=run_legal)
    apply = ask.add_parser("apply", help="apply turns and write (or print) the position")
    apply.add_argument("file", type=path, help="a Clamber position file")
    apply.add_argument("turns", nargs="+", metavar="TURN", help="e.g. 'place C3', C3xD3, B2=C4")
    apply.add_argument("--out", type=output_path, help="write the position here")
    apply.set_defaults(run=run_apply)
    table_commands.add(ask)


def read(file: Path) -> ClamberState | None:
    """The position of a file, or None after one line naming the file and the problem."""
    try:
        return read_position(file)
    except SavedGameProblem as exc:
        complain(f"climbers clamber: {exc}")
        return None


def run_legal(args: argparse.Namespace) -> int:
    """Print every legal turn, one per line, sorted; 2 with one line for an unusable file."""
    state = read(args.file)
    if state is None:
        return 2
    for text in sorted(RULES.action_text(turn) for turn in RULES.legal_actions(state)):
        print(text)
    return 0


def run_apply(args: argparse.Namespace) -> int:
    """Apply the turns in order; 2 with one line for a file, a turn or a refusal."""
    state = read(args.file)
    if state is None:
        return 2
    if len(args.turns) > MAX_TURNS:
        complain(f"climbers clamber apply: at most {MAX_TURNS} turns")
        return 2
    for i, text in enumerate(args.turns, start=1):
        try:
            state, _ = RULES.apply(state, RULES.parse_action(text))
        except ValueError:
            complain(f"climbers clamber apply: turn {i}: not a turn: {quoted(text)}")
            return 2
        except ClamberRefusal as refusal:
            complain(f"climbers clamber apply: turn {i} ({text}): {refusal_sentence(refusal)}")
            return 2
    text = RULES.dump(state)
    if args.out is None:
        print(text)
        return 0
    try:
        write_atomic(args.out, (text + "\n").encode("utf-8"))
    except OSError as exc:
        complain(f"climbers clamber apply: cannot write {args.out}: {exc.strerror or exc}")
        return 2
    return 0
