"""Clamber's rules in players' words, one topic per ruling group (C1-C13 of the project's
rulings), for the F1 overlay: the English source marked for the catalogs, given in the current
language by `topics`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from climbers.io.language import N_, translate


@dataclass(frozen=True)
class Topic:
    """A heading and its short paragraphs (Clamber has no lessons yet)."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    lessons: tuple[str, ...] = ()


TOPICS = (
    Topic(
        "board",
        N_("Board and stones"),
        (
            N_(
                "Two players, Blue and Red, play on a hexagonal board of 19 cells (3 on each "
                "side), or 37 cells (4 on each side). Rows are lettered from the top; the cell "
                "names stand along the board's edges and small on every cell."
            ),
            N_(
                "The board starts empty and Blue begins; then the players take turns. A stack is "
                "one or more stones on one cell: it belongs to the player whose stone is on top, "
                "and its height (the number over it) is all that counts."
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
                "Click an empty cell to place a stone. Click one of your stacks to choose it: the "
                "stacks it may capture are marked, lower ones with a yellow ring and equal ones "
                "with a blue hexagon."
            ),
        ),
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
            N_(
                "Hover a marked stack to see which stacks the capture would remove (red crosses) "
                "before you click."
            ),
        ),
    ),
    Topic(
        "chain",
        N_("Equal captures and chains"),
        (
            N_(
                "A stack may capture an enemy stack of its own height anywhere in an enemy group "
                "that touches it; the captured stack need not be next to it."
            ),
            N_(
                "The stack just captured (now yours, one higher) may go on: it may capture an "
                "enemy stack of its new height in an enemy group next to it, and so on. You may "
                "stop after any capture: press Enter or Space to end your turn."
            ),
            N_("A turn never mixes a lower capture with equal captures."),
        ),
    ),
    Topic(
        "end",
        N_("The end"),
        (
            N_(
                "You win at once when your capture leaves the other player without any stack on "
                "the board. A player with no possible turn is skipped; a player who can play "
                "must."
            ),
            N_(
                "The game is drawn when the same position (board and player to move) comes up "
                "for the third time, when neither player can play, or after 300 turns without "
                "a win."
            ),
        ),
    ),
    Topic(
        "table",
        N_("At this table"),
        (
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
    """Every topic in the current language."""
    return [
        replace(t, title=translate(t.title), paragraphs=tuple(map(translate, t.paragraphs)))
        for t in TOPICS
    ]
