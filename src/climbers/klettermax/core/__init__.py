"""The rules of Burg Klettermax as pure Python (K1–K16): no window, no physics, no files.

The flick's resting place enters as part of the action; the dice come from the seed and a
counter in the state, so a game replays exactly from its start and its action log.
"""

from climbers.klettermax.core.actions import (
    Action,
    Aim,
    End,
    Flick,
    MoveTower,
    Roll,
    Take,
    action_text,
    parse_action,
)
from climbers.klettermax.core.components import COLOURS, FACES, JESTER, Colour, Face, facing
from climbers.klettermax.core.dice import roll_dice
from climbers.klettermax.core.engine import (
    FLICKS,
    apply,
    legal_actions,
    new_state,
    ranking,
    refusal,
)
from climbers.klettermax.core.errors import Place, Reason, Refused
from climbers.klettermax.core.events import Event
from climbers.klettermax.core.files import (
    PHYSICS,
    dump,
    dump_record,
    load,
    load_record,
    read_record,
)
from climbers.klettermax.core.rules import RULES, KlettermaxRules
from climbers.klettermax.core.state import Phase, Seat, State, Turn
from climbers.klettermax.core.view import TableView, event_for, stand_in, view_for

__all__ = [
    "COLOURS",
    "FACES",
    "FLICKS",
    "JESTER",
    "PHYSICS",
    "RULES",
    "Action",
    "Aim",
    "Colour",
    "End",
    "Event",
    "Face",
    "Flick",
    "KlettermaxRules",
    "MoveTower",
    "Phase",
    "Place",
    "Reason",
    "Refused",
    "Roll",
    "Seat",
    "State",
    "TableView",
    "Take",
    "Turn",
    "action_text",
    "apply",
    "dump",
    "dump_record",
    "event_for",
    "facing",
    "legal_actions",
    "load",
    "load_record",
    "new_state",
    "parse_action",
    "ranking",
    "read_record",
    "refusal",
    "roll_dice",
    "stand_in",
    "view_for",
]
