"""The puzzle files: reading (a bad file is refused in one line), writing, and the shipped set."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from climbers.io.json_input import SourceProblem, load_json, validation_problem, versioned
from climbers.io.resources import assets_dir
from climbers.the_climbers.core import IllegalAction
from climbers.the_climbers.io import FileProblem, dumps, loads
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.puzzles.model import FORMAT, VERSION, Puzzle
from climbers.the_climbers.puzzles.solo import replay

MAX_BYTES = 200_000


class PuzzleFileError(SourceProblem):
    """A puzzle file that cannot be used."""


def puzzles_dir() -> Path:
    """The folder of the shipped puzzles."""
    return assets_dir() / "puzzles"


def load_puzzles(folder: Path | None = None) -> list[tuple[Path, Puzzle]]:
    """Every puzzle file of a folder (the shipped ones by default) by band, then file name."""
    paths = sorted((folder or puzzles_dir()).glob("*.json"))
    found = [(path, load_puzzle(path)) for path in paths]
    return sorted(found, key=lambda item: (item[1].band, item[0].name))


def load_puzzle(path: str | Path) -> Puzzle:
    """Read and check one puzzle file: its fields, its position (as a game file) and that its
    solution plays to the target in its number of turns; PuzzleFileError otherwise."""
    return puzzle_from_data(load_json(path, MAX_BYTES, PuzzleFileError), str(path))


def puzzle_from_data(data: object, source: str) -> Puzzle:
    """Check decoded JSON as a puzzle; `source` names it in errors."""
    data = versioned(data, FORMAT, VERSION, PuzzleFileError, source)
    try:
        position = loads(json.dumps(data.get("position")), "position", exercise=True)
    except FileProblem as exc:
        raise PuzzleFileError(source, f"position: {exc.problem}") from None
    fields = {**data, "position": position.model_dump(mode="json")}
    try:
        puzzle = Puzzle.model_validate_json(json.dumps(fields), strict=True)
    except ValidationError as exc:
        raise PuzzleFileError(source, validation_problem(exc)) from None
    try:
        replay(puzzle)
    except IllegalAction as exc:
        raise PuzzleFileError(source, f"solution: refused: {refusal_sentence(exc)}") from None
    except ValueError as exc:
        raise PuzzleFileError(source, f"solution: {exc}") from None
    return puzzle


def puzzle_text(puzzle: Puzzle) -> str:
    """A puzzle file's text: the fields one per line, then the position as a game file."""
    head = puzzle.model_dump(mode="json", exclude={"position", "solution"})
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    solution = ",\n  ".join(json.dumps(text) for text in puzzle.solution)
    lines.append(f' "solution": [\n  {solution}\n ]')
    position = dumps(puzzle.position).rstrip("\n").replace("\n", "\n ")
    lines.append(f' "position": {position}')
    return "{\n" + ",\n".join(lines) + "\n}\n"
