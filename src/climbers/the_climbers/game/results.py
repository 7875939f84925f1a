"""The end of a game in words: who won, the levels, and how a tie was broken (R23)."""

from __future__ import annotations

from dataclasses import dataclass

from climbers.io.language import N_, _, names_list, say
from climbers.the_climbers.core import Colour, GameState, ranking
from climbers.the_climbers.io.words import player_label


@dataclass(frozen=True)
class ResultLine:
    """One player's line on the end card: the ranking's standing with the player's name."""

    place: int
    label: str
    colour: Colour
    level: int


def standings(state: GameState) -> list[ResultLine]:
    """Every player, best first; equal places share a number."""
    labels = {p.colour: player_label(p) for p in state.players}
    return [ResultLine(s.place, labels[s.colour], s.colour, s.level) for s in ranking(state)]


def place_words(line: ResultLine) -> tuple[str, str]:
    """A player's place and name ('1.  Teal'), and where they stand ('level 9')."""
    place = say(N_("{place}.  {player}"), place=line.place, player=line.label)
    level = _("on the table") if line.level == 0 else say(N_("level {level}"), level=line.level)
    return place, level


def standing_lines(state: GameState) -> list[str]:
    """Every player's place, name and level, best first, one line each ('1.  Teal · level 9')."""
    return [
        say(N_("{place} · {level}"), place=place, level=level)
        for place, level in map(place_words, standings(state))
    ]


def headline(state: GameState) -> str:
    """'Teal wins!', or who shares the win."""
    winners = [s.label for s in standings(state) if s.place == 1]
    if len(winners) == 1:
        return say(N_("{player} wins!"), player=winners[0])
    return say(N_("{players} share the win."), players=names_list(winners))


def tie_break(state: GameState) -> str:
    """One sentence on how the order at the top was decided."""
    table = standings(state)
    best = table[0]
    level_mates = [s for s in table if s.level == best.level]
    if best.level == 0:
        return say(N_("Nobody left the table, so everyone shares the result."))
    if len(level_mates) == 1:
        return say(
            N_("{player} stands highest, on level {level}."), player=best.label, level=best.level
        )
    template = (
        N_("{players} both reached level {level}; {player} got there first and wins.")
        if len(level_mates) == 2
        else N_("{players} all reached level {level}; {player} got there first and wins.")
    )
    return say(
        template,
        players=names_list([s.label for s in level_mates]),
        level=best.level,
        player=best.label,
    )
