"""Puzzles: files, solo turns, the solver's proofs, hints, and `climbers puzzle`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from climbers.cli.main import main
from climbers.io.progress import load_progress
from climbers.the_climbers.ai.options import distinct_poses
from climbers.the_climbers.core import (
    Action,
    Colour,
    GameState,
    IllegalAction,
    MoveBlock,
    MoveClimber,
    Pass,
    Placement,
    Player,
    Reason,
    apply,
    legal_destinations,
    legal_placements,
    parse_action,
    placement_action,
)
from climbers.the_climbers.core.events import Passed
from climbers.the_climbers.core.geometry import FaceKey
from climbers.the_climbers.core.movement import Walker
from climbers.the_climbers.core.solo import pass_others, solo_rules
from climbers.the_climbers.puzzles import (
    Puzzle,
    PuzzleFileError,
    Search,
    SoloPlay,
    budget,
    load_puzzle,
    load_puzzles,
    puzzles_dir,
    replay,
    solo,
)
from climbers.the_climbers.puzzles.library import puzzle_text
from climbers.the_climbers.puzzles.solver import Node

TEAL = Colour.TEAL


def tiny(ladders: tuple[str, ...] = (), others: int = 1) -> GameState:
    """Teal on the table without ladders before a small mountain: a neutral pillar (level 6),
    a column of a cube and a half block (level 3), and two blocks showing purple (no use to
    teal). Flipping one block makes level 2; level 3 takes two block moves."""
    blocks = (
        Placement(block="neutral-1", at=(10, 10, 0)),
        Placement(block="cube-1", at=(12, 10, 0), up="-y", north="+z"),
        Placement(block="half-3", at=(12, 10, 2), up="-z", north="+y"),
        Placement(block="half-1", at=(14, 10, 0), up="-z", north="+y"),
        Placement(block="cube-2", at=(12, 12, 0), up="-z", north="+y"),
    )
    seats = [Player(colour=TEAL, ladders=ladders)]  # type: ignore[arg-type]
    seats += [Player(colour=c, at=None) for c in ("red", "yellow", "pink")[:others]]
    return GameState(blocks=blocks, players=tuple(seats), rules=solo_rules())


def tiny_puzzle(target: int = 3, state: GameState | None = None) -> Puzzle:
    """A puzzle on the tiny mountain with the solver's shortest solution."""
    state = state or tiny()
    report = Search(state, 0, target).run(4)
    assert report.turns is not None
    return Puzzle(
        title=f"Teal to level {target}",
        description="Climb from the table without ladders.",
        player=TEAL,
        target=target,
        turns=report.turns,
        solution=tuple(str(a) for a in report.solution),
        position=state,
    )


def reaches_in_one_turn(state: GameState, target: int) -> bool:
    """Every first walk, every distinct block move (or none), every second walk: brute force."""
    colour = state.players[0].colour
    routes = legal_destinations(state)
    firsts = [Pass(player=colour)] + [
        MoveClimber(player=colour, to=sq, ladders=r.ladders)
        for sq, rs in routes.items()
        for r in rs
    ]
    for first in firsts:
        before = apply(state, first)[0]
        afters = [apply(before, Pass(player=colour))[0]] + [
            apply(before, placement_action(before, row))[0]
            for row in distinct_poses(legal_placements(before))
        ]
        for after in afters:
            levels = [r[0].level for r in Walker(after, 0, True).routes().values()]
            if max([after.level(0), *levels]) >= target:
                return True
    return False


# ----- the solver ----------------------------------------------------------------------------


def test_one_turn_puzzle_is_solved_in_one_turn() -> None:
    state = tiny()
    report = Search(state, 0, 2).run(1)
    assert report.turns == 1 and report.complete
    play = SoloPlay(tiny_puzzle(2))
    for action in report.solution:
        play.apply(action)
    assert play.solved and play.turn == 1


def test_two_turn_position_is_not_solved_in_one() -> None:
    state = tiny()
    refuted = Search(state, 0, 3).run(1)
    assert refuted.turns is None and refuted.complete and refuted.nodes > 0
    found = Search(state, 0, 3).run(2)
    assert found.turns == 2 and found.complete and len(found.layers) == 2


@pytest.mark.parametrize(
    ("ladders", "target"), [((), 2), ((), 3), (("short",), 3), (("short",), 4), (("tall",), 5)]
)
def test_one_turn_answer_agrees_with_trying_everything(
    ladders: tuple[str, ...], target: int
) -> None:
    state = tiny(ladders)
    found = Search(state, 0, target).run(1).turns == 1
    assert found == reaches_in_one_turn(state, target)


def test_merging_transpositions_saves_nodes() -> None:
    state = tiny()
    merged = Search(state, 0, 3).run(3)  # the second layer is built whole, then solved
    apart = Search(state, 0, 3, merge=False).run(3)
    assert merged.turns == apart.turns == 2
    assert merged.layers[1] < apart.layers[1]


def test_positions_that_play_alike_share_one_key() -> None:
    search = Search(tiny(), 0, 3)
    one = SoloPlay(tiny_puzzle())
    other = SoloPlay(tiny_puzzle())
    cube = MoveBlock(player=TEAL, block="cube-2", at=(10, 12, 0), up="+z", north="+y")
    for play, first, second in ((one, cube, flip_half()), (other, flip_half(), cube)):
        for action in (first, second):
            play.apply(Pass(player=TEAL))
            play.apply(action)
            play.end_turn()
    assert one.state != other.state  # the same blocks and squares, reached by other turns
    keys = {search.key(Node(p.state.blocks, p.state.players)) for p in (one, other)}
    turned = [  # turned about the vertical; purple or yellow on top: teal cannot stand on either
        p.model_copy(update={"north": "+x"} if p.block == "half-1" else {})
        for p in one.state.blocks
    ]
    keys.add(search.key(Node(tuple(turned), one.state.players)))
    assert len(keys) == 1


def test_search_from_the_block_step_counts_this_turn() -> None:
    state = apply(tiny(), Pass(player=TEAL))[0]  # the first walk is over
    report = Search(state, 0, 2).run(1)
    assert report.turns == 1 and report.solution[0].kind == "block"


# ----- solo turns ----------------------------------------------------------------------------


def flip_half(up: FaceKey = "+z") -> MoveBlock:
    """Turn the purple half block over where it lies (teal up by default)."""
    return MoveBlock(player=TEAL, block="half-1", at=(14, 10, 0), up=up, north="+y")


@pytest.mark.rule("R15")
def test_solo_player_may_move_the_same_block_on_consecutive_turns() -> None:
    play = SoloPlay(tiny_puzzle())
    play.apply(Pass(player=TEAL))
    play.apply(flip_half("+z"))
    play.end_turn()
    play.apply(Pass(player=TEAL))
    play.apply(flip_half("-z"))  # the others moved nothing: no block is banned
    assert play.turn == 2
    assert play.state.turn.moved_last_turn == () and play.state.turn.moved_this_turn == ("half-1",)


def test_refusals_keep_the_core_reason_and_the_last_turn_ends_the_puzzle() -> None:
    play = SoloPlay(tiny_puzzle())
    with pytest.raises(IllegalAction) as info:
        play.apply(MoveClimber(player=TEAL, to=(10, 10)))  # the pillar: level 6, no ladders
    assert info.value.reason is Reason.NO_ROUTE and info.value.squares == ((10, 10),)
    play.end_turn()
    play.end_turn()
    assert play.failed and not play.solved and play.turns_left == 0
    with pytest.raises(IllegalAction) as info:
        play.apply(Pass(player=TEAL))
    assert info.value.reason is Reason.GAME_OVER


def test_hint_is_the_first_action_of_a_shortest_solution() -> None:
    puzzle = tiny_puzzle()
    play = SoloPlay(puzzle)
    assert play.hint() == puzzle.actions()[0]  # on the stored solution's path
    play.apply(Pass(player=TEAL))
    play.apply(flip_half())  # off the stored path
    while not play.solved:
        hint = play.hint()
        assert hint is not None
        play.apply(hint)
    assert play.turn == puzzle.turns


def test_a_hint_off_the_path_that_takes_too_long_says_so() -> None:
    puzzle = tiny_puzzle()
    play = SoloPlay(puzzle)
    play.apply(Pass(player=TEAL))
    play.apply(flip_half())  # off the stored path: solved afresh
    with pytest.raises(TimeoutError):
        play.hint(budget=0.0)
    assert play.hint(budget=60.0) is not None


def test_solved_puzzles_are_kept_in_their_own_progress_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path))
    solved = load_progress("puzzle")
    solved.complete("band2-0001-level4")
    kept = json.loads((tmp_path / "puzzles-progress.json").read_text())
    assert kept == {
        "format": "climbers-puzzle-progress",
        "version": 1,
        "completed": ["band2-0001-level4"],
    }
    assert load_progress("puzzle").completed == {"band2-0001-level4"}
    lessons = load_progress("lesson", tmp_path / "puzzles-progress.json")  # not a lesson file
    assert lessons.completed == set() and lessons.problem is not None
    assert "lesson progress starts afresh" in lessons.problem


def test_show_solution_replays_the_stored_actions() -> None:
    puzzle = tiny_puzzle()
    play = replay(puzzle)
    assert play.solved and play.turn == puzzle.turns
    assert [str(a) for a in play.solution()] == list(puzzle.solution)


# ----- help: kept lines, the check, undo -------------------------------------------------------


class NoSearch:
    """In place of the solver where an answer must come from a kept line."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("a search was run")


def alike(play: SoloPlay, action: Action) -> Action:
    """Another pose of a hinted block move that plays alike (turned about the vertical, or
    tipped onto a face of the same colour class), as a drag may leave it; else the action."""
    if not isinstance(action, MoveBlock):
        return action
    state = play.state
    want = play.where(apply(state, action)[0])
    for row in legal_placements(state):
        other = placement_action(state, row)
        if other.block == action.block and other != action:
            if play.where(apply(state, other)[0]) == want:
                return other
    return action


def test_following_hints_solves_every_puzzle_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    turned = 0
    for path, puzzle in load_puzzles():
        plays = [SoloPlay(puzzle), SoloPlay(puzzle)]  # as hinted, and block poses that play alike
        monkeypatch.setattr(solo, "Search", NoSearch)
        for i, play in enumerate(plays):
            while not play.solved:
                assert play.in_reach() is True, path.stem
                hint = play.hint()
                assert hint is not None, path.stem
                other = alike(play, hint) if i else hint
                turned += other != hint
                play.apply(other)
            assert play.turn == puzzle.turns, path.stem
        monkeypatch.undo()
    assert turned >= 40  # the stored path alone missed these (issue 19)


def test_a_hint_off_the_kept_lines_keeps_its_whole_solution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = tiny_puzzle()
    play = SoloPlay(puzzle)
    play.apply(Pass(player=TEAL))
    play.apply(flip_half())  # off the stored path
    assert play.hint() is not None and play.searches == 1
    monkeypatch.setattr(solo, "Search", NoSearch)
    while not play.solved:
        hint = play.hint()
        assert hint is not None
        play.apply(hint)
    assert play.turn == puzzle.turns


def test_a_hint_that_takes_too_long_goes_on_where_it_stopped() -> None:
    play = SoloPlay(tiny_puzzle())
    play.apply(Pass(player=TEAL))
    play.apply(flip_half())  # off the stored path: a search of two turns
    with pytest.raises(TimeoutError):
        play.hint(budget=0.0)
    assert play.searching is not None
    assert play.in_reach(budget=0.0) in (None, True)  # a piece more of the same search
    assert play.searches == 1
    assert play.hint(budget=60.0) is not None and play.searches == 1
    assert play.searching is None


def test_a_search_spread_over_time_finds_what_one_run_finds() -> None:
    whole = Search(tiny(), 0, 3).run(3)
    search = Search(tiny(), 0, 3)
    pauses = sum(1 for _ in search.steps(3))
    assert pauses > 10
    spread = search.report
    assert (spread.turns, spread.solution, spread.layers, spread.nodes) == (
        whole.turns,
        whole.solution,
        whole.layers,
        whole.nodes,
    )
    stopped = Search(tiny(), 0, 3).run(3, budget=0.0)
    assert not stopped.complete and stopped.turns is None


def test_the_check_says_at_once_when_a_walk_puts_the_target_out_of_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = load_puzzle(puzzles_dir() / "band2-0000-level4.json")
    play = SoloPlay(puzzle)
    for action in puzzle.actions()[:2]:  # as the hints say
        assert play.hint() == action
        play.apply(action)
    play.apply(parse_action(f"{puzzle.player} move 15,11 +short"))  # a walk of one's own
    assert play.turn == 1 and play.turns_left == 2
    assert play.in_reach(budget=5.0) is False  # proved (about 0.1 s)
    assert play.searches == 1
    monkeypatch.setattr(solo, "Search", NoSearch)
    assert play.hint() is None
    play.end_turn()
    assert play.turn == 2 and play.in_reach() is False  # out of reach from there on, too
    play.undo()
    play.undo()
    assert play.in_reach() is True and play.hint() == puzzle.actions()[2]


def test_undo_goes_back_across_the_others_passes_and_the_turn_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = tiny_puzzle()
    play = SoloPlay(puzzle)
    assert not play.undo() and play.redo() is None
    points = [(play.state, play.turn)]
    said = []
    for action in puzzle.actions():
        said.append(play.apply(action))
        points.append((play.state, play.turn))
    assert play.solved and puzzle.turns == 2
    assert any(isinstance(e, Passed) and e.player != TEAL for events in said for e in events)
    for i in range(len(points) - 2, -1, -1):
        assert play.undo()
        assert (play.state, play.turn) == points[i], i
    assert not play.undo() and not play.can_undo
    monkeypatch.setattr(solo, "apply", None)  # redo gives back what was done: nothing again
    monkeypatch.setattr(solo, "pass_others", None)
    for i, events in enumerate(said):
        assert play.redo() == events
        assert (play.state, play.turn) == points[i + 1]
    assert play.redo() is None
    monkeypatch.undo()
    play.restart()
    assert (play.state, play.turn) == points[0] and not play.can_redo


def test_an_ended_turn_is_one_step_back_and_a_new_action_drops_the_redo() -> None:
    play = SoloPlay(tiny_puzzle())
    start = play.state
    play.apply(Pass(player=TEAL))
    play.end_turn()  # the block, the second walk and the disk passed; the others pass
    assert play.turn == 2
    assert play.undo() and play.turn == 1 and play.state.step.value == "block"
    assert play.undo() and play.state == start
    play.apply(Pass(player=TEAL))
    assert play.redo() is None


# ----- files ---------------------------------------------------------------------------------


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data))
    return path


def test_puzzle_file_round_trip(tmp_path: Path) -> None:
    puzzle = tiny_puzzle()
    path = tmp_path / "tiny.json"
    path.write_text(puzzle_text(puzzle))
    assert load_puzzle(path) == puzzle
    assert load_puzzles(tmp_path) == [(path, puzzle)]


def _edit(data: dict[str, Any], where: str, value: Any) -> dict[str, Any]:
    target = data
    keys = where.split(".")
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value
    return data


@pytest.mark.parametrize(
    ("where", "value", "problem"),
    [
        ("format", "climbers-game", '"format" must be "climbers-puzzle"'),
        ("version", 2, "unsupported"),
        ("title", "Teal to 12,10", "players' words"),
        ("description", "Move cube-2 first.", "players' words"),
        ("title", "Teal\x1b[2J to level 3", "printable"),
        ("title", "Teal\a to level 3", "printable"),
        ("description", "Climb\r high.", "printable"),
        ("description", "Climb\x00 high.", "printable"),
        ("player", "purple", "no seat"),
        ("turns", 5, "turns"),
        ("target", "3", "target"),
        ("solution", ["teal jump"], "not an action"),
        ("solution", ["teal pass"], "below the target"),
        ("turns", 3, "takes 2 turns, not 3"),
        ("position.rules.reactions", True, "without reaction moves"),
        ("position.turn.step", 1, "start of teal's turn"),
        ("position.blocks", [], "stands on no block"),
    ],
)
def test_bad_puzzle_files_are_refused_in_one_line(
    tmp_path: Path, where: str, value: Any, problem: str
) -> None:
    data = json.loads(puzzle_text(tiny_puzzle()))
    if where == "position.blocks":
        data["position"]["players"][0]["at"] = [1, 1]
    else:
        _edit(data, where, value)
    path = write(tmp_path / "bad.json", data)
    with pytest.raises(PuzzleFileError) as info:
        load_puzzle(path)
    text = str(info.value)
    assert text.startswith(f"{path}: ") and "\n" not in text
    assert problem in text


def test_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{")
    with pytest.raises(PuzzleFileError, match="not JSON"):
        load_puzzle(path)


def _hostile(folder: Path, kind: str) -> Path:
    path = folder / f"{kind}.json"
    if kind == "nested":
        path.write_text('{"format": "climbers-puzzle", "version": 1, "position": ' + "[" * 5000)
    elif kind == "repeated key":
        path.write_text('{"format": "climbers-puzzle", "format": "climbers-puzzle"}')
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "huge number":
        path.write_text('{"format": "climbers-puzzle", "version": 1' + "0" * 50 + "}")
    elif kind == "escape codes":
        path.write_text('{"format": "\\u001b[31mclimbers"}')
    return path


@pytest.mark.parametrize(
    ("kind", "problem"),
    [
        ("nested", "nested too deeply"),
        ("repeated key", "twice in one object"),
        ("fifo", "is not a file"),
        ("huge number", "digits"),
        ("escape codes", '"format" must be'),
    ],
)
def test_hostile_puzzle_files_are_refused_in_one_line_by_list_and_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, problem: str
) -> None:
    path = _hostile(tmp_path, kind)
    assert main(["puzzle", "--list", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and problem in err and "\x1b" not in err
    assert main(["puzzle", "--verify", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAIL ") and problem in out[0]


# ----- the shipped puzzles -------------------------------------------------------------------


SHIPPED = load_puzzles()


def test_shipped_puzzles_number_at_least_forty_in_bands_one_to_three() -> None:
    bands = [p.band for _, p in SHIPPED]
    assert len(bands) >= 40
    assert {1, 2, 3} <= set(bands)


@pytest.mark.parametrize(("path", "puzzle"), SHIPPED, ids=[p.stem for p, _ in SHIPPED])
def test_shipped_solution_replays_through_core_in_its_turns(path: Path, puzzle: Puzzle) -> None:
    state, turn, seat = puzzle.position, 1, puzzle.seat
    actions = puzzle.actions()
    for i, action in enumerate(actions):
        assert state.level(seat) < puzzle.target, f"{path.name}: reached before action {i}"
        state, _ = apply(state, action)
        if state.actor != seat:
            state, _ = pass_others(state, seat)
            turn += 1
    assert state.level(seat) >= puzzle.target
    assert turn == puzzle.turns


# ----- the command ---------------------------------------------------------------------------


def test_verify_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tiny_puzzle()
    (tmp_path / "good.json").write_text(puzzle_text(good))
    assert main(["puzzle", "--verify", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("ok   good.json: no shorter solution (")
    wasted = ("teal pass",) * 4  # a first turn doing nothing: three turns, though two will do
    slow = good.model_copy(update={"turns": 3, "solution": wasted + good.solution})
    (tmp_path / "slow.json").write_text(puzzle_text(slow))
    assert main(["puzzle", "--verify", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("FAIL slow.json: solved in 2 turns, fewer than the stated 3")
    assert out[-1].startswith("1 of 2 puzzles proved")


def test_verify_fails_a_shipped_puzzle_stated_one_turn_too_long(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, puzzle = next((p, q) for p, q in SHIPPED if q.band == 1)
    assert main(["puzzle", "--verify", str(path)]) == 0
    idle = (f"{puzzle.player} pass",) * 4  # a first turn doing nothing
    tampered = puzzle.model_copy(update={"turns": 2, "solution": idle + puzzle.solution})
    (tmp_path / path.name).write_text(puzzle_text(tampered))
    capsys.readouterr()
    assert main(["puzzle", "--verify", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {path.name}: solved in 1 turns, fewer than the stated 2")


class Growing:
    """A process whose memory grows by 100 MB at every reading."""

    def __init__(self) -> None:
        self.megabytes = 100.0

    def __call__(self) -> float:
        self.megabytes += 100.0
        return self.megabytes


def test_verify_stops_a_proof_over_its_budget_and_says_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22, item 3: no puzzle file can make --verify run for an hour or take gigabytes."""
    path = next(p for p, q in SHIPPED if q.band == 3)
    assert main(["puzzle", "--verify", str(path), "--budget", "1e-6"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {path.name}: over budget: the search needed more than 1e-06 s")
    monkeypatch.setattr(budget, "resident_megabytes", Growing())
    assert main(["puzzle", "--verify", str(path), "--memory", "50"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {path.name}: over budget: the search needed more than 50 MB")
    assert len(out) == 2


@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [
        ("--budget", "0", "is not above 0"),
        ("--budget", "nan", "is not a number of seconds"),
        ("--memory", "8", "is not between 16 and"),
        ("--memory", "1e9", "is not a whole number"),
    ],
)
def test_verify_refuses_a_bad_budget_in_one_line(
    capsys: pytest.CaptureFixture[str], option: str, value: str, problem: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["puzzle", "--verify", option, value])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0] and "Traceback" not in err[0]


def test_a_hint_that_would_take_too_much_memory_is_given_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint's search stops once it has added SEARCH_MEGABYTES to the process, and is never
    gone on with: the window then says the hint takes too long."""
    play = SoloPlay(tiny_puzzle())
    play.apply(Pass(player=TEAL))
    play.apply(flip_half())  # off the stored path: a search of two turns
    monkeypatch.setattr(budget, "resident_megabytes", Growing())
    monkeypatch.setattr(solo, "Meter", lambda: budget.Meter(None, 50.0))
    with pytest.raises(TimeoutError):
        play.hint(budget=60.0)
    assert play.searching == float("inf")
    with pytest.raises(TimeoutError):
        play.hint(budget=60.0)  # not gone on with
    assert play.searches == 1


def test_list_prints_puzzles_by_band(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "two.json").write_text(puzzle_text(tiny_puzzle(3)))
    (tmp_path / "one.json").write_text(puzzle_text(tiny_puzzle(2)))
    assert main(["puzzle", "--list", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "band 1 (1 turn): 1 puzzles" and out[1].split()[0] == "one"
    assert out[2] == "band 2 (2 turns): 1 puzzles" and out[3].split()[0] == "two"


def test_puzzle_without_a_flag_opens_the_puzzle_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []

    class Shell:
        def show_puzzles(self) -> None:
            shown.append("puzzles")

    class Window:
        @staticmethod
        def run(game: str, mode: Any, size: tuple[int, int], title: str) -> None:
            assert game == "climbers"
            mode(Shell())

    monkeypatch.setattr("climbers.cli.arguments.window", lambda: Window)
    assert main(["puzzle"]) == 0
    assert shown == ["puzzles"]


def test_list_and_verify_print_a_file_name_with_control_codes_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tiny\x1b[2J.json"
    path.write_text(puzzle_text(tiny_puzzle()))
    assert main(["puzzle", "--list", str(tmp_path)]) == 0
    assert main(["puzzle", "--verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "tiny\\x1b[2J" in out
