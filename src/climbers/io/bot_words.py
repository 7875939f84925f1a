"""A bot in players' words, the same in every game: a bot of a level as a new-game screen offers
it for a seat ('Bot: strong') and a seat a bot plays ('Red (strong bot)'). The levels are every
game's bots' (climbers.games.tournament: `bots_of(game).levels`); two games with a level of the
same name say it alike."""

from __future__ import annotations

from climbers.io.language import N_, _, say

LEVELS = {
    "random": N_("Bot: random"),
    "easy": N_("Bot: easy"),
    "greedy": N_("Bot: greedy"),
    "medium": N_("Bot: medium"),
    "strong": N_("Bot: strong"),
    "hard": N_("Bot: hard"),
    "expert": N_("Bot: expert"),
}
"""A bot of each level, as a player chooses it for a seat."""
LABELS = {
    "random": N_("{player} (random bot)"),
    "easy": N_("{player} (easy bot)"),
    "greedy": N_("{player} (greedy bot)"),
    "medium": N_("{player} (medium bot)"),
    "strong": N_("{player} (strong bot)"),
    "hard": N_("{player} (hard bot)"),
    "expert": N_("{player} (expert bot)"),
}
"""A seat a bot of each level plays."""
SOME_BOT = N_("{player} (bot)")
"""A seat a bot of a level unknown here plays (a host's level, across computers)."""


def bot_choices(*levels: str) -> dict[str, str]:
    """A new-game screen's choices of a bot for a seat, one for each of `levels` (marked for
    translation: translated where shown)."""
    return {level: LEVELS[level] for level in levels}


def level_name(level: str) -> str:
    """'Bot: strong': a bot of `level` in the current language."""
    return _(LEVELS[level])


def bot_label(level: str | None, player: str) -> str:
    """'Red (strong bot)': the seat named `player` played by a bot of `level`, in the current
    language ('Red': `level` None, a person plays it)."""
    if level is None:
        return player
    return say(LABELS.get(level, SOME_BOT), player=player)
