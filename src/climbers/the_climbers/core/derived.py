"""Values derived from a frozen model's fields, each kept with the fields it was derived from.

A GameState's structure, occupied squares and disk map are worked out once and kept in a
`Derived` object, a private attribute of the state. A value is served only while the fields it
came from are the very same objects as when it was derived; the fields are immutable, so the
same objects mean the same value. A copy whose fields changed, however it was made, therefore
never serves a stale value, and the copy can start from its parent's values (see `copy`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TypeVar, cast

T = TypeVar("T")


class Derived:
    """Derived values by name, each with the objects it was derived from."""

    def __init__(self, values: dict[str, tuple[tuple[object, ...], object]] | None = None) -> None:
        self._values = dict(values or {})

    def get(self, name: str, sources: tuple[object, ...], derive: Callable[[], T]) -> T:
        """The value `name` derived from `sources`: kept if derived from these very objects,
        else derived now by `derive()` and kept."""
        kept = self._values.get(name)
        if kept is not None and all(map(operator.is_, kept[0], sources)):
            return cast(T, kept[1])
        value = derive()
        self._values[name] = (sources, value)
        return value

    def copy(self) -> Derived:
        """A cache of its own for a copy of the model, starting from the values kept here."""
        return Derived(self._values)

    def __eq__(self, other: object) -> bool:
        """Caches never make two models unequal: any two are equal."""
        return isinstance(other, Derived)

    def __reduce__(self) -> tuple[type[Derived], tuple[()]]:
        """Pickled and deep-copied models start with an empty cache."""
        return Derived, ()
