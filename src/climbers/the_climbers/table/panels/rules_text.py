"""The rules in the project's own words, one topic per part of a turn, for the F1 overlay.

The topics below hold the English source, marked for the message catalogs; `topics_for` gives
them in the current language (climbers.io.language)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from climbers.io.language import N_, translate
from climbers.the_climbers.core.rules import Rules, Step


@dataclass(frozen=True)
class Topic:
    """A heading, its short paragraphs and the ids of the lessons that let a player try it
    (assets/lessons/lessons.json)."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    lessons: tuple[str, ...] = ()
    pictures: tuple[None, ...] = ()
    """The Climbers' rules have no pictures beside their paragraphs."""


GOAL = Topic(
    "goal",
    N_("The aim"),
    (
        N_(
            "Everyone starts on the table beside a mountain of coloured blocks. Climb it: when the "
            "game ends, the Climber standing highest wins."
        ),
        N_(
            "A turn has steps, each optional: move your Climber, move one block, move again, then "
            "perhaps lay your blocking disk. After that the other players may each answer with one "
            "move. Press Done (Enter) to skip whatever is left of your turn."
        ),
    ),
)

MOVE = Topic(
    "move",
    N_("Moving your Climber"),
    (
        N_(
            "Walk square by square to any square you can reach, never diagonally. You may stop "
            "anywhere on the way, or not move at all."
        ),
        N_(
            "Stepping across at the same height, or up by one, is free. You can never step down, "
            "not even to climb higher afterwards."
        ),
        N_(
            "You may walk on and across tops that are grey or of your own colour and carry no "
            "disk. A coloured top holds one Climber only: its owner. Grey tops hold several, but a "
            "full one can be neither entered nor crossed."
        ),
        N_(
            "From the table you may start at any table square that is open to the edge of the "
            "table."
        ),
        N_(
            "Your destination must be a square no other Climber stands on; passing over one is "
            "fine."
        ),
    ),
    ("walking", "colours", "full-tops"),
)

LADDERS = Topic(
    "ladders",
    N_("Ladders"),
    (
        N_(
            "Each player owns a short and a tall ladder, each good for one climb in the whole "
            "game. The short one lifts you two levels; the tall one two, three or four."
        ),
        N_(
            "A ladder is one step up against the side of a block. Using both in one move is "
            "allowed only with a surface reached in between: two separate ladder steps, never one "
            "long one."
        ),
        N_(
            "When several ladder choices reach the same square, the cheapest is offered first and "
            "you may pick another."
        ),
    ),
    ("short-ladder", "tall-ladder"),
)

BLOCK = Topic(
    "block",
    N_("Moving a block"),
    (
        N_(
            "Pick up one block that is free: nobody stands on it, no disk lies on it, nothing "
            "rests on its top, and the player just before you did not move it in their last turn."
        ),
        N_(
            "Put it down in any pose: turn it, lay it down, stand it up. Every square of its "
            "bottom must rest on the table or on another block, no part may rest on a block with a "
            "disk, and it must touch another block somewhere (the table alone is not enough). It "
            "must stay on the table."
        ),
        N_(
            "A block may cover squares where Climbers stand if each of them can shift to a free "
            "square of the same block; they slide to the nearest one."
        ),
        N_("Lifting a block and putting it back exactly as it was is no move: choose again."),
    ),
    ("moving-blocks", "touch-and-ban", "turning-tipping", "pushes"),
)

DISK = Topic(
    "disk",
    N_("The blocking disk"),
    (
        N_(
            "Once per game, at the end of your turn, you may lay your disk on a block whose top is "
            "at least partly open and has nobody on it, whatever its colour."
        ),
        N_(
            "Until your next turn begins nobody may step on or across that block, move it, or put "
            "anything on it. Then the disk leaves the game."
        ),
    ),
    ("disk",),
)

REACTION = Topic(
    "reaction",
    N_("Answering moves"),
    (
        N_(
            "When a turn is over, each other player in seating order may make one move with their "
            "Climber, or pass. These answers never count as climbing for the end of the game."
        ),
        N_("Ladders may not be used in an answering move unless the game was set up to allow it."),
    ),
    ("reactions",),
)

END = Topic(
    "end",
    N_("End of the game and the winner"),
    (
        N_(
            "The game ends when, turn after turn, nobody finishes their own turn higher than they "
            "started it: as many turns in a row as there are players (four with two players)."
        ),
        N_(
            "The highest Climber wins. If two stand equally high, the one who got up there first "
            "wins. Climbers still on the table share the last place."
        ),
    ),
    ("game-end",),
)

VARIANTS = Topic(
    "variants",
    N_("Variants"),
    (
        N_(
            "Two rounds (two players): a turn runs move, block, move twice before the disk; the "
            "block moved in the first round stays put in the second."
        ),
        N_(
            "Bridges: a ladder laid flat carries a Climber straight over a gap to a square at the "
            "same height, one lower square for the short ladder, up to two for the tall one."
        ),
        N_("Classic turn: block, then move, then disk, with no answering moves."),
    ),
)

TOPICS: tuple[Topic, ...] = (GOAL, MOVE, LADDERS, BLOCK, DISK, REACTION, END, VARIANTS)

_FIRST: dict[Step | None, tuple[Topic, ...]] = {
    Step.MOVE: (MOVE, LADDERS),
    Step.BLOCK: (BLOCK,),
    Step.DISK: (DISK,),
    Step.REACTION: (REACTION, MOVE),
    None: (END,),
}


def topics_for(step: Step | None, rules: Rules | None = None) -> list[Topic]:
    """Every topic in the current language, those for `step` first (None: the game is over);
    notes the rule options."""
    rules = rules or Rules()
    first = _FIRST[step]
    ordered = [*first, *(t for t in TOPICS if t not in first)]
    if rules.has_reactions and rules.reaction_ladders:
        ordered = [_with_reaction_ladders(t) if t is REACTION else t for t in ordered]
    if not rules.has_reactions:
        ordered = [t for t in ordered if t is not REACTION]
    return [_translated(t) for t in ordered]


def _with_reaction_ladders(topic: Topic) -> Topic:
    text = N_("In this game ladders may be used in answering moves too.")
    return replace(topic, paragraphs=(topic.paragraphs[0], text))


def _translated(topic: Topic) -> Topic:
    return replace(
        topic, title=translate(topic.title), paragraphs=tuple(map(translate, topic.paragraphs))
    )


def as_text(topics: list[Topic]) -> str:
    """Topics as plain text with headings (for the overlay and for a terminal)."""
    return "\n\n".join(t.title + "\n" + "\n".join(t.paragraphs) for t in topics)
