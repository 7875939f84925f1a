"""GameSession: history, undo/redo back to the start, in-turn undo limits, listeners, autosave."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from climbers.the_climbers.core import (
    GameState,
    IllegalAction,
    MoveBlock,
    MoveClimber,
    Pass,
    Reason,
    Rules,
    Step,
    generate_mountain,
    legal_actions,
    new_game,
    parse_action,
)
from climbers.the_climbers.core.events import Event, Passed, TurnStarted
from climbers.the_climbers.game.session import GameSession, save_to
from climbers.the_climbers.io import load_game


def game(players: int = 3, seed: int = 1, rules: Rules | None = None) -> GameState:
    colours = ["teal", "purple", "yellow", "red", "pink"][:players]
    return new_game(generate_mountain(seed), colours, rules=rules, first=0, seed=seed)


def play_randomly(session: GameSession, steps: int, seed: int) -> None:
    """Random legal actions, with moves and blocks preferred over passing."""
    rng = random.Random(seed)
    for _ in range(steps):
        actions = legal_actions(session.state)
        if not actions:
            return
        moves = actions[1:]
        session.act(rng.choice(moves) if moves and rng.random() < 0.8 else actions[0])


@pytest.mark.parametrize(
    "seed,rules",
    [(1, Rules()), (2, Rules(classic_turn=True)), (3, Rules(two_rounds=True, bridges=True))],
)
def test_undo_to_start_and_redo_reproduce_every_state(seed: int, rules: Rules) -> None:
    players = 2 if rules.two_rounds else 3
    session = GameSession(game(players, seed, rules))
    play_randomly(session, 120, seed)
    states = [e.state for e in session.history]
    assert len(states) > 20
    for expected in reversed(states[:-1]):
        assert session.undo(within_turn=False)
        assert session.state == expected
    assert not session.undo(within_turn=False)
    assert session.actions == []
    for expected in states[1:]:
        assert session.redo() is not None
        assert session.state == expected
    assert not session.can_redo


def test_log_replays_to_the_same_state() -> None:
    session = GameSession(game(4, seed=5))
    play_randomly(session, 150, seed=5)
    assert [str(parse_action(line)) for line in session.log] == session.log
    replay = GameSession.from_log(session.start, session.log)
    assert [e.state for e in replay.history] == [e.state for e in session.history]


def test_acting_after_undo_drops_the_redo_branch() -> None:
    session = GameSession(game())
    play_randomly(session, 5, seed=2)
    session.undo(within_turn=False)
    session.undo(within_turn=False)
    assert session.can_redo
    session.act(legal_actions(session.state)[0])
    assert not session.can_redo
    assert len(session.history) == 5


def test_refused_action_leaves_everything_unchanged() -> None:
    saves: list[GameState] = []
    heard: list[list[Event]] = []
    session = GameSession(game(), saver=lambda s: saves.append(s.state))
    session.subscribe(lambda state, events: heard.append(events))
    session.act(legal_actions(session.state)[0])
    before = (session.state, session.history, session.log, len(saves), len(heard))
    actor = session.state.players[session.state.actor].colour
    other = next(p.colour for p in session.state.players if p.colour != actor)
    with pytest.raises(IllegalAction) as refused:
        session.act(Pass(player=other))
    assert refused.value.reason is Reason.NOT_YOUR_TURN
    assert session.last_refusal is refused.value
    with pytest.raises(IllegalAction):
        session.act(MoveBlock(player=actor, block="nope", at=(0, 0, 0)))
    assert (session.state, session.history, session.log, len(saves), len(heard)) == before
    session.act(legal_actions(session.state)[0])
    assert session.last_refusal is None


def test_listeners_hear_actions_undo_and_redo() -> None:
    heard: list[tuple[GameState, list[Event]]] = []
    session = GameSession(game())

    def listener(state: GameState, events: list[Event]) -> None:
        heard.append((state, events))

    session.subscribe(listener)
    events = session.act(Pass(player=session.state.players[0].colour))
    assert heard == [(session.state, events)]
    assert isinstance(events[0], Passed)
    session.undo()
    assert heard[-1] == (session.start, [])
    session.redo()
    assert heard[-1] == (session.state, events)
    session.unsubscribe(listener)
    session.done()
    assert len(heard) == 3


@pytest.mark.rule("R20")
def test_in_turn_undo_stays_within_the_own_turn() -> None:
    session = GameSession(game(3))
    first = session.state
    assert not session.can_undo()
    teal = first.players[0].colour
    dest = next(a for a in legal_actions(first) if isinstance(a, MoveClimber))
    session.act(dest)
    session.act(Pass(player=teal))
    assert session.state.step is Step.MOVE
    assert session.undo() and session.undo()
    assert session.state == first
    assert not session.undo()
    session.redo()
    session.redo()
    session.done()
    assert session.state.turn.step == len(first.rules.turn_steps()), "the reactions run"
    assert not session.can_undo(), "Done ends the chance to undo: the reactions follow"
    session.done()
    session.done()
    assert session.state.turn.active == 1 and session.state.step is Step.MOVE
    assert not session.can_undo(), "never into the reactions or another player's turn"
    assert session.can_undo(within_turn=False)


@pytest.mark.rule("R13")
def test_done_during_reactions_passes_one_reaction() -> None:
    session = GameSession(game(3))
    session.done()
    assert session.state.turn.reactor == 1
    events = session.done()
    assert session.state.turn.reactor == 2
    assert len(events) == 1 and isinstance(events[0], Passed)
    events = session.done()
    assert any(isinstance(e, TurnStarted) for e in events)
    assert session.state.actor == 1


@pytest.mark.rule("V3")
def test_done_in_the_classic_turn_hands_over_to_the_next_player() -> None:
    session = GameSession(game(2, rules=Rules(classic_turn=True)))
    events = session.done()
    assert sum(isinstance(e, Passed) for e in events) == len(session.start.rules.turn_steps())
    assert session.state.turn.active == 1 and session.state.turn.step == 0


def test_autosave_writes_every_applied_action(tmp_path: Path) -> None:
    path = tmp_path / "data" / "autosave.json"
    session = GameSession(game(), saver=save_to(path))
    play_randomly(session, 12, seed=9)
    assert load_game(path) == session.state
    session.undo(within_turn=False)
    assert load_game(path) == session.state


def test_redo_hands_back_the_events_without_applying_the_action_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = GameSession(game(3))
    teal = session.state.players[0].colour
    dest = next(a for a in legal_actions(session.state) if isinstance(a, MoveClimber))
    events = session.act(dest)
    assert session.undo()
    applied: list[object] = []

    def counting(state: object, action: object) -> object:
        applied.append(action)
        raise AssertionError("redo ran the core again")

    monkeypatch.setattr(session.rules, "apply", counting)
    assert session.redo() == events
    assert applied == [] and session.actions == [dest]
    assert session.redo() is None, "nothing left to redo"
    assert session.state.players[0].colour == teal


def test_seek_jumps_through_the_history_keeping_the_rest_to_redo() -> None:
    session = GameSession(game())
    play_randomly(session, 20, 4)
    states = [e.state for e in session.history]
    heard: list[object] = []
    session.subscribe(lambda state, events: heard.append((state, events)))
    session.seek(5)
    assert session.state == states[5] and session.cursor == 5 and heard == [(states[5], [])]
    assert session.redo() is not None and session.state == states[6]
    session.seek(0)
    assert session.state == states[0] and not session.can_undo(within_turn=False)
    session.seek(len(states) - 1)
    assert session.state == states[-1] and not session.can_redo
    with pytest.raises(IndexError):
        session.seek(len(states))
    assert session.state == states[-1]
