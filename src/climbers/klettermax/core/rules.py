"""Burg Klettermax as one value satisfying the table's game interface (`GameRules`)."""

from __future__ import annotations

from typing import Any

from climbers.klettermax.core import actions, engine, files, view
from climbers.klettermax.core.actions import Action
from climbers.klettermax.core.components import SEATS
from climbers.klettermax.core.errors import Refused
from climbers.klettermax.core.events import Event
from climbers.klettermax.core.state import State


class KlettermaxRules:
    """The rules the shared parts of the table hold without knowing the game."""

    @property
    def name(self) -> str:
        return "klettermax"

    @property
    def refusal(self) -> type[Exception]:
        return Refused

    @property
    def seats(self) -> tuple[int, int]:
        return SEATS

    def new_state(self, players: int, seed: int, beginners: bool = False) -> State:
        return engine.new_state(players, seed, beginners)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        return engine.legal_actions(state)

    def apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return engine.apply(state, action)

    def to_act(self, state: State) -> int | None:
        return None if state.over else state.turn.seat

    def is_over(self, state: State) -> bool:
        return state.over

    def ranking(self, state: State) -> tuple[int, ...]:
        return engine.ranking(state)

    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def observe(self, state: State, seat: int | None) -> dict[str, Any]:
        """K4, K12: what `seat` sees at the table (`view.view_for`): the chambers' face-up
        tiles, others' tiles as counts only until the end, the last roll, no seed and so no
        dice to come."""
        return view.view_for(state, seat).model_dump(mode="json")

    def resample(self, state: State, seat: int | None, seed: int) -> State:
        return view.resample(state, seat, seed)

    def dump(self, state: State) -> str:
        return files.dump(state)

    def load(self, text: str) -> State:
        return files.load(text)


RULES = KlettermaxRules()
