"""The rules of The Climbers as pure Python: no engine, no window, only numpy and pydantic."""

from climbers.the_climbers.core.actions import (
    Action,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    parse_action,
)
from climbers.the_climbers.core.components import PLAYER_COLOURS, Colour, standard_components
from climbers.the_climbers.core.engine import (
    apply,
    block_refusal,
    check_block_move,
    disk_refusal,
    ladders_allowed,
    ranking,
)
from climbers.the_climbers.core.errors import IllegalAction, Reason
from climbers.the_climbers.core.events import Event, Standing
from climbers.the_climbers.core.mountain import MountainError, generate_mountain
from climbers.the_climbers.core.movement import Route
from climbers.the_climbers.core.queries import (
    block_refusals,
    disk_targets,
    free_blocks,
    legal_actions,
    legal_destinations,
    legal_placements,
    legal_poses,
    placement_action,
    reactors_after,
)
from climbers.the_climbers.core.rules import Rules, Step, preset_rules
from climbers.the_climbers.core.setup import new_game, setup_problems
from climbers.the_climbers.core.state import GameState, Placement, Player, Turn

__all__ = [
    "PLAYER_COLOURS",
    "Action",
    "Colour",
    "Event",
    "GameState",
    "IllegalAction",
    "MountainError",
    "MoveBlock",
    "MoveClimber",
    "Pass",
    "PlaceDisk",
    "Placement",
    "Player",
    "Reason",
    "Route",
    "Rules",
    "Standing",
    "Step",
    "Turn",
    "apply",
    "block_refusal",
    "block_refusals",
    "check_block_move",
    "disk_refusal",
    "disk_targets",
    "free_blocks",
    "ladders_allowed",
    "generate_mountain",
    "legal_actions",
    "legal_destinations",
    "legal_placements",
    "legal_poses",
    "new_game",
    "parse_action",
    "placement_action",
    "preset_rules",
    "ranking",
    "reactors_after",
    "setup_problems",
    "standard_components",
]
