"""Burg Klettermax in players' words: who holds a seat, a caption for every action, how a game
ended, in the current language; the names and the refusals are said by climbers.klettermax.game
(names, refusals), which the readers of saved games share."""

from __future__ import annotations

from collections.abc import Sequence

from climbers.io.bot_words import bot_choices, bot_label
from climbers.io.language import N_, _, names_list, say, say_in, say_n, sentences
from climbers.klettermax.core import (
    Action,
    Colour,
    Flick,
    State,
    action_text,
)
from climbers.klettermax.core.events import (
    Event,
    Flicked,
    GameEnded,
    KnightPassed,
    KnightReturned,
    KnightStacked,
    Looted,
    NobodyCanUse,
    Rolled,
    TowerMoved,
)
from climbers.klettermax.game.names import colour_name as colour_name
from climbers.klettermax.game.names import player_name as player_name
from climbers.klettermax.game.refusals import refusal_sentence as refusal_sentence

KINDS = {"human": N_("Human"), **bot_choices("easy", "medium", "hard"), "nobody": N_("Nobody")}
"""Who holds a seat."""


def roll_words(player: str, a: Colour | str, b: Colour | str) -> str:
    """What a roll of the two dice shows, as a whole sentence: two shields, a shield and a
    jester, two jesters ('Ana rolls two red shields.')."""
    if a == b:
        if a == "jester":
            return say(N_("{player} rolls two jesters."), player=player)
        return say(N_("{player} rolls two {colour} shields."), player=player, colour=colour_name(a))
    if "jester" in (a, b):
        shield = b if a == "jester" else a
        text = N_("{player} rolls a {colour} shield and a jester.")
        return say(text, player=player, colour=colour_name(shield))
    text = N_("{player} rolls a {a} shield and a {b} shield.")
    return say(text, player=player, a=colour_name(a), b=colour_name(b))


def choosing_words(player: str, count: int, jesters: bool) -> str:
    """Why the roller chooses knights, and how many (K8, K9): two jesters, or nobody can use
    the shields rolled."""
    if jesters:
        if count == 1:
            return say(N_("Two jesters: {player} chooses one knight."), player=player)
        return say_n(
            "Two jesters: {player} chooses {count} knight.",
            "Two jesters: {player} chooses {count} knights.",
            count,
            player=player,
            count=count,
        )
    if count == 1:
        return say(
            N_("Nobody can use the shields rolled: {player} chooses one knight."), player=player
        )
    return say_n(
        "Nobody can use the shields rolled: {player} chooses {count} knight.",
        "Nobody can use the shields rolled: {player} chooses {count} knights.",
        count,
        player=player,
        count=count,
    )


def seat_label(seat: int, bots: dict[int, str]) -> str:
    """'Orange' for a person's seat, 'Orange (hard bot)' for a bot's."""
    return bot_label(bots.get(seat), player_name(seat))


def rest_words(flicked: Flicked) -> str:
    """Where a flicked knight came to rest: 'in chamber 5', 'on the wall', 'outside the
    castle'."""
    if flicked.rest == "chamber":
        return say(N_("in chamber {chamber}"), chamber=flicked.chamber)
    if flicked.rest == "wall":
        return _("on the wall")
    return _("outside the castle")


def caption(state: State, action: Action, events: Sequence[Event]) -> str:
    """One line for an action played in `state` (the state before it), from its events."""
    player = player_name(state.turn.seat)
    parts: list[str] = []
    rolled: tuple[str, str] | None = None
    passed: dict[Colour, list[int]] = {}
    """The seats a knight of each colour passed by (K7), for one sentence where it ends."""
    for ev in events:
        match ev:
            case Rolled(faces=(a, b)):
                parts.append(roll_words(player, a, b))
                rolled = (a, b)
            case NobodyCanUse(choices=n):
                parts.append(choosing_words(player, n, jesters=rolled == ("jester", "jester")))
            case KnightStacked(seat=seat, colour=colour):
                parts.append(stacked_words(passed.pop(colour, []), seat, colour))
            case KnightPassed(from_seat=from_seat, colour=colour):
                passed.setdefault(colour, []).append(from_seat)
            case Flicked() as flicked if not flicked.hit:
                text = N_("{player}'s knight misses: it comes to rest {where}.")
                where = rest_words(flicked)
                if flicked.rest == "chamber":
                    where = say(N_("{where} (empty)"), where=where)
                parts.append(say(text, player=player, where=where))
            case Looted(chamber=chamber):
                text = N_("{player} flicks into chamber {chamber} and takes its tile.")
                parts.append(say(text, player=player, chamber=chamber))
            case TowerMoved(to_spot=spot):
                parts.append(
                    say(N_("{player} moves the tower to spot {spot}."), player=player, spot=spot)
                )
            case GameEnded() as ended:
                parts.append(headline(ended.places))
    for colour in passed:  # went round the table: back to the supply
        back = N_("Every tower already has {colour}: the knight goes back to the supply.")
        parts.append(say(back, colour=colour_name(colour)))
    returned = [ev for ev in events if isinstance(ev, KnightReturned)][len(passed) :]
    if returned and not any(isinstance(ev, (Flicked,)) for ev in events):
        parts.append(
            say(N_("A knight goes round the table back to the supply."))
            if len(returned) == 1
            else say_n(
                "{count} knight goes round the table back to the supply.",
                "{count} knights go round the table back to the supply.",
                len(returned),
                count=len(returned),
            )
        )
    if not parts and action.kind == "end":
        parts.append(say(N_("{player} ends the turn."), player=player))
    return sentences(parts)


def stacked_words(passed: Sequence[int], seat: int, colour: Colour) -> str:
    """A knight that went on `seat`'s tower, and why it went past the seats it `passed` (K7):
    'Teal already has yellow: the knight goes on Orange's tower.'"""
    owner = player_name(seat)
    if not passed:
        text = N_("A {colour} knight goes on {owner}'s tower.")
        return say(text, colour=colour_name(colour), owner=owner)
    return say_n(
        "{players} already has {colour}: the knight goes on {owner}'s tower.",
        "{players} already have {colour}: the knight goes on {owner}'s tower.",
        len(passed),
        players=names_list([player_name(by) for by in passed]),
        colour=colour_name(colour),
        owner=owner,
    )


def headline(places: Sequence[int]) -> str:
    """'Orange wins!', 'Purple and Teal share the win.'"""
    winners = [player_name(seat) for seat, place in enumerate(places) if place == 1]
    if len(winners) == 1:
        return say(N_("{player} wins!"), player=winners[0])
    return say(N_("{players} share the win."), players=say_in("list separator", ", ").join(winners))


def treasures_words(count: int) -> str:
    """'7 treasures'."""
    return say_n("{count} treasure", "{count} treasures", count, count=count)


def opening(state: State) -> str:
    """A replay's or demo's caption before the first action."""
    template = N_("Start: {count} players round the castle; {player} begins.")
    return say(template, count=len(state.seats), player=player_name(state.turn.seat))


def described(before: State, action: Action, events: Sequence[Event]) -> str:
    """A replay's caption of an action: its caption, or its text form when it has none."""
    return caption(before, action, events) or action_text(action)


def in_flight(before: State, action: Action) -> str | None:
    """The caption while a flick with its aim is in the air (its result not yet seen): None for
    any other action."""
    if not (isinstance(action, Flick) and action.aim is not None):
        return None
    return say(N_("{player} flicks a knight…"), player=player_name(before.turn.seat))
