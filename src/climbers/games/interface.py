"""The game interface: what the shared parts of the table ask of every game.

In the spirit of OpenSpiel's single `State` API and pgx's pure `step`. A game's rules core
satisfies it structurally, so the core imports nothing of this project: its state is an
immutable, validated, versioned value; `apply` returns the next state and the events that
happened, or raises the game's refusal (a reason code and the places at fault) and leaves the
state as it was; randomness lives in the state as a seed and a counter, so a game replays
exactly from its start and its log. What a seat may know of a state is its observation (`observe`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

S = TypeVar("S")
"""A game's state."""
A = TypeVar("A")
"""A game's action."""


@runtime_checkable
class Refusal(Protocol):
    """What a refused action carries: a reason code and the pieces or places at fault.

    Sentences are made from the code and the refusal's parameters where they are shown, in the
    current language; a rules core never calls a translator.
    """

    @property
    def reason(self) -> str: ...

    @property
    def places(self) -> tuple[object, ...]: ...


class GameRules(Protocol[S, A]):
    """One game's rules, as a value the shared parts hold without knowing the game: generic in
    its state `S` and its action `A`, which stay opaque to the shared parts (only the game's own
    table and bots look inside them). Each game's entry has its rules checked against
    `GameRules[its state, its action]` by the type checker."""

    @property
    def name(self) -> str:
        """The game's short name on the command line and in files: 'climbers', 'clamber'."""
        ...

    @property
    def refusal(self) -> type[Exception]:
        """The exception `apply` raises for an action refused in a position; its instances
        satisfy `Refusal`."""
        ...

    @property
    def seats(self) -> tuple[int, int]:
        """The fewest and the most players a game may have."""
        ...

    def new_state(self, players: int, seed: int) -> S:
        """The start of a game for `players` seats; `seed` decides everything random in it."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the player to act may take, in a deterministic order; empty when over."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, Sequence[Any]]:
        """The state after `action` and the events it caused; raises `refusal` and leaves
        `state` unchanged when the action is not allowed."""
        ...

    def to_act(self, state: S) -> int | None:
        """The seat whose action is awaited; None once the game is over."""
        ...

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        ...

    def ranking(self, state: S) -> tuple[int, ...]:
        """Each seat's place, 1 for the best; equal places for a tie or a draw."""
        ...

    def action_text(self, action: A) -> str:
        """The action's one-line text form, e.g. 'teal move 4,5 +short' or 'place C3'."""
        ...

    def parse_action(self, text: str) -> A:
        """The action a text form names; ValueError when the text is malformed."""
        ...

    def observe(self, state: S, seat: int | None) -> Any:
        """What `seat` may know of `state` (None: an onlooker at no seat), like OpenSpiel's
        observation of a player or boardgame.io's player view: a JSON value (dicts with string
        keys, lists, strings, numbers, booleans, None) that reads back equal from its JSON
        text, and the same for any two states that differ only in what the seat may not know.
        A game that hides nothing answers its state's whole JSON view."""
        ...

    def resample(self, state: S, seat: int | None, seed: int) -> S:
        """A state `seat` cannot tell from `state` (`observe` answers the same): what the seat
        may not know drawn anew from `seed`, the rest as it is, like OpenSpiel's resampling from
        an information state. `state` itself in a game that hides nothing."""
        ...

    def dump(self, state: S) -> str:
        """The state as versioned JSON text."""
        ...

    def load(self, text: str) -> S:
        """A state from its versioned JSON text; ValueError naming the problem when it is not
        a state of this game."""
        ...
