"""The turn machine: `apply` checks an action against every rule and returns the next state."""

from __future__ import annotations

from climbers.the_climbers.core.actions import Action, MoveBlock, MoveClimber, Pass, PlaceDisk
from climbers.the_climbers.core.errors import IllegalAction, Reason
from climbers.the_climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    ClimberPushed,
    DiskPlaced,
    DiskRemoved,
    Event,
    GameEnded,
    Passed,
    Standing,
    TurnStarted,
)
from climbers.the_climbers.core.movement import Walker
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.state import (
    GameState,
    Placement,
    Player,
    Turn,
    evolve,
    replace_player,
)
from climbers.the_climbers.core.structure import Push


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after `action` and the events it caused; IllegalAction leaves `state` as it was."""
    if state.finished:
        raise IllegalAction(Reason.GAME_OVER)
    actor = state.actor
    current = state.players[actor]
    if action.player != current.colour:
        seated = {p.colour: p for p in state.players}
        other = seated.get(action.player, Player(colour=action.player))
        raise IllegalAction(Reason.NOT_YOUR_TURN, player=current, other=other)
    step = state.step
    events: list[Event] = []
    if isinstance(action, Pass):
        events.append(Passed(player=current.colour, step=step))
    elif isinstance(action, MoveClimber):
        _expect(step, (Step.MOVE, Step.REACTION), "climber")
        state = _move_climber(state, actor, action, events)
    elif isinstance(action, MoveBlock):
        _expect(step, (Step.BLOCK,), "block")
        state = _move_block(state, actor, action, events)
    else:
        _expect(step, (Step.DISK,), "disk")
        state = _place_disk(state, actor, action, events)
    return _advance(evolve(state, tick=state.tick + 1), events), events


def _expect(step: Step, allowed: tuple[Step, ...], moving: str) -> None:
    """Refuse to move `moving` (the 'climber', a 'block', the 'disk') unless `step` is allowed
    (R20)."""
    if step not in allowed:
        raise IllegalAction(Reason.WRONG_PHASE, detail=moving, step=step)


def ladders_allowed(state: GameState) -> bool:
    """R13: whether the acting player's move may use ladders (in reactions only by option)."""
    return state.step is not Step.REACTION or state.rules.reaction_ladders


def walker(state: GameState, seat: int) -> Walker:
    """Reachability for `seat` in the current step (ladders only where the rules allow, R13)."""
    return Walker(state, seat, ladders_allowed(state))


def _move_climber(
    state: GameState, seat: int, action: MoveClimber, events: list[Event]
) -> GameState:
    route = walker(state, seat).route_to(action.to, action.ladders)
    player = state.players[seat]
    before = state.level(seat)
    left = tuple(k for k in player.ladders if k not in route.ladders)
    reached = state.tick if route.level > before else player.reached_at
    players = replace_player(state, seat, at=route.to, ladders=left, reached_at=reached)
    events.append(
        ClimberMoved(
            player=player.colour,
            path=route.path,
            ladders=route.ladders,
            from_level=before,
            to_level=route.level,
            reaction=state.step is Step.REACTION,
            bridge=route.bridge,
        )
    )
    return evolve(state, players=players)


def block_refusal(state: GameState, name: str) -> IllegalAction | None:
    """R14/R15: why block `name` may not be picked up now, or None when it is free."""
    if name not in {p.block for p in state.blocks}:
        known = any(b.name == name for b in state.components.blocks)
        if known:
            return IllegalAction(Reason.BLOCK_NOT_IN_PLAY, (), (name,))
        return IllegalAction(Reason.UNKNOWN_BLOCK, (), (name,))
    s = state.structure
    b = state.block_index(name)
    standing = tuple(sq for sq in state.climber_squares if s.block_at(sq) == b)
    if standing:
        who = state.players[state.climber_squares[standing[0]]]
        return IllegalAction(
            Reason.BLOCK_OCCUPIED,
            standing,
            (name,),
            block=s.look(b),
            player=who,
            count=len(standing),
        )
    if b in state.disk_blocks:
        return IllegalAction(
            Reason.BLOCK_HAS_DISK,
            tuple(s.surfaces[b]),
            (name,),
            block=s.look(b),
            player=state.players[state.disk_blocks[b]],
        )
    covering = s.covering(b)
    if covering:
        top_z = s.top_z(b)
        squares = tuple(sq for sq in s.footprint(b) if s.block_below(sq, top_z + 1) in covering)
        named, other = s.looks_apart(b, covering[0])
        return IllegalAction(
            Reason.BLOCK_COVERED,
            squares,
            (name, *(state.block_name(c) for c in covering)),
            block=named if len(covering) == 1 else s.look(b),
            other=other,
            count=len(covering),
        )
    if name in state.turn.moved_last_turn:
        return IllegalAction(
            Reason.BLOCK_MOVED_LAST_TURN,
            tuple(s.footprint(b)),
            (name,),
            block=s.look(b),
            player=state.players[(state.turn.active - 1) % len(state.players)],
        )
    if name in state.turn.moved_this_turn:
        return IllegalAction(
            Reason.BLOCK_MOVED_THIS_TURN, tuple(s.footprint(b)), (name,), block=s.look(b)
        )
    return None


def check_block_move(state: GameState, action: MoveBlock) -> list[Push]:
    """R14–R18: the Climbers a block move pushes aside; IllegalAction says why it is refused."""
    refusal = block_refusal(state, action.block)
    if refusal is not None:
        raise refusal
    target = Placement(block=action.block, at=action.at, up=action.up, north=action.north)
    b = state.block_index(action.block)
    rot, at = state.structure.poses[b]
    if target.at == at and target.rot in state.structure.tables.same_look[b][rot]:
        raise IllegalAction(Reason.UNCHANGED, (), (action.block,), block=state.structure.look(b))
    return state.structure.check_placement(
        b, target.rot, target.at, state.disk_blocks, state.climber_squares
    )


def _move_block(state: GameState, seat: int, action: MoveBlock, events: list[Event]) -> GameState:
    pushes = check_block_move(state, action)
    target = Placement(block=action.block, at=action.at, up=action.up, north=action.north)
    before = next(p for p in state.blocks if p.block == action.block)
    blocks = tuple(target if p.block == action.block else p for p in state.blocks)
    events.append(BlockMoved(player=action.player, block=action.block, before=before, after=target))
    players = list(state.players)
    for pushed, old, new in pushes:
        players[pushed] = players[pushed].model_copy(update={"at": new})
        events.append(ClimberPushed(player=players[pushed].colour, from_square=old, to_square=new))
    turn = state.turn.model_copy(
        update={"moved_this_turn": (*state.turn.moved_this_turn, action.block)}
    )
    return evolve(state, blocks=blocks, players=tuple(players), turn=turn)


def disk_refusal(state: GameState, name: str) -> IllegalAction | None:
    """R19: why the disk may not go on block `name`, or None when it may."""
    if name not in {p.block for p in state.blocks}:
        return IllegalAction(Reason.UNKNOWN_BLOCK, detail="mountain")
    s = state.structure
    b = state.block_index(name)
    block = s.look(b)
    if not s.surfaces[b]:
        return IllegalAction(Reason.DISK_TARGET_EMPTY, tuple(s.footprint(b)), (name,), block=block)
    standing = tuple(sq for sq in s.surfaces[b] if sq in state.climber_squares)
    if standing:
        return IllegalAction(
            Reason.DISK_TARGET_OCCUPIED,
            standing,
            (name,),
            block=block,
            player=state.players[state.climber_squares[standing[0]]],
            count=len(standing),
        )
    if b in state.disk_blocks:
        return IllegalAction(
            Reason.DISK_TARGET_HAS_DISK, tuple(s.surfaces[b]), (name,), block=block
        )
    return None


def _place_disk(state: GameState, seat: int, action: PlaceDisk, events: list[Event]) -> GameState:
    player = state.players[seat]
    if player.disk != "in_hand":
        raise IllegalAction(Reason.DISK_SPENT, player=player)
    refusal = disk_refusal(state, action.block)
    if refusal is not None:
        raise refusal
    events.append(DiskPlaced(player=player.colour, block=action.block))
    return evolve(state, players=replace_player(state, seat, disk="placed", disk_on=action.block))


def _advance(state: GameState, events: list[Event]) -> GameState:
    """Move the turn machine on by one step (R20–R22)."""
    steps = state.rules.turn_steps()
    turn = state.turn
    n = len(state.players)
    if turn.step < len(steps) - 1:
        return evolve(state, turn=turn.model_copy(update={"step": turn.step + 1}))
    if turn.step == len(steps) - 1:
        upward = state.level(turn.active) > turn.start_level
        quiet = 0 if upward else turn.quiet_turns + 1
        turn = turn.model_copy(update={"step": len(steps), "quiet_turns": quiet})
        if state.rules.has_reactions:
            return evolve(state, turn=turn.model_copy(update={"reactor": 1}))
    elif turn.reactor + 1 < n:
        return evolve(state, turn=turn.model_copy(update={"reactor": turn.reactor + 1}))
    if turn.quiet_turns >= state.rules.end_after(n):
        state = evolve(state, turn=turn, finished=True)
        events.append(GameEnded(ranking=ranking(state)))
        return state
    return start_turn(evolve(state, turn=turn), (turn.active + 1) % n, events)


def start_turn(state: GameState, seat: int, events: list[Event]) -> GameState:
    """Begin `seat`'s turn: its disk leaves the game (R19), the level to beat is noted (R21).

    The turn number and the tick never pass MAX_TURN and MAX_TICK: a state is valid only when
    its game ends by then however it is played (state.turns_to_come, actions_to_come), and
    every turn and action brings that end no later."""
    player = state.players[seat]
    if player.disk_on is not None:
        events.append(DiskRemoved(player=player.colour, block=player.disk_on))
    state = disk_removed(state, seat)
    turn = Turn(
        active=seat,
        number=state.turn.number + 1,
        start_level=state.level(seat),
        moved_last_turn=state.turn.moved_this_turn,
        quiet_turns=state.turn.quiet_turns,
    )
    events.append(TurnStarted(player=player.colour, number=turn.number))
    return evolve(state, turn=turn)


def disk_removed(state: GameState, seat: int) -> GameState:
    """This position with `seat`'s disk off the mountain for good, as when its next turn begins
    (R19); the same position when no disk of its lies there."""
    if state.players[seat].disk_on is None:
        return state
    return evolve(state, players=replace_player(state, seat, disk="spent", disk_on=None))


def ranking(state: GameState) -> tuple[Standing, ...]:
    """R23: every player's standing, best first; equal levels go to who got there first, and
    Climbers still on the table share their place."""

    def key(seat: int) -> tuple[int, int]:
        level = state.level(seat)
        return -level, state.players[seat].reached_at if level > 0 else 0

    order = sorted(range(len(state.players)), key=key)
    result: list[Standing] = []
    for i, seat in enumerate(order):
        place = result[-1].place if i and key(order[i - 1]) == key(seat) else i + 1
        result.append(Standing(state.players[seat].colour, state.level(seat), place))
    return tuple(result)
