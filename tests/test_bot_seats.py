"""Bot seats: chosen in the setup or on the command line, saved with the game, resumed as bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from climbers.the_climbers.commands.play_command import parse_bots
from climbers.the_climbers.core import Colour, generate_mountain, legal_actions, new_game
from climbers.the_climbers.game.game_setup import GameSetup, Seat, seats_for
from climbers.the_climbers.game.session import GameSession, save_to
from climbers.the_climbers.io import FileProblem, load_saved

STATE = new_game(generate_mountain(7), ["teal", "red", "yellow"], seed=7)


def test_the_setup_names_the_bot_seats_by_colour() -> None:
    setup = GameSetup(
        seats=(
            Seat(colour=Colour.TEAL),
            Seat(colour=Colour.RED, kind="bot", level="strong"),
            Seat(colour=Colour.YELLOW, kind="bot"),
        )
    )
    assert setup.bots() == {Colour.RED: "strong", Colour.YELLOW: "greedy"}
    assert (
        seats_for(["teal", "red", "yellow"], {"red": "strong", "yellow": "greedy"}) == setup.seats
    )


def test_command_line_bots_must_be_players_with_known_levels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert parse_bots("red=greedy, yellow=strong", ["teal", "red", "yellow"]) == {
        "red": "greedy",
        "yellow": "strong",
    }
    assert parse_bots("", None) == {}
    assert parse_bots("pink=greedy", ["teal", "red"]) is None
    assert parse_bots("red=clever", ["teal", "red"]) is None
    assert "not one of random, greedy, strong" in capsys.readouterr().err


def test_a_saved_game_keeps_its_bots_and_resumes_with_them(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = GameSession(STATE, save_to(path), bots={Colour.RED: "strong"})
    for _ in range(3):
        session.act(legal_actions(session.state)[0])
    assert json.loads(path.read_text())["bots"] == {"red": "strong"}
    resumed = GameSession.resume(load_saved(path))
    assert resumed.bots == {Colour.RED: "strong"} and resumed.state == session.state


def test_files_without_bots_load_with_people_only_and_bad_bots_are_named(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    GameSession(STATE, save_to(path)).act(legal_actions(STATE)[0])
    data = json.loads(path.read_text())
    assert "bots" not in data and load_saved(path).bots == {}
    for bots, problem in (
        ({"pink": "greedy"}, "bots: 'pink' is no player in this game"),
        ({"red": "clever"}, "bots.red: 'clever' is no bot level"),
        (["red"], "bots: must be an object"),
    ):
        path.write_text(json.dumps({**data, "bots": bots}))
        with pytest.raises(FileProblem, match=problem):
            load_saved(path)
