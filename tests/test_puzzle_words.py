"""Puzzle titles and descriptions: what they claim is true of every shipped puzzle, and titles
tell the puzzles of a band apart (issue 22, item 5)."""

from __future__ import annotations

from copy import copy

import pytest

from climbers.io.language import use_language
from climbers.the_climbers.core import MoveClimber, Pass, Step, legal_actions
from climbers.the_climbers.puzzles import BANDS, Puzzle, SoloPlay, load_puzzles
from climbers.the_climbers.puzzles.words import (
    greedy_levels,
    puzzle_description,
    puzzle_title,
    walking_level,
)

SHIPPED = load_puzzles()


def walking_alone(puzzle: Puzzle) -> int:
    """The highest level reached in the puzzle's turns by playing every walk the rules list, one
    after another, and never a block: the walks searched whole through the rules core, apart
    from the words' own walk search."""
    best, todo, seen = 0, [SoloPlay(puzzle)], set()
    while todo:
        play = todo.pop()
        best = max(best, play.level)
        if play.failed or play.solved:
            continue
        key = (play.turn, play.state.step, play.state.players[0].at, play.state.players[0].ladders)
        if key in seen:
            continue
        seen.add(key)
        if play.state.step in (Step.BLOCK, Step.DISK):
            nexts = [Pass(player=puzzle.player)]
        else:
            nexts = [a for a in legal_actions(play.state) if isinstance(a, MoveClimber | Pass)]
        for action in nexts:
            after = copy(play)
            after.apply(action)
            todo.append(after)
    return best


@pytest.fixture(autouse=True)
def english() -> None:
    use_language("en")


@pytest.mark.parametrize(("path", "puzzle"), SHIPPED, ids=[p.stem for p, _ in SHIPPED])
def test_descriptions_claim_only_what_is_true(path: object, puzzle: Puzzle) -> None:
    """The walking claim against every walk of the rules over all the puzzle's turns, and the
    greedy claim against the greedy bot's play; both stay below the target, or the puzzle
    would not need its solution; the file says what the words say."""
    walking = walking_level(puzzle.position)
    assert walking_alone(puzzle) == walking < puzzle.target
    greedy = greedy_levels(puzzle.position, puzzle.turns)[-1]
    assert walking <= greedy < puzzle.target
    text = puzzle_description(puzzle)
    if walking == 0:
        assert "you cannot leave the table" in text
    else:
        assert f"walking alone, moving no block, gets you no higher than level {walking}." in (
            text.lower()
        )
    assert (f"gets no higher than level {greedy} in" in text) == (greedy > walking)
    assert "as high as you can" not in text
    assert (puzzle.title, puzzle.description) == (puzzle_title(puzzle), text)


def test_titles_within_a_band_are_distinct() -> None:
    for band in BANDS:
        titles = [p.title for _, p in SHIPPED if p.band == band]
        assert len(set(titles)) == len(titles), band


def test_the_greedy_line_names_the_climb_and_its_turns() -> None:
    """A band-3 puzzle whose greedy climb gets higher than walking: the line says how many
    turns the greedy climb had."""
    puzzle = next(p for _, p in SHIPPED if p.band == 3)
    assert "taking the highest walk each turn" in puzzle.description
    assert "in three turns." in puzzle.description
