"""The Climbers' refusals in players' words: each reason code of the rules core, with the facts
it gives (blocks by their look, players, steps, ladders, counts), said as one sentence of the
current language; and what keeps a mountain from the standard setup. The table, the command
line and the readers of saved games all say refusals here."""

from __future__ import annotations

from climbers.io.language import N_, say, say_n
from climbers.the_climbers.core.components import Colour, Look
from climbers.the_climbers.core.errors import IllegalAction, Reason
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.setup import SetupProblem
from climbers.the_climbers.core.state import Player
from climbers.the_climbers.io.words import (
    block_noun,
    colour_word,
    ladder_words,
    number_word,
    player_label,
    step_name,
)

REFUSALS: dict[tuple[Reason, str], str] = {
    (Reason.GAME_OVER, ""): N_("The game is over."),
    (Reason.GAME_OVER, "solved"): N_("The puzzle is over: it is solved. Restart to play it again."),
    (Reason.GAME_OVER, "out of turns"): N_(
        "The puzzle is over: no turns are left. Restart to try again."
    ),
    (Reason.NOT_YOUR_TURN, ""): N_("It is {player}'s turn, not {other}'s."),
    (Reason.WRONG_PHASE, "climber"): N_(
        "You cannot move your Climber now: this is the {step} step."
    ),
    (Reason.WRONG_PHASE, "block"): N_("You cannot move a block now: this is the {step} step."),
    (Reason.WRONG_PHASE, "disk"): N_("You cannot place your disk now: this is the {step} step."),
    (Reason.WRONG_PHASE, "no such turn"): N_("There is no such player or step."),
    (Reason.UNKNOWN_BLOCK, ""): N_("There is no such block."),
    (Reason.UNKNOWN_BLOCK, "mountain"): N_("There is no such block on the mountain."),
    (Reason.BLOCK_NOT_IN_PLAY, ""): N_("That block is not on the mountain."),
    (Reason.BLOCK_OCCUPIED, ""): N_("The {block} cannot move: {player}'s Climber stands on it."),
    (Reason.BLOCK_HAS_DISK, ""): N_(
        "The {block} cannot move: {player}'s blocking disk lies on it."
    ),
    (Reason.BLOCK_COVERED, ""): N_("The {block} cannot move: the {other} rests on it."),
    (Reason.BLOCK_MOVED_LAST_TURN, ""): N_(
        "The {block} cannot move: {player} moved it on the turn just before."
    ),
    (Reason.BLOCK_MOVED_THIS_TURN, ""): N_(
        "The {block} cannot move again: it was moved in this turn's first round."
    ),
    (Reason.UNCHANGED, ""): N_(
        "The {block} is back where it was, looking the same: that is no move, so you may pick "
        "another block."
    ),
    (Reason.OUT_OF_AREA, ""): N_("The {block} would stand off the edge of the table."),
    (Reason.OUT_OF_AREA, "below"): N_("The {block} would sink below the table."),
    (Reason.OVERLAP, ""): N_("The {block} would cut into other blocks."),
    (Reason.UNSUPPORTED, ""): N_(
        "The {block} would overhang or sit over a hole: every square under it needs support."
    ),
    (Reason.UNSUPPORTED, "position"): N_("This is not a position the game can hold: {problem}."),
    (Reason.ON_DISK, ""): N_("The {block} cannot go there: the {other} carries a blocking disk."),
    (Reason.NO_CONTACT, ""): N_(
        "The {block} must touch the mountain: the table alone is not enough."
    ),
    (Reason.OFF_THE_MOUNTAIN, ""): N_(
        "There is no block there to stand on: Climbers never step down to the table."
    ),
    (Reason.OFF_THE_MOUNTAIN, "stand"): N_("There is no block there to stand on."),
    (Reason.NO_ROUTE, "there"): N_("{player} already stands there."),
    (Reason.SQUARE_TAKEN, ""): N_("{player} already stands there."),
    (Reason.DISK_BLOCKS_SQUARE, ""): N_(
        "{player} cannot go there: a blocking disk lies on the {block}."
    ),
    (Reason.DISK_BLOCKS_SQUARE, "stand"): N_(
        "{player} cannot stand there: a blocking disk lies on the {block}."
    ),
    (Reason.WRONG_COLOUR, ""): N_(
        "{player} cannot go there: that top is {colour}, not neutral or {own}."
    ),
    (Reason.WRONG_COLOUR, "stand"): N_("{player} cannot stand there: that top is {colour}."),
    (Reason.SURFACE_FULL, ""): N_("{player} cannot go there: the {block} has no room left."),
    (Reason.LADDERS_NOT_ALLOWED, ""): N_("Ladders cannot be used in an answering move."),
    (Reason.LADDER_NOT_NEEDED, ""): N_(
        "{player} can get there with {ladders}: no need for {wanted}."
    ),
    (Reason.NEEDS_LADDER, ""): N_("{player} needs {ladders} to get there."),
    (Reason.NO_ROUTE, ""): N_(
        "{player} cannot reach level {level} there: steps go up one level, or two to four with a "
        "ladder, never down, and only onto neutral or {colour} tops without a disk."
    ),
    (Reason.NO_ROUTE, "answer"): N_(
        "{player} cannot reach level {level} there in an answering move: its steps go up one "
        "level at most, never down, and only onto neutral or {colour} tops without a disk."
    ),
    (Reason.NO_ROUTE, "down"): N_(
        "{player} cannot go down to level {level}: a Climber never steps down, not even to climb "
        "higher afterwards."
    ),
    (Reason.NO_ROUTE, "spent"): N_(
        "{player} cannot reach level {level} there: it takes {ladders}, and {spent}."
    ),
    (Reason.DISK_SPENT, ""): N_("{player} has already used the blocking disk."),
    (Reason.DISK_TARGET_EMPTY, ""): N_(
        "The {block} is covered all over: a disk needs an open top to lie on."
    ),
    (Reason.DISK_TARGET_OCCUPIED, ""): N_(
        "Your disk cannot go on the {block}: {player}'s Climber stands on it."
    ),
    (Reason.DISK_TARGET_HAS_DISK, ""): N_("The {block} already carries a blocking disk."),
}
"""The sentence of each reason and case the core gives (a refusal's reason and detail)."""

ONE_LADDER_ONLY: dict[str, str] = {
    "short": N_("{player} has only one short ladder and cannot use it twice."),
    "tall": N_("{player} has only one tall ladder and cannot use it twice."),
}
"""A move that names one ladder twice (R12)."""
NO_LADDER_LEFT: dict[str, str] = {
    "short": N_("{player} has no short ladder left."),
    "tall": N_("{player} has no tall ladder left."),
}
"""A move that needs a ladder already spent (R12)."""
SPENT: dict[tuple[str, ...], str] = {
    ("short",): N_("the short ladder is spent"),
    ("tall",): N_("the tall ladder is spent"),
    ("short", "tall"): N_("both are spent"),
}
"""The ladders a move would need that are spent, in "it takes {ladders}, and {spent}"."""

SETUP_PROBLEMS: dict[str, str] = {
    "not upright": N_("both large neutral blocks must stand upright on the table"),
    "not side by side": N_("the two large neutral blocks must stand side by side"),
}
"""What keeps a mountain from the standard setup (R24), where no count is said."""


def refusal_sentence(refusal: IllegalAction) -> str:
    """Why an action is refused, in one sentence of the current language."""
    facts = refusal.facts
    words = {key: _word(value) for key, value in facts.items()}
    player = facts.get("player")
    if isinstance(player, Player):
        words["own"] = colour_word(player.colour)  # the colour a Climber may enter
        words.setdefault("colour", words["own"])
    spent = facts.get("spent")
    if isinstance(spent, tuple):
        words["spent"] = say(SPENT[spent])
    count = facts.get("count")
    if isinstance(count, int) and (count > 1 or refusal.reason is Reason.NO_ROOM_TO_PUSH):
        return _many(refusal.reason, count, **{**words, "count": number_word(count)})
    if refusal.reason is Reason.LADDER_SPENT:
        table = ONE_LADDER_ONLY if refusal.detail == "twice" else NO_LADDER_LEFT
        return say(table[str(facts["ladder"])], **words)
    return say(REFUSALS[refusal.reason, refusal.detail], **words)


def _many(reason: Reason, n: int, **words: object) -> str:
    """The sentence of a refusal where `n` Climbers or blocks are at fault (its singular form
    is for languages that say a count so; a push says it for one too)."""
    if reason is Reason.BLOCK_OCCUPIED:
        return say_n(
            "The {block} cannot move: {count} Climber stands on it.",
            "The {block} cannot move: {count} Climbers stand on it.",
            n,
            **words,
        )
    if reason is Reason.BLOCK_COVERED:
        return say_n(
            "The {block} cannot move: {count} block rests on it.",
            "The {block} cannot move: {count} blocks rest on it.",
            n,
            **words,
        )
    if reason is Reason.DISK_TARGET_OCCUPIED:
        return say_n(
            "Your disk cannot go on the {block}: {count} Climber stands on it.",
            "Your disk cannot go on the {block}: {count} Climbers stand on it.",
            n,
            **words,
        )
    return say_n(
        "The {block} would cover a Climber, and the {other} has no free square left to push it to.",
        "The {block} would cover {count} Climbers, and the {other} has too few free squares left "
        "to push them to.",
        n,
        **words,
    )


def _word(fact: object) -> object:
    """A fact as a sentence says it: a player by name, a block by its look, a colour, a step,
    the ladders of a move; a number or a text as it is."""
    if isinstance(fact, Player):
        return player_label(fact)
    if isinstance(fact, Look):
        return block_noun(fact)
    if isinstance(fact, Colour):
        return colour_word(fact)
    if isinstance(fact, Step):
        return step_name(fact)
    if isinstance(fact, tuple):
        return ladder_words(fact)
    return fact


def setup_problem_words(problem: SetupProblem) -> str:
    """What keeps a mountain from the standard setup (R24), as a clause of the current
    language: '3 blocks are not in the mountain yet'."""
    if problem.kind == "missing":
        return say_n(
            "{count} block is not in the mountain yet",
            "{count} blocks are not in the mountain yet",
            problem.n,
            count=problem.n,
        )
    if problem.kind == "uncovered":
        return say_n(
            "{count} face of the neutral blocks is still uncovered",
            "{count} faces of the neutral blocks are still uncovered",
            problem.n,
            count=problem.n,
        )
    return say(SETUP_PROBLEMS[problem.kind])
