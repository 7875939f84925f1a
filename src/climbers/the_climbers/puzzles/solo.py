"""Solo play of a puzzle: the player's actions go through `core.apply`, the others pass.

The turns advance by the core's solo rules (`climbers.the_climbers.core.solo`: no reaction
moves, the others pass, no end by quiet turns). The target is reached as soon as the player's
Climber stands on the target level or higher. The player's turns are counted from 1; the puzzle
is lost when its last turn ends below it.

Every action (or ended turn) is kept, so it can be taken back and done again, the others'
passes and the turn count with it. Hints come from kept lines: the stored solution, and every
solution the solver found on the way (for a hint or for the check whether the target is still
within reach), each kept whole, so that every position along one answers at once.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Generator
from dataclasses import dataclass

from climbers.io.language import N_
from climbers.the_climbers.core import Action, GameState, IllegalAction, Pass, Reason, apply
from climbers.the_climbers.core.events import Event
from climbers.the_climbers.core.solo import pass_others
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.puzzles.budget import Meter
from climbers.the_climbers.puzzles.model import Puzzle
from climbers.the_climbers.puzzles.solver import Node, Report, Search

NO_UNDO = N_("This is the start of the puzzle: nothing to undo.")
CHECK_BUDGET = 0.25
"""Seconds `in_reach` searches by default."""
PENDING = 3
"""How many searches stopped before they were over are kept to go on with (each holds the
positions it has seen)."""


@dataclass
class Pending:
    """A search for one position, stopped before it was over (it goes on when asked again)."""

    search: Search
    steps: Generator[None, None, Report]
    meter: Meter
    """The memory it has added to the process, against its limit."""
    seconds: float = 0.0
    """Seconds spent on it so far (infinite once it has used up its memory)."""


@dataclass(frozen=True)
class Point:
    """One point of a try: the position, the player's turn then, and the events that led
    there from the point before (the others' passes included)."""

    state: GameState
    turn: int
    events: tuple[Event, ...] = ()


class SoloPlay:
    """One try at a puzzle: the position, the turn count, undo and redo, hints and the
    solution."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.seat = puzzle.seat
        self._points = [Point(puzzle.position, 1)]
        self._cursor = 0
        self._keys = Search(puzzle.position, self.seat, puzzle.target)
        """Only for its keys: what a position plays like."""
        self._lines: dict[object, Action] = {}
        """Positions (by what they play like, the step and the turn) on a kept line → the
        line's next action there."""
        self._beyond: set[object] = set()
        """Positions proved to be out of reach of the target in the turns left."""
        self._pending: dict[object, Pending] = {}
        """The searches under way, by position, that stopped before they were over (the
        latest few: a try that comes back to one goes on with it)."""
        self.searches = 0
        """How many searches the hints and checks ran (the kept lines spare the others)."""
        self.keep(puzzle.position, 1, puzzle.actions())

    def __copy__(self) -> SoloPlay:
        """A try of its own from here on (the kept lines stay shared: they hold for both)."""
        other = object.__new__(SoloPlay)
        other.__dict__.update(self.__dict__)
        other._points = self._points[: self._cursor + 1]
        return other

    # ----- where the try stands ---------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The position now."""
        return self._points[self._cursor].state

    @property
    def turn(self) -> int:
        """The player's turn now, counted from 1."""
        return self._points[self._cursor].turn

    @property
    def level(self) -> int:
        """The player's level now."""
        return self.state.level(self.seat)

    @property
    def solved(self) -> bool:
        """Whether the player stands on the target level or higher."""
        return self.level >= self.puzzle.target

    @property
    def failed(self) -> bool:
        """Whether the last turn ended below the target."""
        return self.turn > self.puzzle.turns

    @property
    def turns_left(self) -> int:
        """Turns the player may still begin or finish, this one included."""
        return max(0, self.puzzle.turns - self.turn + 1)

    # ----- playing ----------------------------------------------------------------------------

    def _after(self, state: GameState, turn: int, action: Action) -> Point:
        """The point after one of the player's actions from (state, turn); IllegalAction with
        the core's reason when it is refused."""
        if self._over(state, turn):
            solved = state.level(self.seat) >= self.puzzle.target
            raise IllegalAction(Reason.GAME_OVER, detail="solved" if solved else "out of turns")
        state, events = apply(state, action)
        if state.actor != self.seat and state.level(self.seat) < self.puzzle.target:
            turn += 1
            if turn <= self.puzzle.turns:
                state, passed = pass_others(state, self.seat)
                events.extend(passed)
        return Point(state, turn, tuple(events))

    def _record(self, point: Point) -> list[Event]:
        del self._points[self._cursor + 1 :]
        self._points.append(point)
        self._cursor += 1
        return list(point.events)

    def apply(self, action: Action) -> list[Event]:
        """Play one of the player's actions through `core.apply` (IllegalAction keeps
        the core's reason); when it ends the turn, the others pass. Returns every event."""
        return self._record(self._after(self.state, self.turn, action))

    def end_turn(self) -> list[Event]:
        """Pass the rest of the player's turn; the others then pass theirs (one step to undo)."""
        point = self._points[self._cursor]
        events: list[Event] = []
        while point.turn == self.turn and not self._over(point.state, point.turn):
            point = self._after(point.state, point.turn, Pass(player=self.puzzle.player))
            events.extend(point.events)
        if point is self._points[self._cursor]:
            return []
        return self._record(Point(point.state, point.turn, tuple(events)))

    def _over(self, state: GameState, turn: int) -> bool:
        """Whether the puzzle is over at (state, turn): solved, or out of turns."""
        return state.level(self.seat) >= self.puzzle.target or turn > self.puzzle.turns

    def restart(self) -> None:
        """Back to the puzzle's start (nothing to undo or redo)."""
        self._points, self._cursor = self._points[:1], 0

    @property
    def can_undo(self) -> bool:
        """Whether an action (or ended turn) can be taken back."""
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        """Whether an action taken back can be done again."""
        return self._cursor + 1 < len(self._points)

    def undo(self) -> bool:
        """Take back the last action or ended turn (the others' passes and the turn count with
        it); False at the start."""
        if not self.can_undo:
            return False
        self._cursor -= 1
        return True

    def redo(self) -> list[Event] | None:
        """Do again the action last taken back; its events as they were (None: nothing)."""
        if not self.can_redo:
            return None
        self._cursor += 1
        return list(self._points[self._cursor].events)

    # ----- help -------------------------------------------------------------------------------

    def where(self, state: GameState | None = None, turn: int | None = None) -> object:
        """What a position plays like (the solver's key), its step and the player's turn."""
        state = self.state if state is None else state
        node = Node(state.blocks, state.players)
        return self._keys.key(node), state.turn.step, self.turn if turn is None else turn

    def keep(self, state: GameState, turn: int, actions: list[Action]) -> bool:
        """Keep a line of actions from (state, turn): every position along it answers a hint
        with its next action. Returns whether the line reaches the target (it is kept as far
        as the core takes it)."""
        for i, action in enumerate(actions):
            where = self.where(state, turn)
            if i == 0:
                self._lines[where] = action  # the line asked for here
            else:
                self._lines.setdefault(where, action)
            try:
                point = self._after(state, turn, action)
            except IllegalAction:
                return False
            state, turn = point.state, point.turn
        return state.level(self.seat) >= self.puzzle.target

    def _kept(self) -> Action | None:
        """The next action of a kept line through here, when the core takes it now."""
        action = self._lines.get(self.where())
        if action is None:
            return None
        try:
            apply(self.state, action)
        except IllegalAction:
            return None
        return action

    def _search(self, budget: float | None) -> list[Action] | None:
        """Solve from here for at most `budget` seconds more: a shortest solution (kept), an
        empty one when the target cannot be reached in the turns left (proved), None when the
        search is not over yet. A search not over is kept, and the next call for the same
        position goes on with it where it stopped, unless it has used up its memory (then its
        seconds spent are infinite, and it is never gone on with)."""
        where = self.where()
        pending = self._pending.pop(where, None)
        if pending is not None and pending.seconds == math.inf:
            self._pending[where] = pending
            return None
        if pending is None:
            from climbers.the_climbers.puzzles.fast_search import FastSearch  # compiled: slow

            self.searches += 1
            search = FastSearch(self.state, self.seat, self.puzzle.target, guides=self._guides)
            pending = Pending(search, search.steps(self.turns_left), Meter())
        began = time.perf_counter()
        try:
            for _ in pending.steps:
                if pending.meter.over():
                    pending.seconds = math.inf  # it would take too long: never go on with it
                    self._pending[where] = pending
                    return None
                if budget is not None and time.perf_counter() - began > budget:
                    self._pending[where] = pending
                    while len(self._pending) > PENDING:
                        del self._pending[next(iter(self._pending))]
                    return None
        finally:
            pending.seconds += time.perf_counter() - began
        report = pending.search.report
        if report.turns is None:
            self._beyond.add(where)
            return []
        self.keep(self.state, self.turn, report.solution)
        return report.solution

    @functools.cached_property
    def _guides(self) -> tuple[GameState, ...]:
        """The stored solution's positions at the start of each of its turns: a search looks
        first at positions like them."""
        found, state, turn = [], self.puzzle.position, 1
        for action in self.puzzle.actions():
            point = self._after(state, turn, action)
            if point.turn != turn:
                found.append(point.state)
            state, turn = point.state, point.turn
        return tuple(found)

    def give_up(self) -> None:
        """Drop the search under way for this position (a later one starts afresh)."""
        self._pending.pop(self.where(), None)

    @property
    def searching(self) -> float | None:
        """Seconds spent so far on the search under way for this position (None: none)."""
        pending = self._pending.get(self.where())
        return None if pending is None else pending.seconds

    def _known_beyond(self) -> bool:
        """Whether here is known to be out of reach: proved here, or at a point this try passed
        through on its way here (no action brings the target back within reach)."""
        if not self._beyond:
            return False
        where = self.where()
        if where in self._beyond:
            return True
        for point in self._points[: self._cursor]:
            if self.where(point.state, point.turn) in self._beyond:
                self._beyond.add(where)
                return True
        return False

    def hint(self, budget: float | None = None) -> Action | None:
        """The first action of a shortest solution from here, or None when the target cannot
        be reached in the turns left (or is reached). On a kept line (the stored solution, or
        a solution found earlier) this is its next action at once; anywhere else the position
        is solved afresh and its whole solution kept, TimeoutError when that takes more than
        `budget` seconds."""
        if self.solved or self.failed or self._known_beyond():
            return None
        action = self._kept()
        if action is not None:
            return action
        found = self._search(budget)
        if found is None:
            raise TimeoutError(f"no hint within {budget} s")
        return found[0] if found else None

    def in_reach(self, budget: float | None = CHECK_BUDGET) -> bool | None:
        """Whether the target can still be reached in the turns left: True (reached, or on a
        kept line, or a solution found within `budget` seconds, then kept), False (proved out
        of reach), None (not decided within the budget)."""
        if self.solved:
            return True
        if self.failed or self._known_beyond():
            return False
        if self._kept() is not None:
            return True
        found = self._search(budget)
        return None if found is None else bool(found)

    def solution(self) -> list[Action]:
        """The stored shortest solution from the start, for a "Show solution" replay."""
        return self.puzzle.actions()


def replay(puzzle: Puzzle) -> SoloPlay:
    """The stored solution played from the start; IllegalAction or ValueError when it is refused
    or does not reach the target in exactly the puzzle's number of turns."""
    play = SoloPlay(puzzle)
    actions = puzzle.actions()
    for i, action in enumerate(actions):
        if play.solved:
            raise ValueError(f"the target is reached before the solution's action {i}")
        play.apply(action)
    if not play.solved:
        raise ValueError(f"the solution ends on level {play.level}, below the target")
    if play.turn != puzzle.turns:
        raise ValueError(f"the solution takes {play.turn} turns, not {puzzle.turns}")
    return play


class PuzzleDriver:
    """A puzzle on the table (climbers.session.driver): the player's actions go to the solo
    play, the others pass; undo takes back one action (or ended turn) at a time, back to the
    puzzle's start, and redo does it again."""

    no_undo = NO_UNDO

    def __init__(self, solo: SoloPlay) -> None:
        self.solo = solo
        self.session = GameSession(solo.puzzle.position)
        """The puzzle's start, for the table's listeners (the solo play keeps the state)."""

    @property
    def state(self) -> GameState:
        return self.solo.state

    def act(self, action: Action) -> list[Event]:
        return self.solo.apply(action)

    def done(self) -> list[Event]:
        return [] if self.solo.solved or self.solo.failed else self.solo.end_turn()

    @property
    def can_undo(self) -> bool:
        return self.solo.can_undo

    def undo(self) -> bool:
        return self.solo.undo()

    def redo(self) -> list[Event] | None:
        return self.solo.redo()
