"""`climbers play --game klettermax`: Burg Klettermax's table with the flags of `climbers play`
that make sense for it (--resume, --position, --save-to, --shot-to, --fps-probe); the others,
which choose The Climbers' mountain and seats, are refused in one line."""

from __future__ import annotations

import argparse

from climbers.cli.arguments import complain, window
from climbers.klettermax.core import RULES
from climbers.klettermax.game.session import (
    AUTOSAVE,
    KlettermaxSession,
    SavedGameProblem,
    open_saved,
)

NOT_FOR_KLETTERMAX = (
    ("seed", 0, "--seed"),
    ("mountain", None, "--mountain"),
    ("players", None, "--players"),
    ("bots", "", "--bots"),
    ("text", False, "--text"),
    ("idle_probe", False, "--idle-probe"),
)
"""The flags of `climbers play` this game does not take: (argument, its default, flag)."""
TAKEN = "--resume, --position, --save-to, --shot-to, --fps-probe"


def run(args: argparse.Namespace) -> int:
    """Open Burg Klettermax's table as the flags ask; 2 with one line for a flag or a file it
    cannot use."""
    given = [flag for name, default, flag in NOT_FOR_KLETTERMAX if getattr(args, name) != default]
    if given:
        complain(f"climbers play --game klettermax: {given[0]} is not for it; it takes {TAKEN}")
        return 2
    session: KlettermaxSession | None = None
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
        from climbers.klettermax.table.shell import KlettermaxShell

        assert isinstance(shell, KlettermaxShell)
        if args.fps_probe:
            from climbers.klettermax.table.fps_probe import FlightProbe, four_towers

            FlightProbe(shell.start(KlettermaxSession(four_towers()), saved=False))
        elif session is not None:
            shell.start(session)
        else:
            shell.show_menu()

    main.run(RULES.name, mode, save_path=args.save_to, shot_path=args.shot_to)
    return 0
