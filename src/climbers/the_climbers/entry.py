"""The Climbers as the table lists it: the `climbers.games` entry point of this game."""

from typing import TYPE_CHECKING

from climbers.games.registry import GameEntry
from climbers.io.language import N_

GAME = GameEntry(
    name="climbers",
    core="climbers.the_climbers.core.game:RULES",
    title=N_("The Climbers"),
    line=N_("Climb a mountain of coloured blocks that you reshape as you go. 2 to 5 players."),
    picture="the-climbers.png",
    table="climbers.the_climbers.table.shell:Shell",
    commands="climbers.the_climbers.commands:COMMANDS",
    rank=0,
    bots="climbers.the_climbers.ai.tournament:BOTS",
    files="climbers.the_climbers.devtools.hostile_files:KINDS",
    clip="climbers.the_climbers.table.clip:CLIPS",
    check="climbers.the_climbers.commands.check_file:check",
    formats=("climbers-game",),
    remote="climbers.the_climbers.remote:REMOTE",
)

if TYPE_CHECKING:  # the type checker holds the rules to the table's interface; nothing runs
    from climbers.games.interface import GameRules
    from climbers.the_climbers.core import Action, GameState
    from climbers.the_climbers.core.game import RULES

    CHECKED: GameRules[GameState, Action] = RULES
