"""A game being played, for any game on the table: the current state, its full history,
undo/redo, listeners and autosave.

Pure Python (no window): the table, replays, bots and tests drive a game through this. The
game's rules (climbers.games.interface.GameRules) decide every action; the game's `Turns` say
what a player's own turn is, for undo within a turn and for ending it at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from climbers.games.interface import GameRules
from climbers.io.language import N_, say
from climbers.io.messages import one_line, short_path

S = TypeVar("S")
"""The game's state."""

Listener = Callable[[Any, list[Any]], None]
"""Told the new state and what happened after every action, undo (no events) and redo."""

Saver = Callable[["Session[Any]"], None]
"""Called after every applied action, undo and redo, to keep a copy of the game on disk; an
OSError it raises does not stop the game (see `Session.save_problem`)."""

SaveWatcher = Callable[[str | None], None]
"""Told the one-line problem when saving starts failing (or fails for another reason), and None
when a save succeeds again."""


class Turns(Protocol):
    """What a game says of a player's own turn."""

    def same_turn(self, before: Any, after: Any) -> bool:
        """Whether `after` is still the acting player's own turn that was going on in `before`
        (undo within a turn may go back from `after` to `before`)."""
        ...

    def finishing(self, start: Any, now: Any) -> Any | None:
        """The action that passes one more step of the own turn going on in `start`, in `now`;
        None once that turn is over (Done ends a turn with these actions)."""
        ...


@dataclass(frozen=True)
class Entry(Generic[S]):
    """One point of the history: the action that led here (None at the start), the state, and
    the events that action caused (redo animates them without applying the action again)."""

    action: Any
    state: S
    events: tuple[Any, ...] = ()


class Session(Generic[S]):
    """The game's history of (action, state, events) with a cursor; `state` is the state at the
    cursor."""

    def __init__(
        self,
        rules: GameRules[S, Any],
        turns: Turns,
        start: S,
        saver: Saver | None = None,
        bots: dict[Any, str] | None = None,
    ) -> None:
        self.rules = rules
        self.turns = turns
        self._history: list[Entry[S]] = [Entry(None, start)]
        self._cursor = 0
        self._listeners: list[Listener] = []
        self._save_watchers: list[SaveWatcher] = []
        self.saver = saver
        self.save_problem: str | None = None
        self._problem_told = False
        """Whether a watcher was told of `save_problem`."""
        """Why the last save failed, in one line for the player; None when it succeeded."""
        self.saved = False
        """Whether the game as it stands now is on disk (the last save succeeded)."""
        self.last_refusal: Exception | None = None
        """The most recent refused action's reason, cleared when an action applies."""
        self.bots: dict[Any, str] = dict(bots or {})
        """The bot level of each seat a bot plays, by the game's name for the seat."""

    def replay_log(self, lines: Iterable[str]) -> None:
        """Apply a text action log (ValueError, or the game's refusal, when it does not fit)."""
        for line in lines:
            if line.strip():
                self.act(self.rules.parse_action(line))

    # -- reading ---------------------------------------------------------------------------

    @property
    def state(self) -> S:
        """The current state."""
        return self._history[self._cursor].state

    @property
    def start(self) -> S:
        """The state the session began with."""
        return self._history[0].state

    @property
    def history(self) -> list[Entry[S]]:
        """Every entry up to and including the current one (redo entries are not included)."""
        return self._history[: self._cursor + 1]

    @property
    def actions(self) -> list[Any]:
        """The actions applied from the start to the current state."""
        return [e.action for e in self._history[1 : self._cursor + 1] if e.action is not None]

    def last_step(self) -> tuple[S, Any] | None:
        """The state before the last applied action, and that action (None at the start)."""
        if self._cursor == 0:
            return None
        return self._history[self._cursor - 1].state, self._history[self._cursor].action

    @property
    def log(self) -> list[str]:
        """The applied actions in their one-line text form (read back with `replay_log`)."""
        return [self.rules.action_text(a) for a in self.actions]

    # -- listeners -------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(state, events)` after every change of the current state."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling `listener`."""
        self._listeners.remove(listener)

    def forget_listeners(self) -> None:
        """Stop calling every listener and save watcher (a new screen takes the session on)."""
        self._listeners.clear()
        self._save_watchers.clear()

    def watch_saving(self, watcher: SaveWatcher) -> None:
        """Call `watcher(problem)` when saving starts failing or fails for another reason, and
        `watcher(None)` when a save succeeds after a failure: each change is told once. A
        failure that came before anyone watched (the save when a table takes the game on) is
        told to the first watcher at once."""
        self._save_watchers.append(watcher)
        if self.save_problem is not None and not self._problem_told:
            self._problem_told = True
            watcher(self.save_problem)

    def _changed(self, events: list[Any]) -> None:
        self.save()
        for listener in list(self._listeners):
            listener(self.state, events)

    def save(self) -> None:
        """Run the saver (after every change, and when a table takes the game on); a failure is
        kept in `save_problem` and the game goes on."""
        if self.saver is None:
            return
        try:
            self.saver(self)
            problem = None
        except OSError as exc:
            problem = save_failure(exc)
        self.saved = problem is None
        if problem != self.save_problem:
            self.save_problem = problem
            self._problem_told = bool(self._save_watchers)
            for watcher in list(self._save_watchers):
                watcher(problem)

    # -- playing ---------------------------------------------------------------------------

    def act(self, action: Any) -> list[Any]:
        """Apply `action`; the game's refusal (kept in `last_refusal`) leaves the session as it
        was. Returns the events."""
        try:
            state, events = self.rules.apply(self.state, action)
        except self.rules.refusal as refusal:
            self.last_refusal = refusal
            raise
        self.record(action, state, events)
        return list(events)

    def record(self, action: Any, state: S, events: Sequence[Any]) -> None:
        """Take in a step decided elsewhere (a game's host): `action` led to `state` with
        `events`, as if applied here."""
        del self._history[self._cursor + 1 :]
        self._history.append(Entry(action, state, tuple(events)))
        self._cursor += 1
        self.last_refusal = None
        self._changed(list(events))

    def done(self) -> list[Any]:
        """Pass every remaining step of the acting player's own turn (the Done button).
        Returns all events that happened."""
        start = self.state
        events: list[Any] = []
        while (action := self.turns.finishing(start, self.state)) is not None:
            events += self.act(action)
        return events

    # -- undo and redo ---------------------------------------------------------------------

    def can_undo(self, within_turn: bool = True) -> bool:
        """Whether `undo(within_turn)` would go back one action: within the turn (the table's
        undo) only the acting player's own steps of the current turn can be taken back."""
        if self._cursor == 0:
            return False
        before = self._history[self._cursor - 1].state
        return not within_turn or self.turns.same_turn(before, self.state)

    def undo(self, within_turn: bool = True) -> bool:
        """Go back one action (see `can_undo`); False when that is not possible."""
        if not self.can_undo(within_turn):
            return False
        self._cursor -= 1
        self.last_refusal = None
        self._changed([])
        return True

    @property
    def cursor(self) -> int:
        """How many actions of the history are applied now (the rest can be redone)."""
        return self._cursor

    def seek(self, index: int) -> None:
        """Go straight to the point after `index` actions of the history, keeping the rest to
        redo (a replay's jumps); IndexError when the history has no such point."""
        if not 0 <= index < len(self._history):
            raise IndexError(f"the history has no point {index}")
        if index != self._cursor:
            self._cursor = index
            self.last_refusal = None
            self._changed([])

    @property
    def recorded(self) -> list[Entry[S]]:
        """Every entry of the history, those that can be redone included."""
        return list(self._history)

    @property
    def can_redo(self) -> bool:
        """Whether an undone action can be applied again."""
        return self._cursor + 1 < len(self._history)

    def redo(self) -> list[Any] | None:
        """Step forward to the last undone action; returns the events it caused (for the
        table to animate, without applying it again), None when there is nothing to redo."""
        if not self.can_redo:
            return None
        self._cursor += 1
        self.last_refusal = None
        events = list(self._history[self._cursor].events)
        self._changed(events)
        return events


def save_failure(exc: OSError) -> str:
    """The one line a player reads when a save failed with `exc`."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename:  # the folder: a temporary file's name changes from save to save
        reason += f": {short_path(os.path.dirname(exc.filename) or exc.filename, 60)}"
    failed = N_("Saving the game failed ({reason}); play goes on, and the next action tries again.")
    return one_line(say(failed, reason=reason))
