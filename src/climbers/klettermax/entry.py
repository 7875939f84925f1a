"""Burg Klettermax as the table lists it: the `climbers.games` entry point of this game (its
tile and table, its rules, commands, speed figures and bots)."""

from typing import TYPE_CHECKING

from climbers.games.registry import in_package
from climbers.io.language import N_

GAME = in_package(
    "climbers.klettermax",
    name="klettermax",
    title=N_("Burg Klettermax"),
    line=N_("Stack five knights of different colours, then flick the top one into the castle."),
    picture="klettermax.png",
    rank=2,
    formats=("klettermax-saved-game", "klettermax-game", "klettermax-record"),
    table="table.kit:shell",
    bots="contest:BOTS",
    speed="speed:bench_rows",
    play="commands.table_commands:run_play",
)

if TYPE_CHECKING:  # the type checker holds the rules to the table's interface; nothing runs
    from climbers.games.interface import GameRules
    from climbers.klettermax.core import RULES, Action, State

    CHECKED: GameRules[State, Action] = RULES
