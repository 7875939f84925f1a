"""Clamber as the table lists it: the `climbers.games` entry point of this game (its tile and
table, its rules, commands, speed figures and bots)."""

from typing import TYPE_CHECKING

from climbers.games.registry import GameEntry
from climbers.io.language import N_

GAME = GameEntry(
    name="clamber",
    core="climbers.clamber.core:RULES",
    title=N_("Clamber"),
    line=N_("Two players stack stones on a hexagonal board: place a stone, or capture."),
    picture="clamber.png",
    table="climbers.clamber.table.kit:shell",
    commands="climbers.clamber.commands:COMMANDS",
    rank=1,
    speed="climbers.clamber.speed:bench_rows",
    bots="climbers.clamber.ai.tournament:BOTS",
    play="climbers.clamber.commands.table_commands:run_play",
    clip="climbers.clamber.table.clip:CLIPS",
    check="climbers.clamber.commands.check_file:check",
    formats=("clamber-saved-game", "clamber-game"),
    remote="climbers.clamber.remote:REMOTE",
)

if TYPE_CHECKING:  # the type checker holds the rules to the table's interface; nothing runs
    from climbers.clamber.core import RULES, ClamberState, Turn
    from climbers.games.interface import GameRules

    CHECKED: GameRules[ClamberState, Turn] = RULES
