"""Playing across PCs in the window (issue 33), on 127.0.0.1 only and never announced: Host on
the network on Clamber's new-game screen plays Blue's seat on the play screen while a player
elsewhere (a link and a remote driver in this process) plays Red; the HUD marks each seat, the
banner and the line below say whose screen acts, a click on the other's turn is refused with
that reason, the other's stone is animated and captioned as a local one, and a dropped player is
waited for. Join a game says in one line what is wrong with what was typed, and joins a hosted
game onto its game's table."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from ursina import destroy, scene

from app.test_clamber import click, settle
from app.test_klettermax import settle as settle_kletter
from climbers.app.host import Host
from climbers.app.network_seat import Joining, NetworkPlay
from climbers.app.network_table import NetworkTable
from climbers.app.screens.join_screen import JoinScreen
from climbers.app.settings import Settings
from climbers.app.table_shell import TableShell
from climbers.clamber.core import Place
from climbers.games.registry import game
from climbers.io.language import use_language
from climbers.klettermax.core import RULES
from climbers.net.background import BackgroundHost
from climbers.net.host import Host as GameHost
from climbers.net.hosted import new_game
from climbers.net.link import Address, Link
from climbers.net.protocol import Full, Seated
from climbers.net.remote_driver import RemoteDriver
from net.test_klettermax_remote import chosen

pytestmark = pytest.mark.display

LOCAL = "127.0.0.1"


@pytest.fixture
def host(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    monkeypatch.setenv("CLIMBERS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CLIMBERS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("USER", "Ann")
    monkeypatch.setenv("LOGNAME", "Ann")
    monkeypatch.setattr(NetworkTable, "bind", LOCAL)
    monkeypatch.setattr(NetworkTable, "announce", False)
    use_language("en")
    made = Host(Settings(animation_speed=4.0, bot_pace=0.0))
    yield made
    made.screens.go("Games")
    made.screens.defaultExit()
    app.step()


def until(app: Any, done: Callable[[], object], what: str) -> None:
    """Step frames until `done()` (bounded by time: the network answers on its own thread)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if done():
            return
        app.step()
        time.sleep(0.005)
    raise AssertionError(f"never: {what}")


def lines(play: Any) -> list[str]:
    return [line.text for line in play.hud.table_lines]


def elsewhere(port: int, name: str, code: str | None, game_name: str = "clamber") -> RemoteDriver:
    """A player on another computer: a link and its driver."""
    link = Link(Address(LOCAL, port, name, code))
    welcome = link.open().result(timeout=10)
    first = link.inbox.get(timeout=10)
    assert isinstance(welcome, Seated) and isinstance(first, Full)
    return RemoteDriver(link, game(game_name), first, welcome.seat, {})


def seat_taken(app: Any, port: int, name: str) -> NetworkPlay:
    """A seat of the game hosted at `port`, taken in the background as the window takes it."""
    joining = Joining(Address(LOCAL, port, name))
    found: list[NetworkPlay] = []

    def seated() -> bool:
        taken = joining.outcome()
        assert not isinstance(taken, str), taken
        if taken is not None:
            found.append(taken)
        return bool(found)

    until(app, seated, f"{name}'s seat")
    return found[0]


def hosted_from_menu(
    app: Any, host: Host, name: str, choose: Callable[[Any], object] = lambda menu: None
) -> tuple[Any, Any, Any, Any]:
    """Game `name` hosted from its new-game screen, `choose(menu)` set first: its shell, the
    hosting table, the network seat and the game on the host."""
    shell = host.open(name)
    shell.show_menu()
    app.step()
    choose(shell.menu)
    shell.menu.host_button.on_click()
    until(app, lambda: shell.play is not None, "the hosted game's table")
    play, network = shell.play, shell.network
    assert network is not None and network.background is not None
    play.app = app
    return shell, play, network, network.background.host.game


def human_at(seat: int) -> Callable[[Any], None]:
    """A new-game screen's choice: a person at `seat` (a player who joins)."""

    def choose(menu: Any) -> None:
        choice = menu.seats[seat]
        for _ in choice.options:  # once round the choices at most
            if choice.value == "human":
                return
            choice.clicked()
        raise AssertionError(f"no person offered at seat {seat}")

    return choose


def network_seat(play: Any) -> Any:
    """The network seat of the table `play` (its panel lines, its keys)."""
    return next(e for e in scene.entities if e.name == "network-seat" and e.screen is play)


def follow(driver: RemoteDriver, state_id: int) -> None:
    """Take in what the host says until `state_id` is reached and the link is up."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        message = driver.take()
        if message is None:
            if driver.state_id >= state_id and driver.lost is None:
                break
            time.sleep(0.01)
        elif (action := driver.hear(message)) is not None:
            driver.act(action)
    assert driver.state_id == state_id and driver.lost is None


def test_host_on_the_network_plays_blue_against_red_on_another_screen(app: Any, host: Host) -> None:
    shell, play, network, hosted = hosted_from_menu(app, host, "clamber")
    assert isinstance(shell, TableShell) and network.code
    assert lines(play)[1:] == ["Blue: Ann, here", "Red: waiting for a player to join"]
    assert lines(play)[0] == f"Hosting at {network.address} · join code {network.code}"
    bo = elsewhere(network.background.port, "Bo", network.code)
    until(app, lambda: "Red: Bo, remote" in lines(play), "Bo marked remote")
    settle(play)
    click(play, "C3")
    until(app, lambda: hosted.state_id == 1, "Blue's stone at the host")
    follow(bo, 1)
    assert bo.state == hosted.session.state == play.state
    until(app, lambda: play.hud.banner_text == "Red's turn: on Bo's screen", "the banner")
    settle(play)
    click(play, "D4")  # Red's turn: this screen takes no click for Red
    assert play.hud.note == "Red's turn: on Bo's screen. Only your own seat acts on this screen."
    assert hosted.state_id == 1 and "D4" not in play.state.stacks
    bo.act(Place("B2"))
    until(app, lambda: "B2" in play.state.stacks, "Red's stone on Blue's table")
    settle(play)
    assert play.state == hosted.session.state
    assert play.hud.recent[-1] == "Red places a stone on B2."
    assert play.hud.banner_text == "Your turn (Blue): on this screen"
    click(play, "A1")
    until(app, lambda: hosted.state_id == 3, "Blue's second stone at the host")
    bo.link.drop()
    until(app, lambda: "Red: waiting for Bo" in lines(play), "Bo waited for")
    assert play.hud.banner_text == "Red's turn: waiting for Bo to come back"
    until(app, lambda: "Red: Bo, remote" in lines(play), "Bo back with the token")
    follow(bo, 3)
    bo.act(Place("A3"))
    until(app, lambda: "A3" in play.state.stacks, "Red's stone after coming back")
    settle(play)
    assert play.state == hosted.session.state
    shell.pause()
    assert shell.dialog is not None and shell.dialog.save_button is None, "the host saves it"
    shell.dialog.on_resume()
    shell.apply_settings(shell.settings.with_changes(language="zh-Hant"))  # F4: the language
    app.step()
    assert shell.network is network and shell.play is not play, "the table is built anew"
    assert lines(shell.play)[1:] == ["藍方：Ann，在這台螢幕", "紅方：Bo，在別台螢幕"]
    shell.apply_settings(shell.settings.with_changes(language="en"))
    background = network.background
    shell.show_menu()
    app.step()
    assert shell.network is None
    assert not background.thread.is_alive(), "leaving the table stops the host"
    bo.link.close()


def test_join_a_game_says_what_is_wrong_and_joins_a_hosted_game(app: Any, host: Host) -> None:
    joined: list[NetworkPlay] = []
    screen = JoinScreen(joined.append, lambda: None, look=False)
    assert screen.status.text == "No game found on this network: type the host's address below."
    screen.address.set("nowhere:port")
    screen.join()
    assert screen.problem.text.startswith("Type the host's address as host:port")
    screen.address.set(f"{LOCAL}:1")
    screen.join()
    until(app, lambda: screen.joining is None, "the refusal")
    assert screen.problem.text.startswith(f"No game answered at {LOCAL}:1 (")
    background = BackgroundHost(
        GameHost(new_game("clamber", ["open", "greedy"], 3, None), "ROPE42")
    )
    try:
        port = background.start(LOCAL, 0, announce=False)
        screen.address.set(f"{LOCAL}:{port}")
        screen.code.set("WRONG1")
        screen.join()
        until(app, lambda: screen.joining is None, "the wrong code's refusal")
        assert screen.problem.text.startswith("The join code is wrong or missing")
        screen.code.set("ROPE42")
        screen.join()
        until(app, lambda: joined, "the seat")
        destroy(screen)
        host.choose()
        app.step()
        host.joined(joined[0])
        shell = host.table
        assert isinstance(shell, TableShell) and shell.play is not None
        play = shell.play
        assert lines(play) == [
            f"Joined the game at {LOCAL}:{port}",
            "Blue: Ann, here",
            "Red (greedy bot), played on the host",
        ]
        assert play.session.bots == {1: "greedy"}
        watching = JoinScreen(joined.append, lambda: None, look=False)
        watching.address.set(f"{LOCAL}:{port}")
        watching.code.set("ROPE42")
        watching.join(watch=True)
        until(app, lambda: len(joined) == 2, "watching")
        destroy(watching)
        host.joined(joined[1])  # the table is built anew for the game joined
        shell = host.table
        assert isinstance(shell, TableShell) and shell.network is joined[1]
        play = shell.play
        assert play is not None
        assert lines(play)[-1] == "You are watching · 1 watching"
        play.app = app
        settle(play)
        click(play, "C3")
        assert play.hud.note == "You are watching: only the players at the table act."
        assert background.host.game.state_id == 0
    finally:
        background.stop()


def test_a_table_that_lost_its_host_takes_its_seat_again_and_shows_the_game_as_it_stands(
    app: Any, host: Host
) -> None:
    background = BackgroundHost(GameHost(new_game("clamber", ["open", "open"], 4, None)))
    try:
        port = background.start(LOCAL, 0, announce=False)
        ann = seat_taken(app, port, "Ann")
        host.joined(ann)
        shell = host.table
        assert isinstance(shell, TableShell) and shell.play is not None
        play, hosted = shell.play, background.host.game
        play.app = app
        bo = elsewhere(port, "Bo", None)
        settle(play)
        click(play, "C3")
        until(app, lambda: hosted.state_id == 1, "Ann's stone at the host")
        ann.link.drop()
        until(app, lambda: any("dropped" in line for line in lines(play)), "the drop told")
        follow(bo, 1)
        bo.act(Place("B2"))  # while Ann's table is away
        until(app, lambda: shell.play is not play, "the table set again from the host's game")
        again = shell.play
        assert again is not None and shell.network is ann
        again.app = app
        settle(again)
        assert again.state == hosted.session.state and "B2" in again.state.stacks
        assert not any("dropped" in line for line in lines(again))
        assert lines(again)[1:] == ["Blue: Ann, here", "Red: Bo, remote"]
        click(again, "A1")
        until(app, lambda: hosted.state_id == 3, "Ann plays on")
    finally:
        background.stop()


def test_burg_klettermax_across_computers_keeps_bos_tiles_on_his_screen(
    app: Any, host: Host
) -> None:
    """K12 across computers: Ann hosts from the new-game screen and plays her seat by the
    keys; Bo's roll, knights and flick (its aim flown by the host) are animated on her table,
    which draws only her view: Bo's looted tiles lie face down there and her table's game holds
    no tile of his (the stand-in deals others), until the end shows them."""
    shell, play, network, hosted = hosted_from_menu(app, host, "klettermax", human_at(1))
    assert isinstance(shell, TableShell)
    assert lines(play)[1:] == ["Purple: Ann, here", "Orange: waiting for a player to join"]
    bo = elsewhere(network.background.port, "Bo", network.code, "klettermax")
    until(app, lambda: "Orange: Bo, remote" in lines(play), "Bo marked remote")
    rng = random.Random(5)
    seen_loot = False
    for _ in range(60):
        truth = hosted.session.state
        if truth.over or seen_loot:
            break
        if truth.turn.seat == 0:
            settle_kletter(play)
            assert play.hud.banner_text == "Your turn (Purple): on this screen"
            assert "Bo's screen" not in play.hud.note, "the line of Bo's turn went"
            play.submit(chosen(play.driver, rng))  # a flick: sent when the flight lands
        else:
            follow(bo, hosted.state_id)
            bo.act(chosen(bo, rng))
        until(app, lambda: play.driver.state_id == hosted.state_id, "Ann's table follows")
        settle_kletter(play)
        truth = hosted.session.state
        assert RULES.observe(play.state, 0) == RULES.observe(truth, 0)
        held = play.view.pieces()["held"]
        assert [t for t, _ in held[0]] == list(truth.seats[0].tiles), "her own tiles face up"
        if truth.seats[1].tiles and not truth.over:
            seen_loot = True
            assert [t for t, _ in held[1]] == [None] * len(truth.seats[1].tiles)
    assert seen_loot, "Bo looted a tile"
    assert play.hud.recent, "Bo's actions are captioned on Ann's table"
    shell.show_menu()
    app.step()
    bo.link.close()


def test_the_climbers_hosted_from_its_new_game_screen_plays_teal_against_purple_elsewhere(
    app: Any, host: Host
) -> None:
    """The Climbers' table hosts as the others do: Host on the network on its new-game screen
    seats Ann at Teal; Bo plays Purple through the host; each action of his is animated on
    Ann's table, which takes none for Purple and ends as the host's game."""
    shell, play, network, hosted = hosted_from_menu(
        app, host, "climbers", lambda menu: menu.seed_field.set("7")
    )
    assert lines(play)[1:] == ["Teal: Ann, here", "Purple: waiting for a player to join"]
    bo = elsewhere(network.background.port, "Bo", network.code, "climbers")
    until(app, lambda: "Purple: Bo, remote" in lines(play), "Bo marked remote")
    rules, bos = hosted.rules, 0
    for _ in range(8):
        truth = hosted.session.state
        until(app, lambda: play.resting, "Ann's table at rest")
        if rules.to_act(truth) == 0:
            assert play.hud.banner_text == "Your turn (Teal): on this screen"
            assert play.apply(rules.legal_actions(play.state)[-1])
        else:
            assert play.hud.note == "Purple's turn: on Bo's screen"
            play.skip()  # Purple's step: this table takes no action for Bo
            assert hosted.state_id == play.driver.state_id and hosted.session.state == truth
            follow(bo, hosted.state_id)
            bo.act(rules.legal_actions(bo.state)[-1])
            bos += 1
        until(app, lambda: play.driver.state_id == hosted.state_id, "Ann's table follows")
        assert play.state == hosted.session.state
        if rules.to_act(truth) == 1:
            assert play.hud.recent[-1].startswith("Purple "), "Bo's step is captioned"
    assert bos >= 2, "Bo played steps of his own"
    shell.show_menu()
    app.step()
    assert shell.network is None
    bo.link.close()


def test_a_climbers_game_hosted_elsewhere_is_joined_onto_the_climbers_table(
    app: Any, host: Host
) -> None:
    background = BackgroundHost(GameHost(new_game("climbers", ["open", "open"], 9, None)))
    try:
        port = background.start(LOCAL, 0, announce=False)
        ann = seat_taken(app, port, "Ann")
        host.joined(ann)
        shell, hosted = host.table, background.host.game
        assert isinstance(shell, NetworkTable) and shell.network is ann
        play = shell.play
        assert play is not None and play.driver is ann.driver
        seats = [shell.seat_name(seat) for seat in (0, 1)]
        assert lines(play) == [
            f"Joined the game at {LOCAL}:{port}",
            f"{seats[0]}: Ann, here",
            f"{seats[1]}: waiting for a player to join",
        ]
        bo = elsewhere(port, "Bo", None, "climbers")
        rules = hosted.rules
        for _ in range(4):
            until(app, lambda: play.resting, "Ann's table at rest")
            mover = rules.to_act(hosted.session.state)
            if mover == 0:
                assert play.apply(rules.legal_actions(play.state)[-1])
            else:
                follow(bo, hosted.state_id)
                bo.act(rules.legal_actions(bo.state)[-1])
            until(app, lambda: play.driver.state_id == hosted.state_id, "Ann's table follows")
            assert play.state == hosted.session.state
        bo.link.close()
    finally:
        background.stop()


def bo_gone(app: Any, host: Host) -> tuple[TableShell, Any]:
    """Clamber hosted by Ann (Blue) with Bo at Red, who leaves for good after Blue's first
    stone; the table shell and the hosted game."""
    shell, play, network, hosted = hosted_from_menu(app, host, "clamber")
    bo = elsewhere(network.background.port, "Bo", network.code)
    until(app, lambda: "Red: Bo, remote" in lines(play), "Bo marked remote")
    settle(play)
    click(play, "C3")
    until(app, lambda: hosted.state_id == 1, "Blue's stone at the host")
    bo.link.close()
    until(app, lambda: "Red: waiting for Bo" in lines(play), "Bo waited for")
    return shell, hosted


def stand_in(app: Any, shell: TableShell, hosted: Any) -> None:
    """Ann presses B: the host's bot plays for Bo, and Red's stone shows on her table."""
    network_seat(shell.play).input("b")
    assert lines(shell.play)[-1] == "Bot: strong, for the players away until they come back"
    until(app, lambda: hosted.state_id == 2, "the bot's stone for Red at the host")
    until(app, lambda: shell.play.driver.state_id == 2, "Red's stone on Ann's table")
    settle(shell.play)


def test_the_hosting_screen_lets_a_bot_play_for_a_player_who_went_away(
    app: Any, host: Host
) -> None:
    """Bo leaves for good; Ann, who hosts, presses B when she chooses: a bot plays Red's turns
    on the host (until Bo comes back) and Ann's table goes on."""
    shell, hosted = bo_gone(app, host)
    assert lines(shell.play)[-1] == "B: a bot plays for the players away until they come back"
    stand_in(app, shell, hosted)
    assert shell.play.state == hosted.session.state
    shell.show_menu()
    app.step()


def test_a_bot_standing_in_is_still_said_after_the_language_changes(app: Any, host: Host) -> None:
    """The table built anew in another language (F4) says the host's bot plays for the players
    away, as the host has it, and offers B no more."""
    shell, hosted = bo_gone(app, host)
    stand_in(app, shell, hosted)
    try:
        shell.apply_settings(shell.settings.with_changes(language="zh-Hant"))
        app.step()
        assert lines(shell.play)[-1] == "電腦：高手，代替暫離的玩家，直到他們回來"
    finally:
        shell.apply_settings(shell.settings.with_changes(language="en"))
    app.step()
    assert lines(shell.play)[-1] == "Bot: strong, for the players away until they come back"
    shell.show_menu()
    app.step()


def test_a_bot_is_named_as_the_game_names_it_in_the_players_language(app: Any, host: Host) -> None:
    """The hosting screen names a bot's seat as its game labels it ('Orange (medium bot)'), and
    the bot it lets play for a player away as the new-game screen offers it ('Bot: medium'), in
    Chinese too: never by the level as the program spells it ('medium')."""
    # Ann, Orange's bot, and a seat for Bo
    shell, _play, network, _hosted = hosted_from_menu(app, host, "klettermax", human_at(2))
    assert lines(shell.play)[1:] == [
        "Purple: Ann, here",
        "Orange (medium bot), played on the host",
        "Teal: waiting for a player to join",
    ]
    bo = elsewhere(network.background.port, "Bo", network.code, "klettermax")
    until(app, lambda: "Teal: Bo, remote" in lines(shell.play), "Bo marked remote")
    bo.link.close()
    until(app, lambda: "Teal: waiting for Bo" in lines(shell.play), "Bo waited for")
    try:
        shell.apply_settings(shell.settings.with_changes(language="zh-Hant"))
        app.step()
        play = shell.play
        assert lines(play)[1:] == [
            "紫色玩家：Ann，在這台螢幕",
            "橘色玩家（電腦・普通），在主機上",
            "青色玩家：等待Bo回來",
            "B：由電腦代替暫離的玩家，直到他們回來",
        ]
        network_seat(play).input("b")
        assert lines(play)[-1] == "電腦：普通，代替暫離的玩家，直到他們回來"
        assert not any("medium" in line or "bot" in line for line in lines(play))
    finally:
        shell.apply_settings(shell.settings.with_changes(language="en"))
    shell.show_menu()
    app.step()
