"""`climbers klettermax demo`, `climbers klettermax replay FILE` and `climbers play --game
klettermax`: Burg Klettermax's table in the window for a demo (or its games headless), a saved
game to step through with its flicks flown again, and a game with the flags of `climbers play`
it takes."""

from __future__ import annotations

import argparse
from typing import Any

from climbers.cli.game_commands import GameCommands
from climbers.games.tournament import bots_of
from climbers.klettermax.core import RULES
from climbers.klettermax.game.demo import demo_game, outcome
from climbers.klettermax.game.session import SAVED, KlettermaxSession


def _flights(shell: Any) -> None:
    """The frame-rate probe: knight after knight flown with four full towers standing."""
    from climbers.klettermax.table.fps_probe import FlightProbe, four_towers

    FlightProbe(shell.start(KlettermaxSession(four_towers()), saved=False))


COMMANDS = GameCommands(
    name=RULES.name,
    title="Burg Klettermax",
    saved=SAVED,
    demo_game=demo_game,
    bots=lambda: bots_of(RULES.name),
    outcome=outcome,
    probes={"fps_probe": _flights},
)
run_play = COMMANDS.run_play
"""`climbers play --game klettermax` (the game's registry entry names it)."""


def add(cmd: argparse.ArgumentParser) -> None:
    """The arguments of `klettermax` with `demo` and `replay`."""
    COMMANDS.add(cmd.add_subparsers(dest="question", required=True))
