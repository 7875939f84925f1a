"""A puzzle told in players' words, in the current language: its title and the line under it,
made from the puzzle itself (who climbs, from where, with which ladders, who stands still, and
how far climbing as high as possible each turn gets)."""

from __future__ import annotations

from climbers.io.language import N_, say, say_n
from climbers.the_climbers.ai import GreedyBot
from climbers.the_climbers.core import GameState
from climbers.the_climbers.core.words import colour_word, names_list, number_word, player_word
from climbers.the_climbers.puzzles.model import Puzzle
from climbers.the_climbers.puzzles.solo import SoloPlay

STARTS = {
    # TRANSLATORS: the ladders the puzzle's Climber still has, not a way up (see {still}).
    ("short", "tall"): N_("Start on the table with both ladders;"),
    ("short",): N_("Start on the table with only the short ladder;"),
    ("tall",): N_("Start on the table with only the tall ladder;"),
}
"""The start of a puzzle's line for a Climber on the table: the ladders it holds. Whole
sentences, not 'with {ladders}', as a language may say holding a ladder otherwise than using it
(the captions' 'with both ladders')."""
STARTS_ON_LEVEL = {
    ("short", "tall"): N_("Start on level {level} with both ladders;"),
    ("short",): N_("Start on level {level} with only the short ladder;"),
    ("tall",): N_("Start on level {level} with only the tall ladder;"),
}
"""The same for a Climber on a block, at `level`."""


def greedy_levels(state: GameState, turns: int) -> list[int]:
    """The highest level the greedy bot has reached by the end of each of its first `turns`
    solo turns (seat 0 climbing, the others passing; `turns` may pass the longest band)."""
    colour = state.players[0].colour
    draft = Puzzle.model_construct(
        title="Greedy",
        description="Greedy",
        player=colour,
        target=40,
        turns=turns,
        solution=(f"{colour} pass",),
        position=state,
    )
    play, bot, levels = SoloPlay(draft), GreedyBot(0), list[int]()
    while not play.failed:
        turn = play.turn
        play.apply(bot.choose(play.state))
        if play.turn != turn:
            levels.append(max([play.level, *levels]))
    return levels


def describe(state: GameState, target: int, turns: int, greedy: int) -> tuple[str, str]:
    """A title and a one-line description, seat 0 climbing (see `title` and `description`)."""
    return title(state, target, turns), description(state, greedy)


def title(state: GameState, target: int, turns: int) -> str:
    """'Teal to level 7 in two turns'."""
    return say_n(
        "{player} to level {level} in {turns} turn",
        "{player} to level {level} in {turns} turns",
        turns,
        player=player_word(state.players[0].colour),
        level=target,
        turns=number_word(turns),
    )


def description(state: GameState, greedy: int) -> str:
    """'Start on the table with both ladders; the red Climber stands still. Climbing as high as
    you can each turn gets you no higher than level 5.'"""
    me = state.players[0]
    start = (
        say(STARTS[me.ladders])
        if me.at is None
        else say(STARTS_ON_LEVEL[me.ladders], level=state.level(0))
    )
    others = [colour_word(p.colour) for p in state.players[1:]]
    still = say_n(
        "the {colours} Climber stands still.",
        "the {colours} Climbers stand still.",
        len(others),
        colours=names_list(others),
    )
    climb = (
        say(N_("Climbing as high as you can each turn leaves you on the table."))
        if greedy == 0
        else say(
            N_("Climbing as high as you can each turn gets you no higher than level {level}."),
            level=greedy,
        )
    )
    return say(N_("{start} {still} {climb}"), start=start, still=still, climb=climb)


def puzzle_title(puzzle: Puzzle) -> str:
    """The puzzle's title in the current language."""
    return title(puzzle.position, puzzle.target, puzzle.turns)


def puzzle_description(puzzle: Puzzle) -> str:
    """The line under the puzzle's title in the current language (plays the greedy climb)."""
    greedy = greedy_levels(puzzle.position, puzzle.turns)
    return description(puzzle.position, greedy[puzzle.turns - 1])
