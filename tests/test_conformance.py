"""The conformance check runs on every registered game, and fails on a game that breaks any of
its promises (a small counting game, kept here and out of the product, broken one way at a
time)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import import_module

import pytest

from climbers.devtools.imports import SRC, module_name
from climbers.games.conformance import ConformanceError, check_game
from climbers.games.interface import GameRules
from climbers.games.registry import games


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
    game = every_game()[name]
    low, high = game.seats
    run = check_game(game, seed, players=low if seed % 2 else high)
    assert game.is_over(run.states[-1]) and len(run.log) == len(run.states) - 1


class Refused(Exception):
    """The toy game's refusal."""

    def __init__(self, reason: str, places: tuple[object, ...] = ()) -> None:
        super().__init__(reason)
        self.reason, self.places = reason, places


@dataclass(frozen=True)
class Pile:
    """Two or three players take 1 to 3 stones in turn; who takes the last one wins."""

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

    def dump(self, state: Pile) -> str:
        return json.dumps({"format": "nim", "version": 1, **state.__dict__})

    def load(self, text: str) -> Pile:
        data = json.loads(text)
        data.pop("format"), data.pop("version")
        return Pile(**data)


class AcceptsAnything(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        return replace(state, stones=max(0, state.stones - action), turn=state.turn + 1), []


class RefusesAListedAction(Nim):
    def legal_actions(self, state: Pile) -> Sequence[int]:
        legal = super().legal_actions(state)
        return [*legal, 4] if state.stones >= 4 else legal


class ForgetsTheTurnInJson(Nim):
    def dump(self, state: Pile) -> str:
        return super().dump(replace(state, turn=0))


class ReadsItsTextWrong(Nim):
    def parse_action(self, text: str) -> int:
        return min(super().parse_action(text), 2)


class DependsOnTheClock(Nim):
    calls = 0

    def new_state(self, players: int, seed: int) -> Pile:
        DependsOnTheClock.calls += 1
        return replace(super().new_state(players, seed), stones=10 + DependsOnTheClock.calls)


class ChangesTheStateItRefuses(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        if not 1 <= action <= min(3, state.stones):
            object.__setattr__(state, "turn", state.turn + 1)
        return super().apply(state, action)


class NeverEnds(Nim):
    def apply(self, state: Pile, action: int) -> tuple[Pile, list[str]]:
        after, events = super().apply(state, action)
        return (replace(after, stones=3) if after.stones == 0 else after), events


class RanksNobodyFirst(Nim):
    def ranking(self, state: Pile) -> tuple[int, ...]:
        return (2,) * state.players


def test_every_registered_game_is_checked() -> None:
    assert set(games()) <= set(every_game())
    assert {"climbers", "klettermax"} <= set(every_game())


def test_the_toy_game_keeps_every_promise() -> None:
    game: GameRules = Nim()
    run = check_game(game, 7, players=3)
    assert run.states[-1].stones == 0


@pytest.mark.parametrize(
    "broken,problem",
    [
        (AcceptsAnything, "unlisted action"),
        (RefusesAListedAction, "listed action 'take 4' was refused"),
        (ForgetsTheTurnInJson, "JSON round trip"),
        (ReadsItsTextWrong, "does not read back"),
        (DependsOnTheClock, "the same seed gave another game"),
        (ChangesTheStateItRefuses, "changed the state"),
        (NeverEnds, "no end after"),
        (RanksNobodyFirst, "is no ranking"),
    ],
)
def test_a_game_that_breaks_a_promise_fails(broken: type[Nim], problem: str) -> None:
    with pytest.raises(ConformanceError, match=problem):
        check_game(broken(), 7, players=2, max_actions=200)
