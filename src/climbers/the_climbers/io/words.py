"""The Climbers' words for what lies on the table, in the current language: blocks, steps,
ladders, colours, players and lists of names.

The rules core gives data (a block's `Look`, a `Player`, a `Step`, ladders by kind); these
tables say it. Blocks are named as the rulebook does, by the colour facing up and their kind;
never by an internal name (half-3) or by coordinates.
"""

from __future__ import annotations

from climbers.io.language import N_, say
from climbers.the_climbers.core.components import Colour, Look
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.state import Player

BLOCK_NOUNS: dict[int, str] = {
    # TRANSLATORS: a block by the colour on top and its kind, in "the {block} cannot move".
    1: N_("{colour} half-cube"),
    2: N_("{colour} cube"),
    4: N_("{colour} double cube"),
    6: N_("large neutral block"),
}
"""The rulebook's name of each block size, with the colour facing up (R2, R4)."""

COLOUR_WORDS: dict[Colour, str] = {
    Colour.TEAL: N_("teal"),
    Colour.PURPLE: N_("purple"),
    Colour.YELLOW: N_("yellow"),
    Colour.RED: N_("red"),
    Colour.PINK: N_("pink"),
    Colour.NEUTRAL: N_("neutral"),
}
"""Each face colour as an adjective: 'a teal top', 'the teal cube' (R3)."""

PLAYER_WORDS: dict[Colour, str] = {
    # TRANSLATORS: a player without a name, in "{player} wins!" and "{player}'s Climber".
    Colour.TEAL: N_("Teal"),
    Colour.PURPLE: N_("Purple"),
    Colour.YELLOW: N_("Yellow"),
    Colour.RED: N_("Red"),
    Colour.PINK: N_("Pink"),
    Colour.NEUTRAL: N_("Neutral"),
}
"""A player who has no name, called by their colour (a refusal may name a colour nobody plays)."""

STEP_NAMES: dict[Step, str] = {
    # TRANSLATORS: a step of a turn, in "this is the {step} step" and "{player} skips the {step}".
    Step.MOVE: N_("move"),
    Step.BLOCK: N_("block move"),
    Step.DISK: N_("disk"),
    Step.REACTION: N_("answering move"),
}
"""Each step of a turn as players call it (R20)."""

LADDER_WORDS: dict[tuple[str, ...], str] = {
    # TRANSLATORS: the ladders of a move, said as "with {ladders}" or "needs {ladders}".
    (): N_("no ladder"),
    ("short",): N_("the short ladder"),
    ("tall",): N_("the tall ladder"),
    ("short", "tall"): N_("both ladders"),
}
"""The ladders one move spends (R12), in LADDER_ORDER."""

COST_WORDS: dict[tuple[str, ...], str] = {
    # TRANSLATORS: what a way costs, in "Walk there — {cost}, level {level}".
    (): N_("free"),
    ("short",): N_("short ladder"),
    ("tall",): N_("tall ladder"),
    ("short", "tall"): N_("short and tall ladders"),
}
"""What a way to a square costs, by the ladders it needs in LADDER_ORDER (a label)."""

NUMBER_WORDS: dict[int, str] = {
    1: N_("one"),
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    8: N_("eight"),
}
"""Counts in words, up to eight (more in figures)."""


def number_word(n: int) -> str:
    """'one', 'two' ... 'eight', then figures."""
    return say(NUMBER_WORDS[n]) if n in NUMBER_WORDS else str(n)


def colour_word(colour: Colour) -> str:
    """'teal', 'neutral': a colour as it qualifies a top or a block."""
    return say(COLOUR_WORDS[colour])


def player_word(colour: Colour) -> str:
    """'Teal': what a player without a name is called."""
    return say(PLAYER_WORDS[colour])


def player_label(player: Player) -> str:
    """A player's name, or their colour when they have none ('Ana', 'Teal')."""
    return player.name or player_word(player.colour)


def step_name(step: Step) -> str:
    """'block move': a step of the turn as players call it."""
    return say(STEP_NAMES[step])


def ladder_words(ladders: tuple[str, ...]) -> str:
    """'the short ladder', 'both ladders': the ladders one move spends."""
    return say(LADDER_WORDS[ladders])


def cost_word(ladders: tuple[str, ...]) -> str:
    """'free', 'short ladder': what a way costs, as a short label."""
    return say(COST_WORDS[ladders])


def block_noun(look: Look) -> str:
    """How players name a block as it lies: 'pink half-cube', 'neutral double cube', 'large
    neutral block', and 'teal cube on level 3' when its look alone would name another block
    too (no article: the sentence brings its own)."""
    noun = say(BLOCK_NOUNS[look.size], colour=colour_word(look.top))
    if look.level is None:
        return noun
    return say(N_("{block} on level {level}"), block=noun, level=look.level)
