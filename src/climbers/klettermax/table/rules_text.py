"""Burg Klettermax's rules in players' words, one topic per group of rulings (K1-K16), for the
F1 overlay: the English source marked for the catalogs, given in the current language by
`topics`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from climbers.io.language import N_, translate


@dataclass(frozen=True)
class Topic:
    """A heading, its short paragraphs and the ids of the lessons that let a player try it (no
    pictures yet)."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    lessons: tuple[str, ...] = ()
    pictures: tuple[None, ...] = ()


TOPICS = (
    Topic(
        "table",
        N_("The castle and the towers"),
        (
            N_(
                "The castle has nine chambers, numbered row by row from the north-west corner. "
                "Each holds a stack of treasure tiles; the top one lies face up and shows one, "
                "two or three treasures."
            ),
            N_(
                "Each player's tower tile stands on one of the twelve spots round the castle, "
                "each facing one chamber. Twenty knights wait in the supply, four of each "
                "colour: red, yellow, green, blue and white."
            ),
        ),
    ),
    Topic(
        "roll",
        N_("Rolling for knights"),
        (
            N_(
                "On your turn you roll the two dice (Space or the Roll button). Each shield "
                "gives you a knight of its colour for your tower, which never holds two knights "
                "of one colour. A knight you cannot use passes clockwise to the next player who "
                "can; one that nobody can use goes back to the supply."
            ),
            N_(
                "One jester: only the other die counts. Two jesters, or shields nobody can use: "
                "you choose the colours of your knights yourself (click a colour in the supply "
                "or its button)."
            ),
        ),
        ("rolling", "choosing"),
    ),
    Topic(
        "flick",
        N_("The flick"),
        (
            N_(
                "Once your tower holds five knights, your turn is a flick. Press on the top "
                "knight, pull back away from where you want it to fly and let go while still "
                "moving, as a flick on a phone: the direction of the pull aims, its speed as "
                "you let go sets the strength; the pull may go past the window's edge. The line "
                "shows the direction, the label beside the pointer the strength a release now "
                "gives. A slow release is too gentle to flick."
            ),
            N_(
                "A knight that comes to rest on the floor of a chamber with tiles takes that "
                "chamber's face-up tile; the next one is turned up and your five knights go "
                "back to the supply. Anywhere else is a miss: that knight goes back and the "
                "other four stay. With the beginners' option you may flick again after a miss."
            ),
        ),
        ("flicking",),
    ),
    Topic(
        "move",
        N_("Moving your tower"),
        (
            N_(
                "While no knight stands on it, your tower tile may move to another free spot: "
                "after a successful flick, or at the start of your turn before you roll. Drag "
                "the tile onto a free spot."
            ),
        ),
        ("moving",),
    ),
    Topic(
        "end",
        N_("The end"),
        (
            N_(
                "The game ends as soon as a player holds five tiles. Everyone turns their tiles "
                "over and counts the treasures: the most wins, and equal totals share the win."
            ),
            N_(
                "Your tiles lie face down: the others see how many you hold, not what they "
                "show. Hold T to look at your own."
            ),
        ),
    ),
    Topic(
        "keys",
        N_("Keys and view"),
        (
            N_(
                "Right-drag turns the view, the mouse wheel zooms, the arrow keys or a "
                "middle-drag move it, Home brings it back."
            ),
            N_(
                "U takes back your last choice within the turn (a tower moved, a colour "
                "chosen); a roll and a flick stand. Enter ends a turn that waits for it. F4 "
                "opens the settings, Esc the pause card."
            ),
            N_(
                "Hold T to peek: your own tiles turn face up while you hold it. F hurries a bot "
                "that is thinking or playing."
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
