"""A caption per action, built from its events in players' words: "Red climbs up two levels to
the teal cube with the short ladder." Used by the replay and the demo (no window needed).

Each sentence is one template (climbers.io.language.say); a caption is one sentence for the
action, then one for each Climber pushed aside and one for the end of the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from climbers.io.language import N_, names_list, say, say_n, sentences, translate
from climbers.the_climbers.core import (
    Action,
    Colour,
    Event,
    GameState,
    MoveBlock,
    MoveClimber,
    Pass,
    PlaceDisk,
    apply,
    legal_destinations,
)
from climbers.the_climbers.core.components import Look
from climbers.the_climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    ClimberPushed,
    DiskPlaced,
    GameEnded,
)
from climbers.the_climbers.core.geometry import TOP_FACE
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.io.words import (
    block_noun,
    colour_word,
    ladder_words,
    number_word,
    player_label,
    step_name,
)

CLIMBS: dict[tuple[str, bool], str] = {
    ("onto", False): N_("{player} steps onto the {block} on level {level}."),
    ("onto", True): N_("{player} climbs onto the {block} on level {level} with {ladders}."),
    ("up", False): N_("{player} climbs up {levels} to the {block}."),
    ("up", True): N_("{player} climbs up {levels} to the {block} with {ladders}."),
    ("over", False): N_("{player} walks over to the {block} on level {level}."),
    ("over", True): N_("{player} crosses over to the {block} on level {level} with {ladders}."),
    ("across", False): N_("{player} walks across the {block}."),
}
"""A Climber's move on its own turn, by how it goes (from the table, up, level) and ladders."""

ANSWERS: dict[tuple[str, bool], str] = {
    ("onto", False): N_("{player} answers by stepping onto the {block} on level {level}."),
    ("onto", True): N_(
        "{player} answers by climbing onto the {block} on level {level} with {ladders}."
    ),
    ("up", False): N_("{player} answers by climbing up {levels} to the {block}."),
    ("up", True): N_("{player} answers by climbing up {levels} to the {block} with {ladders}."),
    ("over", False): N_("{player} answers by walking over to the {block} on level {level}."),
    ("over", True): N_(
        "{player} answers by crossing over to the {block} on level {level} with {ladders}."
    ),
    ("across", False): N_("{player} answers by walking across the {block}."),
}
"""The same moves made as an answering move (R13)."""

BRIDGES: dict[tuple[str, ...], str] = {
    ("short",): N_("the short ladder laid as a bridge"),
    ("tall",): N_("the tall ladder laid as a bridge"),
    ("short", "tall"): N_("both ladders, one laid as a bridge"),
}
"""The ladders of a move that crossed a bridge (V2)."""

BLOCK_MOVES: dict[tuple[str, str, bool], str] = {
    ("turn", "in place", False): N_("{player} turns the {block}."),
    ("tip", "in place", False): N_("{player} tips the {block}."),
    ("tip", "in place", True): N_("{player} tips the {block}, {colour} side up."),
    ("tip", "table", False): N_("{player} tips the {block} to the table."),
    ("tip", "table", True): N_("{player} tips the {block} to the table, {colour} side up."),
    ("tip", "level", False): N_("{player} tips the {block} onto level {level}."),
    ("tip", "level", True): N_("{player} tips the {block} onto level {level}, {colour} side up."),
    ("move", "table", False): N_("{player} moves the {block} to the table."),
    ("move", "level", False): N_("{player} moves the {block} onto level {level}."),
}
"""A block move by what happened to it, where it went and whether another colour is up now."""

SENTENCES: dict[str, str] = {
    "disk": N_("{player} lays the blocking disk on the {block} at level {level}."),
    "skip": N_("{player} skips the {step}."),
    "no answer": N_("{player} does not answer."),
    "cannot answer": N_("{player} cannot move in answer, so passes."),
    "ends turn": N_("{player} ends the turn."),
    "pushed": N_("{player} is pushed aside."),
    "wins": N_("Game over: {players} wins at level {level}."),
    "share": N_("Game over: {players} share the win at level {level}."),
}
"""The other sentences of a caption: a disk, a skipped step, a push (R17) and the end (R23)."""


def opening(state: GameState) -> str:
    """The caption before the first action."""
    return say(
        N_("Start (turn {number}): {players}."),
        number=state.turn.number,
        players=names_list([player_label(p) for p in state.players]),
    )


def caption(before: GameState, action: Action, events: Sequence[Event]) -> str:
    """Who did what, in one sentence (or a few), each ending with a full stop."""
    labels = {p.colour: player_label(p) for p in before.players}
    who = labels[action.player]
    moved = next((e for e in events if isinstance(e, ClimberMoved)), None)
    block = next((e for e in events if isinstance(e, BlockMoved)), None)
    disk = next((e for e in events if isinstance(e, DiskPlaced)), None)
    if isinstance(action, MoveClimber) and moved is not None:
        said = [climb_sentence(before, who, moved)]
    elif isinstance(action, MoveBlock) and block is not None:
        said = [block_sentence(before, who, block)]
    elif isinstance(action, PlaceDisk) and disk is not None:
        b = before.block_index(disk.block)
        said = [
            say(
                SENTENCES["disk"],
                player=who,
                block=block_noun(before.structure.look(b)),
                level=before.structure.top_z(b),
            )
        ]
    elif before.step is Step.REACTION:
        key = "no answer" if legal_destinations(before) else "cannot answer"
        said = [say(SENTENCES[key], player=who)]
    else:
        said = [say(SENTENCES["skip"], player=who, step=step_name(before.step))]
    for ev in events:
        if isinstance(ev, ClimberPushed):
            said.append(say(SENTENCES["pushed"], player=labels[ev.player]))
        elif isinstance(ev, GameEnded):
            said.append(result_sentence(ev, labels))
    return sentences(said)


def climb_sentence(before: GameState, who: str, ev: ClimberMoved) -> str:
    """'Red climbs up two levels to the teal cube with the short ladder.', 'Red walks across the
    neutral double cube.', 'Red steps onto the pink half-cube on level 1.'"""
    s = before.structure
    start, end = s.block_at(ev.path[0]), s.block_at(ev.path[-1])
    if ev.from_level == 0:
        how = "onto"
    elif ev.to_level > ev.from_level:
        how = "up"
    elif start == end and not ev.ladders:
        how = "across"
    else:
        how = "over"
    templates = ANSWERS if ev.reaction else CLIMBS
    rise = ev.to_level - ev.from_level
    return say(
        templates[how, bool(ev.ladders)],
        player=who,
        block=block_noun(s.look(end)),
        level=ev.to_level,
        levels=say_n("{count} level", "{count} levels", rise, count=number_word(rise)),
        ladders=translate(BRIDGES[ev.ladders]) if ev.bridge else ladder_words(ev.ladders),
    )


def block_sentence(before: GameState, who: str, ev: BlockMoved) -> str:
    """'Red turns the teal cube.', 'Red tips the teal cube onto level 3, yellow side up.'"""
    spec = before.components.blocks[before.block_index(ev.block)]
    was = spec.faces[TOP_FACE[ev.before.rot]]
    now = spec.faces[TOP_FACE[ev.after.rot]]
    tipped = TOP_FACE[ev.before.rot] != TOP_FACE[ev.after.rot]
    stayed = ev.before.at == ev.after.at
    level = ev.after.at[2]
    verb = "tip" if tipped else "turn" if stayed else "move"
    where = "in place" if stayed else "table" if level == 0 else "level"
    return say(
        BLOCK_MOVES[verb, where, now != was],
        player=who,
        block=block_noun(Look(spec.size, was)),
        level=level,
        colour=colour_word(now),
    )


def result_sentence(ev: GameEnded, labels: dict[Colour, str]) -> str:
    """'Game over: Red wins at level 9.' or 'Game over: Red and Teal share the win at level 9.'"""
    best = [labels[s.colour] for s in ev.ranking if s.place == 1]
    template = SENTENCES["wins" if len(best) == 1 else "share"]
    return say(template, players=names_list(best), level=ev.ranking[0].level)


def recent_captions(states: Sequence[GameState], actions: Sequence[Action], n: int) -> list[str]:
    """The captions of the last `n` lines of play, where `actions[i]` led from `states[i]` to
    `states[i + 1]`: the passes that end a player's own turn (Done) make one line, 'Red ends
    the turn.'"""
    lines: list[str] = []
    i = len(actions) - 1
    while i >= 0 and len(lines) < n:
        before, action = states[i], actions[i]
        first = i
        while first > 0 and _own_pass(states[first - 1], actions[first - 1], before):
            first -= 1
        after = states[i + 1]
        ends_turn = after.finished or after.step is Step.REACTION or after.actor != before.actor
        _, events = apply(before, action)
        if first < i and _own_pass(before, action, before) and ends_turn:
            who = {p.colour: player_label(p) for p in before.players}[action.player]
            ended = [e for e in events if isinstance(e, GameEnded)]
            said = [say(SENTENCES["ends turn"], player=who)]
            said += [
                result_sentence(e, {p.colour: player_label(p) for p in before.players})
                for e in ended
            ]
            lines.append(sentences(said))
            i = first - 1
        else:
            lines.append(caption(before, action, events))
            i -= 1
    return lines[::-1]


def _own_pass(state: GameState, action: Action, later: GameState) -> bool:
    """A pass in `state`, a step of its player's own turn, in the same turn as `later`."""
    return (
        isinstance(action, Pass)
        and state.step is not Step.REACTION
        and state.turn.number == later.turn.number
        and state.actor == later.actor
    )
