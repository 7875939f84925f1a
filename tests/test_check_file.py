"""`climbers check-file`: exit 0 with 'ok: ...' for a valid file, else exit 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from climbers.cli.main import main
from climbers.io.resources import assets_dir
from climbers.the_climbers.core import generate_mountain, new_game
from climbers.the_climbers.game.session import GameSession
from climbers.the_climbers.io import MAX_BYTES, save_game
from test_playthrough import choose

EXAMPLE = assets_dir() / "positions" / "example.json"


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return data


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["check-file", str(path)])
    out, err = capsys.readouterr()
    lines = (out + err).splitlines()
    assert len(lines) == 1, lines
    return code, lines[0]


def test_valid_position_and_recorded_game_are_ok(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check(EXAMPLE, capsys) == (
        0,
        f"ok: {EXAMPLE}: game of 3 players, at turn 7, a position without action log",
    )
    import random

    session = GameSession(new_game(generate_mountain(1), ["teal", "red"], seed=1))
    rng = random.Random(1)
    for _ in range(25):
        session.act(choose(session.state, rng, 0))
    path = tmp_path / "game.json"
    save_game(session.state, path, session.start, session.log)
    code, line = check(path, capsys)
    assert code == 0 and line.endswith("25 actions logged")


def edit(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = example()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


CASES: list[tuple[str, bytes | dict[str, Any], str]] = [
    ("not JSON", b"{'format': 'climbers-game'}", "is not JSON"),
    ("not a game", b'{"format": "climbers-mountain", "version": 1}', "has format"),
    ("wrong version", edit(("version",), "2"), "no whole-number version"),
    ("future version", edit(("version",), 99), "newer than this program reads"),
    ("unknown colour", edit(("players", 0, "colour"), "green"), "players[0].colour"),
    ("unknown block", edit(("blocks", 0, "block"), "cube-13"), "unknown block 'cube-13'"),
    ("off the table", edit(("blocks", 0, "at"), [40, 5, 0]), "outside the 32x32 table"),
    ("negative", edit(("blocks", 0, "at"), [-3, 5, 0]), "outside the 32x32 table"),
    ("huge", edit(("blocks", 0, "at"), [10**30, 5, 0]), "has a number of 31 digits (at most 19)"),
    ("not an integer", edit(("blocks", 0, "at"), [6.5, 5, 0]), "blocks[0].at[0]"),
    ("a text coordinate", edit(("players", 0, "at"), ["6", 5]), "players[0].at[0]"),
    ("overlap", edit(("blocks", 1, "at"), [6, 5, 1]), "overlap"),
    ("overhang", edit(("blocks", 2, "at"), [6, 9, 3]), "overhangs or leaves a hole"),
    ("Climber on nothing", edit(("players", 1, "at"), [0, 0]), "stands on no block"),
    ("on another colour", edit(("players", 1, "at"), [8, 5]), "stands on a teal surface"),
    ("two on a square", edit(("players", 1, "at"), [6, 5]), "two Climbers stand on square"),
    ("block twice", edit(("blocks", 1, "block"), "neutral-1"), "a block is listed twice"),
    ("six players", edit(("players",), [*example()["players"]] * 2), "at most 5 items"),
    ("two disks", edit(("players", 1, "disk_on"), "double-1"), "placed disk needs disk_on"),
]


@pytest.mark.parametrize(("name", "content", "expected"), CASES, ids=[c[0] for c in CASES])
def test_bad_files_exit_2_with_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    content: bytes | dict[str, Any],
    expected: str,
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    code, line = check(path, capsys)
    assert code == 2 and line.startswith(f"{path}: ") and expected in line


def test_too_large_missing_and_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b"0," * MAX_BYTES + b"0]")
    assert check(big, capsys) == (2, f"{big}: is larger than {MAX_BYTES} bytes")
    assert check(tmp_path / "none.json", capsys)[0] == 2
    assert check(tmp_path, capsys) == (2, f"{tmp_path}: is not a file")


def test_the_command_never_shows_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "hostile.json"
    path.write_text('{"format": "climbers-game", "version": 1, "blocks": [' + "[" * 50_000)
    run = subprocess.run(
        [sys.executable, "-m", "climbers", "check-file", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith(f"{path}: is nested too deeply")


def test_check_file_reads_every_games_files_with_their_commands_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32, item 8: a Clamber game or position and a Burg Klettermax game are checked
    by their own game; a turn that does not fit, or a flick the physics brings to rest
    elsewhere, is refused; a flick saved without its aim is said."""
    from climbers.clamber.core import ClamberRules
    from climbers.clamber.game.session import ClamberSession
    from climbers.clamber.game.session import save_to as save_clamber
    from climbers.klettermax.core import Roll, new_state
    from climbers.klettermax.game.session import KlettermaxSession
    from climbers.klettermax.game.session import save_to as save_klettermax

    clamber = ClamberSession(ClamberRules(3).new_state(2, 0))
    for cell in ("C3", "D4", "E5"):
        clamber.act(clamber.rules.parse_action(f"place {cell}"))
    save_clamber(tmp_path / "clamber.json")(clamber)
    code, line = check(tmp_path / "clamber.json", capsys)
    assert code == 0 and line.endswith("Clamber game on the 3-board, at turn 4, 3 turns logged")

    position = tmp_path / "position.json"
    position.write_text(clamber.rules.dump(clamber.state))
    code, line = check(position, capsys)
    assert code == 0 and "Clamber position on the 3-board, turn 3, Red to move" in line

    data = json.loads((tmp_path / "clamber.json").read_text())
    data["turns"][2] = "place C3"
    (tmp_path / "unfit.json").write_text(json.dumps(data))
    code, line = check(tmp_path / "unfit.json", capsys)
    assert code == 2 and "turn 3 ('place C3') does not fit" in line

    kletter = KlettermaxSession(new_state(2, 5, first=0))
    kletter.act(Roll())
    save_klettermax(tmp_path / "kletter.json")(kletter)
    code, line = check(tmp_path / "kletter.json", capsys)
    assert code == 0 and "Burg Klettermax game of 2 players, going on, 1 action logged" in line

    data = json.loads((tmp_path / "kletter.json").read_text())
    data["actions"].append("flick chamber 9 aim -90.0 0.000")  # the tower is not full
    (tmp_path / "early.json").write_text(json.dumps(data))
    code, line = check(tmp_path / "early.json", capsys)
    assert code == 2 and "action 2 ('flick chamber 9 aim -90.0 0.000') does not fit" in line

    from climbers.klettermax.core import Aim, Flick, legal_actions
    from climbers.klettermax.physics.recorded import flick_action

    kletter = KlettermaxSession(new_state(2, 5, first=0))
    while not any(isinstance(a, Flick) for a in legal_actions(kletter.state)):
        kletter.act(next(a for a in legal_actions(kletter.state) if a.kind != "move_tower"))
    seat = kletter.state.active
    flown = flick_action(seat.spot, len(seat.tower), Aim(angle=0.0, strength=0.95))
    assert flown.rest == "outside", "over the castle"
    kletter.act(Flick(rest="wall", aim=flown.aim))  # a record that says otherwise
    save_klettermax(tmp_path / "told.json")(kletter)
    code, line = check(tmp_path / "told.json", capsys)
    assert code == 2 and "Its aim sends the knight over the castle." in line

    data = json.loads((tmp_path / "told.json").read_text())
    data["actions"][-1] = "flick wall"  # saved without its aim: replayed as recorded
    (tmp_path / "aimless.json").write_text(json.dumps(data))
    code, line = check(tmp_path / "aimless.json", capsys)
    assert code == 0 and "1 flicks saved without their aim, replayed as recorded" in line, line


@pytest.mark.rule("K4", "K6", "K12")
def test_check_file_reads_the_klettermax_cores_own_forms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32, item 8: a Burg Klettermax game state and a recorded game are read as the rules
    core reads them: a state not played from its seed's deal, or knights no roll brought, is
    refused; a record's flick is flown again with its aim."""
    from climbers.klettermax.core import Aim, Flick, apply, dump, dump_record, new_state
    from climbers.klettermax.core import legal_actions as legal
    from climbers.klettermax.physics.recorded import flick_action

    start = new_state(2, 5, first=0)
    (tmp_path / "state.json").write_text(dump(start))
    code, line = check(tmp_path / "state.json", capsys)
    assert code == 0 and line.endswith("Burg Klettermax game state of 2 players, seat 0 to act")
    data = json.loads(dump(start))
    data["seats"][0]["tower"] = ["red"]
    (tmp_path / "knights.json").write_text(json.dumps(data))
    code, line = check(tmp_path / "knights.json", capsys)
    assert code == 2 and "rolls: 0 rolls of the dice are too few for 1 knights" in line
    data = json.loads(dump(start))
    data["chambers"][0], data["chambers"][8] = data["chambers"][8], data["chambers"][0]
    (tmp_path / "deal.json").write_text(json.dumps(data))
    code, line = check(tmp_path / "deal.json", capsys)
    assert code == 2 and "chambers.0: seed 5 deals chamber 1 other tiles" in line

    state, actions = start, []
    while not any(isinstance(a, Flick) for a in legal(state)):
        actions.append(next(a for a in legal(state) if a.kind != "move_tower"))
        state = apply(state, actions[-1])[0]
    seat = state.active
    flown = flick_action(seat.spot, len(seat.tower), Aim(angle=0.0, strength=0.95))
    (tmp_path / "record.json").write_text(dump_record(start, [*actions, flown]))
    code, line = check(tmp_path / "record.json", capsys)
    assert code == 0 and f"Burg Klettermax record of 2 players, {len(actions) + 1} actions" in line
    told = Flick(rest="wall", aim=flown.aim)
    (tmp_path / "told.json").write_text(dump_record(start, [*actions, told]))
    code, line = check(tmp_path / "told.json", capsys)
    assert code == 2 and f"log[{len(actions)}]: 'flick wall aim 0.0 0.950'" in line
    assert line.endswith("flown with its aim, it rests over the castle")
