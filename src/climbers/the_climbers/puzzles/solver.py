"""The shortest number of turns to a target level, proved by exhaustive search (solo play).

Solo, nothing changes between the player's turns (`core.solo`): a turn is walk,
block move, walk, and the second walk can always be left to the next turn's first walk. The
search is breadth-first over the positions at the start of the player's turns, one layer per
turn. Every position of a layer is asked whether its own turn can reach the target (`finish`);
only when none can is the next layer built (`expand`: each position one block move on, the
player where the first walk left them). So the first layer with an answer gives the shortest
number of turns, and every earlier layer was checked whole: that is the proof that no shorter
solution exists. The last layer is only searched for a solution, lazily, most promising first.

Every saving keeps at least one shortest solution in the search:

- Keys merge positions that play alike. A key holds each block's cells and its top colour
  class (the player's own colour, neutral, or any other: the player may stand on none of those,
  and side faces never matter, since a moved block may take any of its 24 rotations), the
  other Climbers' squares, the player's ladders and *flat*: the squares at one level the player
  walks between freely, which all offer the same walks. Of two ladder sets on one flat only
  the larger is kept (ladders only add options).
- A block move far from every square the turn's walks may step on changes none of them; it is
  made from where the player stands, as a first walk before it would change nothing.
- Duties: a block move must be of use later, to a walk stepping on what it changed or to a
  block move depending on it (R14–R17), else a solution without it is as short. What it
  changed is a duty of the new position until then; a block with a duty is not moved again
  (that is moving it once, from where it was), and the last block move must do every duty.
- In a turn's `finish`, a block move can only help if the walk after it steps on what changed
  (else that walk was possible before): coming from where the first walk could go, going on
  to squares from which the target is reachable, with ladders used once. Only moves passing
  this test are played through `core.apply` and walked, and a first walk is skipped
  when the walk after the same move from another first walk already reaches where it ends.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import sliding_window_view

from climbers.the_climbers.ai.options import distinct_poses
from climbers.the_climbers.core import (
    Action,
    Colour,
    GameState,
    IllegalAction,
    MoveBlock,
    MoveClimber,
    Pass,
    apply,
    legal_placements,
)
from climbers.the_climbers.core.geometry import NEIGHBOURS, Square, footprint, orientation
from climbers.the_climbers.core.movement import (
    SHORT,
    TALL,
    Walker,
    ladder_mask,
    ladder_options,
    ladders_of,
)
from climbers.the_climbers.core.solo import clear_quiet_turns
from climbers.the_climbers.core.state import LadderKind, Placement, Player
from climbers.the_climbers.core.structure import block_tables
from climbers.the_climbers.core.what_if import turn_start, with_block, with_climber, with_pieces
from climbers.the_climbers.puzzles.budget import SEARCH_MEGABYTES, Meter

Rows = npt.NDArray[np.int64]
T = TypeVar("T")
Grid = npt.NDArray[np.bool_]
Flags = npt.NDArray[np.bool_]
Region = frozenset[Square]
Duty = tuple[str, Region]
"""A block moved far from the walks and the squares it changed: it must be of use later."""
Duties = frozenset[Duty]
OWN, NEUTRAL, OTHER = 0, 1, 2
"""Top colour classes for the searching player."""
RISES = {0: (0, 1), SHORT: (2, 2), TALL: (2, 4)}
"""The rise of one step without a ladder, with the short one and with the tall one (R9)."""


def ladders_in(mask: int) -> list[int]:
    """No ladder, then each ladder of a mask, as step choices."""
    return [0] + [bit for bit in (SHORT, TALL) if mask & bit]


@dataclass(frozen=True)
class Survey:
    """What one walk can do from where the player stands."""

    options: dict[tuple[Square | None, int], Action]
    """(flat, ladders left) → the action that walks there (Pass: stay); dominated ones left out."""
    flats: dict[Square | None, Region]
    """Each flat's least square → its squares a Climber may stop on (None: the table)."""
    visit: Region
    """Every square a walk from here may step on (a superset: all other Climbers' squares)."""
    holding: dict[int, Region]
    """Per set of ladders (mask): the squares of `visit` a walk may be on still holding them."""
    best: tuple[int, Action | None]
    """The highest level one walk reaches, and the walk (None: standing there already)."""
    home: Square | None
    """The least square of the player's own flat (None: the table)."""
    walker: Walker


@dataclass(frozen=True)
class Node:
    """A position at the start of the player's turn, as the search keeps it."""

    blocks: tuple[Placement, ...]
    players: tuple[Player, ...]


@dataclass(frozen=True)
class Stop:
    """Where the first walk of a turn may end, before the block step."""

    rep: Square | None
    """The flat's least square (None: the table)."""
    mask: int
    """Ladders left."""
    flat: Region
    """The flat's squares: the walk may end on any of them alike."""
    first: Action | None
    """The walk to the least square (None: the block step has come already)."""


@dataclass
class Report:
    """The outcome of a search and its size."""

    turns: int | None = None
    """The shortest number of turns found, None when there is none within the limit."""
    solution: list[Action] = field(default_factory=list)
    """The player's actions of a shortest solution, in order (disk steps passed)."""
    layers: list[int] = field(default_factory=list)
    """Distinct positions at the start of each turn searched (depth 0 is the start)."""
    nodes: int = 0
    """Positions generated plus block moves walked exactly: the work done."""
    pruned: int = 0
    """Positions left out because they need more block moves than their turns have."""
    seconds: float = 0.0
    complete: bool = True
    """False when the search ran out of its budget before an answer: then nothing is proved."""
    over: str = ""
    """What ran out when not complete: 'time' or 'memory'."""


class Search:
    """The breadth-first search for one player, start position and target level."""

    def __init__(self, start: GameState, seat: int, target: int, merge: bool = True) -> None:
        self.start = start
        self.merge = merge
        """False: every position generated stays apart (to measure what merging saves)."""
        self.seat = seat
        self.target = target
        self.colour = start.players[seat].colour
        tables = block_tables(start.components)
        self.names = tables.names
        self.extents = np.array(tables.extents, dtype=np.int64)
        self.classes = np.array(
            [[self._class(c) for c in row] for row in tables.top_colour], dtype=np.int64
        )
        self.codes = self.extents[:, :, 0] << 8 | self.extents[:, :, 1] << 5
        self.codes |= self.extents[:, :, 2] << 2 | self.classes
        self.report = Report()
        self._surveys: dict[object, Survey] = {}
        self.template = clear_quiet_turns(turn_start(start))
        """Search positions are the start of the player's solo turn (the start may be later)."""

    def _class(self, colour: Colour) -> int:
        return OWN if colour == self.colour else NEUTRAL if colour == Colour.NEUTRAL else OTHER

    # ----- positions and keys ------------------------------------------------------------

    def state(self, node: Node) -> GameState:
        """The game state of a search position (the start's rules and turn)."""
        return with_pieces(self.template, node.blocks, node.players)

    def key(self, node: Node) -> tuple[object, ...]:
        """What the position plays like: block cells and classes, Climbers, ladders."""
        index = {n: i for i, n in enumerate(self.names)}
        config = tuple(
            index[p.block] << 30
            | p.at[0] << 24
            | p.at[1] << 18
            | p.at[2] << 12
            | int(self.codes[index[p.block], p.rot])
            for p in node.blocks
        )
        me = node.players[self.seat]
        others = tuple(p.at for i, p in enumerate(node.players) if i != self.seat)
        return config, me.at, ladder_mask(me.ladders), others

    def node(self, state: GameState, at: Square | None, mask: int) -> Node:
        """The search position of `state` with the player moved to `at` holding the ladders of
        `mask`."""
        moved = with_climber(state, self.seat, at, ladders_of(mask))
        return Node(moved.blocks, moved.players)

    # ----- walks --------------------------------------------------------------------------

    def survey(self, state: GameState) -> Survey:
        """The walks open to the player now, grouped by flat (cached per position)."""
        me = state.players[self.seat]
        cache_key = (state.blocks, tuple(p.at for p in state.players), me.ladders)
        found = self._surveys.get(cache_key)
        if found is not None:
            return found
        walker = Walker(state, self.seat, True)
        ends = walker.ends()
        heights = state.structure.height_rows
        tops = state.structure.top_rows
        others = set(walker.others)
        squares = set(ends) | {q for q in others if walker.enterable[tops[q[0]][q[1]]]}
        if me.at is not None:
            squares.add(me.at)
        flat_of: dict[Square, Square | None] = {}
        flats: dict[Square | None, Region] = {None: frozenset()} if me.at is None else {}
        for sq in sorted(squares):
            if sq in flat_of:
                continue
            level, members, todo = heights[sq[0]][sq[1]], {sq}, [sq]
            while todo:
                x, y = todo.pop()
                for dx, dy in NEIGHBOURS:
                    n = (x + dx, y + dy)
                    if n in squares and n not in members and heights[n[0]][n[1]] == level:
                        members.add(n)
                        todo.append(n)
            stops = frozenset(q for q in members if q not in others)
            rep = min(stops) if stops else None
            for q in members:
                flat_of[q] = rep
            if rep is not None:
                flats[rep] = stops
        here = flat_of[me.at] if me.at is not None else None
        reached = {(here, walker.mask)}
        best: tuple[int, Action | None] = (state.level(self.seat), None)
        left: dict[Square, set[int]] = {q: {walker.mask} for q in squares - set(ends)}
        for sq, masks in ends.items():
            level = heights[sq[0]][sq[1]]
            for mask in masks:
                reached.add((flat_of[sq], mask))
                left.setdefault(sq, set()).add(mask)
                if level > best[0]:
                    best = (level, self._walk(sq, ladders_of(walker.mask & ~mask)))
        holding = {
            m: frozenset(q for q, have in left.items() if any(h & m == m for h in have))
            for m in range(walker.mask + 1)
            if m & ~walker.mask == 0
        }
        choices: dict[tuple[Square | None, int], Action] = {}
        for rep, mask in sorted(reached, key=lambda o: (o[0] is None, o[0] or (0, 0), o[1])):
            if any(r == rep and m != mask and m & mask == mask for r, m in reached):
                continue  # the same flat with more ladders left
            if rep == me.at or rep is None:
                choices[(rep, mask)] = Pass(player=self.colour)
            else:
                choices[(rep, mask)] = self._walk(rep, ladders_of(walker.mask & ~mask))
        survey = Survey(choices, flats, frozenset(squares), holding, best, here, walker)
        if len(self._surveys) > 5_000:
            self._surveys.clear()
        self._surveys[cache_key] = survey
        return survey

    def _walk(self, to: Square, ladders: tuple[LadderKind, ...]) -> MoveClimber:
        return MoveClimber(player=self.colour, to=to, ladders=ladders)

    def good(self, state: GameState, walker: Walker, targets: Iterable[Square]) -> dict[int, Grid]:
        """Per set of ladders left: the squares from which one walk steps on a target square."""
        s = state.structure
        heights, tops = s.height_rows, s.top_rows
        xs, ys = np.nonzero(s.height > 0)
        walkable = {
            (int(x), int(y))
            for x, y in zip(xs, ys, strict=True)
            if walker.enterable[tops[int(x)][int(y)]]
        }
        goal = {sq for sq in targets if sq in walkable}
        result: dict[int, Grid] = {}
        found_by: dict[int, set[Square]] = {}
        for mask in sorted(range(walker.mask + 1), key=lambda m: bin(m).count("1")):
            if mask & ~walker.mask:
                continue
            found = set(goal)
            if mask:
                for p in walkable - found:
                    h = heights[p[0]][p[1]]
                    for dx, dy in NEIGHBOURS:
                        q = (p[0] + dx, p[1] + dy)
                        if q in walkable and any(
                            q in found_by[mask & ~bit]
                            for bit in ladder_options(heights[q[0]][q[1]] - h, mask)
                        ):
                            found.add(p)
                            break
            todo = list(found)
            while todo:
                q = todo.pop()
                h = heights[q[0]][q[1]]
                for dx, dy in NEIGHBOURS:
                    p = (q[0] - dx, q[1] - dy)
                    if p in walkable and p not in found and 0 <= h - heights[p[0]][p[1]] <= 1:
                        found.add(p)
                        todo.append(p)
            found_by[mask] = found
            grid = np.zeros((s.size, s.size), dtype=bool)
            if found:
                grid[tuple(np.array(sorted(found)).T)] = True
            result[mask] = grid
        return result

    # ----- block moves --------------------------------------------------------------------

    def rows(self, state: GameState) -> Rows:
        """Legal block moves as (block, rot, x, y, z), one per pose that plays differently."""
        return distinct_poses(legal_placements(state), self.classes)

    def block_move(self, row: Rows) -> MoveBlock:
        """The action that puts a block in the pose of a row."""
        b, rot, x, y, z = (int(v) for v in row)
        up, north = orientation(rot)
        return MoveBlock(player=self.colour, block=self.names[b], at=(x, y, z), up=up, north=north)

    def changed(self, state: GameState, row: Rows) -> Region:
        """Every square a block move may change the play of: both footprints and the surfaces
        of the blocks under them (climbers pushed on those surfaces included)."""
        s = state.structure
        b, rot, x, y, z = (int(v) for v in row)
        ex, ey, _ = (int(v) for v in self.extents[b, rot])
        new = footprint((x, y, z), (ex, ey, 1))
        old = s.footprint(b)
        _, lifted = s.lifted(b)
        under = {s.block_at(q) for q in new} | {int(lifted[q]) for q in old}
        region = set(new) | set(old)
        for u in under - {-1, b}:
            region.update(s.surfaces[u])
            region.update(q for q in old if lifted[q] == u)
        return frozenset(region)

    # ----- one turn -----------------------------------------------------------------------

    def stops(self, state: GameState, here: Survey, step: int) -> list[Stop]:
        """The ends of the turn's first walk: every flat and ladder set (step 0), or where the
        player stands (step 1: the walk is over)."""
        if step == 1:
            at = state.players[self.seat].at
            return [
                Stop(at, here.walker.mask, frozenset() if at is None else frozenset({at}), None)
            ]
        return [
            Stop(rep, mask, here.flats[rep], first) for (rep, mask), first in here.options.items()
        ]

    def _starts(
        self, state: GameState, stop: Stop, near: bool
    ) -> list[tuple[Square | None, Action | None]]:
        """Where the first walk may stop before a block move: the flat's least square, or every
        square of the flat when the move may reach the flat (pushes, its own block)."""
        if stop.first is None:
            return [(state.players[self.seat].at, None)]
        if stop.rep is None or not near:
            return [(stop.rep, stop.first)]
        return [(sq, self._first(state, sq, stop.mask)) for sq in sorted(stop.flat)]

    def _pushed_off(self, state: GameState, flat: Region) -> bool:
        """Whether a block move could push the player off the flat (R17: to a free square of
        the same block that is not on the flat); walks from there are not walks from the flat."""
        s = state.structure
        return any(
            q not in flat and q not in state.climber_squares
            for b in {s.block_at(sq) for sq in flat}
            for q in s.surfaces[b]
        )

    def _first(self, state: GameState, to: Square | None, mask: int) -> Action:
        me = state.players[self.seat]
        if to is None or to == me.at:
            return Pass(player=self.colour)
        return self._walk(to, ladders_of(ladder_mask(me.ladders) & ~mask))

    def _tries(
        self,
        state: GameState,
        moves: Moves,
        picked: Iterable[int],
        stop: Stop,
        earlier: dict[tuple[int, ...], list[Survey]],
    ) -> Iterator[tuple[int, Square | None, Action | None, MoveBlock, GameState, Survey]]:
        """Play each picked block move (row index) after a first walk to `stop` (to each square
        of its flat that the move may tell apart), through `apply`, and survey the walk after it.

        A first walk is skipped when the walk after the same move from an earlier stop can go
        to where it ends with the same ladders (`earlier`, shared by the stops of a turn): its
        second walks are among that one's. Moves that push a Climber are always played.
        """
        flat = stop.flat
        near_flat = moves.touching(flat)
        pushing = moves.covering(mark(state.structure.size, state.climber_squares))
        befores: dict[Square | None, GameState | None] = {}
        for i in picked:
            views = [] if pushing[i] else earlier.setdefault(tuple(moves.rows[i].tolist()), [])
            covered = {q for v in views for q in v.holding.get(stop.mask, ())}
            if stop.rep in covered:
                continue
            action = self.block_move(moves.rows[i])
            for start, first in self._starts(state, stop, bool(near_flat[i])):
                if start in covered:
                    continue
                if start not in befores:
                    try:
                        befores[start] = state if first is None else apply(state, first)[0]
                    except IllegalAction:
                        befores[start] = None
                before = befores[start]
                if before is None:
                    continue
                try:
                    after = apply(before, action)[0]
                except IllegalAction:
                    continue
                self.report.nodes += 1
                view = self.survey(after)
                yield int(i), start, first, action, after, view
                if not pushing[i]:
                    views.append(view)
                    covered |= view.holding.get(stop.mask, frozenset())

    def finish(self, state: GameState, duties: Duties, step: int = 0) -> list[Action] | None:
        """The player's actions reaching the target within this turn from its `step` (0 the
        first walk, 1 the block, 2 the second walk, 3 the disk), or None if none do (among
        solutions that do their duties: the others are found from other positions)."""
        return drive(self.finishing(state, duties, step))

    def finishing(
        self, state: GameState, duties: Duties, step: int = 0
    ) -> Generator[None, None, list[Action] | None]:
        """`finish`, pausing (yielding) between pieces of work of a few milliseconds."""
        here = self.survey(state)
        level, walk = here.best
        skip: list[Action] = [Pass(player=self.colour)] if step == 1 else []
        if level >= self.target or step >= 2:
            if level < self.target or step == 3:
                return None
            return [*skip, walk] if walk is not None else []
        pending = [d for d in duties if d[1].isdisjoint(here.visit)]
        moves = Moves(self, state, self.rows(with_climber(state, self.seat, None)))
        s = state.structure
        mask = here.walker.mask
        for duty in pending:
            useful = moves.depending(duty)
            to_duty = self.good(state, here.walker, duty[1])[mask]
            if to_duty.any():
                for ladder in ladders_in(mask):
                    useful |= moves.off(to_duty, ladder)
            moves = moves.subset(useful)
        if len(moves.rows) == 0:
            return None
        yield
        goal = [
            (int(x), int(y))
            for x, y in zip(*np.nonzero(s.height >= self.target), strict=True)
            if (int(x), int(y)) not in here.walker.others
        ]
        to_goal = self.good(state, here.walker, goal)
        table = (s.height == 0) & (here.walker.player.at is None)
        ok = np.zeros(len(moves.rows), dtype=bool)
        leaving: dict[tuple[int, int], Flags] = {}
        high = moves.high(self.target)
        for held, squares in here.holding.items():
            src = mark(s.size, squares) | table
            for on in ladders_in(held):
                came = moves.onto(src, on)
                if not came.any():
                    continue
                ok |= came & high
                left = held & ~on
                for out in ladders_in(left):
                    if (left, out) not in leaving:
                        leaving[(left, out)] = moves.off(to_goal[left & ~out], out)
                    ok |= came & leaving[(left, out)]
        stops = self.stops(state, here, step)
        pushed = set().union(*(p.flat for p in stops if self._pushed_off(state, p.flat)))
        ok |= moves.covering(mark(s.size, pushed))
        picked = np.flatnonzero(ok)
        earlier: dict[tuple[int, ...], list[Survey]] = {}
        for stop in stops:
            yield
            for _, _, first, action, _, after in self._tries(state, moves, picked, stop, earlier):
                if after.best[0] >= self.target:
                    last = [after.best[1]] if after.best[1] is not None else []
                    return [*([first] if first is not None else []), action, *last]
                yield
        return None

    def expand(
        self, state: GameState, duties: Duties, step: int = 0
    ) -> Iterator[tuple[Node, Duties, list[Action]]]:
        """The positions one block move on, at the start of the next turn (the others pass),
        from the turn's `step`, with their duties and the rest of the turn's actions.

        The second walk is left to the next turn's first walk: nothing changes in between, so
        that walk can go anywhere the second could. A block move far from every walk of the
        turn is made from where the player stands: a first walk before it changes nothing.
        """
        skip = Pass(player=self.colour)
        if step >= 2:
            yield Node(state.blocks, state.players), duties, [skip] * (4 - step)
            return
        here = self.survey(state)
        pending = frozenset(d for d in duties if d[1].isdisjoint(here.visit))
        owing = [self.names.index(name) for name, _ in pending]
        climbers = mark(state.structure.size, state.climber_squares)
        stops = self.stops(state, here, step)
        stay = stops[0]
        earlier: dict[tuple[int, ...], list[Survey]] = {}
        for stop in stops:
            before = state if stop.first is None else apply(state, stop.first)[0]
            rows = self.rows(before)
            moves = Moves(self, before, rows[~np.isin(rows[:, 0], owing)])
            if len(moves.rows) == 0:
                continue
            near = moves.touching(here.visit) | moves.covering(climbers)
            done = [moves.depending(d) for d in pending]
            opening = [] if stop.first is None else [stop.first]
            for i, start, first, action, after, view in self._tries(
                state, moves, np.flatnonzero(near), stop, earlier
            ):
                left = frozenset(d for d, t in zip(pending, done, strict=True) if not t[i])
                if after.players[self.seat].at == start:
                    left |= {(action.block, self.changed(before, moves.rows[i]))}
                child = self.node(after, view.home, stop.mask)
                yield child, left, [*([first] if first else []), action, skip, skip]
            if stop is stay:
                for i in np.flatnonzero(~near).tolist():
                    row = moves.rows[i]
                    action = self.block_move(row)
                    at = (int(row[2]), int(row[3]), int(row[4]))
                    placed = with_block(before, Placement.of(action.block, int(row[1]), at))
                    left = frozenset(d for d, t in zip(pending, done, strict=True) if not t[i])
                    owed = left | {(action.block, self.changed(before, row))}
                    child = self.node(placed, here.home, stop.mask)
                    yield child, owed, [*opening, action, skip, skip]

    # ----- the search ---------------------------------------------------------------------

    def _at(self, node: Node, depth: int) -> GameState:
        """The game state of a layer's position (the start itself at depth 0)."""
        return self.start if depth == 0 else self.state(node)

    def _step(self, depth: int) -> int:
        """The step of the player's turn a layer's positions are at."""
        return self.start.turn.step if depth == 0 else 0

    def run(
        self,
        max_turns: int,
        budget: float | None = None,
        megabytes: float | None = SEARCH_MEGABYTES,
    ) -> Report:
        """Search layer by layer up to `max_turns` turns (see `steps`); the report holds the
        shortest solution found (turns None: none within the limit, which is then proved),
        unless the search takes more than `budget` seconds or adds more than `megabytes` to
        the process (then it stops, incomplete, and says which)."""
        meter = Meter(budget, megabytes)
        report = self.report
        report.complete, report.over = True, ""
        for _ in self.steps(max_turns):
            report.over = meter.over()
            if report.over:
                report.complete = False
                break
        report.seconds = meter.spent
        return report

    def steps(self, max_turns: int) -> Generator[None, None, Report]:
        """The search up to `max_turns` turns, pausing (yielding) between pieces of work of a
        few milliseconds, so that it can be spread over time and stopped; its report once it
        is over.

        Every layer but the last is built whole and checked whole: that is the proof. The last
        is only looked for a solution, so it is built lazily, the most promising positions
        (highest reach, fewest duties) expanded first and each child checked at once.
        """
        report = self.report
        root = Node(self.start.blocks, self.start.players)
        layer: dict[object, tuple[Node, Duties]] = {self.key(root): (root, frozenset())}
        seen: dict[object, Duties] = (
            {} if self.start.turn.step else dict.fromkeys(layer, frozenset())
        )
        parents: dict[tuple[int, object], tuple[object, list[Action]]] = {}

        def solved(
            depth: int, key: object, node: Node, duties: Duties
        ) -> Generator[None, None, bool]:
            found = yield from self.finishing(self._at(node, depth), duties, self._step(depth))
            if found is None:
                return False
            path: list[Action] = []
            for d in range(depth, 0, -1):
                key, actions = parents[(d, key)]
                path = actions + path
            report.turns, report.solution = depth + 1, path + found
            return True

        report.layers.append(1)
        if max_turns > 0:
            for k, v in layer.items():
                if (yield from solved(0, k, *v)):
                    return report
        for depth in range(1, max_turns):
            last = depth == max_turns - 1
            following: dict[object, tuple[Node, Duties]] = {}
            order = (yield from self._promising(layer, depth - 1)) if last else layer.items()
            for key, (node, duties) in order:
                yield
                for child, owed, actions in self.expand(
                    self._at(node, depth - 1), duties, self._step(depth - 1)
                ):
                    report.nodes += 1
                    yield
                    ck = self.key(child) if self.merge else report.nodes
                    old = seen.get(ck)
                    if old is not None and old <= owed:
                        continue
                    merged = owed if old is None else old & owed
                    seen[ck] = merged
                    if ck not in following:
                        parents[(depth, ck)] = (key, actions)
                    following[ck] = (following.get(ck, (child, merged))[0], merged)
                    if last and (yield from solved(depth, ck, *following[ck])):
                        report.layers.append(len(following))
                        return report
            report.layers.append(len(following))
            if not last:
                for key, (node, duties) in following.items():
                    yield
                    if (yield from solved(depth, key, node, duties)):
                        return report
            layer = following
        return report

    def _promising(
        self, layer: dict[object, tuple[Node, Duties]], depth: int
    ) -> Generator[None, None, list[tuple[object, tuple[Node, Duties]]]]:
        """A layer's positions, highest reach for one walk first, then fewest duties (pausing
        between the surveys that tell)."""
        promise: dict[object, tuple[int, int]] = {}
        for key, (node, duties) in layer.items():
            promise[key] = -self.survey(self._at(node, depth)).best[0], len(duties)
            yield
        return sorted(layer.items(), key=lambda item: promise[item[0]])


def drive(steps: Generator[None, None, T]) -> T:
    """Run a search's pausing generator to its end; its value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


def neighbours(grid: npt.NDArray[np.int64] | Grid, fill: int = 0) -> list[npt.NDArray[np.int64]]:
    """For each of the four directions, the grid of each square's neighbour values."""
    src = np.asarray(grid, dtype=np.int64)
    size = src.shape[0]
    out = []
    for dx, dy in NEIGHBOURS:
        g = np.full_like(src, fill)
        xs = slice(max(0, dx), size + min(0, dx))
        xd = slice(max(0, -dx), size + min(0, -dx))
        ys = slice(max(0, dy), size + min(0, dy))
        yd = slice(max(0, -dy), size + min(0, -dy))
        g[xd, yd] = src[xs, ys]
        out.append(g)
    return out


def dilate(grid: Grid) -> Grid:
    """The squares of `grid` and their four neighbours."""
    out = grid.copy()
    out[1:, :] |= grid[:-1, :]
    out[:-1, :] |= grid[1:, :]
    out[:, 1:] |= grid[:, :-1]
    out[:, :-1] |= grid[:, 1:]
    return out


def mark(size: int, squares: Iterable[Square]) -> Grid:
    """A boolean grid with the given squares set."""
    grid = np.zeros((size, size), dtype=bool)
    cells = list(squares)
    if cells:
        grid[tuple(np.array(cells).T)] = True
    return grid


class Moves:
    """Block moves of one position as rows, with vectorised tests of what they change."""

    def __init__(self, search: Search, state: GameState, rows: Rows) -> None:
        self.search = search
        self.state = state
        self.rows = rows
        s = state.structure
        self.s = s
        self.heights = s.height
        b, rot = rows[:, 0], rows[:, 1]
        self.blocks = b
        self.ext = search.extents[b, rot]
        self.top = rows[:, 4] + self.ext[:, 2]
        self.enter = search.classes[b, rot] != OTHER
        self.shapes = {
            (int(x), int(y)) for x, y in zip(self.ext[:, 0], self.ext[:, 1], strict=True)
        }
        self._hn = neighbours(s.height, fill=-99)
        self._lifted: dict[int, tuple[list[Square], list[int], list[bool]]] = {}

    def subset(self, keep: Flags) -> Moves:
        """The same position with only the kept rows."""
        return Moves(self.search, self.state, self.rows[keep])

    def covering(self, grid: Grid) -> Flags:
        """Rows whose new footprint covers a set square of `grid`."""
        result = np.zeros(len(self.rows), dtype=bool)
        for ex, ey in self.shapes:
            pick = (self.ext[:, 0] == ex) & (self.ext[:, 1] == ey)
            window: Grid = np.asarray(sliding_window_view(grid, (ex, ey)).any(axis=(2, 3)))
            result[pick] = window[self.rows[pick, 2], self.rows[pick, 3]]
        return result

    def old(self, b: int) -> tuple[list[Square], list[int], list[bool]]:
        """Block b's old footprint with the levels left there and whether they can be stood on."""
        if b not in self._lifted:
            s = self.s
            height, top = s.lifted(b)
            squares = s.footprint(b)
            levels = [int(height[q]) for q in squares]
            stand = [
                int(top[q]) >= 0 and self.search._class(s.top_colour(int(top[q]))) != OTHER
                for q in squares
            ]
            self._lifted[b] = (squares, levels, stand)
        return self._lifted[b]

    def onto(self, src: Grid, ladder: int) -> Flags:
        """Per row: can one step with `ladder` (0: none) go from a square of `src` onto what
        the move changed (its new top, or what lifting it leaves bare)?"""
        return self._step(src, ladder, True)

    def off(self, dst: Grid, ladder: int) -> Flags:
        """Per row: can one step with `ladder` (0: none) go from what the move changed onto a
        square of `dst`?"""
        return self._step(dst, ladder, False)

    def _step(self, grid: Grid, ladder: int, onto: bool) -> Flags:
        low, high = RISES[ladder]
        rows, heights = self.rows, self.heights
        span = (1 << (high - low + 1)) - 1
        levels = np.zeros(heights.shape, dtype=np.int64)
        for gn, hn in zip(neighbours(grid), self._hn, strict=True):
            # the levels t of a changed square from which, or onto which, the step works
            shifted = span << np.maximum(hn, 0)
            levels |= np.where(gn > 0, shifted << low if onto else shifted >> high, 0)
        result = np.zeros(len(rows), dtype=bool)
        for ex, ey in self.shapes:
            pick = self.enter & (self.ext[:, 0] == ex) & (self.ext[:, 1] == ey)
            if pick.any():
                window = np.bitwise_or.reduce(sliding_window_view(levels, (ex, ey)), axis=(2, 3))
                result[pick] = (window[rows[pick, 2], rows[pick, 3]] >> self.top[pick]) & 1 == 1
        size = grid.shape[0]
        for b in np.unique(self.blocks).tolist():
            squares, bare, stand = self.old(b)
            for (x, y), h, ok in zip(squares, bare, stand, strict=True):
                rises = [
                    (h - heights[r] if onto else heights[r] - h)
                    for r in ((x + dx, y + dy) for dx, dy in NEIGHBOURS)
                    if 0 <= r[0] < size and 0 <= r[1] < size and grid[r]
                ]
                if ok and any(low <= rise <= high for rise in rises):
                    result[self.blocks == b] = True
                    break
        return result

    def high(self, target: int) -> Flags:
        """Per row: does the move leave a square at `target` or higher to stand on?"""
        result: Flags = self.enter & (self.top >= target)
        for b in np.unique(self.blocks).tolist():
            _, bare, stand = self.old(b)
            if any(ok and h >= target for h, ok in zip(bare, stand, strict=True)):
                result[self.blocks == b] = True
        return result

    def touching(self, region: Region) -> Flags:
        """Rows whose move may change the play of `region`: a footprint on or beside it, or
        a block under either footprint that has surface squares in it."""
        s = self.s
        near = dilate(mark(s.size, region))
        owners = {u for u, squares in s.surfaces.items() if not region.isdisjoint(squares)}
        result = self.covering(near | np.isin(s.top, list(owners)))
        for b in np.unique(self.blocks).tolist():
            _, lifted = s.lifted(b)
            fp = s.footprint(b)
            if b in owners or any(near[q] or int(lifted[q]) in owners for q in fp):
                result[self.blocks == b] = True
        return result

    def depending(self, duty: Duty) -> Flags:
        """Rows whose move may play differently for a duty's earlier move (R14–R17: freed by
        it, standing on or beside what it changed, pushing Climbers on a surface it changed).
        Rows moving the duty's own block again are left out: that is the same as moving it
        once, from where it was, and a search position without the duty does so."""
        s = self.s
        name, region = duty
        owners = {u for u, squares in s.surfaces.items() if not region.isdisjoint(squares)}
        result = self.covering(dilate(mark(s.size, region)) | np.isin(s.top, list(owners)))
        for b in np.unique(self.blocks).tolist():
            _, lifted = s.lifted(b)
            if b in owners or any(q in region or int(lifted[q]) in owners for q in s.footprint(b)):
                result[self.blocks == b] = True
        result[self.blocks == self.search.names.index(name)] = False
        return result
