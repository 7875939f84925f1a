"""New-game choices build the game asked for; end-of-game wording follows the ranking (R23)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from climbers.the_climbers.core import Colour, GameState, generate_mountain
from climbers.the_climbers.core.state import evolve
from climbers.the_climbers.game.game_setup import GameSetup, Seat, build_game
from climbers.the_climbers.game.results import headline, standings, tie_break
from climbers.the_climbers.io import FileProblem, save_game
from climbers.the_climbers.io.mountains import MountainFileError, load_named

TEAL, RED, PINK = Colour.TEAL, Colour.RED, Colour.PINK


def seats(*colours: Colour) -> tuple[Seat, ...]:
    return tuple(Seat(colour=c, name=f"P{i}") for i, c in enumerate(colours))


def test_seed_mountain_players_names_and_first() -> None:
    state = build_game(GameSetup(seats=seats(TEAL, RED, PINK), seed=4, first=2))
    assert [p.colour for p in state.players] == [TEAL, RED, PINK]
    assert [p.name for p in state.players] == ["P0", "P1", "P2"]
    assert state.turn.active == 2
    assert state.blocks == generate_mountain(4)


def test_named_mountain_comes_from_its_file() -> None:
    a = build_game(GameSetup(mountain="named", name="spire", seed=3))
    b = build_game(GameSetup(mountain="named", name="spire", seed=99))
    assert a.blocks == b.blocks == load_named("spire").blocks
    with pytest.raises(MountainFileError):
        build_game(GameSetup(mountain="named", name="no-such-mountain"))


def test_position_file_gives_the_mountain(tmp_path: Path) -> None:
    source = build_game(GameSetup(seed=8))
    save_game(source, tmp_path / "pos.json")
    state = build_game(GameSetup(mountain="file", position_file=str(tmp_path / "pos.json")))
    assert state.blocks == source.blocks
    with pytest.raises(FileProblem):
        build_game(GameSetup(mountain="file", position_file=str(tmp_path / "missing.json")))


@pytest.mark.rule("V3")
def test_preset_and_variants_make_the_rules() -> None:
    classic = GameSetup(preset="classic-2008").rules()
    assert classic.classic_turn and classic.two_rounds and not classic.has_reactions
    chosen = GameSetup(seats=seats(TEAL, RED, PINK), two_rounds=True, bridges=True).rules()
    assert chosen.bridges and not chosen.two_rounds, "two rounds is for two players only (V1)"
    assert GameSetup(reaction_ladders=True).rules().reaction_ladders
    assert GameSetup().rules().has_reactions
    assert not GameSetup(reactions=False).rules().has_reactions


@pytest.mark.parametrize(
    "bad",
    [
        {"seats": seats(TEAL)},
        {"seats": seats(TEAL, TEAL)},
        {"seats": seats(TEAL, Colour.NEUTRAL)},
        {"first": 2},
    ],
)
def test_impossible_choices_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        GameSetup.model_validate(bad)


def finished(ticks: dict[int, int]) -> tuple[GameState, int]:
    """A finished 3-player game with the seats in `ticks` on one grey top, reached at that tick."""
    state = build_game(GameSetup(seats=seats(TEAL, RED, PINK), seed=2))
    s = state.structure
    block = next(
        b
        for b, squares in s.surfaces.items()
        if len(squares) >= 2 and s.top_colour(b) is Colour.NEUTRAL and s.top_z(b) > 0
    )
    players = list(state.players)
    for (seat, tick), sq in zip(ticks.items(), s.surfaces[block], strict=False):
        players[seat] = players[seat].model_copy(update={"at": sq, "reached_at": tick})
    return evolve(state, players=tuple(players), tick=50, finished=True), s.top_z(block)


@pytest.mark.rule("R23")
def test_tie_break_sentence_names_who_got_there_first() -> None:
    state, level = finished({0: 9, 1: 4})
    table = standings(state)
    assert [(s.label, s.place, s.level) for s in table] == [
        ("P1", 1, level),
        ("P0", 2, level),
        ("P2", 3, 0),
    ]
    assert headline(state) == "P1 wins!"
    assert tie_break(state) == (
        f"P1 and P0 both reached level {level}; P1 got there first and wins."
    )


@pytest.mark.rule("R23")
def test_clear_winner_and_everyone_on_the_table() -> None:
    state, level = finished({2: 7})
    assert headline(state) == "P2 wins!"
    assert tie_break(state) == f"P2 stands highest, on level {level}."
    nobody, _ = finished({})
    assert headline(nobody) == "P0, P1 and P2 share the win."
    assert "everyone shares" in tie_break(nobody)
