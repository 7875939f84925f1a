"""Players' words for what lies on the table: blocks, steps, ladders and lists of names.

Every sentence the core and the captions build is one template with named placeholders,
filled by str.format with the words below, so a translation replaces whole templates. Blocks
are named as the rulebook does, by the colour facing up and their kind; never by an internal
name (half-3) or by coordinates: the squares at fault travel with a refusal for the table to
show.
"""

from __future__ import annotations

from collections.abc import Sequence

from climbers.core.components import BlockSpec
from climbers.core.geometry import TOP_FACE
from climbers.core.rules import Step

BLOCK_NOUNS: dict[int, str] = {
    1: "{colour} half-cube",
    2: "{colour} cube",
    4: "{colour} double cube",
    6: "large neutral block",
}
"""The rulebook's name of each block size, with the colour facing up (R2, R4)."""

STEP_NAMES: dict[Step, str] = {
    Step.MOVE: "move",
    Step.BLOCK: "block move",
    Step.DISK: "disk",
    Step.REACTION: "answering move",
}
"""Each step of a turn as players call it (R20)."""

LADDER_WORDS: dict[tuple[str, ...], str] = {
    (): "no ladder",
    ("short",): "the short ladder",
    ("tall",): "the tall ladder",
    ("short", "tall"): "both ladders",
}
"""The ladders one move spends (R12), in LADDER_ORDER."""


NUMBER_WORDS: dict[int, str] = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
}
"""Counts above one in words, up to eight (more in figures)."""


def number_word(n: int) -> str:
    """'two', 'three' ... 'eight', then figures: for counts above one."""
    return NUMBER_WORDS.get(n, str(n))


def block_noun(spec: BlockSpec, rot: int) -> str:
    """How players name a block lying in rotation `rot`: 'pink half-cube', 'neutral double
    cube', 'large neutral block' (no article: the sentence brings its own)."""
    return BLOCK_NOUNS[spec.size].format(colour=spec.faces[TOP_FACE[rot]].value)


def names_list(names: Sequence[str]) -> str:
    """'Teal', 'Teal and Red', 'Teal, Red and Pink'."""
    if len(names) < 2:
        return "".join(names)
    return say("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def say(template: str, **words: object) -> str:
    """One sentence from its template and the words for its placeholders.

    Every sentence for players is built here, so a translation (gettext) can swap the template.
    """
    return template.format(**words)
