"""Captions: one sentence per action, built from the events."""

from __future__ import annotations

from climbers.ai import make_bot
from climbers.core import (
    Colour,
    MoveBlock,
    MoveClimber,
    Pass,
    apply,
    generate_mountain,
    new_game,
)
from climbers.core.events import BlockMoved, ClimberMoved, ClimberPushed, GameEnded
from climbers.core.geometry import rotation_from
from climbers.core.rules import Step
from climbers.core.state import Placement, evolve
from climbers.game.captions import caption, opening

START = new_game(generate_mountain(7), ["red", "teal", "yellow"], seed=7, first=0)
RED = Colour.RED


def test_a_climb_names_the_level_and_the_ladder() -> None:
    move = MoveClimber(player=RED, to=(5, 5), ladders=("tall",))
    ev = ClimberMoved(
        player=RED, path=((4, 5), (5, 5)), ladders=("tall",), from_level=4, to_level=7
    )
    assert caption(START, move, [ev]) == "Red climbs to level 7 with the tall ladder."
    both = ev.model_copy(update={"ladders": ("short", "tall"), "from_level": 0})
    assert (
        caption(START, move, [both]) == "Red steps onto the mountain at level 7 with both ladders."
    )
    flat = ev.model_copy(update={"ladders": (), "from_level": 7})
    assert caption(START, move, [flat]) == "Red walks along level 7."


def test_a_block_move_says_tip_turn_or_move_and_the_colour_on_top() -> None:
    spec = next(s for s in START.components.blocks if s.name == "cube-1")
    old = Placement(block="cube-1", at=(3, 3, 2), up="+z", north="+y")
    top = spec.faces["+z"].value
    turned = old.model_copy(update={"north": "+x"})
    tipped = Placement.of("cube-1", rotation_from("-x", "+y"), (8, 3, 0))
    move = MoveBlock(player=RED, block="cube-1", at=(8, 3, 0), up="-x", north="+y")

    def text(after: Placement) -> str:
        ev = BlockMoved(player=RED, block="cube-1", before=old, after=after)
        return caption(START, move, [ev])

    assert text(turned) == f"Red turns the {top} cube."
    side = spec.faces["-x"].value
    assert text(tipped) == f"Red tips the {top} cube to the table, {side} side up."
    moved = old.model_copy(update={"at": (9, 9, 3)})
    assert text(moved) == f"Red moves the {top} cube onto level 3."


def test_passes_pushes_and_the_end_are_told() -> None:
    assert caption(START, Pass(player=RED), []) == "Red skips the move."
    reacting = evolve(START, turn=START.turn.model_copy(update={"step": 4, "reactor": 1}))
    assert reacting.step is Step.REACTION
    teal = Pass(player=Colour.TEAL)
    ended = GameEnded(ranking=((Colour.TEAL, 9, 1), (RED, 9, 1), (Colour.YELLOW, 3, 3)))
    assert (
        caption(reacting, teal, [ended])
        == "Teal does not answer. Game over: Teal and Red share the win at level 9."
    )
    push = ClimberPushed(player=Colour.YELLOW, from_square=(1, 1), to_square=(1, 2))
    assert caption(START, Pass(player=RED), [push]).endswith("; Yellow is pushed aside.")


def test_every_action_of_a_bot_game_gets_one_sentence() -> None:
    state = START
    bots = [make_bot("greedy", seat) for seat in range(3)]
    assert opening(state) == "Start (turn 1): Red, Teal, Yellow."
    while not state.finished:
        action = bots[state.actor].choose(state)
        after, events = apply(state, action)
        text = caption(state, action, events)
        assert text.startswith(state.players[state.actor].label + " ")
        assert text.endswith(".") and "\n" not in text and "  " not in text
        state = after
    assert "Game over:" in text
