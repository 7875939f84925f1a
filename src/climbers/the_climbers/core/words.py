"""Players' words for what lies on the table: blocks, steps, ladders, colours and lists of names.

The core never translates. Every sentence it makes is a `Phrase`: one template with named
placeholders and the words for them (plain values or other phrases), a code and its parameters
that the edge (climbers.io.language.tell) says in the current language; as a `str` a phrase is
its English text, for logs and files. Blocks are named as the rulebook does, by the colour
facing up and their kind; never by an internal name (half-3) or by coordinates: the squares at
fault travel with a refusal for the table to show.

Templates are marked for extraction (Babel): constants with `N_`, templates that depend on a
count with `say_n` and both forms written out at the call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import reduce

from climbers.the_climbers.core.components import BlockSpec, Colour
from climbers.the_climbers.core.geometry import TOP_FACE
from climbers.the_climbers.core.rules import Step


class Phrase(str):
    """A sentence or a word not yet said in any language: its template (the source text, which
    catalogs translate), the words for its placeholders, and for a count its plural template and
    number. The string itself is the English text."""

    template: str
    words: Mapping[str, object]
    plural: str | None
    n: int | None

    def __new__(
        cls,
        template: str,
        words: Mapping[str, object],
        plural: str | None = None,
        count: int | None = None,
    ) -> Phrase:
        chosen = template if plural is None or count == 1 else plural
        phrase = super().__new__(cls, chosen.format(**words))
        phrase.template, phrase.words = template, dict(words)
        phrase.plural, phrase.n = plural, count
        return phrase


def N_(template: str) -> str:
    """Mark `template` for extraction; it is translated where it is said."""
    return template


def say(template: str, **words: object) -> Phrase:
    """One sentence from its template and the words for its placeholders."""
    return Phrase(template, words)


def say_n(singular: str, plural: str, n: int, **words: object) -> Phrase:
    """Like `say`, with the template's plural form chosen for the count `n` where it is said."""
    return Phrase(singular, words, plural, n)


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


def step_name(step: Step) -> str:
    """'block move': a step of the turn as players call it."""
    return say(STEP_NAMES[step])


def ladder_words(ladders: tuple[str, ...]) -> str:
    """'the short ladder', 'both ladders': the ladders one move spends."""
    return say(LADDER_WORDS[ladders])


def cost_word(ladders: tuple[str, ...]) -> str:
    """'free', 'short ladder': what a way costs, as a short label."""
    return say(COST_WORDS[ladders])


def block_noun(spec: BlockSpec, rot: int) -> str:
    """How players name a block lying in rotation `rot`: 'pink half-cube', 'neutral double
    cube', 'large neutral block' (no article: the sentence brings its own)."""
    return say(BLOCK_NOUNS[spec.size], colour=colour_word(spec.faces[TOP_FACE[rot]]))


def names_list(names: Sequence[str]) -> str:
    """'Teal', 'Teal and Red', 'Teal, Red and Pink'."""
    if len(names) < 2:
        return names[0] if names else ""  # a phrase stays a phrase
    head = reduce(
        # TRANSLATORS: names in a list, before the last one ("Teal, Red and Pink").
        lambda first, then: say(N_("{first}, {then}"), first=first, then=then),
        names[:-1],
    )
    return say(N_("{first} and {last}"), first=head, last=names[-1])


def sentences(parts: Sequence[str]) -> str:
    """Whole sentences one after the other, as the language sets them."""
    return reduce(
        # TRANSLATORS: two whole sentences in a row: how they are set apart.
        lambda first, then: say(N_("{first} {then}"), first=first, then=then),
        parts,
    )
