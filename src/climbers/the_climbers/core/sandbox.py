"""Describing a position by hand: blocks in and out, Climbers, disks, ladders and the turn.

Blocks obey the building rules only: support and no overhang (R5), a face touching the mountain
and no disk underneath (R16), Climbers pushed aside as in R17. The turn rules of R14/R15 (who
moved what last) do not apply: a builder may take any uncovered block. Every function returns a
new, validated GameState or raises IllegalAction naming the squares at fault.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from climbers.the_climbers.core.components import Colour
from climbers.the_climbers.core.engine import block_refusal, disk_refusal
from climbers.the_climbers.core.errors import IllegalAction, Reason
from climbers.the_climbers.core.geometry import Square
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.state import (
    LADDER_ORDER,
    PLAYED,
    GameState,
    LadderKind,
    Placement,
    Player,
    Turn,
)

TURN_ONLY = (Reason.BLOCK_MOVED_LAST_TURN, Reason.BLOCK_MOVED_THIS_TURN)
"""Refusals that come from the turn (R15), not from the structure: ignored while building."""

STARTING_NEUTRALS = (
    Placement(block="neutral-1", at=(14, 15, 0)),
    Placement(block="neutral-2", at=(16, 15, 0)),
)
"""R24's first step: both large neutral blocks upright side by side in the middle of the table."""


def starting_position(colours: Sequence[Colour | str] = (Colour.TEAL, Colour.PURPLE)) -> GameState:
    """A fresh build: the two neutral blocks standing in the middle, everything else in the tray."""
    return GameState(
        blocks=STARTING_NEUTRALS,
        players=tuple(Player(colour=Colour(c)) for c in colours),
    )


def tray(state: GameState) -> list[str]:
    """Blocks not in the mountain, in component order."""
    used = {p.block for p in state.blocks}
    return [b.name for b in state.components.blocks if b.name not in used]


def lift_refusal(state: GameState, name: str) -> IllegalAction | None:
    """Why block `name` may not be taken from the mountain now (a Climber, a disk, covered)."""
    if name not in {p.block for p in state.blocks}:
        return None
    refusal = block_refusal(state, name)
    return None if refusal is None or refusal.reason in TURN_ONLY else refusal


def place_block(state: GameState, name: str, rot: int, at: tuple[int, int, int]) -> GameState:
    """Put block `name` (from the tray or the mountain) in pose (rot, at); R5, R16, R17."""
    refusal = lift_refusal(state, name)
    if refusal is not None:
        raise refusal
    try:
        b = state.block_index(name)
    except KeyError:
        raise IllegalAction(Reason.UNKNOWN_BLOCK) from None
    others = [p for p in state.blocks if p.block != name]
    s = state.structure
    try:
        pushes = s.check_placement(b, rot, at, state.disk_blocks, state.climber_squares)
    except IllegalAction as exc:
        if exc.reason is not Reason.NO_CONTACT or others:
            raise
        pushes = []  # the first block on an empty table has nothing to touch
    players = list(state.players)
    for seat, _old, new in pushes:
        players[seat] = players[seat].model_copy(update={"at": new})
    order = {b.name: i for i, b in enumerate(state.components.blocks)}
    blocks = sorted([*others, Placement.of(name, rot, at)], key=lambda p: order[p.block])
    return _rebuilt(state, blocks=tuple(blocks), players=tuple(players))


def remove_block(state: GameState, name: str) -> GameState:
    """Take block `name` off the mountain back into the tray (it must be free to lift)."""
    refusal = lift_refusal(state, name)
    if refusal is not None:
        raise refusal
    blocks = tuple(p for p in state.blocks if p.block != name)
    turn = state.turn.model_copy(
        update={
            "moved_this_turn": tuple(b for b in state.turn.moved_this_turn if b != name),
            "moved_last_turn": tuple(b for b in state.turn.moved_last_turn if b != name),
        }
    )
    return _rebuilt(state, blocks=blocks, turn=turn)


def put_climber(state: GameState, seat: int, square: Square | None) -> GameState:
    """Stand seat's Climber on `square` (None: back on the table), as R7 and R10 allow."""
    player = state.players[seat]
    if square is not None:
        s = state.structure
        where = (square,)
        if not s.in_area(square) or s.block_at(square) < 0:
            raise IllegalAction(Reason.OFF_THE_MOUNTAIN, where, detail="stand")
        other = state.climber_squares.get(square)
        if other is not None and other != seat:
            raise IllegalAction(Reason.SQUARE_TAKEN, where, player=state.players[other])
        b = s.block_at(square)
        colour = s.top_colour(b)
        if colour not in (Colour.NEUTRAL, player.colour):
            raise IllegalAction(
                Reason.WRONG_COLOUR, where, detail="stand", player=player, colour=colour
            )
        if b in state.disk_blocks:
            raise IllegalAction(
                Reason.DISK_BLOCKS_SQUARE, where, detail="stand", player=player, block=s.look(b)
            )
    turn = state.turn
    if seat == turn.active:
        level = 0 if square is None else state.structure.height_at(square)
        turn = turn.model_copy(update={"start_level": min(turn.start_level, level)})
    ladders = LADDER_ORDER if square is None else player.ladders  # R12: one climbs with them
    players = list(state.players)
    players[seat] = player.model_copy(
        update={"at": square, "ladders": ladders, "reached_at": state.tick}
    )
    return _rebuilt(state, players=tuple(players), turn=turn)


def put_disk(state: GameState, seat: int, block: str | None) -> GameState:
    """Lay seat's blocking disk on `block` (R19's targets), or take it back into the hand."""
    if block is None:
        return _with_player(state, seat, disk="in_hand", disk_on=None)
    player = state.players[seat]
    if player.disk_on == block:
        return state
    refusal = disk_refusal(state, block)
    if refusal is not None:
        raise refusal
    return _with_player(state, seat, disk="placed", disk_on=block)


def spend_disk(state: GameState, seat: int, spent: bool) -> GameState:
    """Mark seat's disk as used up (it has left the game) or give it back."""
    return _with_player(state, seat, disk="spent" if spent else "in_hand", disk_on=None)


def set_ladder(state: GameState, seat: int, kind: LadderKind, held: bool) -> GameState:
    """Give seat the ladder `kind`, or mark it as spent."""
    ladders = set(state.players[seat].ladders)
    if held:
        ladders.add(kind)
    else:
        ladders.discard(kind)
    return _with_player(state, seat, ladders=tuple(k for k in LADDER_ORDER if k in ladders))


def set_turn(state: GameState, active: int, step: int) -> GameState:
    """Whose turn it is and which step of it (an index into rules.turn_steps(); no reactions)."""
    steps = state.rules.turn_steps()
    if not 0 <= active < len(state.players) or not 0 <= step < len(steps):
        raise IllegalAction(Reason.WRONG_PHASE, detail="no such turn")
    done = steps[:step].count(Step.BLOCK)
    end = state.rules.end_after(len(state.players))
    turn = state.turn.model_copy(
        update={
            "active": active,
            "step": step,
            "reactor": 0,
            "start_level": state.level(active),
            "moved_this_turn": state.turn.moved_this_turn[:done],
            "quiet_turns": min(state.turn.quiet_turns, end - 1),
        }
    )
    return _rebuilt(state, turn=turn, finished=False)


def set_players(state: GameState, colours: Sequence[Colour | str]) -> GameState:
    """Seat these colours, keeping what the ones already seated had; the turn starts over."""
    kept = {p.colour: p for p in state.players}
    players = tuple(kept.get(Colour(c), Player(colour=Colour(c))) for c in colours)
    return _rebuilt(state, players=players, turn=Turn(), finished=False)


def _first_turn(turn: Turn, seat: int, player: Player, n: int) -> int:
    """The first turn number at which `player`'s disk can be as it is (R19): on the mountain
    once its first turn has begun, used up once its second has."""
    if player.disk == "in_hand":
        return 1
    behind = (turn.active - seat) % n
    return behind + 1 + (n if player.disk == "spent" else 0)


def _with_player(state: GameState, seat: int, **changes: object) -> GameState:
    players = list(state.players)
    players[seat] = players[seat].model_copy(update=changes)
    return _rebuilt(state, players=tuple(players))


def _rebuilt(state: GameState, **changes: object) -> GameState:
    """A validated copy of `state` with fields replaced, as a game may hold it (the turn number
    moved on as far as the disks used up ask, R19); IllegalAction if it is no position."""
    data = {name: getattr(state, name) for name in ("rules", "blocks", "players", "turn")}
    data.update(tick=state.tick, finished=state.finished)
    data.update(changes)
    turn, players = data["turn"], data["players"]
    assert isinstance(turn, Turn) and isinstance(players, tuple)
    n = len(players)
    number = max([turn.number, *(_first_turn(turn, seat, p, n) for seat, p in enumerate(players))])
    if number != turn.number:
        data["turn"] = turn.model_copy(update={"number": number})
        data["tick"] = max(state.tick, number - 1)
    try:
        return GameState.model_validate(data, context=PLAYED)
    except (ValidationError, ValueError) as exc:
        text = (
            str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
            if isinstance(exc, ValidationError)
            else str(exc)
        )
        problem = text.removeprefix("Value error, ")
        raise IllegalAction(Reason.UNSUPPORTED, detail="position", problem=problem) from None
