"""Captions: a sentence per action, built from the events, saying where in words."""

from __future__ import annotations

from climbers.the_climbers.core import (
    Colour,
    GameState,
    MoveBlock,
    MoveClimber,
    Pass,
    apply,
    generate_mountain,
    new_game,
)
from climbers.the_climbers.core.events import BlockMoved, ClimberPushed, GameEnded
from climbers.the_climbers.core.geometry import rotation_from
from climbers.the_climbers.core.rules import Step
from climbers.the_climbers.core.state import LadderKind, Placement, evolve
from climbers.the_climbers.game.captions import caption, opening
from rules.conftest import NEUTRAL, PURPLE, TEAL, position, put

START = new_game(generate_mountain(7), ["red", "teal", "yellow"], seed=7, first=0)
RED = Colour.RED


def test_a_climb_says_where_in_words() -> None:
    blocks = [
        put("half-3", (8, 10, 0), NEUTRAL),  # level 1
        put("half-6", (10, 10, 0), NEUTRAL),
        put("cube-1", (10, 10, 1), TEAL),  # level 3
        put("half-9", (8, 12, 0), NEUTRAL),
    ]
    on_half = position(blocks, at={TEAL: (8, 10)})
    on_table = position(blocks)
    answering = position(blocks, at={PURPLE: (8, 10)}, step=Step.REACTION)

    def told(state: GameState, to: tuple[int, int], *ladders: LadderKind) -> str:
        action = MoveClimber(player=state.players[state.actor].colour, to=to, ladders=ladders)
        return caption(state, action, apply(state, action)[1])

    assert told(on_half, (10, 10), "short") == (
        "Teal climbs up two levels to the teal cube with the short ladder."
    )
    assert told(on_half, (9, 11)) == "Teal walks across the neutral half-cube."
    assert told(on_half, (8, 12)) == "Teal walks over to the neutral half-cube on level 1."
    assert told(on_table, (8, 10)) == "Teal steps onto the neutral half-cube on level 1."
    assert told(on_table, (10, 10), "tall") == (
        "Teal climbs onto the teal cube on level 3 with the tall ladder."
    )
    assert told(answering, (8, 12)) == (
        "Purple answers by walking over to the neutral half-cube on level 1."
    )


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
    assert caption(START, Pass(player=RED), [push]) == "Red skips the move. Yellow is pushed aside."
    assert opening(START) == "Start (turn 1): Red, Teal and Yellow."


def test_recent_captions_make_done_one_line_and_name_an_answer_nobody_could_make() -> None:
    from climbers.the_climbers.core import generate_mountain, new_game
    from climbers.the_climbers.game.captions import recent_captions
    from climbers.the_climbers.game.session import GameSession

    session = GameSession(new_game(generate_mountain(7), ["teal", "red"], seed=7, first=0))
    session.act(Pass(player=Colour.TEAL))
    session.done()  # the rest of teal's turn: three more passes
    states = [e.state for e in session.history]
    actions = [e.action for e in session.history[1:] if e.action is not None]
    assert len(actions) == 4
    assert recent_captions(states, actions, 4) == ["Teal ends the turn."]
    assert recent_captions(states[:3], actions[:2], 4) == [
        "Teal skips the move.",
        "Teal skips the block move.",
    ]
    session.done()  # red answers: red stands on the table and may walk, so red just passes
    states = [e.state for e in session.history]
    actions = [e.action for e in session.history[1:] if e.action is not None]
    assert recent_captions(states, actions, 4) == ["Teal ends the turn.", "Red does not answer."]
    assert recent_captions(states, actions, 1) == ["Red does not answer."]
