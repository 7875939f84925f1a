"""Named starting mountains: small versioned JSON files in assets/mountains/, checked on load.

A file holds {"format": "climbers-mountain", "version": 1, "name", "description" (one line),
"blocks": [Placement, ...]} where each placement is {"block", "at": [x, y, z], "up", "north"}.
Every mountain must be a standard setup (R24); a file that is not says so in one line that names
the file and the problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from climbers.io.json_input import SourceProblem, load_json, validation_problem, versioned
from climbers.io.resources import assets_dir
from climbers.the_climbers.core import (
    GameState,
    Placement,
    Player,
    generate_mountain,
    setup_problems,
)
from climbers.the_climbers.core.mountain import Profile
from climbers.the_climbers.io.refusals import setup_problem_words

FORMAT = "climbers-mountain"
VERSION = 1
MAX_BYTES = 200_000


class MountainFileError(SourceProblem):
    """A mountain file that cannot be used."""


@dataclass(frozen=True)
class Mountain:
    """A named starting mountain."""

    name: str
    description: str
    blocks: tuple[Placement, ...]


def mountains_dir() -> Path:
    """The folder of the named mountains."""
    return assets_dir() / "mountains"


def named_mountains() -> list[str]:
    """The names of the mountains shipped in assets/mountains/, sorted."""
    return sorted(p.stem for p in mountains_dir().glob("*.json"))


def load_named(name: str) -> Mountain:
    """The shipped mountain `name` (a name, never a path); MountainFileError when unknown or
    broken."""
    known = named_mountains()
    if name not in known:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise MountainFileError(shown, f"no such mountain; known mountains: {', '.join(known)}")
    return load_mountain(mountains_dir() / f"{name}.json")


def load_mountain(path: str | Path) -> Mountain:
    """Read and check one mountain file (format, version, one-line description, R24)."""
    return mountain_from_data(load_json(path, MAX_BYTES, MountainFileError), str(path))


def mountain_from_data(data: object, source: str) -> Mountain:
    """Check decoded JSON as a mountain; `source` names it in errors."""
    data = versioned(data, FORMAT, VERSION, MountainFileError, source)
    extra = set(data) - {"format", "version", "name", "description", "blocks"}
    if extra:
        raise MountainFileError(source, f"unknown field {sorted(extra)[0]!r}")
    name, description = data.get("name"), data.get("description")
    if not isinstance(name, str) or not name.strip():
        raise MountainFileError(source, '"name" must be a non-empty string')
    if not isinstance(description, str) or not description.strip() or "\n" in description:
        raise MountainFileError(source, '"description" must be one non-empty line')
    items = data.get("blocks")
    if not isinstance(items, list):
        raise MountainFileError(source, '"blocks" must be a list of placements')
    blocks = []
    for i, item in enumerate(items):
        try:
            blocks.append(Placement.model_validate(item))
        except ValidationError as exc:
            raise MountainFileError(source, f"block {i + 1}: {validation_problem(exc)}") from None
    try:
        state = GameState(
            blocks=tuple(blocks), players=(Player(colour="teal"), Player(colour="red"))
        )
    except ValidationError as exc:
        raise MountainFileError(source, validation_problem(exc)) from None
    problems, squares = setup_problems(state)
    if problems:
        at = f" (at {', '.join(map(str, squares[:3]))})" if squares else ""
        raise MountainFileError(
            source, f"not a standard mountain (R24): {setup_problem_words(problems[0])}{at}"
        )
    return Mountain(name=name, description=description, blocks=tuple(blocks))


def mountain_data(mountain: Mountain) -> dict[str, object]:
    """The JSON object of a mountain file."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": mountain.name,
        "description": mountain.description,
        "blocks": [p.model_dump(mode="json") for p in mountain.blocks],
    }


def mountain_text(mountain: Mountain) -> str:
    """A mountain file's text: the header fields, then one placement per line."""
    data = mountain_data(mountain)
    blocks = data.pop("blocks")
    assert isinstance(blocks, list)
    head = json.dumps(data, indent=1, ensure_ascii=False)[:-2]
    lines = ",\n  ".join(json.dumps(b, ensure_ascii=False) for b in blocks)
    return f'{head},\n "blocks": [\n  {lines}\n ]\n}}\n'


def choose_mountain(
    name: str | None = None,
    seed: int = 0,
    profile: Profile = "balanced",
    large_low: bool = True,
) -> tuple[Placement, ...]:
    """The blocks of the named mountain, or else of the generated one for seed and options."""
    if name is not None:
        return load_named(name).blocks
    return generate_mountain(seed, large_low=large_low, profile=profile)
