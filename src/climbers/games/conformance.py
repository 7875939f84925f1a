"""One conformance check for every game on the table, in the spirit of OpenSpiel's
`random_sim_test`: seeded random games to the end, with the interface's promises checked after
every action. Nothing in it knows any game."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from climbers.games.interface import GameRules, Refusal

S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")

CHECKED_PER_STATE = 24
"""At most this many listed actions are applied in each position (a seeded sample, always with
the first and the last), so a game with thousands of block poses stays quick."""
REFUSED_PER_STATE = 8
"""At most this many unlisted actions are tried in each position, each one must be refused."""


class ConformanceError(AssertionError):
    """A game broke one of the interface's promises; the message says which, where and how."""


@dataclass
class Playthrough(Generic[S]):
    """A random game: its start, the actions taken in their text form, the states, and (when
    checked) each state's JSON text when it was reached."""

    start: S
    log: list[str] = field(default_factory=list)
    states: list[S] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


def check_game(
    game: GameRules[S, A], seed: int, players: int | None = None, max_actions: int = 5_000
) -> Playthrough[S]:
    """Play one seeded random game of `game` to its end, checking every promise after every
    action; ConformanceError names the first one broken. Returns the game played."""
    players = players or game.seats[0]
    first = play(game, seed, players, max_actions, check=True)
    _check_undo(game, first)
    _check_replay(game, first)
    again = play(game, seed, players, max_actions, check=False)
    if again.log != first.log or game.dump(again.states[-1]) != game.dump(first.states[-1]):
        _fail(game, "the same seed gave another game", first.log[:3], again.log[:3])
    return first


def play(
    game: GameRules[S, A], seed: int, players: int, max_actions: int, check: bool
) -> Playthrough[S]:
    """A random game from `new_state(players, seed)`, its choices drawn from `seed` (the
    checks draw their samples apart, so a checked and an unchecked game are the same game)."""
    choose, sample = random.Random(seed), random.Random(seed + 1)
    state = game.new_state(players, seed)
    run = Playthrough(start=state, states=[state], texts=[game.dump(state)] if check else [])
    seen: list[A] = []
    while not game.is_over(state):
        if len(run.log) >= max_actions:
            _fail(game, f"no end after {max_actions} random actions", run.log[-3:])
        legal = list(game.legal_actions(state))
        if check:
            _check_position(game, state, legal, seen, sample, run.log)
            _check_observations(game, state, legal, players, sample, run.log)
        if not legal:
            _fail(game, "the game is not over but lists no legal action", run.log[-3:])
        action = legal[choose.randrange(len(legal))]
        state, _ = game.apply(state, action)
        run.log.append(game.action_text(action))
        run.states.append(state)
        if check:
            run.texts.append(game.dump(state))
        seen = (legal + seen)[:200]
    if check:
        _check_end(game, state, players, run.log)
    return run


def _check_position(
    game: GameRules[S, A],
    state: S,
    legal: Sequence[A],
    seen: Sequence[A],
    choose: random.Random,
    log: Sequence[str],
) -> None:
    """Every promise that holds in one position before the next action is chosen."""
    where = log[-3:]
    text = game.dump(state)
    if game.to_act(state) is None:
        _fail(game, "nobody is to act in a game that is not over", where)
    loaded = game.load(text)
    if loaded != state or game.dump(loaded) != text:
        _fail(game, "the JSON round trip changed the state", where)
    texts = _texts(game, legal)
    if len(set(texts)) != len(texts):
        _fail(game, "two listed actions share a text form", where)
    if list(game.legal_actions(state)) != list(legal):
        _fail(game, "legal_actions answered differently when asked again", where)
    for action, line in zip(legal, texts, strict=True):
        parsed = game.parse_action(line)
        if parsed != action or game.action_text(parsed) != line:
            _fail(game, f"the text form {line!r} does not read back as the same action", where)
    for action in _sample(legal, CHECKED_PER_STATE, choose):
        try:
            game.apply(state, action)
        except game.refusal as refusal:
            _fail(game, f"listed action {game.action_text(action)!r} was refused", where, refusal)
    if game.dump(state) != text:
        _fail(game, "applying actions changed the state they were applied to", where)
    listed = set(texts)
    unlisted = [a for a in seen if game.action_text(a) not in listed]
    for action in _sample(unlisted, REFUSED_PER_STATE, choose):
        _check_refused(game, state, text, action, where)


def _check_observations(
    game: GameRules[S, A],
    state: S,
    legal: Sequence[A],
    players: int,
    choose: random.Random,
    log: Sequence[str],
) -> None:
    """Each seat's observation, and an onlooker's, is a JSON value, and the same in a state
    that differs only in what that seat may not know (`resample`), where the seat to act has
    the same actions."""
    where = log[-3:]
    for seat in [*range(players), None]:
        who = "an onlooker" if seat is None else f"seat {seat}"
        seen = game.observe(state, seat)
        try:
            same = json.loads(json.dumps(seen, allow_nan=False)) == seen
        except (TypeError, ValueError):
            same = False
        if not same:
            _fail(game, f"the observation of {who} does not read back from JSON", where)
        twin = game.resample(state, seat, choose.randrange(2**32))
        if twin is state:
            continue
        if game.observe(twin, seat) != seen:
            _fail(game, f"{who} sees what it may not know (resample changed it)", where)
        if seat == game.to_act(state) and _texts(game, game.legal_actions(twin)) != _texts(
            game, legal
        ):
            _fail(game, f"the actions of {who} depend on what it may not know", where)


def _check_refused(
    game: GameRules[S, A], state: S, text: str, action: A, where: Sequence[str]
) -> None:
    """An action the position does not list is refused, with a reason, and changes nothing."""
    try:
        game.apply(state, action)
    except game.refusal as refusal:
        if not isinstance(refusal, Refusal) or not str(refusal.reason):
            _fail(game, "a refusal carries no reason code or no places", where)
    else:
        _fail(game, f"unlisted action {game.action_text(action)!r} was accepted", where)
    if game.dump(state) != text:
        _fail(game, "a refused action changed the state", where)


def _check_end(game: GameRules[S, A], state: S, players: int, log: Sequence[str]) -> None:
    where = log[-3:]
    if game.to_act(state) is not None or list(game.legal_actions(state)):
        _fail(game, "a finished game still has a player to act or legal actions", where)
    places = game.ranking(state)
    if len(places) != players or not all(1 <= p <= players for p in places) or 1 not in places:
        _fail(game, f"the ranking {places} is no ranking of {players} seats", where)
    if game.load(game.dump(state)) != state:
        _fail(game, "the JSON round trip changed the final state", where)


def _check_undo(game: GameRules[S, A], run: Playthrough[S]) -> None:
    """Undo, as the session does it, gives back the state held from before the action: each
    held state is still what it was when it was reached (no later action changed it)."""
    for i in range(len(run.states) - 1, -1, -1):
        if game.dump(run.states[i]) != run.texts[i] or game.load(run.texts[i]) != run.states[i]:
            _fail(game, f"undo to the state after action {i} gives another state", [])


def _check_replay(game: GameRules[S, A], run: Playthrough[S]) -> None:
    """The log, read back from its text, leads from the start to the same states."""
    state = run.start
    for i, line in enumerate(run.log):
        state, _ = game.apply(state, game.parse_action(line))
        if game.dump(state) != game.dump(run.states[i + 1]):
            _fail(game, f"replaying the log left the game at action {i + 1}", [line])


def _texts(game: GameRules[S, A], actions: Sequence[A]) -> list[str]:
    return [game.action_text(a) for a in actions]


def _sample(items: Sequence[T], most: int, choose: random.Random) -> list[T]:
    """All of `items` when few, else the first, the last and a seeded sample between."""
    if len(items) <= most:
        return list(items)
    middle = choose.sample(range(1, len(items) - 1), most - 2)
    return [items[0], *(items[i] for i in sorted(middle)), items[-1]]


def _fail(game: GameRules[S, A], problem: str, where: Sequence[str], cause: object = None) -> None:
    after = f" (after {' | '.join(where)})" if where else ""
    because = f": {cause!r}" if cause is not None else ""
    raise ConformanceError(f"{game.name}: {problem}{after}{because}")
