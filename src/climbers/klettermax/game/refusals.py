"""Burg Klettermax's refusals in players' words: each reason code of the core, with its places
and parameters, said as one sentence of the current language, for the table and for the readers
of saved games (no 3D engine needed)."""

from __future__ import annotations

from climbers.io.language import N_, _, say
from climbers.klettermax.core import Reason, Refused, State
from climbers.klettermax.game.names import colour_name, player_name
from climbers.session.driver import Refused as ModeRefused

REFUSALS: dict[Reason, str] = {
    Reason.GAME_OVER: N_("The game is over."),
    Reason.MUST_ROLL: N_("A turn begins with a roll of the dice: press Space or Roll."),
    Reason.MUST_FLICK: N_("Your tower is full: flick its top knight instead of rolling."),
    Reason.MUST_CHOOSE: N_("Choose the colour of your next knight first (one of those marked)."),
    Reason.TURN_PLAYED: N_("This turn's roll or flick is done: end your turn."),
    Reason.NO_CHOICE: N_("No knight is owed to you to choose now."),
    Reason.COLOUR_ON_TOWER: N_("Your tower already holds a {colour} knight."),
    Reason.TOWER_NOT_FULL: N_(
        "Only a tower of five knights flicks; yours has {knights}: roll the dice."
    ),
    Reason.TOWER_NOT_EMPTY: N_(
        "A tower tile moves only while no knight stands on it; yours holds {knights}."
    ),
    Reason.ALREADY_MOVED: N_("Your tower tile has moved once this turn already."),
    Reason.SAME_SPOT: N_("Drop the tower tile on another free spot."),
    Reason.SPOT_TAKEN: N_("Spot {spot} holds {player}'s tower: choose a free spot."),
}
"""The sentence of every reason the core gives (K6-K13)."""
FLOWN_ELSEWHERE: dict[str, str] = {
    "chamber": N_("Its aim lands the knight in chamber {chamber}."),
    "wall": N_("Its aim leaves the knight on the wall."),
    "short": N_("Its aim drops the knight short of the castle."),
    "over": N_("Its aim sends the knight over the castle."),
}
"""Why a saved flick does not fit: the physics, flying its aim again, brings the knight to rest
elsewhere (by where: a chamber, the wall, short of the castle or over it)."""


def flown_elsewhere_sentence(where: str, chamber: int | None = None) -> str:
    """Why a saved flick does not fit, in one sentence of the current language: flown again,
    its knight comes to rest `where` ('chamber' and its number, 'wall', 'short', 'over')."""
    return say(FLOWN_ELSEWHERE[where], chamber=chamber)


def refusal_sentence(refusal: Refused | ModeRefused, state: State) -> str:
    """Why an action is refused (by the rules, or by a mode of play such as a lesson), in one
    sentence of the current language."""
    if isinstance(refusal, ModeRefused):
        return _(refusal.template)
    params: dict[str, object] = dict(refusal.params)
    for place in refusal.places:
        if place.kind == "colour":
            params["colour"] = colour_name(str(place.id))
        elif place.kind == "spot":
            params["spot"] = place.id
    if "seat" in params:
        params["player"] = player_name(int(params["seat"]))  # type: ignore[call-overload]
    return say(REFUSALS[refusal.reason], **params)
