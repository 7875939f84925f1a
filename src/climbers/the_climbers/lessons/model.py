"""The lessons as data: assets/lessons/lessons.json and a position file per lesson, checked on
loading; a file that is not usable is refused in one line naming the file and the place.

The lesson file is {"format": "climbers-lessons", "version": 1, "lessons": [...]}; each lesson
names its position, a game or position file in the same folder (docs/FILE-FORMAT.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, NamedTuple

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from climbers.io.json_input import SourceProblem, load_json, validation_problem
from climbers.io.language import translate
from climbers.io.messages import quoted
from climbers.io.resources import assets_dir
from climbers.the_climbers.core import Action, Colour, GameState, Reason, parse_action
from climbers.the_climbers.io import FileProblem, load_game
from climbers.the_climbers.lessons.goals import Condition, seat_of

FORMAT = "climbers-lessons"
VERSION = 1
MAX_BYTES = 200_000
"""A lesson file larger than this is refused unread."""
MAX_TEXT = 400
"""Characters in one text of a lesson (a title, the goal, the intro, an explanation)."""
MAX_LESSONS = 60
"""Lessons in one file, at most (the course has twelve), counted before any is read."""


class LessonFileProblem(SourceProblem):
    """A lesson file that cannot be used."""


def _printable(text: str) -> str:
    if not text.strip() or not text.isprintable():
        raise ValueError("a text is one line of printable characters")
    return text


def _action(value: object) -> Action:
    if not isinstance(value, str):
        raise ValueError("an action is text, e.g. 'teal move 4,5'")
    try:
        return parse_action(value)
    except ValueError:
        raise ValueError(f"not an action: {quoted(value)}") from None


Text = Annotated[str, Field(max_length=MAX_TEXT), AfterValidator(_printable)]
"""Words players read: one line, printable."""
LessonId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]{0,39}$")]
"""A lesson's id: lower-case letters, digits and hyphens, e.g. 'short-ladder'."""
ActionText = Annotated[Action, BeforeValidator(_action)]
"""An action in its text form, e.g. 'teal move 14,12 +short' (core.parse_action)."""


class Focus(BaseModel):
    """What the window outlines: the acting Climber, some squares, some blocks."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    climber: Colour | None = None
    squares: tuple[tuple[int, int], ...] = ()
    blocks: tuple[str, ...] = ()

    def check(self, start: GameState) -> None:
        """ValueError when the focus names what the position lacks."""
        if self.climber is not None:
            seat_of(start, self.climber)
        s = start.structure
        for square in self.squares:
            if not s.in_area(square) or s.block_at(square) < 0:
                raise ValueError(f"focus square {square} is on no block")
        in_play = {p.block for p in start.blocks}
        for block in self.blocks:
            if block not in in_play:
                raise ValueError(f"focus block {block!r} is not in the lesson's position")


class WrongTry(BaseModel):
    """An action the core refuses with `reason` once the actions `after` have been played."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    after: tuple[ActionText, ...] = ()
    action: ActionText
    reason: Reason


class LessonText(NamedTuple):
    """A lesson's words in the current language."""

    title: str
    goal: str
    intro: str


class Lesson(BaseModel):
    """One lesson: its words, its position, what to outline, when it is done, what to say when
    an attempt is refused, a correct play and wrong tries (both for the tests)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: LessonId
    title: Text
    goal: Text
    """The goal in one sentence."""
    intro: Text
    """Two to four sentences that open the lesson."""
    rulings: tuple[Annotated[str, Field(pattern=r"^(R\d{1,2}|V\d)$")], ...] = Field(min_length=1)
    """The rulings the lesson teaches (RULINGS.md ids)."""
    position: Annotated[str, Field(pattern=r"^[a-z0-9-]{1,40}\.json$")]
    """The file of the start position, in the lesson file's folder."""
    learner: Colour
    """The seat the player plays; the other seats pass (climbers.the_climbers.lessons.course)."""
    focus: Focus
    done_when: tuple[Condition, ...] = Field(min_length=1)
    """The goal as data: the lesson is done when all of these hold (lessons.goals)."""
    explanations: dict[Reason, Text] = {}
    """The lesson's own sentence beside the core's refusal, by the refusal's reason."""
    solution: tuple[ActionText, ...] = Field(min_length=1)
    """The learner's actions of a correct play that reaches the goal."""
    wrong_tries: tuple[WrongTry, ...] = Field(min_length=1)
    _start: GameState = PrivateAttr()

    def text(self) -> LessonText:
        """The title, goal and intro in the current language (the file holds them in English;
        the message catalogs translate them, see climbers.io.language)."""
        return LessonText(translate(self.title), translate(self.goal), translate(self.intro))

    @property
    def start(self) -> GameState:
        """The position the lesson begins in."""
        return self._start

    @model_validator(mode="after")
    def _load_position(self, info: ValidationInfo) -> Lesson:
        context = info.context or {}
        folder = context.get("folder")
        if not isinstance(folder, Path):
            raise ValueError("a lesson is read from a lesson file (load_lessons)")
        read: dict[str, GameState | FileProblem] = context.setdefault("positions", {})
        if self.position not in read:
            try:
                read[self.position] = load_game(folder / self.position, exercise=True)
            except FileProblem as exc:
                read[self.position] = exc
        start = read[self.position]
        if isinstance(start, FileProblem):
            raise ValueError(f"position {self.position}: {start.problem}")
        seat_of(start, self.learner)
        self.focus.check(start)
        for condition in self.done_when:
            condition.check(start)
        self._start = start
        return self


class LessonFile(BaseModel):
    """The whole lesson file: its header and the lessons in the order they are taught."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["climbers-lessons"]
    version: Literal[1]
    lessons: tuple[Lesson, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> LessonFile:
        seen: set[str] = set()
        for lesson in self.lessons:
            if lesson.id in seen:
                raise ValueError(f"lesson id {lesson.id!r} is used twice")
            seen.add(lesson.id)
        return self


def lessons_file() -> Path:
    """The bundled lesson file, assets/lessons/lessons.json."""
    return assets_dir() / "lessons" / "lessons.json"


def load_lessons(path: Path | None = None) -> tuple[Lesson, ...]:
    """The lessons of a lesson file (default: the bundled one), in order; LessonFileProblem
    says in one line what is wrong."""
    path = lessons_file() if path is None else path
    data = load_json(path, MAX_BYTES, LessonFileProblem)
    lessons = data.get("lessons") if isinstance(data, dict) else None
    if isinstance(lessons, list) and len(lessons) > MAX_LESSONS:
        raise LessonFileProblem(
            str(path), f"lessons: at most {MAX_LESSONS} lessons, not {len(lessons)}"
        )
    try:
        return LessonFile.model_validate(data, context={"folder": path.parent}).lessons
    except ValidationError as exc:
        raise LessonFileProblem(str(path), validation_problem(exc)) from None
