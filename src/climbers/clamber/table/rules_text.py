"""Clamber's rules in players' words for the F1 overlay, ruling by ruling (C1-C13 of the
project's rulings), each beside a small picture of the board (climbers.clamber.table.diagrams);
the English source is marked for the catalogs and given in the current language by `topics`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from PIL import Image

from climbers.clamber.table.diagrams import Diagram, diagram_image
from climbers.io.language import N_, translate


@dataclass(frozen=True)
class Topic:
    """A heading and its paragraphs; the ids of the lessons that let a player try it; the
    ruling each paragraph states and its picture (None for a paragraph about the table)."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    lessons: tuple[str, ...] = ()
    rulings: tuple[str | None, ...] = ()
    figures: tuple[Diagram | None, ...] = ()
    pictures: tuple[Image.Image | None, ...] = field(default=(), compare=False)


ALL_CELLS = tuple("A1 A2 A3 B1 B2 B3 B4 C1 C2 C3 C4 C5 D2 D3 D4 D5 E3 E4 E5".split())
NEIGHBOURS = ("C2", "C4", "B2", "B3", "D3", "D4")
BLOCKED = (
    "A1 b2, A2 r1, A3 b2, B1 b2, B2 b2, B3 b2, B4 b2, C1 r1, C2 b2, C3 b2, C4 r1, C5 b2, "
    "D2 b2, D3 b2, D4 b2, D5 b2, E3 b2, E4 r1, E5 b2"
)
"""A full board where Red, with stacks of one only, has no turn (C11)."""

TOPICS = (
    Topic(
        "board",
        N_("The board"),
        (
            N_(
                "Two players, Blue and Red, play on a hexagonal board of 19 cells (3 on each "
                "side), or 37 cells (4 on each side). Rows are lettered from the top; the cell "
                "names stand along the board's edges and small on every cell."
            ),
            N_(
                "Neighbours touch: in the same row the numbers just before and after, in the row "
                "above the same number and the one before, in the row below the same number and "
                "the one after (C3 touches C2, C4, B2, B3, D3 and D4)."
            ),
        ),
        rulings=("C1", "C2"),
        figures=(
            Diagram(names=ALL_CELLS),
            Diagram(names=("C3", *NEIGHBOURS), lit=NEIGHBOURS, marks=(("C3", "chosen"),)),
        ),
    ),
    Topic(
        "stacks",
        N_("Players and stacks"),
        (
            N_("The board starts empty. Blue places the first stone; then the players take turns."),
            N_(
                "A stack is one or more stones on one cell. It belongs to the player whose stone "
                "is on top, and its height, the number over it, is all that counts: the stones "
                "below never matter again."
            ),
        ),
        rulings=("C3", "C4"),
        figures=(Diagram(ghost="C3"), Diagram(stacks="C3 r3", side=(0, 0, 1))),
    ),
    Topic(
        "groups",
        N_("Groups and subgroups"),
        (
            N_(
                "Your group is a set of your stacks joined to each other through neighbouring "
                "cells, whatever their heights. A subgroup is a set of your stacks of one height "
                "joined through neighbouring stacks of that same height."
            ),
        ),
        lessons=("subgroup",),
        rulings=("C5",),
        figures=(
            Diagram(
                stacks="B2 b1, B3 b2, C3 b2, C4 b2, D5 b1, E3 b2, D3 r1",
                lit=("B2", "B3", "C3", "C4", "D5"),
                marks=(("B3", "chosen"), ("C3", "chosen"), ("C4", "chosen")),
            ),
        ),
    ),
    Topic(
        "turn",
        N_("Your turn"),
        (
            N_(
                "A turn is exactly one of three things: place one stone of your colour on any "
                "empty cell; capture a lower stack; or capture a stack of your own height, and "
                "perhaps go on capturing (a chain)."
            ),
            N_(
                "A player who can neither place nor capture is skipped; a player who can play must."
            ),
        ),
        lessons=("placing",),
        rulings=("C6", "C11"),
        figures=(
            Diagram(
                stacks="C3 b2, D3 r1, B2 r2",
                ghost="A3",
                marks=(("C3", "chosen"), ("D3", "lower"), ("B2", "equal")),
            ),
            Diagram(stacks=BLOCKED),
        ),
    ),
    Topic(
        "capture",
        N_("Capturing"),
        (
            N_(
                "Your stack stays where it is. The captured stack gets one stone of your colour "
                "on top: it is now yours, one higher. Every other stack of its subgroup leaves "
                "the board."
            ),
            N_(
                "A lower capture: a stack captures a neighbouring enemy stack that is lower than "
                "itself. That ends your turn."
            ),
        ),
        lessons=("lower-capture", "subgroup"),
        rulings=("C7", "C8"),
        figures=(
            Diagram(
                stacks="C2 b2, C3 r1, D3 r1, D4 r1, B1 r3",
                arrows=(("C2", "C3"),),
                gone=("D3", "D4"),
            ),
            Diagram(
                stacks="C3 b3, D3 r1, B3 r2, C4 r4, C5 r1",
                marks=(("C3", "chosen"), ("D3", "lower"), ("B3", "lower")),
            ),
        ),
    ),
    Topic(
        "equal",
        N_("Equal captures"),
        (
            N_(
                "A stack may capture an enemy stack of its own height anywhere in an enemy group "
                "that touches it; the captured stack need not be next to it."
            ),
        ),
        lessons=("chain",),
        rulings=("C9",),
        figures=(
            Diagram(
                stacks="C3 b2, D3 r1, D4 r1, E5 r2",
                marks=(("C3", "chosen"), ("D3", "lower"), ("D4", "lower"), ("E5", "equal")),
                arrows=(("C3", "E5"),),
            ),
        ),
    ),
    Topic(
        "chain",
        N_("Chains"),
        (
            N_(
                "The stack just captured (now yours, one higher) may go on: it may capture an "
                "enemy stack of its new height in an enemy group next to it, and so on. You may "
                "stop after any capture: press Enter or Space to end your turn."
            ),
            N_(
                "A turn never mixes a lower capture with equal captures. Any of your stacks may "
                "make the first capture; every later one of a chain is made by the stack just "
                "captured."
            ),
        ),
        lessons=("chain",),
        rulings=("C9", "C10"),
        figures=(
            Diagram(
                stacks="B2 b1, C3 r1, D4 r2, E5 r3, A3 r1",
                arrows=(("B2", "C3"), ("C3", "D4"), ("D4", "E5")),
            ),
            Diagram(
                stacks="C3 b2, D3 r1, B3 r2, A3 r3",
                marks=(("C3", "chosen"), ("D3", "lower"), ("B3", "equal")),
                arrows=(("C3", "B3"), ("B3", "A3")),
            ),
        ),
    ),
    Topic(
        "end",
        N_("The end"),
        (
            N_("You win at once when your capture leaves the other player without any stack."),
            N_(
                "The game is drawn when the same position (board and player to move) comes up "
                "for the third time, when neither player can play, or after 300 turns without "
                "a win."
            ),
        ),
        lessons=("winning",),
        rulings=("C12", "C13"),
        figures=(
            Diagram(stacks="C3 b2, D3 r1, D4 r1", arrows=(("C3", "D3"),), gone=("D4",)),
            Diagram(stacks="B2 b1, C3 b2, C4 r2, A2 r1", note="3×  ·  300"),
        ),
    ),
    Topic(
        "table",
        N_("At this table"),
        (
            N_(
                "Click an empty cell to place a stone. Click one of your stacks to choose it: the "
                "stacks it may capture are marked, lower ones with a yellow ring and equal ones "
                "with a blue hexagon."
            ),
            N_(
                "Hover a marked stack to see which stacks the capture would remove (red crosses) "
                "before you click."
            ),
            N_(
                "Right-drag turns the view, the mouse wheel zooms, the arrow keys or a middle-drag "
                "move it, Home brings it back."
            ),
            N_(
                "U takes back your last turn (against a bot, the bot's turn too), Y plays it "
                "again. During a chain, U takes back its last capture and Esc the whole chain. "
                "F4 opens the settings, Esc the pause card."
            ),
        ),
    ),
)


def topics() -> list[Topic]:
    """Every topic in the current language, with its pictures."""
    return [
        replace(
            t,
            title=translate(t.title),
            paragraphs=tuple(map(translate, t.paragraphs)),
            pictures=tuple(None if f is None else diagram_image(f) for f in t.figures),
        )
        for t in TOPICS
    ]
