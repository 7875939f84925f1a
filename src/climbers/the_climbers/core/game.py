"""The Climbers under the shared game interface (climbers.games.interface.GameRules).

The core's own names (GameState, apply, legal_actions, ranking, parse_action) answer it; the
richer queries (reach, placements, analysis) stay beside it for the game's table and bots.
"""

from __future__ import annotations

from typing import Any

from climbers.the_climbers.core.actions import Action, parse_action
from climbers.the_climbers.core.components import PLAYER_COLOURS
from climbers.the_climbers.core.engine import apply, ranking
from climbers.the_climbers.core.errors import IllegalAction
from climbers.the_climbers.core.events import Event
from climbers.the_climbers.core.mountain import generate_mountain
from climbers.the_climbers.core.queries import legal_actions
from climbers.the_climbers.core.rules import preset_rules
from climbers.the_climbers.core.setup import new_game
from climbers.the_climbers.core.state import GameState


class ClimbersRules:
    """The Climbers' rules as every game on the table offers them."""

    name = "climbers"
    refusal = IllegalAction
    seats = (2, 5)

    def new_state(self, players: int, seed: int) -> GameState:
        """The 2018 rules on the standard mountain of `seed`; the seed also draws who starts."""
        colours = PLAYER_COLOURS[:players]
        rules = preset_rules("2018", players)
        return new_game(generate_mountain(seed), colours, rules=rules, seed=seed)

    def legal_actions(self, state: GameState) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        return apply(state, action)

    def to_act(self, state: GameState) -> int | None:
        return None if state.finished else state.actor

    def is_over(self, state: GameState) -> bool:
        return state.finished

    def ranking(self, state: GameState) -> tuple[int, ...]:
        place = {s.colour: s.place for s in ranking(state)}
        return tuple(place[p.colour] for p in state.players)

    def action_text(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def observe(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """Everything: the game hides nothing from anyone, so every seat sees the whole state."""
        observation: dict[str, Any] = state.model_dump(mode="json")
        return observation

    def resample(self, state: GameState, seat: int | None, seed: int) -> GameState:
        """The state itself: nothing is hidden to draw anew."""
        return state

    def dump(self, state: GameState) -> str:
        return state.model_dump_json()

    def load(self, text: str) -> GameState:
        return GameState.model_validate_json(text, strict=True)


RULES = ClimbersRules()
