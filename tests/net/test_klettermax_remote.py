"""Burg Klettermax across computers: a client sends only a flick's aim and the host flies it with
the physics (K11); a client's flick naming its own resting place is never taken; the dice are
the rules' on the host (K6), which no view shows."""

from __future__ import annotations

import random

import pytest

from climbers.klettermax.core import RULES, Flick, State
from climbers.klettermax.physics.recorded import flick_action
from climbers.klettermax.remote import read
from climbers.net.hosted import new_game
from climbers.net.protocol import Reason, Refused


def flicking_state(seed: int) -> State:
    """A game played at random, never flicking, until the player to act may flick."""
    rng = random.Random(seed)
    state = RULES.new_state(2, seed)
    while not any(isinstance(a, Flick) for a in RULES.legal_actions(state)):
        choices = [a for a in RULES.legal_actions(state) if not isinstance(a, Flick)]
        state, _ = RULES.apply(state, rng.choice(choices))
    return state


@pytest.mark.rule("K11")
def test_the_host_flies_the_aim_a_client_sends() -> None:
    state = flicking_state(3)
    action = read(state, "flick aim -4.5 0.620")
    seat = state.active
    assert isinstance(action, Flick) and action.aim is not None
    assert action == flick_action(seat.spot, len(seat.tower), action.aim)


@pytest.mark.rule("K11")
def test_a_clients_own_resting_place_is_refused() -> None:
    state = flicking_state(3)
    with pytest.raises(ValueError, match="sent as its aim"):
        read(state, "flick chamber 5 aim -4.5 0.620")
    game = new_game("klettermax", ["open", "open"], 3, None)
    refused = game.act(game.to_act or 0, "flick chamber 5", 0)
    assert isinstance(refused, Refused) and refused.reason == Reason.NOT_AN_ACTION
    assert game.state_id == 0


@pytest.mark.rule("K6")
def test_no_view_shows_the_seed_of_the_dice_to_come() -> None:
    game = new_game("klettermax", ["open", "open"], 3, None)
    for seat in (0, 1, None):
        view = game.full(seat, "hello").view
        assert isinstance(view, dict) and "seed" not in view and "rolls" not in view
