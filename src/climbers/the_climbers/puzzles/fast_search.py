"""The compiled proof: the reference's breadth-first search with its layers and last turns made
by compiled code.

`FastSearch` searches like `solver.Search` — breadth-first over the starts of the player's
turns, every position of a layer asked whether its turn reaches the target before the next
layer is built, so the first answer is a shortest solution and the layers before it are the
proof — but on compact positions: each layer is made by `layers.turn_ends` and each position
asked by `fast.one_turn`. Positions are told apart by their blocks' cells and top colour
classes, the Climbers' squares and the player's ladders.

A solution is played through `core.apply` before it is given, so a wrong one can never be
given: were the core to refuse it, the reference's search answers instead (its layers built in
Python, each position's last turn still asked of `one_turn`). The reference answers too where
the compiled code does not model the position (bridges, disks on the mountain) and while the
compiled code is not ready (see `ready`).
"""

from __future__ import annotations

import threading
from collections.abc import Generator, Iterable, Sequence
from typing import Any

import numpy as np

from climbers.the_climbers.core import Action, GameState, IllegalAction, MoveBlock, Pass, apply
from climbers.the_climbers.core.geometry import orientation
from climbers.the_climbers.core.movement import Walker, ladder_mask
from climbers.the_climbers.core.solo import pass_others
from climbers.the_climbers.core.state import Placement, Player
from climbers.the_climbers.puzzles.bound import rows_needed
from climbers.the_climbers.puzzles.budget import SEARCH_MEGABYTES
from climbers.the_climbers.puzzles.fast import FOUND_BY_MOVE, Ints, Turn, one_turn
from climbers.the_climbers.puzzles.layers import promise, turn_ends
from climbers.the_climbers.puzzles.solver import Duties, Report, Search

BATCH = 32
"""Positions whose bound is asked at once, between pauses of the search."""


class FastSearch(Search):
    """`Search` with each position's last turn asked of `one_turn` (see the module's text)."""

    def __init__(
        self,
        start: GameState,
        seat: int,
        target: int,
        merge: bool = True,
        guides: Sequence[GameState] = (),
        bound: bool = True,
    ) -> None:
        super().__init__(start, seat, target, merge)
        self.bound = bound
        """False: no position is left out by `bound.moves_needed` (to measure what it saves)."""
        self.play = sorted(start.structure.poses)
        """Indices of the blocks in play (none comes or goes in solo play)."""
        self.compact = {self.names[b]: i for i, b in enumerate(self.play)}
        self.fast_extents = np.ascontiguousarray(self.extents[self.play])
        self.fast_classes = np.ascontiguousarray(self.classes[self.play])
        self.reps = np.full((len(self.play), 24), -1, dtype=np.int64)
        """Per block the rotations that play differently (the first of each look), then -1."""
        self.canon = np.empty((len(self.play), 24), dtype=np.int64)
        """Per block and rotation, the first rotation that plays alike."""
        for i in range(len(self.play)):
            looks: dict[tuple[int, ...], int] = {}
            for r in range(24):
                look = (*self.fast_extents[i, r].tolist(), int(self.fast_classes[i, r]))
                self.canon[i, r] = looks.setdefault(look, r)
            self.reps[i, : len(looks)] = sorted(looks.values())
        self.out = np.zeros(7, dtype=np.int64)
        self.guides = np.array([self._row(g)[: 4 * len(self.play)] for g in guides], np.int64)
        """Blocks of positions known to lead to the target (a stored solution's turn starts):
        in the last layer, positions with more blocks placed as in one of them come first."""
        width = 4 * len(self.play) + 2 * len(start.players) + 1
        self._kids = np.empty((4096, width), dtype=np.int64)
        self._info = np.empty((4096, 6), dtype=np.int64)
        """`turn_ends`'s rows (grown when too few)."""

    def compiled(self, state: GameState, step: int) -> bool:
        """Whether `one_turn` models this position's turn from `step` and is ready: until it
        is (see `ready`), the reference answers, so that a search spread over frames never
        waits for the compiler."""
        modelled = step < 2 and not state.rules.bridges and not state.disk_blocks
        return modelled and ready(wait=False)

    def run(
        self,
        max_turns: int,
        budget: float | None = None,
        megabytes: float | None = SEARCH_MEGABYTES,
    ) -> Report:
        """`Search.run`, with the compiled code made ready first (its time not counted)."""
        ready(wait=True)
        return super().run(max_turns, budget, megabytes)

    def steps(self, max_turns: int) -> Generator[None, None, Report]:
        """The search (see `Search.steps`), its layers built by `layers.turn_ends` where the
        compiled code models the start and is ready, else by the reference's Python."""
        start = self.start
        if not self.compiled(start, min(start.turn.step, 1)):
            return (yield from super().steps(max_turns))
        found = yield from self._layered(max_turns)
        if found:
            return self.report
        self.report = Report()  # a turn the core refused: the reference's search instead
        return (yield from super().steps(max_turns))

    def _row(self, state: GameState) -> Ints:
        """A position as one of `turn_ends`'s rows (each block's rotation the first that plays
        alike)."""
        poses, climbers = self.arrays(state.blocks, state.players)
        for b in range(len(poses)):
            poses[b, 0] = self.canon[b, poses[b, 0]]
        me = state.players[self.seat]
        rest = [ladder_mask(me.ladders)]
        return np.concatenate([poses.ravel(), (climbers[:, :2] + 1).ravel(), rest])

    def _unrow(self, row: Ints) -> tuple[Ints, Ints, int]:
        """A row's poses, Climbers (x, y, seat) and the player's ladders."""
        n = len(self.play)
        poses = row[: 4 * n].reshape(n, 4)
        climbers = row[4 * n : -1].reshape(-1, 2) - 1
        seats = np.arange(len(climbers), dtype=np.int64)[:, None]
        return poses, np.ascontiguousarray(np.hstack([climbers, seats])), int(row[-1])

    def _turn(self, row: Ints) -> Turn:
        """A row as the compiled turn's position (`fast.Turn`)."""
        poses, climbers, mask = self._unrow(row)
        return (
            self.start.rules.table_size,
            np.ascontiguousarray(poses),
            self.fast_extents,
            self.fast_classes,
            self.reps,
            climbers,
            self.seat,
            mask,
        )

    def _needed(self, rows: Ints, turns: int) -> Ints:
        """Per position (rows of turn starts), at least how many block moves it still needs,
        up to `turns` + 1 (`bound.moves_needed`; 0 without the bound): more than `turns` leaves
        it out, more than one spares asking its turn."""
        if not self.bound:
            return np.zeros(len(rows), dtype=np.int64)
        size, n, target = self.start.rules.table_size, len(self.play), self.target
        asked: tuple[Any, ...] = (self.fast_extents, self.fast_classes, self.seat, target, turns)
        return rows_needed(size, np.ascontiguousarray(rows), n, *asked)

    def _one_turn(self, row: Ints, first_walk: bool) -> int:
        """`one_turn` on a row (its verdict; the block moves it walked counted)."""
        verdict = one_turn(self._turn(row), first_walk, self.target, self.out)
        self.report.nodes += int(self.out[6])
        return int(verdict)

    def _layered(self, max_turns: int) -> Generator[None, None, bool]:
        """Breadth-first over the starts of the player's turns, each position asked at once
        whether its turn reaches the target (`one_turn`), the next layer made by `turn_ends`.
        The first position that can is a shortest solution, played through `core.apply`
        before it is given; False when the core refuses it (then nothing is reported)."""
        report = self.report
        start = self.start
        step = start.turn.step
        report.layers.append(1)
        if max_turns <= 0:
            return True
        found = yield from self.finishing(start, frozenset(), step)
        if found is not None:
            report.turns, report.solution = 1, found
            return True
        root = self._row(start)
        least = self._needed(root[None, :], max_turns)[0] if step < 2 else 0
        """No solution takes fewer turns than this."""
        if least > max_turns:
            return True
        seen: set[bytes] = set() if step >= 2 else {root.astype(np.uint8).tobytes()}
        layer = root[None, :]
        paths: list[list[tuple[int, tuple[int, ...]]]] = [[(-1, ())]]
        """Per layer, per position: its parent's index in the layer before and how it came."""
        for depth in range(1, max_turns):
            last = depth == max_turns - 1
            following: list[bytes] = []
            """The positions kept, as their compact bytes (rows of `kids` would keep their
            whole array alive)."""
            came: list[tuple[int, tuple[int, ...]]] = []
            order: Iterable[int] = range(len(layer))
            if last:  # only looked through for a solution: the most promising first
                order = self._best_first(layer)
            for i in order:
                yield
                if depth == 1 and step >= 2:  # the turn's rest passed
                    kids, info = layer[i][None, :], np.full((1, 6), -3, dtype=np.int64)
                else:
                    kids, info = self._ends(layer[i], depth > 1 or step == 0)
                report.nodes += len(kids)
                keys = kids.astype(np.uint8)
                fresh = []
                for c in self._best_first(kids) if last else range(len(kids)):
                    key = keys[c].tobytes()
                    if key not in seen:
                        seen.add(key)
                        fresh.append((c, key))
                for first in range(0, len(fresh), BATCH):
                    yield
                    batch = fresh[first : first + BATCH]
                    needs = self._needed(kids[[c for c, _ in batch]], max_turns - depth)
                    for (c, key), needed in zip(batch, needs, strict=True):
                        if needed > max_turns - depth:
                            report.pruned += 1
                            continue
                        following.append(key)
                        came.append((i, tuple(int(v) for v in info[c])))
                        if needed <= 1 and depth + 1 >= least and self._one_turn(kids[c], True):
                            paths.append(came)
                            report.layers.append(len(following))
                            last_kept = len(following) - 1
                            return (yield from self._solution(paths, last_kept, depth))
            report.layers.append(len(following))
            paths.append(came)
            packed = np.frombuffer(b"".join(following), dtype=np.uint8)
            layer = packed.reshape(len(following), root.size).astype(np.int64)
        return True

    def _ends(self, row: Ints, first_walk: bool) -> tuple[Ints, Ints]:
        """`turn_ends` of a row: the next positions and how each came."""
        turn = self._turn(row)
        while True:
            count = turn_ends(turn, first_walk, self._kids, self._info)
            if count >= 0:
                return self._kids[:count].copy(), self._info[:count].copy()
            self._kids = np.empty((2 * len(self._kids), len(row)), dtype=np.int64)
            self._info = np.empty((2 * len(self._info), 6), dtype=np.int64)

    def _best_first(self, rows: Ints) -> Ints:
        """Indices of rows, the most promising for the target first: most blocks placed as in a
        guide, then `layers.promise`."""
        if len(rows) == 0:
            return np.empty(0, dtype=np.int64)
        n = len(self.play)
        score = promise(rows, n, self.seat, self.fast_extents, self.target)
        if len(self.guides):
            blocks = rows[:, None, : 4 * n].reshape(len(rows), 1, n, 4)
            alike = (blocks == self.guides.reshape(1, -1, n, 4)).all(axis=3).sum(axis=2)
            score = score + 1000 * alike.max(axis=1)
        return np.argsort(-score, kind="stable")

    def _solution(
        self, paths: list[list[tuple[int, tuple[int, ...]]]], index: int, depth: int
    ) -> Generator[None, None, bool]:
        """The actions to the position `index` of layer `depth` and its last turn, played
        through `core.apply` (False when the core refuses one or the turn falls short)."""
        hows: list[tuple[int, ...]] = []
        for d in range(depth, 0, -1):
            index, how = paths[d][index]
            hows.append(how)
        state = self.start
        step = state.turn.step
        actions: list[Action] = []
        skip = Pass(player=self.colour)
        size = state.rules.table_size
        try:
            for how in reversed(hows):
                turn: list[Action] = []
                if how[0] == -3:
                    turn = [skip] * (4 - step)
                else:
                    stop, b, rot, x, y, z = how
                    if step == 0:
                        me = state.players[self.seat]
                        at = None if stop < 0 else (stop // 4 // size, stop // 4 % size)
                        if stop < 0 or at == me.at:
                            turn.append(skip)
                        else:
                            turn.append(self._first(state, at, stop % 4))
                    up, north = orientation(rot)
                    name = self.names[self.play[b]]
                    block = MoveBlock(
                        player=self.colour, block=name, at=(x, y, z), up=up, north=north
                    )
                    turn += [block, skip, skip]
                for action in turn:
                    state = apply(state, action)[0]
                    if state.actor != self.seat:
                        state = pass_others(state, self.seat)[0]
                actions += turn
                step = 0
        except IllegalAction:
            return False
        last = yield from self.finishing(state, frozenset(), 0)
        if last is None:
            return False
        self.report.turns, self.report.solution = depth + 1, actions + last
        return True

    def arrays(
        self, blocks: tuple[Placement, ...], players: tuple[Player, ...]
    ) -> tuple[Ints, Ints]:
        """A position's compact form: poses per block in play and Climbers (x, y, seat)."""
        poses = np.empty((len(self.play), 4), dtype=np.int64)
        for p in blocks:
            poses[self.compact[p.block]] = (p.rot, *p.at)
        climbers = np.array(
            [(-1, -1, i) if p.at is None else (*p.at, i) for i, p in enumerate(players)],
            dtype=np.int64,
        )
        return poses, climbers

    def finishing(
        self, state: GameState, duties: Duties, step: int = 0
    ) -> Generator[None, None, list[Action] | None]:
        """The reference's question, answered by `one_turn` where it models the turn."""
        if not self.compiled(state, step):
            return (yield from super().finishing(state, duties, step))
        poses, climbers = self.arrays(state.blocks, state.players)
        me = state.players[self.seat]
        turn = (
            state.rules.table_size,
            poses,
            self.fast_extents,
            self.fast_classes,
            self.reps,
            climbers,
            self.seat,
            ladder_mask(me.ladders),
        )
        verdict = one_turn(turn, step == 0, self.target, self.out)
        self.report.nodes += int(self.out[6])
        if verdict == 0:
            return None
        found = self._replayed(state, step) if verdict == FOUND_BY_MOVE else None
        if found is None:
            return (yield from super().finishing(state, duties, step))
        return found

    def _replayed(self, state: GameState, step: int) -> list[Action] | None:
        """The turn `one_turn` found, as actions played through `core.apply` (None when the core
        refuses one or the target is not reached: then the reference answers)."""
        stop, b, rot, x, y, z = (int(v) for v in self.out[:6])
        me = state.players[self.seat]
        size = state.rules.table_size
        actions: list[Action] = []
        if step == 0:
            at = None if stop < 0 else (stop // 4 // size, stop // 4 % size)
            left = ladder_mask(me.ladders) if stop < 0 else stop % 4
            actions.append(self._first(state, at, left))
        up, north = orientation(rot)
        name = self.names[self.play[b]]
        actions.append(MoveBlock(player=self.colour, block=name, at=(x, y, z), up=up, north=north))
        try:
            after = state
            for action in actions:
                after = apply(after, action)[0]
            routes = [r for rs in Walker(after, self.seat, True).routes().values() for r in rs]
            high = [r for r in routes if r.level >= self.target]
            if not high:
                return None
            best = min(high, key=lambda r: (-r.level, r.cost, r.to))
            last = self._walk(best.to, best.ladders)
            apply(after, last)
        except IllegalAction:
            return None
        return [*actions, last]


_loading: list[threading.Thread] = []
"""The thread compiling `one_turn`, `turn_ends` and the bound (or loading them from numba's
cache), once started."""


def _load() -> None:
    """Call `one_turn`, `turn_ends` and `bound.rows_needed` once on a one-block position, so
    that they are compiled (or loaded)."""
    poses = np.array([[0, 1, 1, 0]], dtype=np.int64)
    extents = np.ones((1, 24, 3), dtype=np.int64)
    classes = np.ones((1, 24), dtype=np.int64)
    reps = np.full((1, 24), -1, dtype=np.int64)
    reps[0, 0] = 0
    climbers = np.array([[-1, -1, 0]], dtype=np.int64)
    turn = (4, poses, extents, classes, reps, climbers, 0, 0)
    one_turn(turn, True, 5, np.zeros(7, np.int64))
    kids, info = np.empty((64, 7), dtype=np.int64), np.empty((64, 6), dtype=np.int64)
    turn_ends(turn, True, kids, info)
    rows_needed(4, np.array([[0, 1, 1, 0, 0, 0, 0]], dtype=np.int64), 1, extents, classes, 0, 5, 1)


def ready(wait: bool) -> bool:
    """Whether the compiled code can run at once; the first call starts compiling it (or
    loading it from the cache: seconds, against minutes from cold) on a thread of its own, and
    with `wait` waits for that."""
    if not _loading:
        _loading.append(threading.Thread(target=_load, name="compile-solver", daemon=True))
        _loading[0].start()
    if wait:
        _loading[0].join()
    return not _loading[0].is_alive()
