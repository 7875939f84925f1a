"""A game being played: the current state, its full history, undo/redo, listeners and autosave.

Pure Python (no window): the 3D client, replays, bots and tests drive a game through this.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from climbers.io.language import N_, say
from climbers.io.messages import one_line, short_path
from climbers.the_climbers.core import (
    Action,
    Colour,
    Event,
    GameState,
    IllegalAction,
    Pass,
    apply,
    parse_action,
)
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.io import SavedGame, save_game

Listener = Callable[[GameState, list[Event]], None]
"""Told the new state and what happened after every action, undo (no events) and redo."""

Saver = Callable[["GameSession"], None]
"""Called after every applied action, undo and redo, to keep a copy of the game on disk; an
OSError it raises does not stop the game (see `GameSession.save_problem`)."""

SaveWatcher = Callable[[str | None], None]
"""Told the one-line problem when saving starts failing (or fails for another reason), and None
when a save succeeds again."""


@dataclass(frozen=True)
class Entry:
    """One point of the history: the action that led here (None at the start) and the state."""

    action: Action | None
    state: GameState


class GameSession:
    """The game's history of (action, state) with a cursor; `state` is the state at the cursor."""

    def __init__(
        self, start: GameState, saver: Saver | None = None, bots: dict[Colour, str] | None = None
    ) -> None:
        self._history: list[Entry] = [Entry(None, start)]
        self._cursor = 0
        self._listeners: list[Listener] = []
        self._save_watchers: list[SaveWatcher] = []
        self.saver = saver
        self.save_problem: str | None = None
        """Why the last save failed, in one line for the player; None when it succeeded."""
        self.last_refusal: IllegalAction | None = None
        """The most recent refused action's reason, cleared when an action applies."""
        self.bots: dict[Colour, str] = dict(bots or {})
        """The bot level of each seat a bot plays, by colour; people play the others."""

    @classmethod
    def from_log(
        cls,
        start: GameState,
        lines: Iterable[str],
        saver: Saver | None = None,
        bots: dict[Colour, str] | None = None,
    ) -> GameSession:
        """Replay a text action log from `start`; ValueError or IllegalAction if it does not fit."""
        session = cls(start, bots=bots)
        for line in lines:
            if line.strip():
                session.act(parse_action(line))
        session.saver = saver
        return session

    @classmethod
    def resume(cls, saved: SavedGame, saver: Saver | None = None) -> GameSession:
        """Continue a saved game with its whole history (a position without a log: from there)."""
        if saved.start is None:
            return cls(saved.state, saver, saved.bots)
        return cls.from_log(saved.start, saved.log, saver, saved.bots)

    # -- reading ---------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._history[self._cursor].state

    @property
    def start(self) -> GameState:
        """The state the session began with."""
        return self._history[0].state

    @property
    def history(self) -> list[Entry]:
        """Every entry up to and including the current one (redo entries are not included)."""
        return self._history[: self._cursor + 1]

    @property
    def actions(self) -> list[Action]:
        """The actions applied from the start to the current state."""
        return [e.action for e in self._history[1 : self._cursor + 1] if e.action is not None]

    def last_step(self) -> tuple[GameState, Action] | None:
        """The state before the last applied action, and that action (None at the start)."""
        if self._cursor == 0:
            return None
        action = self._history[self._cursor].action
        assert action is not None
        return self._history[self._cursor - 1].state, action

    @property
    def log(self) -> list[str]:
        """The applied actions in their one-line text form (read back with `from_log`)."""
        return [str(a) for a in self.actions]

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
        `watcher(None)` when a save succeeds after a failure: each change is told once."""
        self._save_watchers.append(watcher)

    def _changed(self, events: list[Event]) -> None:
        self._save()
        for listener in list(self._listeners):
            listener(self.state, events)

    def _save(self) -> None:
        """Run the saver; a failure is kept in `save_problem` and the game goes on."""
        if self.saver is None:
            return
        try:
            self.saver(self)
            problem = None
        except OSError as exc:
            problem = _save_failure(exc)
        if problem != self.save_problem:
            self.save_problem = problem
            for watcher in list(self._save_watchers):
                watcher(problem)

    # -- playing ---------------------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        """Apply `action`; IllegalAction (kept in `last_refusal`) leaves the session unchanged."""
        try:
            state, events = apply(self.state, action)
        except IllegalAction as refusal:
            self.last_refusal = refusal
            raise
        del self._history[self._cursor + 1 :]
        self._history.append(Entry(action, state))
        self._cursor += 1
        self.last_refusal = None
        self._changed(events)
        return events

    def done(self) -> list[Event]:
        """Pass every remaining step of the acting player's own turn (the Done button).

        During reactions it passes only the current reaction. Returns all events that happened.
        """
        state = self.state
        if state.finished:
            return []
        seat, number = state.actor, state.turn.number
        events = self.act(Pass(player=state.players[seat].colour))
        while (
            self._in_own_turn(self.state)
            and self.state.turn.number == number
            and self.state.actor == seat
        ):
            events += self.act(Pass(player=self.state.players[seat].colour))
        return events

    @staticmethod
    def _in_own_turn(state: GameState) -> bool:
        return not state.finished and state.step is not Step.REACTION

    # -- undo and redo ---------------------------------------------------------------------

    def can_undo(self, within_turn: bool = True) -> bool:
        """Whether `undo(within_turn)` would go back one action.

        Within the turn (the client's undo), only the acting player's own steps of the current
        turn can be taken back: never a reaction, nor anything before this turn began.
        """
        if self._cursor == 0:
            return False
        if not within_turn:
            return True
        now, before = self.state, self._history[self._cursor - 1].state
        return (
            self._in_own_turn(now)
            and self._in_own_turn(before)
            and now.turn.number == before.turn.number
            and now.turn.active == before.turn.active
        )

    def undo(self, within_turn: bool = True) -> bool:
        """Go back one action (see `can_undo`); False when that is not possible."""
        if not self.can_undo(within_turn):
            return False
        self._cursor -= 1
        self.last_refusal = None
        self._changed([])
        return True

    @property
    def can_redo(self) -> bool:
        """Whether an undone action can be applied again."""
        return self._cursor + 1 < len(self._history)

    def redo(self) -> bool:
        """Apply again the last undone action (listeners get its events); False if there is none."""
        if not self.can_redo:
            return False
        action = self._history[self._cursor + 1].action
        assert action is not None
        _, events = apply(self.state, action)
        self._cursor += 1
        self.last_refusal = None
        self._changed(events)
        return True


def _save_failure(exc: OSError) -> str:
    """The one line a player reads when a save failed with `exc`."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename:
        reason += f": {short_path(exc.filename, 60)}"
    failed = N_("Saving the game failed ({reason}); play goes on, and the next action tries again.")
    return one_line(say(failed, reason=reason))


def save_to(path: str | os.PathLike[str]) -> Saver:
    """A saver writing the game (current state, start and action log) to `path` atomically."""

    def saver(session: GameSession) -> None:
        save_game(session.state, path, session.start, session.log, session.bots)

    return saver
