"""The remote driver (climbers.net.remote_driver): a Clamber game hosted in the background on
127.0.0.1, each seat played through its own link and driver as a table screen plays it. Every
driver's mirror must show what the host holds; a refusal comes back in the player's words; an
action on a stale state id, a mirror that went wrong and a dropped connection all end with the
host's state on the table (docs/NETWORK.md)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from climbers.clamber.core import ClamberRefusal, Place
from climbers.games.registry import game
from climbers.io.language import use_language
from climbers.net.background import BackgroundHost
from climbers.net.host import Host
from climbers.net.hosted import new_game
from climbers.net.link import Address, Link
from climbers.net.protocol import Full, Seated
from climbers.net.remote_driver import RemoteDriver
from climbers.session.driver import Refused
from climbers.session.session import Session

LOCAL = "127.0.0.1"
SECONDS = 10.0


@pytest.fixture
def hosted() -> Iterator[BackgroundHost]:
    """A new Clamber game, both seats open, served on 127.0.0.1 in the background."""
    use_language("en")
    background = BackgroundHost(Host(new_game("clamber", ["open", "open"], 5, None)))
    background.start(LOCAL, 0, announce=False)
    yield background
    background.stop()


def seated(
    background: BackgroundHost, name: str, game_name: str = "clamber", watch: bool = False
) -> RemoteDriver:
    """A link to the host of a game of `game_name` and the driver of the seat it took (or
    watching)."""
    link = Link(Address(LOCAL, background.port, name, watch=watch))
    welcome = link.open().result(timeout=SECONDS)
    first = link.inbox.get(timeout=SECONDS)
    assert isinstance(first, Full)
    seat = welcome.seat if isinstance(welcome, Seated) else None
    return RemoteDriver(link, game(game_name), first, seat, {})


def follow(driver: RemoteDriver, background: BackgroundHost) -> None:
    """Take in what the host says, playing results as the window does, until the driver has
    reached the host's state id (bounded)."""
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        message = driver.take()
        if message is None:
            if driver.state_id == background.host.game.state_id and driver.lost is None:
                return
            time.sleep(0.01)
            continue
        action = driver.hear(message)
        if action is not None:
            driver.act(action)
    raise AssertionError(f"state {driver.state_id}, the host's {background.host.game.state_id}")


def host_state(background: BackgroundHost) -> Any:
    return background.host.game.session.state


def a_turn(driver: RemoteDriver) -> Any:
    return driver.rules.legal_actions(driver.state)[0]


def test_each_seat_acts_through_the_host_and_the_other_follows(hosted: BackgroundHost) -> None:
    blue, red = seated(hosted, "Ann"), seated(hosted, "Bo")
    watcher = seated(hosted, "Cy", watch=True)
    assert (blue.seat, red.seat, watcher.seat) == (0, 1, None)
    for turn in range(6):
        mover, other = (blue, red) if turn % 2 == 0 else (red, blue)
        follow(mover, hosted)
        assert not mover.can_undo, "nothing of this turn to take back yet"
        events = mover.act(a_turn(mover))
        assert events, "the host's result brings the events to animate"
        assert not mover.can_undo, "a Clamber turn is one action: the host takes none back"
        assert mover.state == host_state(hosted) and mover.state_id == turn + 1
        follow(other, hosted)
        follow(watcher, hosted)
        assert other.state == watcher.state == host_state(hosted)
    assert len(blue.session.history) == 7, "every turn is in the mirror's history (captions)"


def test_refusals_come_back_in_the_players_words(hosted: BackgroundHost) -> None:
    blue, red = seated(hosted, "Ann"), seated(hosted, "Bo")
    watcher = seated(hosted, "Cy", watch=True)
    with pytest.raises(Refused) as not_yours:
        red.act(a_turn(red))
    assert (not_yours.value.reason, not_yours.value.template) == (
        "not_your_turn",
        "It is not your turn.",
    )
    with pytest.raises(Refused) as watching:
        watcher.act(a_turn(watcher))
    assert watching.value.reason == "watching"
    played = blue.act(Place("C3"))
    assert played
    follow(red, hosted)
    with pytest.raises(ClamberRefusal) as occupied:  # the rules' own refusal (C6), as hot-seat
        red.act(Place("C3"))
    assert occupied.value.reason.value == "occupied"
    assert hosted.host.game.state_id == 1, "a refused action changes nothing"
    assert blue.undo() is False, "Clamber's turns are whole: nothing to take back"


def test_an_action_on_a_stale_state_id_brings_the_hosts_state(hosted: BackgroundHost) -> None:
    blue, red = seated(hosted, "Ann"), seated(hosted, "Bo")
    blue.act(a_turn(blue))
    follow(red, hosted)
    red.act(a_turn(red))
    follow(blue, hosted)
    blue.state_id = 1  # as if a result had been missed
    with pytest.raises(Refused) as stale:
        blue.act(a_turn(blue))
    assert stale.value.reason == "stale"
    assert stale.value.template.startswith("The game moved on")
    assert blue.fresh and blue.state == host_state(hosted) and blue.state_id == 2
    blue.act(a_turn(blue))
    assert hosted.host.game.state_id == 3


def test_a_mirror_that_went_wrong_is_replaced_by_the_hosts(hosted: BackgroundHost) -> None:
    blue, red = seated(hosted, "Ann"), seated(hosted, "Bo")
    wrong = game("clamber").rules.new_state(2, 99)
    red.session = Session(red.rules, red.remote.turns, wrong)
    blue.act(Place("C3"))
    follow(red, hosted)
    assert red.fresh and red.state == host_state(hosted)


def test_a_dropped_seat_is_taken_again_and_plays_on(hosted: BackgroundHost) -> None:
    blue, red = seated(hosted, "Ann"), seated(hosted, "Bo")
    blue.act(a_turn(blue))
    follow(red, hosted)
    red.link.drop()
    deadline = time.monotonic() + SECONDS
    while red.lost is None and time.monotonic() < deadline:
        message = red.take()
        if message is not None:
            red.hear(message)
        time.sleep(0.01)
    assert red.lost is not None, "the drop is told"
    with pytest.raises(Refused) as cut:
        red.act(a_turn(red))
    assert cut.value.reason == "no_link"
    follow(red, hosted)  # the link takes the seat again with its token
    assert red.lost is None and red.link.welcome is not None
    assert isinstance(red.link.welcome, Seated) and red.link.welcome.seat == 1
    red.act(a_turn(red))
    follow(blue, hosted)
    assert blue.state == red.state == host_state(hosted)


def test_a_refusal_of_the_hosts_rules_is_said_in_the_games_words(hosted: BackgroundHost) -> None:
    blue, red = seated(hosted, "Ann"), seated(hosted, "Bo")
    blue.act(Place("C3"))
    follow(red, hosted)
    wrong, _ = red.rules.apply(blue.session.start, Place("A1"))  # Red to play, C3 empty
    red.session = Session(red.rules, red.remote.turns, wrong)
    with pytest.raises(ClamberRefusal) as occupied:  # the host's rules refuse it (C6)
        red.act(Place("C3"))
    assert occupied.value.reason.value == "occupied" and occupied.value.places == ("C3",)
    assert red.fresh and red.state == host_state(hosted) and hosted.host.game.state_id == 1
