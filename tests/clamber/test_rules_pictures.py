"""The F1 rules' pictures say what the rules core says: every ruling C1-C13 has a paragraph with
a picture, and each picture's marks, arrows and crosses are the core's own answers on the
position it shows (the targets of the chosen stack, what a capture removes, who has no turn, who
wins)."""

from __future__ import annotations

import pytest

from clamber.positions import position
from climbers.clamber.core import (
    EqualChain,
    LowerCapture,
    Removed,
    Turn,
    apply,
    equal_targets_of,
    legal_turns,
    lower_targets_of,
    parse_stacks,
)
from climbers.clamber.core.events import Ended
from climbers.clamber.core.position import SIGNS, has_turn
from climbers.clamber.table.diagrams import Diagram, diagram_image
from climbers.clamber.table.rules_text import TOPICS, topics

RULINGS = [f"C{n}" for n in range(1, 14)]
FIGURES = [
    (ruling, figure)
    for topic in TOPICS
    for ruling, figure in zip(topic.rulings, topic.figures, strict=True)
    if figure is not None
]


def test_every_ruling_is_told_beside_a_picture() -> None:
    told = {r for topic in TOPICS for r, f in zip(topic.rulings, topic.figures, strict=True) if f}
    assert told == set(RULINGS)
    for topic in topics():
        assert len(topic.pictures) == len(topic.figures)
        assert all(p is None or p.size == (320, 320) for p in topic.pictures)
    images = [diagram_image(f).tobytes() for _, f in FIGURES]
    assert len(set(images)) == len(images), "no two pictures alike"


def turn_of(figure: Diagram) -> Turn:
    """The turn a picture's arrows draw: one lower capture, or an equal chain."""
    (by, first), *rest = figure.arrows
    stacks = parse_stacks(figure.stacks)
    if stacks[by][1] > stacks[first][1]:
        assert not rest, "a lower capture ends the turn (C8, C10)"
        return LowerCapture(by, first)
    return EqualChain(by, (first, *(target for _, target in rest)))


@pytest.mark.parametrize(("ruling", "figure"), [(r, f) for r, f in FIGURES if f.arrows])
def test_a_pictures_arrows_are_a_legal_turn_removing_the_crossed_stacks(
    ruling: str, figure: Diagram
) -> None:
    state = position(figure.stacks)
    turn = turn_of(figure)
    assert turn in legal_turns(state), f"{ruling}: {turn}"
    after, events = apply(state, turn)
    removed = {cell for ev in events if isinstance(ev, Removed) for cell in ev.cells}
    assert removed == set(figure.gone), ruling
    won = [ev.result.winner for ev in events if isinstance(ev, Ended)]
    assert won == ([0] if ruling == "C12" else []), "only the win's picture ends the game"


@pytest.mark.parametrize(("ruling", "figure"), [(r, f) for r, f in FIGURES if f.marks])
def test_a_pictures_marked_targets_are_the_chosen_stacks_targets(
    ruling: str, figure: Diagram
) -> None:
    chosen = [cell for cell, kind in figure.marks if kind == "chosen"]
    lower = {cell for cell, kind in figure.marks if kind == "lower"}
    equal = {cell for cell, kind in figure.marks if kind == "equal"}
    if ruling == "C5":  # the chosen frames are one subgroup: one owner and height
        assert len({parse_stacks(figure.stacks)[c] for c in chosen}) == 1
        return
    if ruling == "C2":
        return  # a cell and its neighbours, checked below
    state = position(figure.stacks)
    assert len(chosen) == 1
    assert set(lower_targets_of(state, chosen[0])) == lower, ruling
    assert set(equal_targets_of(state, chosen)) == equal, ruling


def test_the_neighbours_shown_are_the_cells_touching_c3() -> None:
    figure = dict(FIGURES)["C2"]
    state = position("C3 b2, " + ", ".join(f"{c} r1" for c in figure.lit))
    assert set(lower_targets_of(state, "C3")) == set(figure.lit)
    others = position("C3 b2, A1 r1, C1 r1, C5 r1, E3 r1, E5 r1, B1 r1, D5 r1")
    assert lower_targets_of(others, "C3") == ()


def test_the_player_shown_without_a_turn_has_none() -> None:
    state = position(dict(FIGURES)["C11"].stacks)
    assert legal_turns(state) != [], "Blue can play"
    assert not has_turn(state.cells, state.board.neighbours, SIGNS[1]), "Red cannot"
