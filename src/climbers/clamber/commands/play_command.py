"""`climbers play --game clamber`: Clamber's table with the flags of `climbers play` that make
sense for it (--resume, --position, --save-to, --shot-to, --fps-probe, --idle-probe); the
others, which choose The Climbers' mountain and seats, are refused in one line."""

from __future__ import annotations

import argparse

from climbers.clamber.core import RULES
from climbers.clamber.game.session import AUTOSAVE, ClamberSession, SavedGameProblem, open_saved
from climbers.cli.arguments import complain, window

NOT_FOR_CLAMBER = (
    ("seed", 0, "--seed"),
    ("mountain", None, "--mountain"),
    ("players", None, "--players"),
    ("bots", "", "--bots"),
    ("text", False, "--text"),
)
"""The Climbers' flags of `climbers play`: (argument, its default, flag)."""
TAKEN = "--resume, --position, --save-to, --shot-to, --fps-probe, --idle-probe"


def run(args: argparse.Namespace) -> int:
    """Open Clamber's table as the flags ask; 2 with one line for a flag or a file it cannot
    use."""
    given = [flag for name, default, flag in NOT_FOR_CLAMBER if getattr(args, name) != default]
    if given:
        complain(
            f"climbers play --game clamber: {given[0]} is for The Climbers; Clamber takes {TAKEN}"
        )
        return 2
    session: ClamberSession | None = None
    if args.resume or args.position:
        try:
            session = open_saved(AUTOSAVE.last_path() if args.resume else args.position)
        except SavedGameProblem as exc:
            complain(f"climbers play: {exc}")
            return 2
    main = window()
    if main is None:
        return 2

    def mode(shell: object) -> None:
        from climbers.clamber.table.shell import ClamberShell

        assert isinstance(shell, ClamberShell)
        if args.fps_probe or args.idle_probe:
            from climbers.app.table.idle_probe import IdleProbe
            from climbers.clamber.table.fps_probe import StackedProbe, stacked_board

            play = shell.start(ClamberSession(stacked_board()), saved=False)
            (StackedProbe if args.fps_probe else IdleProbe)(play)
        elif session is not None:
            shell.start(session)
        else:
            shell.show_menu()

    main.run(RULES.name, mode, save_path=args.save_to, shot_path=args.shot_to)
    return 0
