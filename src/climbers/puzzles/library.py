"""The puzzle files: reading (a bad file is refused in one line), writing, and the shipped set."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from climbers.core import IllegalAction
from climbers.io import FileProblem, dumps, loads
from climbers.io.resources import assets_dir
from climbers.puzzles.model import FORMAT, VERSION, Puzzle
from climbers.puzzles.solo import replay

MAX_BYTES = 200_000


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used; str() is one line: the file, then the problem."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = " ".join(problem.split())
        super().__init__(f"{source}: {self.problem}")


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
    source = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise PuzzleFileError(source, f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise PuzzleFileError(source, f"is larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise PuzzleFileError(source, f"is not JSON text ({exc})") from None
    return puzzle_from_data(data, source)


def puzzle_from_data(data: object, source: str) -> Puzzle:
    """Check decoded JSON as a puzzle; `source` names it in errors."""
    if not isinstance(data, dict):
        raise PuzzleFileError(source, "is not a puzzle: expected a JSON object")
    if data.get("format") != FORMAT:
        raise PuzzleFileError(source, f'is not a puzzle file: "format" must be "{FORMAT}"')
    if data.get("version") != VERSION:
        raise PuzzleFileError(source, f'has unsupported "version" {data.get("version")!r}')
    try:
        position = loads(json.dumps(data.get("position")), "position")
    except FileProblem as exc:
        raise PuzzleFileError(source, f"position: {exc.problem}") from None
    fields = {**data, "position": position.model_dump(mode="json")}
    try:
        puzzle = Puzzle.model_validate_json(json.dumps(fields), strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        message = str(first["msg"]).removeprefix("Value error, ")
        raise PuzzleFileError(source, f"{where}: {message}" if where else message) from None
    try:
        replay(puzzle)
    except IllegalAction as exc:
        raise PuzzleFileError(source, f"solution: refused: {exc.message}") from None
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
