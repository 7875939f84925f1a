"""A game's saved games as files: read in one bounded step with a one-line problem, opened with
their whole history, written atomically after every action, and the newest autosave found
again. A game brings the pydantic model of its saved form (its `format` field's default names
the files it reads) and its autosave; The Climbers keeps its own files (`the_climbers.io`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from climbers.io.atomic import write_atomic
from climbers.io.json_input import JsonProblem, parse, read_bounded, validation_problem
from climbers.io.messages import one_line, short_path
from climbers.session.autosave import Autosave
from climbers.session.session import Saver, Session

MAX_BYTES = 1 << 20
"""A saved game larger than this is not read (a whole game takes some tens of kB)."""


M = TypeVar("M", bound=BaseModel)
"""A game's saved form: a pydantic model with a `format` field, `of(session)` making it and
`session(saver)` giving the game back with its whole history (ValueError naming the first
action that does not fit)."""


class SavedGameProblem(ValueError):
    """A saved game that cannot be opened; str() is one line naming the file and the problem."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        super().__init__(one_line(f"{short_path(os.fspath(path), 60)}: {problem}"))


def read_model(
    path: str | os.PathLike[str],
    model: type[M],
    title: str,
    others: tuple[tuple[str, str], ...] = (),
) -> M:
    """The file in `path` as `model` (its `format` field's default names the files it reads),
    read in one bounded step; SavedGameProblem in one line when it cannot be used. `title`
    names what the file should be ("saved Clamber game"); `others` says, by the `format` of a
    file of another kind, what that file is and what reads it."""
    try:
        data = parse(read_bounded(path, MAX_BYTES))
    except FileNotFoundError:
        raise SavedGameProblem(path, "does not exist") from None
    except JsonProblem as exc:
        raise SavedGameProblem(path, str(exc)) from None
    wanted = str(model.model_fields["format"].default)
    found = data.get("format") if isinstance(data, dict) else None
    if found != wanted:
        other = dict(others).get(found) if isinstance(found, str) else None
        problem = other or f'not a {title} ("format" is not "{wanted}")'
        raise SavedGameProblem(path, problem)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SavedGameProblem(path, validation_problem(exc)) from None


@dataclass(frozen=True)
class SavedGames(Generic[M]):
    """One game's saved games: `model` its saved form, `title` the game's name in problems,
    `others` what a file of another of the game's formats is (see `read_model`)."""

    model: type[M]
    title: str
    autosave: Autosave
    others: tuple[tuple[str, str], ...] = ()

    @property
    def format(self) -> str:
        """The `format` a file of this game names."""
        return str(self.model.model_fields["format"].default)

    def read(self, path: str | os.PathLike[str]) -> M:
        """The saved game in `path` (SavedGameProblem in one line when it cannot be used)."""
        return read_model(path, self.model, f"saved {self.title} game", self.others)

    def open(self, path: str | os.PathLike[str], saver: Saver | None = None) -> Any:
        """The game saved in `path` with its whole history (SavedGameProblem when it cannot be
        used)."""
        saved: Any = self.read(path)
        try:
            return saved.session(saver)
        except ValueError as exc:
            raise SavedGameProblem(path, str(exc)) from None

    def saver(self, path: str | os.PathLike[str]) -> Callable[[Session[Any]], None]:
        """A saver writing the game (its options, actions and bots) to `path` atomically."""

        form: Any = self.model

        def saver(session: Session[Any]) -> None:
            text = form.of(session).model_dump_json(indent=1)
            write_atomic(path, (text + "\n").encode("utf-8"))

        return saver

    def last(self) -> M | None:
        """The newest last game as saved, None when there is none or it cannot be read."""
        if not self.autosave.has_last():
            return None
        try:
            return self.read(self.autosave.last_path())
        except SavedGameProblem:
            return None
