"""What a game brings to a clip: its recorded game as the shared replay driver, and its table
drawn for the camera (`FilmTable`); the shared recorder does the rest (climbers.app.clips)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from climbers.app.table.camera import CameraRig
from climbers.session.replay import ReplayDriver
from climbers.session.session import Entry


class ClipProblem(Exception):
    """A clip that cannot be made or written; str() is one line in players' words."""


class FilmTable(Protocol):
    """A game's table as a clip draws it: its view and the window's camera rig (taken away
    with the rest of the scene by whoever shows the next screen)."""

    rig: CameraRig

    def show(self, state: Any) -> None:
        """Show `state` at once."""
        ...

    def play(self, before: Any, after: Any, events: Sequence[Any]) -> None:
        """Animate the action from `before` to `after` that caused `events`."""
        ...

    def moving(self) -> bool:
        """Whether anything still moves: a piece, the camera, a shadow being drawn."""
        ...

    def frame_turn(self, state: Any, actions: Sequence[Any]) -> None:
        """Begin the camera's one move for a turn: `actions`, played from `state`."""
        ...


@dataclass
class Reel:
    """A recorded game to film, with the words of its captions, title card and standings (in
    the language current when it was made)."""

    game: str
    """The game's title, or the puzzle's."""
    players: str
    """Who played, in one phrase ('Teal and Red')."""
    when: str
    """The title card's last line: when the game was saved ('Saved on 2026-12-01'), or what a
    puzzle's solution takes."""
    entries: Sequence[Entry[Any]]
    """Every point of the game: the action that led there, the state, its events."""
    captions: Sequence[str]
    """The caption of every point (the start's, then each action's); a first line of several
    is a heading."""
    table: Callable[[Any], FilmTable]
    """Builds the game's table showing a state."""
    turn: Callable[[Any], Hashable]
    """The turn a state's next action belongs to: a new value is a new turn."""
    standings: Callable[[Any], list[str]]
    """The standings at a state, best first, one line each."""
    over: Callable[[Any], bool]
    """Whether the game is over at a state."""
    subtitle: str = ""
    """A line under the title (a puzzle's task)."""
    ending: str = ""
    """The last card's heading at the end of the game (empty: 'Final standings')."""

    @property
    def actions(self) -> int:
        """How many actions the recorded game holds."""
        return len(self.entries) - 1

    def point(self, index: int) -> Any:
        """The state after `index` actions."""
        return self.entries[index].state

    def action(self, index: int) -> tuple[Any, Sequence[Any]]:
        """The action taken after `index` actions, and its events."""
        entry = self.entries[index + 1]
        return entry.action, entry.events

    def caption(self, index: int) -> str:
        """The caption of the action taken after `index` actions."""
        return self.captions[index + 1]


def whole_game(driver: ReplayDriver) -> tuple[list[Entry[Any]], list[str]]:
    """The points and captions of a whole recorded game (the driver is left at its end)."""
    driver.seek(driver.last)
    return driver.session.history, driver.captions


class ClipSource(Protocol):
    """A game's clips (its registry entry's `clip`): from a saved game, or a puzzle's solution."""

    formats: tuple[str, ...]
    """The "format" values of the game's files it films."""

    def recorded(self, path: Path) -> Reel:
        """The recorded game in the file; ClipProblem when it is not usable."""
        ...

    def puzzle(self, puzzle_id: str) -> Reel:
        """A puzzle's stored solution; ClipProblem when there is no such puzzle."""
        ...
