"""The conformance check runs on every registered game, and fails on a game that breaks any of
its promises (a small counting game, kept here and out of the product, broken one way at a
time): every failure the check can report is shown to fire."""

from __future__ import annotations

import ast
import inspect
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from importlib import import_module
from typing import Any

import pytest

from climbers.devtools.imports import SRC, module_name
from climbers.games import conformance
from climbers.games.conformance import ConformanceError, check_game
from climbers.games.interface import GameRules
from climbers.games.registry import games
from climbers.session.session import Session


def every_game() -> dict[str, GameRules]:
    """The registered games, and every game's rules core in the source tree (a game's core is
    checked from the day it lands, before its table is registered)."""
    found = {name: entry.rules for name, entry in games().items()}
    for core in sorted(SRC.glob("climbers/*/core/__init__.py")):
        rules = getattr(import_module(module_name(core.parent)), "RULES", None)
        if rules is not None:
            found.setdefault(rules.name, rules)
    return found


@pytest.mark.parametrize("name", sorted(every_game()))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_game_conforms(name: str, seed: int) -> None:
    """The check passes; then the session's undo walks the game back to its start, each step
    giving back the exact state that was there, and redo walks it forward again."""
    game = every_game()[name]
    low, high = game.seats
    run = check_game(game, seed, players=low if seed % 2 else high)
    assert game.is_over(run.states[-1]) and len(run.log) == len(run.states) - 1
    session: Session[Any] = Session(game, EveryStep(), run.start)
    session.replay_log(run.log)
    for before in reversed(run.states[:-1]):
        assert session.undo(within_turn=False)
        assert session.state == before and game.dump(session.state) == game.dump(before)
    assert not session.undo(within_turn=False)
    for after in run.states[1:]:
        session.redo()
        assert game.dump(session.state) == game.dump(after)


class EveryStep:
    """Turns in which undo may take back any action (the session's undo, not a table's)."""

    def same_turn(self, before: object, after: object) -> bool:
        return True

    def finishing(self, start: object, now: object) -> None:
        return None


class Refused(Exception):
    """The toy game's refusal."""

    def __init__(self, reason: str, places: tuple[object, ...] = ()) -> None:
        super().__init__(reason)
        self.reason, self.places = reason, places


@dataclass(frozen=True)
class Pile:
    """Two or three players take 1 to 3 stones in turn; who takes the last one wins. The seed
    is the game's secret: nobody sees it, as nobody sees the order of a shuffled deck."""

    stones: int
    players: int
    turn: int = 0
    seed: int = 0


class Nim:
    """A game that keeps every promise; the broken games below each break one."""

    name = "nim"
    refusal: type[Exception] = Refused
    seats = (2, 3)

    def new_state(self, players: int, seed: int) -> Pile:
        return Pile(stones=10 + random.Random(seed).randrange(10), players=players, seed=seed)

    def legal_actions(self, state: Pile) -> Sequence[int]:
        return [n for n in (1, 2, 3) if n <= state.stones]

    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        if not 1 <= action <= min(3, state.stones):
            raise Refused("too_many", (action,))
        return replace(state, stones=state.stones - action, turn=state.turn + 1), ["took"]

    def to_act(self, state: Pile) -> int | None:
        return None if self.is_over(state) else state.turn % state.players

    def is_over(self, state: Pile) -> bool:
        return state.stones == 0

    def ranking(self, state: Pile) -> tuple[int, ...]:
        winner = (state.turn - 1) % state.players
        return tuple(1 if seat == winner else 2 for seat in range(state.players))

    def action_text(self, action: int) -> str:
        return f"take {action}"

    def parse_action(self, text: str) -> int:
        word, _, count = text.partition(" ")
        if word != "take" or not count.isdigit():
            raise ValueError(text)
        return int(count)

    def observe(self, state: Pile, seat: int | None) -> Any:
        return {"stones": state.stones, "players": state.players, "turn": state.turn}

    def resample(self, state: Pile, seat: int | None, seed: int) -> Pile:
        return replace(state, seed=seed)

    def dump(self, state: Pile) -> str:
        values = {f.name: getattr(state, f.name) for f in fields(Pile)}
        return json.dumps({"format": "nim", "version": 1, **values})

    def load(self, text: str) -> Pile:
        data = json.loads(text)
        data.pop("format"), data.pop("version")
        return Pile(**data)


class NeverEnds(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        after, events = super().apply(state, action)
        return (replace(after, stones=3) if after.stones == 0 else after), events


class GetsStuck(Nim):
    """Lists nothing and refuses everything from five stones on, without being over."""

    def legal_actions(self, state: Pile) -> Sequence[int]:
        return [] if state.stones <= 5 else super().legal_actions(state)

    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        if state.stones <= 5:
            raise Refused("stuck")
        return super().apply(state, action)


class LeavesNobodyToAct(Nim):
    def to_act(self, state: Pile) -> int | None:
        return None if state.stones <= 5 else super().to_act(state)


class ForgetsTheTurnInJson(Nim):
    def dump(self, state: Pile) -> str:
        return super().dump(replace(state, turn=0))


class CallsEveryActionTake(Nim):
    def action_text(self, action: int) -> str:
        return "take"


class ChangesItsMind(Nim):
    """Lists the same actions in another order every other time it is asked."""

    def __init__(self) -> None:
        self.asked = 0

    def legal_actions(self, state: Pile) -> Sequence[int]:
        self.asked += 1
        legal = super().legal_actions(state)
        return legal[::-1] if self.asked % 2 else legal


class ReadsItsTextWrong(Nim):
    def parse_action(self, text: str) -> int:
        return min(super().parse_action(text), 2)


class RefusesAListedAction(Nim):
    def legal_actions(self, state: Pile) -> Sequence[int]:
        legal = super().legal_actions(state)
        return [*legal, 4] if state.stones >= 4 else legal


class ChangesWhatItApplies(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        after, events = super().apply(state, action)
        object.__setattr__(state, "seed", state.seed + 1)
        return after, events


class RefusesWithoutReason(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        if not 1 <= action <= min(3, state.stones):
            raise Refused("")
        return super().apply(state, action)


class AcceptsAnything(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        return replace(state, stones=max(0, state.stones - action), turn=state.turn + 1), []


class ChangesTheStateItRefuses(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        if not 1 <= action <= min(3, state.stones):
            object.__setattr__(state, "turn", state.turn + 1)
        return super().apply(state, action)


class PlaysOnAfterTheEnd(Nim):
    def legal_actions(self, state: Pile) -> Sequence[int]:
        return super().legal_actions(state) or [1]


class RanksNobodyFirst(Nim):
    def ranking(self, state: Pile) -> tuple[int, ...]:
        return (2,) * state.players


class ForgetsTheTurnAtTheEnd(Nim):
    def dump(self, state: Pile) -> str:
        return super().dump(replace(state, turn=0) if state.stones == 0 else state)


class CountsItsCalls(Nim):
    """Writes into each state how often it was called: no function of its input."""

    def __init__(self) -> None:
        self.calls = 0

    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        self.calls += 1
        after, events = super().apply(state, action)
        return replace(after, seed=self.calls), events


class DependsOnTheClock(Nim):
    calls = 0

    def new_state(self, players: int, seed: int) -> Pile:
        DependsOnTheClock.calls += 1
        return replace(super().new_state(players, seed), stones=10 + DependsOnTheClock.calls)


class ObservesATuple(Nim):
    def observe(self, state: Pile, seat: int | None) -> Any:
        return (state.stones, state.turn)


class ShowsTheSecret(Nim):
    def observe(self, state: Pile, seat: int | None) -> Any:
        return {**super().observe(state, seat), "seed": state.seed}


class LetsTheSecretDecide(Nim):
    """Three stones may be taken only when the secret is even."""

    def legal_actions(self, state: Pile) -> Sequence[int]:
        legal = super().legal_actions(state)
        return [n for n in legal if n < 3] if state.seed % 2 else legal

    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        if action == 3 and state.seed % 2:
            raise Refused("secret", (action,))
        return super().apply(state, action)


@dataclass(frozen=True)
class LinkedPile(Pile):
    """A pile that remembers the pile it came from (kept out of its JSON and its equality)."""

    came_from: Pile | None = field(default=None, compare=False, repr=False)


class RewritesThePast(Nim):
    """Tidies the state before the one it is applied to (its turn number): the state an undo
    goes back to is no longer the one that was there."""

    def new_state(self, players: int, seed: int) -> LinkedPile:
        return LinkedPile(**vars(super().new_state(players, seed)))

    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        assert isinstance(state, LinkedPile)
        after, events = super().apply(state, action)
        if state.came_from is not None:
            object.__setattr__(state.came_from, "turn", 0)
        return replace(after, came_from=state), events

    def load(self, text: str) -> LinkedPile:
        return LinkedPile(**vars(super().load(text)))


BROKEN: dict[type[Nim], str] = {
    NeverEnds: "no end after 200 random actions",
    GetsStuck: "the game is not over but lists no legal action",
    LeavesNobodyToAct: "nobody is to act in a game that is not over",
    ForgetsTheTurnInJson: "the JSON round trip changed the state",
    CallsEveryActionTake: "two listed actions share a text form",
    ChangesItsMind: "legal_actions answered differently when asked again",
    ReadsItsTextWrong: "the text form 'take 3' does not read back as the same action",
    RefusesAListedAction: "listed action 'take 4' was refused",
    ChangesWhatItApplies: "applying actions changed the state they were applied to",
    RefusesWithoutReason: "a refusal carries no reason code or no places",
    AcceptsAnything: r"unlisted action 'take \d' was accepted",
    ChangesTheStateItRefuses: "a refused action changed the state",
    PlaysOnAfterTheEnd: "a finished game still has a player to act or legal actions",
    RanksNobodyFirst: r"the ranking \(2, 2\) is no ranking of 2 seats",
    ForgetsTheTurnAtTheEnd: "the JSON round trip changed the final state",
    CountsItsCalls: "replaying the log left the game at action 1",
    DependsOnTheClock: "the same seed gave another game",
    ObservesATuple: "the observation of seat 0 does not read back from JSON",
    ShowsTheSecret: r"seat 0 sees what it may not know \(resample changed it\)",
    LetsTheSecretDecide: r"the actions of seat [01] depend on what it may not know",
    RewritesThePast: r"undo to the state after action \d+ gives another state",
}
"""Each broken game and the problem the check names (a pattern), one for every failure."""


def failure(broken: type[Nim]) -> str:
    """The problem the check reports on a game of `broken`, without the game's name and the
    place it happened."""
    with pytest.raises(ConformanceError) as info:
        check_game(broken(), 7, players=2, max_actions=200)
    message = str(info.value)
    assert message.startswith("nim: ")
    return message.removeprefix("nim: ")


def reported(problem: str, message: str) -> bool:
    """Whether `message` is the report of `problem` (a pattern), with or without the last
    actions and the cause."""
    return re.fullmatch(rf"{problem}( \(after [^)]*\))?(: .*)?", message) is not None


def problems_in_the_check() -> list[str]:
    """Every problem the conformance check can report, read from its source: each `_fail`
    call's message as a pattern, a formatted value standing for any text."""
    found = []
    for node in ast.walk(ast.parse(inspect.getsource(conformance))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_fail":
            message = node.args[1]
            if isinstance(message, ast.Constant):
                found.append(re.escape(message.value))
            else:
                assert isinstance(message, ast.JoinedStr), ast.unparse(message)
                found.append(
                    "".join(
                        re.escape(part.value) if isinstance(part, ast.Constant) else ".+"
                        for part in message.values
                    )
                )
    return found


def test_every_registered_game_is_checked() -> None:
    assert set(games()) <= set(every_game())
    assert {"climbers", "clamber", "klettermax"} <= set(every_game())


def test_the_toy_game_keeps_every_promise() -> None:
    game: GameRules = Nim()
    run = check_game(game, 7, players=3)
    assert run.states[-1].stones == 0 and len(run.texts) == len(run.states)


@pytest.mark.parametrize("broken", list(BROKEN), ids=lambda broken: broken.__name__)
def test_a_game_that_breaks_a_promise_fails_naming_it(broken: type[Nim]) -> None:
    message = failure(broken)
    assert reported(BROKEN[broken], message), message


def test_every_problem_the_check_reports_is_shown_by_a_broken_game() -> None:
    problems = problems_in_the_check()
    messages = {broken.__name__: failure(broken) for broken in BROKEN}
    for problem in problems:
        assert any(reported(problem, m) for m in messages.values()), f"nothing shows {problem!r}"
    for name, message in messages.items():
        assert sum(reported(problem, message) for problem in problems) == 1, (name, message)
    assert len(set(problems)) == len(problems) == len(BROKEN)
