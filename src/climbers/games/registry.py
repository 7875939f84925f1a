"""The games on the table, found through the `climbers.games` entry points (pyproject.toml),
so that no shared part imports a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from climbers.games.interface import GameRules

GROUP = "climbers.games"


@dataclass(frozen=True)
class GameEntry:
    """One game as the table lists it.

    `name` is the game's short name ('climbers'), its rules' `name`; `core` names, as
    'module:attribute', its rules (a `GameRules`, imported when first asked for as `rules`, so
    that listing the games imports no game). `title` and `line` are message templates
    (translated where they are shown); `picture` is the tile's picture, a file name in the
    assets' `games` folder; `table` and `commands` name, as 'module:attribute', what opens the
    game in the window (None: the game has no table yet, and no tile) and the game's
    subcommands of the `climbers` command (a tuple of `climbers.cli.commands.Command`; None:
    none yet), its speed figures for `scripts/bench` (a function of `quick` returning rows of
    name, median and p95 milliseconds and target; None: none), its bots for tournaments and
    empty seats (a `climbers.games.tournament.Bots`; None: none yet) and the kinds of file it
    reads, for the hostile files of `scripts/bench` (a list of
    `climbers.devtools.hostile_files.FileKind`; None: its state's JSON text read by its rules'
    `load`) and its clips for `climbers export` (a `climbers.app.clips.reel.ClipSource`; None:
    none yet), imported only when they are wanted; `rank` orders the games' tiles. `check`
    names what `climbers check-file` asks of a file whose "format" is one of `formats` (a
    function of the path giving a few words of what it holds, or raising ValueError with its
    one-line problem). `remote` names the game's part of being played across computers (a
    `climbers.net.remote.Remote`; None: it cannot be yet).
    """

    name: str
    core: str
    title: str
    line: str
    picture: str
    table: str | None
    commands: str | None
    rank: int
    speed: str | None = None
    bots: str | None = None
    files: str | None = None
    play: str | None = None
    clip: str | None = None
    check: str | None = None
    formats: tuple[str, ...] = ()
    remote: str | None = None

    @cached_property
    def rules(self) -> GameRules[Any, Any]:
        """The game's rules (its core imported now; their types are the game's own, checked
        in its entry module)."""
        found: GameRules[Any, Any] = load(self.core)
        if getattr(found, "name", None) != self.name:
            raise TypeError(f"{self.core} are not the rules of {self.name}")
        return found

    # Each reference is imported when it is asked for, and checked to be what it names (here,
    # or by the layer that uses it: `load_instance`): a game whose entry names the wrong thing
    # fails where it is loaded, in one line, not deep in a caller.

    def load_table(self) -> Callable[..., Any] | None:
        """What opens the game in the window: called with the settings (and save_path,
        shot_path, on_games), it gives the game's table (`climbers.app.host.GameTable`)."""
        return None if self.table is None else load_callable(self.table)

    def load_speed(self) -> Callable[[bool], list[tuple[str, float, float, float | None]]] | None:
        """The game's speed figures for `scripts/bench`, a function of `quick`."""
        return None if self.speed is None else load_callable(self.speed)

    def load_check(self) -> Callable[[Any], str] | None:
        """What checks a file of the game (`check`)."""
        return None if self.check is None else load_callable(self.check)

    def load_play(self) -> Callable[[Any], int] | None:
        """The game's own way of `climbers play` (given the parsed arguments; its exit
        status)."""
        return None if self.play is None else load_callable(self.play)


def in_package(
    package: str,
    *,
    name: str,
    title: str,
    line: str,
    picture: str,
    rank: int,
    formats: tuple[str, ...],
    table: str,
    bots: str,
    core: str = "core:RULES",
    speed: str | None = None,
    files: str | None = None,
    play: str | None = None,
) -> GameEntry:
    """The entry of a game whose references all lie in its `package` (given relative to it,
    'module:attribute'), with what every game keeps in the same place: its rules (`core`
    unless named), commands `commands:COMMANDS`, clips `table.clip:CLIPS`, file check
    `commands.check_file:check` and play across computers `remote:REMOTE`."""

    def inside(reference: str | None) -> str | None:
        return None if reference is None else f"{package}.{reference}"

    return GameEntry(
        name=name,
        core=f"{package}.{core}",
        title=title,
        line=line,
        picture=picture,
        table=inside(table),
        commands=f"{package}.commands:COMMANDS",
        rank=rank,
        speed=inside(speed),
        bots=inside(bots),
        files=inside(files),
        play=inside(play),
        clip=f"{package}.table.clip:CLIPS",
        check=f"{package}.commands.check_file:check",
        formats=formats,
        remote=f"{package}.remote:REMOTE",
    )


@cache
def games() -> dict[str, GameEntry]:
    """Every registered game by name, in the order of their tiles."""
    found = {}
    for point in entry_points(group=GROUP):
        entry = point.load()
        if not isinstance(entry, GameEntry):
            raise TypeError(f"entry point {point.name} is no GameEntry")
        found[entry.name] = entry
    return dict(sorted(found.items(), key=lambda item: (item[1].rank, item[0])))


def tables() -> dict[str, GameEntry]:
    """The registered games that have a table in the window (the games screen's tiles)."""
    return {name: entry for name, entry in games().items() if entry.table is not None}


def game(name: str) -> GameEntry:
    """The registered game called `name`; ValueError listing the games when there is none."""
    known = games()
    if name not in known:
        raise ValueError(f"no game called {name!r}; choose {', '.join(known)}")
    return known[name]


def load(reference: str) -> Any:
    """What a 'module:attribute' reference of an entry names (imported now)."""
    module, _, attribute = reference.partition(":")
    return getattr(import_module(module), attribute)


def load_callable(reference: str) -> Callable[..., Any]:
    """What `reference` names, checked to be callable (TypeError naming it if not)."""
    found = load(reference)
    if not callable(found):
        raise TypeError(f"{reference} is not callable")
    checked: Callable[..., Any] = found
    return checked


def load_instance(reference: str, kind: type[Any]) -> Any:
    """What `reference` names, checked to be a `kind` (TypeError naming it if not)."""
    found = load(reference)
    if not isinstance(found, kind):
        raise TypeError(f"{reference} is no {kind.__name__}")
    return found
