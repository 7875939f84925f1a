"""A puzzle told in players' words, in the current language: its title and the line under it,
made from the puzzle itself (who climbs, on which mountain, from where, with which ladders, who
stands still, how high walking alone gets, and how high the greedy climb gets). Every claim is
a fact of the puzzle: the walks are searched whole, the greedy climb is the greedy bot's play."""

from __future__ import annotations

from climbers.io.language import N_, names_list, say, say_n
from climbers.the_climbers.ai import GreedyBot
from climbers.the_climbers.core import GameState
from climbers.the_climbers.core.movement import Walker
from climbers.the_climbers.io.words import colour_word, number_word, player_word
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


def walking_level(state: GameState) -> int:
    """The highest level seat 0 reaches by walking alone, moving no block: every walk searched
    (two walks, or the walks of several turns, go nowhere one walk with both ladders does not)."""
    walker = Walker(state, 0, True)
    levels = [route.level for options in walker.routes().values() for route in options]
    return max([state.level(0), *levels])


def describe(state: GameState, target: int, turns: int, greedy: int) -> tuple[str, str]:
    """A title and a one-line description, seat 0 climbing (see `title` and `description`)."""
    return title(state, target, turns), description(state, turns, greedy)


def title(state: GameState, target: int, turns: int) -> str:
    """'Teal to level 7 in two turns, 12 blocks up to level 5': the mountain's size and top tell
    apart puzzles with the same Climber, target and turns."""
    return say_n(
        "{player} to level {level} in {turns} turn, {blocks} blocks up to level {top}",
        "{player} to level {level} in {turns} turns, {blocks} blocks up to level {top}",
        turns,
        player=player_word(state.players[0].colour),
        level=target,
        turns=number_word(turns),
        blocks=len(state.blocks),
        top=int(state.structure.height.max()),
    )


def description(state: GameState, turns: int, greedy: int) -> str:
    """'Start on the table with both ladders; the red Climber stands still. Walking alone, moving
    no block, gets you no higher than level 3. A greedy climb, taking the highest walk each turn,
    gets no higher than level 5 in two turns.' (the last sentence only when the greedy climb,
    which also moves a block when that climbs higher at once, gets higher than walking)."""
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
    walking = walking_level(state)
    climb = (
        say(N_("Walking alone, moving no block, you cannot leave the table."))
        if walking == 0
        else say(
            N_("Walking alone, moving no block, gets you no higher than level {level}."),
            level=walking,
        )
    )
    if greedy > walking:
        greedy_line = say_n(
            "A greedy climb, taking the highest walk each turn, gets no higher than level "
            "{level} in {turns} turn.",
            "A greedy climb, taking the highest walk each turn, gets no higher than level "
            "{level} in {turns} turns.",
            turns,
            level=greedy,
            turns=number_word(turns),
        )
        climb = say(N_("{walking} {greedy}"), walking=climb, greedy=greedy_line)
    return say(N_("{start} {still} {climb}"), start=start, still=still, climb=climb)


def puzzle_title(puzzle: Puzzle) -> str:
    """The puzzle's title in the current language."""
    return title(puzzle.position, puzzle.target, puzzle.turns)


def list_title(puzzle: Puzzle) -> str:
    """The puzzle in the list of its band, whose heading gives the turns: 'Teal to level 7,
    12 blocks up to level 5'."""
    state = puzzle.position
    return say(
        N_("{player} to level {level}, {blocks} blocks up to level {top}"),
        player=player_word(state.players[0].colour),
        level=puzzle.target,
        blocks=len(state.blocks),
        top=int(state.structure.height.max()),
    )


def puzzle_description(puzzle: Puzzle) -> str:
    """The line under the puzzle's title in the current language (plays the greedy climb)."""
    greedy = greedy_levels(puzzle.position, puzzle.turns)
    return description(puzzle.position, puzzle.turns, greedy[puzzle.turns - 1])
