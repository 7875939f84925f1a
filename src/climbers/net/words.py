"""The sentences a client says of what the host tells it, in the player's language: the host
sends reason codes and facts, never sentences."""

from __future__ import annotations

from climbers.io.language import N_, say
from climbers.net.protocol import Reason, Refused

REFUSALS: dict[str, str] = {
    Reason.MALFORMED: N_("The host could not read that message ({detail})."),
    Reason.TOO_LARGE: N_("That message was too large for the host."),
    Reason.TOO_FAST: N_("Too many messages at once: the host dropped some. Slow down."),
    Reason.VERSION: N_(
        "The host runs {host_program} (protocol {host_protocol}); this is {client_program} "
        "(protocol {client_protocol}). Play with the same version."
    ),
    Reason.CODE: N_("The join code is wrong or missing: ask the host for it (--code)."),
    Reason.HELLO_FIRST: N_("The host expected a hello first, and only once."),
    Reason.SEAT_TAKEN: N_("That seat is taken: choose another one, or watch."),
    Reason.NO_SEAT: N_("Every seat is taken: join with --watch to watch the game."),
    Reason.NO_SUCH_SEAT: N_("The game has no such seat."),
    Reason.TOKEN: N_("No seat of this game has that token."),
    Reason.WATCHING: N_("You are watching: only players act."),
    Reason.NOT_YOUR_TURN: N_("It is not your turn."),
    Reason.NOT_AN_ACTION: N_("That is not an action of this game ({detail})."),
    Reason.STALE: N_("The game moved on before your action arrived: here it is as it stands."),
    Reason.NO_UNDO: N_("Nothing of your turn to take back: only your own last step can be."),
    Reason.GAME_OVER: N_("The game is over."),
}
RULES_REFUSAL = N_("The rules refuse that action ({reason}).")


def refusal_line(refused: Refused) -> str:
    """What a player reads of a refusal: the protocol's reasons in a sentence; the rules'
    reason by its code (the game's own words come with the game's window)."""
    template = REFUSALS.get(refused.reason)
    if template is None:
        return say(RULES_REFUSAL, reason=refused.detail or refused.reason)
    words = {str(key): value for key, value in refused.params.items()}
    return say(template, detail=refused.detail, **words)
