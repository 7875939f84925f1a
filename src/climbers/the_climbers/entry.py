"""The Climbers as the table lists it: the `climbers.games` entry point of this game."""

from typing import TYPE_CHECKING

from climbers.games.registry import in_package
from climbers.io.language import N_

GAME = in_package(
    "climbers.the_climbers",
    name="climbers",
    title=N_("The Climbers"),
    line=N_("Climb a mountain of coloured blocks that you reshape as you go. 2 to 5 players."),
    picture="the-climbers.png",
    rank=0,
    formats=("climbers-game",),
    table="table.shell:Shell",
    bots="ai.tournament:BOTS",
    core="core.game:RULES",
    files="devtools.hostile_files:KINDS",
)

if TYPE_CHECKING:  # the type checker holds the rules to the table's interface; nothing runs
    from climbers.games.interface import GameRules
    from climbers.the_climbers.core import Action, GameState
    from climbers.the_climbers.core.game import RULES

    CHECKED: GameRules[GameState, Action] = RULES
