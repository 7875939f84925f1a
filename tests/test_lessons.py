"""The lessons: every lesson's position, goal, correct play and wrong tries, checked through the
driver the window uses; the lesson file refused in one line; progress kept and never fatal;
`climbers learn --list`."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from climbers.cli.main import main
from climbers.io.resources import assets_dir
from climbers.the_climbers.core import Colour, GameState, MoveClimber, Pass, Reason
from climbers.the_climbers.core.events import Passed
from climbers.the_climbers.io import load_game
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.lessons import (
    GENERAL_EXPLANATION,
    Course,
    GameWon,
    Lesson,
    LessonFileProblem,
    load_lessons,
    load_progress,
)
from rules.conftest import BLOCK_ID, CODE, COORDINATES, check_words

LESSONS = load_lessons()
LESSON_DIR = assets_dir() / "lessons"


def each_lesson() -> list[Any]:
    """Every lesson as a test case, marked with the rulings it teaches."""
    return [
        pytest.param(lesson, id=lesson.id, marks=[pytest.mark.rule(r) for r in lesson.rulings])
        for lesson in LESSONS
    ]


@pytest.fixture
def course(tmp_path: Path) -> Course:
    """The bundled lessons with progress kept in a fresh folder."""
    return Course(LESSONS, load_progress(tmp_path / "progress.json"))


# ----- the lessons as data -------------------------------------------------------------------


def test_there_are_ten_to_twelve_lessons_in_teaching_order() -> None:
    ids = [lesson.id for lesson in LESSONS]
    assert 10 <= len(ids) <= 12
    assert ids[0] == "walking" and ids[-1] == "game-end"
    assert ids.index("short-ladder") < ids.index("tall-ladder") < ids.index("moving-blocks")


def test_every_position_file_belongs_to_one_lesson() -> None:
    files = sorted(p.name for p in LESSON_DIR.glob("*.json") if p.name != "lessons.json")
    assert files == sorted(lesson.position for lesson in LESSONS)


@pytest.mark.parametrize("lesson", each_lesson())
def test_the_position_is_a_small_valid_state_where_the_goal_is_not_met(
    lesson: Lesson, course: Course
) -> None:
    start = load_game(LESSON_DIR / lesson.position, exercise=True)
    assert start == lesson.start
    assert GameState.model_validate(start.model_dump()) == start
    assert len(start.blocks) <= 10 and not start.finished
    state = course.start(lesson.id)
    assert state.players[state.actor].colour == lesson.learner
    assert not course.goal_reached and not course.needs_restart


@pytest.mark.parametrize("lesson", each_lesson())
def test_the_correct_play_reaches_the_goal_and_no_shorter_part_of_it_does(
    lesson: Lesson, course: Course
) -> None:
    course.start(lesson.id)
    for i, action in enumerate(lesson.solution, start=1):
        attempt = course.attempt(action)
        assert attempt.applied, f"{action}: {attempt.refusal!r}"
        assert attempt.goal_reached == (i == len(lesson.solution)), f"after {action}"
        assert not attempt.needs_restart
    assert course.goal_reached
    assert course.completed == {lesson.id}
    assert load_progress(course.progress.path).completed == {lesson.id}


@pytest.mark.parametrize("lesson", each_lesson())
def test_every_wrong_try_is_refused_by_the_core_with_the_lessons_explanation(
    lesson: Lesson, course: Course
) -> None:
    for wrong in lesson.wrong_tries:
        course.start(lesson.id)
        for action in wrong.after:
            assert course.attempt(action).applied, action
        before = course.state
        attempt = course.attempt(wrong.action)
        assert attempt.refusal is not None, f"{wrong.action} was applied"
        assert attempt.refusal.reason is wrong.reason, attempt.refusal
        assert attempt.explanation == lesson.explanations[wrong.reason]
        assert attempt.events == () and not attempt.goal_reached
        assert course.state is before
    assert not course.completed


@pytest.mark.parametrize("lesson", each_lesson())
def test_every_text_is_in_players_words(lesson: Lesson) -> None:
    title = lesson.title
    assert title[0].isupper() and not title.endswith(".") and len(title) <= 40
    for pattern in (BLOCK_ID, COORDINATES, CODE):
        assert not pattern.search(title), title
    check_words(lesson.goal)
    check_words(lesson.intro)
    assert 2 <= len(re.findall(r"[.!?](?=\s|$)", lesson.intro)) <= 4, lesson.intro
    for text in lesson.explanations.values():
        check_words(text)


def test_the_general_explanation_is_in_players_words(course: Course) -> None:
    for lesson in course.lessons:
        check_words(GENERAL_EXPLANATION.format(goal=lesson.goal))


# ----- the driver ----------------------------------------------------------------------------


def test_the_other_seats_pass_until_it_is_the_learners_turn_again(course: Course) -> None:
    start = course.start("walking")
    attempt = course.end_turn()
    assert attempt.applied and not attempt.goal_reached
    state = course.state
    assert state.actor == 0 and state.turn.number == start.turn.number + 2
    assert state.players[0].at == start.players[0].at
    purple_passes = [e for e in attempt.events if isinstance(e, Passed) and e.player == "purple"]
    assert len(purple_passes) == len(state.rules.turn_steps())


def test_a_lesson_completes_on_its_goal_not_on_an_action(course: Course) -> None:
    course.start("walking")
    assert course.attempt(Pass(player=Colour.TEAL)).applied
    assert course.end_turn().applied
    assert not course.goal_reached and not course.completed
    attempt = course.attempt(course.lesson.solution[0])
    assert attempt.goal_reached and course.completed == {"walking"}


def test_undo_takes_a_reached_goal_back(course: Course) -> None:
    course.start("walking")
    assert course.attempt(course.lesson.solution[0]).goal_reached
    assert course.session.undo()
    assert not course.goal_reached and course.state == course.lesson.start


def test_a_refusal_without_an_explanation_of_its_own_gets_the_general_one(
    course: Course,
) -> None:
    start = course.start("walking")
    attempt = course.attempt(Pass(player=Colour.PURPLE))
    assert attempt.refusal is not None and attempt.refusal.reason is Reason.NOT_YOUR_TURN
    assert Reason.NOT_YOUR_TURN not in course.lesson.explanations
    assert attempt.explanation == f"Not that way. The goal: {course.lesson.goal}"
    assert course.state is start


@pytest.mark.rule("R13")
def test_the_answering_lesson_explains_a_climb_too_high_for_an_answer(course: Course) -> None:
    course.start("reactions")
    state = course.state
    seat = state.actor
    too_high = next(
        (x, y)
        for (x, y) in zip(*state.structure.height.nonzero(), strict=True)
        if state.structure.height[x, y] >= state.level(seat) + 2
    )
    attempt = course.attempt(MoveClimber(player=state.players[seat].colour, to=too_high))
    assert attempt.refusal is not None and attempt.refusal.reason is Reason.NO_ROUTE
    assert "answering move" in refusal_sentence(
        attempt.refusal
    ) and "ladder" not in refusal_sentence(attempt.refusal)
    assert attempt.explanation.startswith("An answering move takes only free steps")


def test_a_lesson_whose_game_ends_without_the_goal_needs_a_restart(course: Course) -> None:
    start = course.start("game-end")
    attempt = course.end_turn()
    assert course.state.finished and attempt.needs_restart and not attempt.goal_reached
    assert GameWon(player=Colour.PURPLE).met(course.session.history)  # R23: got there first
    assert not course.completed
    assert course.restart() == start and not course.needs_restart


def test_the_other_seats_stop_once_the_goal_is_reached(course: Course) -> None:
    course.start("disk")
    for action in course.lesson.solution:
        course.attempt(action)
    assert course.goal_reached
    assert course.state.players[0].disk_on == "half-9"  # still lying there: nobody went on


def test_an_unknown_lesson_cannot_start(course: Course) -> None:
    with pytest.raises(KeyError):
        course.start("flying")


# ----- the lesson file -----------------------------------------------------------------------

Change = Callable[[dict[str, Any], Path], None]


def edit(lesson: int, **fields: Any) -> Change:
    """Set fields of one lesson."""

    def change(data: dict[str, Any], folder: Path) -> None:
        data["lessons"][lesson].update(fields)

    return change


def top(**fields: Any) -> Change:
    """Set fields at the top of the file."""
    return lambda data, folder: data.update(fields)


def break_position(data: dict[str, Any], folder: Path) -> None:
    (folder / "walking.json").write_text('{"format": "climbers-game", "version": 1}')


def not_json(data: dict[str, Any], folder: Path) -> None:
    data.clear()


MALFORMED: list[tuple[str, Change, str]] = [
    ("wrong format", top(format="climbers-game"), "format: must be 'climbers-lessons'"),
    ("newer version", top(version=2), "version: must be 1"),
    ("no lessons", top(lessons=[]), "lessons: must have at least 1 item"),
    ("id twice", edit(1, id="walking"), "lesson id 'walking' is used twice"),
    ("bad id", edit(0, id="Walk Up"), "lessons[0].id: String should match pattern"),
    ("unknown key", edit(0, hint="Look up."), "lessons[0].hint: is not a field of this file"),
    ("two lines", edit(0, intro="Walk.\nClimb."), "lessons[0].intro: a text is one line"),
    ("no position", edit(0, position="nowhere.json"), "position nowhere.json: does not exist"),
    ("broken position", break_position, "position walking.json: blocks: is missing"),
    ("learner away", edit(0, learner="pink"), "lessons[0]: pink is not seated"),
    (
        "focus off the mountain",
        edit(0, focus={"squares": [[1, 1]]}),
        "lessons[0]: focus square (1, 1) is on no block",
    ),
    (
        "focus on a block away",
        edit(0, focus={"blocks": ["cube-12"]}),
        "lessons[0]: focus block 'cube-12' is not in the lesson's position",
    ),
    (
        "unknown reason",
        edit(0, explanations={"too_high": "Too high."}),
        "lessons[0].explanations.too_high.[key]: must be 'game_over'",
    ),
    (
        "unknown goal",
        edit(0, done_when=[{"kind": "fly", "player": "teal"}]),
        "lessons[0].done_when[0]: Input tag 'fly' found using 'kind' does not match",
    ),
    (
        "goal for a player away",
        edit(0, done_when=[{"kind": "game_won", "player": "red"}]),
        "lessons[0]: red is not seated",
    ),
    (
        "disk goal on a block away",
        edit(0, done_when=[{"kind": "disk_placed", "player": "teal", "block": "half-1"}]),
        "lessons[0]: block 'half-1' is not in the lesson's position",
    ),
    ("bad action", edit(0, solution=["teal jump 4,5"]), "not an action: 'teal jump 4,5'"),
    ("no wrong try", edit(0, wrong_tries=[]), "lessons[0].wrong_tries: must have"),
]


@pytest.mark.parametrize(("name", "change", "expected"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_lesson_file_is_refused_in_one_line(
    name: str, change: Change, expected: str, tmp_path: Path
) -> None:
    folder = tmp_path / "lessons"
    shutil.copytree(LESSON_DIR, folder)
    data = json.loads((folder / "lessons.json").read_text())
    change(data, folder)
    (folder / "lessons.json").write_text(json.dumps(data))
    with pytest.raises(LessonFileProblem) as problem:
        load_lessons(folder / "lessons.json")
    line = str(problem.value)
    assert "\n" not in line and len(line) <= 200 and line.isprintable()
    assert line.startswith(f"{folder / 'lessons.json'}: ") or line.startswith("...")
    assert expected in line, line


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"{", "is not JSON"),
        (b'{"format": "climbers-lessons", "format": "x"}', "has the key 'format' twice"),
        (b"[]", "must be an object ({...})"),
    ],
)
def test_a_lesson_file_that_is_not_one_is_refused_in_one_line(
    content: bytes, expected: str, tmp_path: Path
) -> None:
    path = tmp_path / "lessons.json"
    path.write_bytes(content)
    with pytest.raises(LessonFileProblem, match=re.escape(expected)):
        load_lessons(path)
    with pytest.raises(LessonFileProblem, match="does not exist"):
        load_lessons(tmp_path / "missing.json")


# ----- progress ------------------------------------------------------------------------------


def test_progress_round_trips_through_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    progress = load_progress()
    assert progress.completed == set() and progress.problem is None
    progress.complete("walking")
    progress.complete("colours")
    kept = json.loads((tmp_path / "lessons-progress.json").read_text())
    assert kept == {
        "format": "climbers-lesson-progress",
        "version": 1,
        "completed": ["colours", "walking"],
    }
    assert load_progress().completed == {"walking", "colours"}
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize(
    "content",
    [
        b"{",
        b"\xff\xfe",
        b"[]",
        b'{"format": "climbers-game", "version": 1, "completed": []}',
        b'{"format": "climbers-lesson-progress", "version": 1, "completed": ["Not An Id"]}',
        b'{"format": "climbers-lesson-progress", "version": 1, "completed": "walking"}',
    ],
)
def test_a_broken_progress_file_says_so_in_one_line_and_starts_afresh(
    content: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    progress = load_progress(path)
    assert progress.completed == set() and progress.problem is not None
    assert "\n" not in progress.problem and len(progress.problem) <= 200
    assert progress.problem.startswith(str(path)) and "starts afresh" in progress.problem
    progress.complete("walking")
    assert progress.problem is None
    assert load_progress(path).completed == {"walking"}


def test_progress_that_cannot_be_saved_is_said_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    progress = load_progress(tmp_path / "file" / "progress.json")
    progress.complete("walking")
    assert progress.completed == {"walking"}
    assert progress.problem is not None and "lesson progress not saved" in progress.problem


def test_a_folder_in_place_of_the_progress_file_is_no_crash(tmp_path: Path) -> None:
    (tmp_path / "progress.json").mkdir()
    progress = load_progress(tmp_path / "progress.json")
    assert progress.problem is not None and "is not a file" in progress.problem


# ----- climbers learn --list -----------------------------------------------------------------


def test_learn_list_shows_every_lesson_and_which_are_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    assert main(["learn", "--list"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert err == "" and len(lines) == len(LESSONS) + 1
    assert lines[0] == f"1. {LESSONS[0].title}: {LESSONS[0].goal}"
    assert lines[-1] == f"0 of {len(LESSONS)} lessons done."
    load_progress().complete(LESSONS[1].id)
    assert main(["learn", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == f"2. {LESSONS[1].title} (done): {LESSONS[1].goal}"
    assert lines[0].startswith("1. ") and "(done)" not in lines[0]
    assert lines[-1] == f"1 of {len(LESSONS)} lessons done."


def test_learn_list_with_a_broken_progress_file_says_so_and_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    (tmp_path / "lessons-progress.json").write_text("not json")
    assert main(["learn", "--list"]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "starts afresh" in err
    assert out.splitlines()[-1] == f"0 of {len(LESSONS)} lessons done."


def test_learn_an_unknown_lesson_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["learn", "--lesson", "flying"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) <= 201
    assert err.startswith("climbers learn: no lesson 'flying'; the lessons are walking, ")


@pytest.mark.parametrize("argv", [[], ["--lesson", "pushes"]])
def test_learn_opens_the_window_on_the_lessons(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str | None] = []
    windows: list[tuple[tuple[int, int], str]] = []

    class Shell:
        def show_lessons(self, lesson: str | None) -> None:
            shown.append(lesson)

    class Window:
        @staticmethod
        def run(
            game: str, mode: Callable[[Shell], None], size: tuple[int, int], title: str
        ) -> None:
            assert game == "climbers"
            windows.append((size, title))
            mode(Shell())

    monkeypatch.setattr("climbers.cli.arguments.window", lambda: Window)
    assert main(["learn", *argv, "--size", "800x600"]) == 0
    assert windows == [((800, 600), "The Climbers — lessons")]
    assert shown == [argv[1] if argv else None]
