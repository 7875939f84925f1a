"""What a game brings to a clip: how its states are filmed (`Film`: its table drawn for the
camera, its turns, its standings), and its recorded games as reels (`ClipSource`); the shared
recorder does the rest (climbers.app.clips.recorder)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from climbers.app.table.camera import CameraRig
from climbers.games.registry import GameEntry, load_instance
from climbers.io.language import _, say
from climbers.session.replay import ReplayDriver
from climbers.session.saved_games import SavedGameProblem, SavedGames
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

    def play(self, before: Any, action: Any, after: Any, events: Sequence[Any]) -> None:
        """Animate `action`, taken in `before`, which led to `after` and caused `events`."""
        ...

    def moving(self) -> bool:
        """Whether anything still moves: a piece, the camera, a shadow being drawn."""
        ...

    def frame_turn(self, state: Any, actions: Sequence[Any]) -> None:
        """Begin the camera's one move for a turn: `actions`, played from `state`."""
        ...


@dataclass(frozen=True)
class Film:
    """How a game's states are filmed."""

    title: str
    """The game's title (a message template, said in the current language)."""
    table: Callable[[Any], FilmTable]
    """Builds the game's table showing a state."""
    turn: Callable[[Any], Hashable]
    """The turn a state's next action belongs to: a new value is a new turn."""
    players: Callable[[Any], str]
    """Who plays a state, in one phrase ('Teal and Red')."""
    standings: Callable[[Any], list[str]]
    """The standings at a state, best first, one line each."""
    over: Callable[[Any], bool]
    """Whether the game is over at a state."""
    pending: Callable[[Any, Any], str | None] = lambda before, action: None
    """The caption while an action taken in a state plays and its result is not yet seen (a
    flight); None: the action's own caption from its start."""


@dataclass
class Reel:
    """A recorded game to film, with the words of its captions, title card and standings (in
    the language current when it was made)."""

    film: Film
    entries: Sequence[Entry[Any]]
    """Every point of the game: the action that led there, the state, its events."""
    captions: Sequence[str]
    """The caption of every point (the start's, then each action's); a first line of several
    is a heading."""
    game: str
    """The title card's title: the game's, or the puzzle's."""
    players: str
    when: str
    """The title card's last line: the day the game was saved, or what a puzzle's solution
    takes."""
    subtitle: str = ""
    """A line under the title (a puzzle's task)."""
    ending: str = ""
    """The last card's heading at the end of the game (empty: 'Final standings')."""

    @classmethod
    def of(cls, film: Film, driver: ReplayDriver, day: datetime.date) -> Reel:
        """The whole game a replay driver holds, saved on `day`."""
        entries = driver.session.recorded
        return cls(
            film,
            entries,
            driver.captions,
            say(film.title),
            film.players(entries[0].state),
            day.isoformat(),
        )

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

    def turn(self, index: int) -> Hashable:
        """The turn of the action taken after `index` actions."""
        return self.film.turn(self.point(index))


@runtime_checkable
class ClipSource(Protocol):
    """A game's clips (its registry entry's `clip`): from a saved game, or a puzzle's solution."""

    film: Film
    formats: tuple[str, ...]
    """The "format" values of the game's files: those it films, and those its reader tells
    apart from a recorded game (a position)."""

    def recorded(self, path: Path) -> Reel:
        """The recorded game in the file; ClipProblem when it is not usable."""
        ...

    def puzzle(self, puzzle_id: str) -> Reel:
        """A puzzle's stored solution; ClipProblem when there is no such puzzle."""
        ...


@dataclass(frozen=True)
class SavedGameClips:
    """The clips of a game without puzzles: a saved game filmed whole. `saved` reads the
    game's files, `opening` and `described` caption the start and each action (as its replay
    does), `no_puzzles` says, translatable, that the game has none."""

    film: Film
    formats: tuple[str, ...]
    saved: SavedGames[Any]
    opening: Callable[[Any], str]
    described: Callable[[Any, Any, Sequence[Any]], str]
    no_puzzles: str

    def recorded(self, path: Path) -> Reel:
        try:
            return self.replay(self.saved.read(path), saved_on(path))
        except SavedGameProblem as exc:
            raise ClipProblem(str(exc)) from None
        except ValueError as exc:  # an action that does not fit: named with its file
            raise ClipProblem(str(SavedGameProblem(path, str(exc)))) from None

    def replay(self, saved: Any, day: datetime.date) -> Reel:
        """A saved game, saved on `day`, filmed whole (ValueError when its actions do not
        fit)."""
        return Reel.of(self.film, ReplayDriver(saved.session(), self.opening, self.described), day)

    def puzzle(self, puzzle_id: str) -> Reel:
        raise ClipProblem(_(self.no_puzzles))


def clips_of(entry: GameEntry) -> ClipSource | None:
    """The clips a game's entry names (None: it has none), checked to be clips."""
    if entry.clip is None:
        return None
    found: ClipSource = load_instance(entry.clip, ClipSource)
    return found


def saved_on(path: Path) -> datetime.date:
    """The day a file was last written."""
    return datetime.date.fromtimestamp(path.stat().st_mtime)
