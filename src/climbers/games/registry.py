"""The games on the table, found through the `climbers.games` entry points (pyproject.toml),
so that no shared part imports a game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points

from climbers.games.interface import GameRules

GROUP = "climbers.games"


@dataclass(frozen=True)
class GameEntry:
    """One game as the table lists it.

    `title` and `line` are message templates (translated where they are shown); `picture` is the
    tile's picture, a file name in the assets' `games` folder; `table` names, as
    'module:attribute', what opens the game in the window (imported only when it does).
    """

    rules: GameRules
    title: str
    line: str
    picture: str
    table: str

    @property
    def name(self) -> str:
        """The game's short name ('climbers')."""
        return self.rules.name


@cache
def games() -> dict[str, GameEntry]:
    """Every registered game by name, in the order of their names."""
    found = {}
    for point in entry_points(group=GROUP):
        entry = point.load()
        if not isinstance(entry, GameEntry):
            raise TypeError(f"entry point {point.name} is no GameEntry")
        found[entry.name] = entry
    return dict(sorted(found.items()))


def game(name: str) -> GameEntry:
    """The registered game called `name`; ValueError listing the games when there is none."""
    known = games()
    if name not in known:
        raise ValueError(f"no game called {name!r}; choose {', '.join(known)}")
    return known[name]
