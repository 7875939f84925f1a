"""Burg Klettermax as the table lists it: the `climbers.games` entry point of this game (its
tile and table, its rules, commands, speed figures and bots)."""

from typing import TYPE_CHECKING

from climbers.games.registry import GameEntry
from climbers.io.language import N_

GAME = GameEntry(
    name="klettermax",
    core="climbers.klettermax.core:RULES",
    title=N_("Burg Klettermax"),
    line=N_("Stack five knights of different colours, then flick the top one into the castle."),
    picture="klettermax.png",
    table="climbers.klettermax.table.kit:shell",
    commands="climbers.klettermax.commands:COMMANDS",
    rank=2,
    speed="climbers.klettermax.speed:bench_rows",
    bots="climbers.klettermax.contest:BOTS",
    play="climbers.klettermax.commands.table_commands:run_play",
    clip="climbers.klettermax.table.clip:CLIPS",
    check="climbers.klettermax.commands.check_file:check",
    formats=("klettermax-saved-game", "klettermax-game", "klettermax-record"),
    remote="climbers.klettermax.remote:REMOTE",
)

if TYPE_CHECKING:  # the type checker holds the rules to the table's interface; nothing runs
    from climbers.games.interface import GameRules
    from climbers.klettermax.core import RULES, Action, State

    CHECKED: GameRules[State, Action] = RULES
