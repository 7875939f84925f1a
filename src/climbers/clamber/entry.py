"""Clamber as the table lists it: the `climbers.games` entry point of this game (its tile and
table, its rules, commands, speed figures and bots)."""

from typing import TYPE_CHECKING

from climbers.games.registry import in_package
from climbers.io.language import N_

GAME = in_package(
    "climbers.clamber",
    name="clamber",
    title=N_("Clamber"),
    line=N_("Two players stack stones on a hexagonal board: place a stone, or capture."),
    picture="clamber.png",
    rank=1,
    formats=("clamber-saved-game", "clamber-game"),
    table="table.kit:shell",
    bots="ai.tournament:BOTS",
    speed="speed:bench_rows",
    play="commands.table_commands:run_play",
)

if TYPE_CHECKING:  # the type checker holds the rules to the table's interface; nothing runs
    from climbers.clamber.core import RULES, ClamberState, Turn
    from climbers.games.interface import GameRules

    CHECKED: GameRules[ClamberState, Turn] = RULES
