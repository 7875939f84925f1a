"""Burg Klettermax across computers: a client sends only a flick's aim and the host flies it with
the physics (K11); a client's flick naming its own resting place is never taken; the dice are
the rules' on the host (K6), which no view shows; a window plays its seat from its own views."""

from __future__ import annotations

import random

import pytest

from climbers.io.language import use_language
from climbers.klettermax.core import RULES, Action, Aim, Flick, State
from climbers.klettermax.core.events import Looted
from climbers.klettermax.physics.recorded import flick_action
from climbers.klettermax.remote import AIMED, read, suggest
from climbers.net.background import BackgroundHost
from climbers.net.host import Host
from climbers.net.hosted import new_game
from climbers.net.protocol import Reason, Refused
from climbers.net.remote_driver import RemoteDriver

from .test_remote_driver import LOCAL, follow, seated


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


def chosen(driver: RemoteDriver, rng: random.Random) -> Action:
    """What a seat's window plays from its own view: the scripted player's choice, a flick flown
    by this computer's physics from its aim (as the board's pull gives it)."""
    assert driver.seat is not None
    text = suggest(RULES.observe(driver.state, driver.seat), driver.seat, rng)
    aimed = AIMED.fullmatch(text)
    if aimed is None:
        return RULES.parse_action(text)
    seat = driver.state.active
    aim = Aim(angle=float(aimed.group(1)), strength=float(aimed.group(2)))
    return flick_action(seat.spot, len(seat.tower), aim)


@pytest.mark.rule("K12")
def test_two_windows_play_from_their_own_views_and_never_hold_the_others_tiles() -> None:
    """Two seats played as the window plays them (remote drivers on 127.0.0.1) and a watcher:
    each table's game is the stand-in of its own view, shows exactly what the host's game shows
    that seat after every action, and no looted treasure of another seat reaches it before the
    end."""
    use_language("en")
    background = BackgroundHost(Host(new_game("klettermax", ["open", "open"], 8, None)))
    background.start(LOCAL, 0, announce=False)
    try:
        ann, bo = seated(background, "Ann", "klettermax"), seated(background, "Bo", "klettermax")
        cy = seated(background, "Cy", "klettermax", watch=True)
        drivers, rng, flicks = (ann, bo), random.Random(8), 0
        for _ in range(40):
            host = background.host.game.session.state
            if host.over:
                break
            mover = drivers[RULES.to_act(host) or 0]
            follow(mover, background)
            action = chosen(mover, rng)
            flicks += isinstance(action, Flick)
            assert mover.act(action) is not None
            for driver in (*drivers, cy):
                follow(driver, background)
                host = background.host.game.session.state
                assert RULES.observe(driver.state, driver.seat) == RULES.observe(host, driver.seat)
        assert flicks >= 3, "the host flew the aims the windows sent"
        for driver in (*drivers, cy):
            loots = [
                (event, entry.state.over)
                for entry in driver.session.history
                for event in entry.events
                if isinstance(event, Looted)
            ]
            assert len(loots) >= 3, "every table saw the loots"
            for event, over in loots:
                assert (event.treasures is None) == (event.seat != driver.seat and not over)
    finally:
        background.stop()
