"""Burg Klettermax's session: undo takes back a choice within the turn, never a roll or a
flick; Done ends a turn that waits for `end`; saved games come back with their history and
bots, and unusable files are named in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from climbers.klettermax.core import (
    COLOURS,
    PHYSICS,
    End,
    Flick,
    MoveTower,
    Phase,
    Roll,
    Seat,
    State,
    Take,
    Turn,
    new_state,
)
from climbers.klettermax.core.dice import deal_tiles
from climbers.klettermax.game.session import (
    KlettermaxSession,
    PlayDriver,
    SavedGame,
    SavedGameProblem,
    open_saved,
    save_to,
)
from climbers.klettermax.game.setup import KlettermaxSetup


def full_tower(beginners: bool = False) -> State:
    """Seat 0's tower full on spot 2, seat 1 empty on spot 8, seat 0 to act."""
    return State(
        seed=3,
        beginners=beginners,
        seats=(Seat(spot=2, tower=COLOURS), Seat(spot=8)),
        chambers=deal_tiles(3),
        turn=Turn(seat=0),
    )


@pytest.mark.rule("K13")
def test_undo_takes_back_a_tower_moved_before_the_roll_but_not_the_roll() -> None:
    session = KlettermaxSession(new_state(2, 5, first=0))
    driver = PlayDriver(session)
    session.act(MoveTower(spot=4))
    assert session.state.seats[0].spot == 4
    assert driver.undo() and session.state.seats[0].spot == 2
    session.act(Roll())
    assert not driver.undo(), "a roll stands"
    assert session.log == ["roll"]


@pytest.mark.rule("K9")
def test_undo_takes_back_a_chosen_knight_within_the_turn() -> None:
    owed = State(
        seed=3,
        rolls=1,
        seats=(Seat(spot=2), Seat(spot=8)),
        chambers=deal_tiles(3),
        turn=Turn(seat=0, phase=Phase.CHOOSE, choices=2),
    )
    session = KlettermaxSession(owed)
    session.act(Take(colour=COLOURS[0]))
    assert session.state.turn.choices == 1
    assert session.can_undo() and PlayDriver(session).undo()
    assert session.state == owed
    session.act(Take(colour=COLOURS[0]))
    session.act(Take(colour=COLOURS[1]))
    assert session.state.turn.seat == 1 and not session.can_undo(), "the turn has passed"


@pytest.mark.rule("K12")
def test_a_flick_stands_and_done_ends_the_turn_after_a_loot() -> None:
    session = KlettermaxSession(full_tower())
    chamber = 2
    session.act(Flick(rest="chamber", chamber=chamber))
    assert session.state.turn.phase is Phase.LOOTED
    assert not session.can_undo()
    session.done()
    assert session.state.turn.seat == 1 and session.log[-1] == "end"


@pytest.mark.rule("K15")
def test_a_missed_flick_stands_with_the_beginners_option() -> None:
    session = KlettermaxSession(full_tower(beginners=True))
    session.act(Flick(rest="outside"))
    assert session.state.turn.phase is Phase.AGAIN and not session.can_undo()
    session.act(End())
    assert session.state.turn.seat == 1


def test_a_saved_game_comes_back_with_its_history_and_bots(tmp_path: Path) -> None:
    setup = KlettermaxSetup(seats=("human", "hard", "nobody", "easy"), beginners=True, seed=9)
    session = KlettermaxSession(setup.start(), bots=setup.bots())
    assert session.bots == {1: "hard", 2: "easy"}
    path = tmp_path / "game.json"
    session.saver = save_to(path)
    session.act(Roll())
    again = open_saved(path)
    assert again.state == session.state and again.log == session.log
    assert again.bots == {1: "hard", 2: "easy"} and again.start.beginners


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{", "JSON"),
        ('{"format": "clamber-saved-game"}', "not a saved Burg Klettermax game"),
        ('{"format": "klettermax-saved-game", "players": 9, "seed": 1, "first": 0}', "players"),
        (
            '{"format": "klettermax-saved-game", "players": 2, "seed": 1, "first": 0, '
            '"actions": ["take red"]}',
            "action 1",
        ),
    ],
)
def test_an_unusable_saved_game_is_named_in_one_line(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SavedGameProblem) as caught:
        open_saved(path)
    line = str(caught.value)
    assert "\n" not in line and "bad.json" in line and problem.lower() in line.lower()


def test_the_saved_form_holds_text_actions_only() -> None:
    session = KlettermaxSession(full_tower())
    session.act(Flick(rest="wall"))
    data = json.loads(SavedGame.of(session).model_dump_json())
    assert data["actions"] == ["flick wall"]


def test_a_saved_game_names_its_physics_and_an_older_one_reads_as_physics_1() -> None:
    # Issue 31: a game saved before the physics had versions was flicked under physics 1.
    setup = KlettermaxSetup(seats=("human", "easy", "nobody", "nobody"), seed=9)
    session = KlettermaxSession(setup.start(), bots=setup.bots())
    session.act(Roll())
    data = json.loads(SavedGame.of(session).model_dump_json())
    assert data["physics"] == PHYSICS
    del data["physics"]
    old = SavedGame.model_validate_json(json.dumps(data))
    assert old.physics == 1 and old.session().log == session.log
    with pytest.raises(ValueError):
        SavedGame.model_validate_json(json.dumps({**data, "physics": PHYSICS + 1}))


@pytest.mark.parametrize("index", [0, 2])
def test_every_state_of_a_bots_game_comes_back_from_its_saved_game_and_its_state_files(
    index: int,
) -> None:
    """Issue 32, item 8: the game never makes a state its readers refuse. A seeded game of
    bots flicking with the physics' hand is saved and opened again (every flick flown again
    rests where the game says), and every state on the way reads back as itself."""
    from climbers.klettermax.contest import BOTS
    from climbers.klettermax.core import dump, load
    from climbers.klettermax.game.demo import demo_game
    from climbers.session.demo import play_out

    game = demo_game(index, 0)
    play_out(game, BOTS, 0.0)
    played = game.session
    assert played.state.over and any(" aim " in text for text in played.log)
    again = SavedGame.model_validate_json(SavedGame.of(played).model_dump_json()).session()
    assert [step.state for step in again.history] == [step.state for step in played.history]
    for step in again.history:
        assert load(dump(step.state)) == step.state
