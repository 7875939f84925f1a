"""Clamber in players' words: the players' names, a caption for every turn, how a game ended,
in the current language; each refusal is said by climbers.clamber.game.refusals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from climbers.clamber.core import (
    Captured,
    ClamberState,
    Ended,
    EndReason,
    EqualChain,
    Event,
    LowerCapture,
    Place,
    Removed,
    Skipped,
    Stack,
    Turn,
)
from climbers.clamber.game.refusals import refusal_sentence as refusal_sentence
from climbers.io.bot_words import bot_choices, bot_label
from climbers.io.language import N_, NC_, _, say, say_in, say_n, sentences

PLAYERS = (NC_("clamber player", "Blue"), NC_("clamber player", "Red"))
"""The players by seat (C3): Blue begins."""
KINDS = {"human": N_("Human"), **bot_choices("random", "greedy", "strong", "expert")}
"""Who plays a seat: a person, or a bot of one of the levels (climbers.clamber.ai)."""
ENDINGS = {
    EndReason.WIPED_OUT: N_("{loser} has no stack left on the board."),
    EndReason.REPETITION: N_("The same position came up for the third time."),
    EndReason.NO_MOVES: N_("Neither player can place or capture any more."),
    EndReason.TURN_LIMIT: N_("{turns} turns were played without a win."),
}
"""Why a game ended (C12, C13), in a sentence under the headline."""


def player_name(seat: int) -> str:
    """'Blue' or 'Red' in the current language."""
    return say_in(*PLAYERS[seat])


def seat_label(seat: int, bots: dict[int, str]) -> str:
    """'Red' for a person's seat, 'Red (greedy bot)' for a bot's."""
    return bot_label(bots.get(seat), player_name(seat))


SEPARATOR = NC_("list separator", ", ")
"""Between the items of a list of cells."""


def cells_list(cells: Sequence[str]) -> str:
    """'C4, E5' (a list of cells, in the current language's way)."""
    return say_in(*SEPARATOR).join(cells)


def caption(state: ClamberState, turn: Turn, events: Sequence[Event]) -> str:
    """One sentence for a turn played in `state` (the state before it), from its events."""
    player = player_name(state.to_move)
    parts: list[str] = []
    if isinstance(turn, Place):
        parts.append(say(N_("{player} places a stone on {cell}."), player=player, cell=turn.cell))
    else:
        captured = [ev for ev in events if isinstance(ev, Captured)]
        height = captured[-1].height if captured else 0
        if isinstance(turn, LowerCapture):
            template = N_(
                "{player}: {by} captures the lower stack on {target} (now {height} high)."
            )
            target = turn.target
            parts.append(say(template, player=player, by=turn.by, target=target, height=height))
        elif isinstance(turn, EqualChain) and len(turn.targets) == 1:
            template = N_("{player}: {by} captures the equal stack on {cell} (now {height} high).")
            cell = turn.targets[0]
            parts.append(say(template, player=player, by=turn.by, cell=cell, height=height))
        elif isinstance(turn, EqualChain):
            # TRANSLATORS: a chain of two or more equal captures in one turn.
            template = N_("{player}: {by} captures {cells} as equal stacks (now {height} high).")
            cells = cells_list(turn.targets)
            parts.append(say(template, player=player, by=turn.by, cells=cells, height=height))
        gone = [cell for ev in events if isinstance(ev, Removed) for cell in ev.cells]
        if len(gone) == 1:
            template = N_("The stack on {cell}, of the same subgroup, leaves the board.")
            parts.append(say(template, cell=gone[0]))
        elif gone:
            parts.append(
                say_n(
                    "{count} stack of the same subgroup leaves the board: {cells}.",
                    "{count} stacks of the same subgroup leave the board: {cells}.",
                    len(gone),
                    count=len(gone),
                    cells=cells_list(gone),
                )
            )
    for ev in events:
        if isinstance(ev, Skipped):
            template = N_("{player} cannot place or capture and is skipped.")
            parts.append(say(template, player=player_name(ev.seat)))
        elif isinstance(ev, Ended):
            parts.append(headline(ev.result.winner))
    return sentences(parts)


def described(before: ClamberState, turn: Turn, events: Sequence[Event]) -> str:
    """A replay's caption of a turn, with its number: 'Turn 3 · Blue places a stone on C3.'"""
    text = caption(before, turn, events)
    return say(N_("Turn {number} · {caption}"), number=before.turn + 1, caption=text)


def opening(state: ClamberState) -> str:
    """A replay's caption before the first turn."""
    template = N_("Start: the board of {cells} cells; {player} begins.")
    return say(template, cells=len(state.cells), player=player_name(state.to_move))


def headline(winner: int | None) -> str:
    """'Blue wins!' or 'A draw.'"""
    if winner is None:
        return _("A draw.")
    return say(N_("{player} wins!"), player=player_name(winner))


def ending(state: ClamberState) -> str:
    """How the game ended, in a sentence ('' while it goes on)."""
    if state.result is None:
        return ""
    loser = player_name(1 - state.result.winner) if state.result.winner is not None else ""
    return say(ENDINGS[state.result.reason], loser=loser, turns=state.turn)


def player_standing(stacks: Mapping[str, Stack], seat: int) -> str:
    """'Blue · stacks: 4 · stones: 9': a player and what they have on a board of these stacks."""
    return f"{player_name(seat)} · {material(stacks, seat)}"


def material(stacks: Mapping[str, Stack], seat: int) -> str:
    """'stacks: 4 · stones: 9' for `seat`, on a board of these stacks."""
    heights = [s.height for s in stacks.values() if s.owner == seat]
    if not heights:
        return _("no stack on the board")
    return say(N_("stacks: {count} · stones: {stones}"), count=len(heights), stones=sum(heights))
