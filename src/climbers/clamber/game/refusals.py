"""Clamber's refusals in players' words: each reason code of the core, with its parameters, said
as one sentence of the current language, for the table and for the readers of saved games (no
3D engine needed)."""

from __future__ import annotations

from climbers.clamber.core import ClamberRefusal, Reason
from climbers.io.language import N_, _, say
from climbers.session.driver import Refused

REFUSALS: dict[Reason, str] = {
    Reason.GAME_OVER: N_("The game is over."),
    Reason.WRONG_BOARD: N_("{cell} is not a cell of this board."),
    Reason.OCCUPIED: N_("{cell} already holds a stack: a stone goes on an empty cell."),
    Reason.NO_STACK: N_("There is no stack on {cell}."),
    Reason.NOT_YOURS: N_("The stack on {cell} is not yours."),
    Reason.NOT_ENEMY: N_("The stack on {cell} is yours: capture a stack of the other player."),
    Reason.NOT_NEIGHBOUR: N_(
        "{target} is not next to {by}: a lower capture takes a neighbouring stack."
    ),
    Reason.NOT_LOWER: N_(
        "The stack on {target} is {target_height} high, not lower than the {by_height} on {by}."
    ),
    Reason.NOT_EQUAL: N_(
        "The stack on {target} is {target_height} high, not as high as the {by_height} on {by}."
    ),
    Reason.EMPTY_CHAIN: N_("Name a stack for {by} to capture."),
    Reason.GROUP_NOT_ADJACENT: N_(
        "The stack on {target} is as high as yours, but its group does not touch your stack "
        "on {by}."
    ),
}
"""The sentence of every reason the core gives (C6-C10)."""


def refusal_sentence(refusal: ClamberRefusal | Refused) -> str:
    """Why a turn is refused (by the rules, or by a mode of play such as a lesson), in one
    sentence of the current language."""
    if isinstance(refusal, Refused):
        return _(refusal.template)
    return say(REFUSALS[Reason(refusal.reason)], **refusal.params)
