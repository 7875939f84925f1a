"""A seat of a hosted game at a table screen: the game's own play screen, played through the
remote driver (climbers.net.remote_driver), and beside it what the table knows of the others.

`Joining` opens the connection in the background and hands over a `NetworkPlay` once the host
has seated the player and sent the game. `NetworkSeat` sits beside the play screen: each frame,
once the screen's animations rest, it takes the host's next message on the window's thread and
plays another seat's action at the screen as the screen plays a bot's (its `bots.play`: the
same animation, sounds and captions as a local action); it marks each seat in the HUD as here,
remote, waiting or bot, says in the turn banner whose screen is to act, refuses clicks while
another seat is to act (the screen takes none then, as during a bot's turn), and says when the
connection drops and comes back.

What it asks of a play screen (built by the table shell with the driver and the other seats,
`elsewhere`): `bots` (its BotSeats: `enabled`, `announce`, `play`), `resting` (no action shows
now), `in_flight` (an action shows before it is played: a flight), `ignore_input` and `hud`
(the shared HudFrame: `show_table`, `announce`, `message`, `notice`).
"""

from __future__ import annotations

import getpass
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

from ursina import Entity

from climbers.app.network_report import NetworkReport, report_path
from climbers.app.pacing import stir
from climbers.app.panels.canvas import BAD, GOOD, MUTED, Line
from climbers.app.screens.play_parts import over_panel
from climbers.games.registry import GameEntry, game
from climbers.io.bot_words import bot_label, level_name
from climbers.io.language import N_, _, say
from climbers.net.background import BackgroundHost
from climbers.net.client import HostGone, JoinRefused
from climbers.net.link import Address, Link
from climbers.net.protocol import Full, Presence, Seated, SeatPresence
from climbers.net.remote_driver import WATCHER, RemoteDriver
from climbers.net.words import refusal_line

FIRST_STATE_SECONDS = 10.0
"""How long a joining client waits for the game after being seated."""
TURN_TINT = (70, 120, 170)
"""The turn banner's ends in a network game."""
NO_HOST = N_("No game answered at {address} ({problem}).")
NOT_IN_WINDOW = N_(
    "{game} cannot be played across computers in the window yet: use climbers join in a terminal."
)
SEATS: dict[str, str] = {
    "mine": N_("{seat}: {name}, here"),
    "here": N_("{seat}: {name}, remote"),
    "away": N_("{seat}: waiting for {name}"),
    "open": N_("{seat}: waiting for a player to join"),
    "bot": N_("{bot}, played on the host"),
}
"""Each seat as the HUD marks it: this screen's, a player's on another screen, a player who
dropped, a free seat, a bot the host plays (the seat as the game labels it: 'Red (strong
bot)')."""
TURNS: dict[str, str] = {
    "mine": N_("Your turn ({seat}): on this screen"),
    "here": N_("{seat}'s turn: on {name}'s screen"),
    "away": N_("{seat}'s turn: waiting for {name} to come back"),
    "open": N_("{seat}'s turn: waiting for a player to join"),
    "bot": N_("{seat}'s turn: the bot plays on the host"),
}
"""The turn banner: whose screen is to act."""
WAIT = N_("{turn}. Only your own seat acts on this screen.")
STAND_IN_KEY = "b"
"""On the hosting screen: a bot plays the seats of the players away until they come back."""
MAY_STAND_IN = N_("B: a bot plays for the players away until they come back")
STANDING_IN = N_("{bot}, for the players away until they come back")
"""`bot`: the stand-in's level as a new-game screen offers it ('Bot: strong')."""
HOSTING = N_("Hosting at {address} · join code {code}")
JOINED = N_("Joined the game at {address}")
WATCHING = N_("You are watching · {count} watching")
LOST = N_("The connection to the host dropped: taking your seat again…")
GONE = N_("The connection to the host is lost ({problem}): go back to the menu to join again.")
BACK = N_("Back at the table: the game is as the host has it.")
RESYNCED = N_("The table was set again as the host has the game.")


def plays_across(entry: GameEntry) -> bool:
    """Whether the window plays `entry` across computers: a game with a table that can be
    hosted."""
    return entry.remote is not None and entry.table is not None


def default_name() -> str:
    """The player's name until they type another: their login name, else 'Player'."""
    try:
        name = getpass.getuser().strip()
    except (OSError, KeyError):
        name = ""
    return (name[:1].upper() + name[1:])[:32] if name.isprintable() and name else _("Player")


class JoinProblem(Exception):
    """Joining failed: str() is the line to show."""


@dataclass
class NetworkPlay:
    """A seat of a hosted game: its link, its driver and, when this window hosts the game, the
    host in the background (its address and join code, to show)."""

    link: Link
    driver: RemoteDriver
    background: BackgroundHost | None = None
    address: str = ""
    code: str | None = None

    def close(self) -> None:
        """Leave the game (a hosted one stops: its file keeps it for --resume)."""
        self.link.close()
        if self.background is not None:
            self.background.stop()


class Joining:
    """A connection being opened in the background; its `outcome` each frame."""

    def __init__(
        self, address: Address, background: BackgroundHost | None = None, shown: str = ""
    ) -> None:
        self.address = address
        self.background = background
        self.shown = shown or f"{address.host}:{address.port}"
        self.link = Link(address)
        self.opening = self.link.open()
        self.first: Full | None = None
        self.presence: Presence | None = None
        self.kept: list[Any] = []
        self.deadline = 0.0

    def outcome(self) -> NetworkPlay | str | None:
        """Each frame: the seat once the host has sent the game, the line to show when the host
        refused or could not be reached (joining is over then), None while waiting."""
        try:
            return self._seat()
        except JoinProblem as exc:
            return str(exc)

    def _seat(self) -> NetworkPlay | None:
        if not self.opening.done():
            return None
        try:
            welcome = self.opening.result()
        except JoinRefused as exc:
            self._give_up(refusal_line(exc.refused))
        except (OSError, HostGone, TimeoutError) as exc:
            problem = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            self._give_up(say(NO_HOST, address=self.shown, problem=problem))
        entry = game(welcome.game)
        if not plays_across(entry):
            self._give_up(say(NOT_IN_WINDOW, game=_(entry.title)))
        if not self.deadline:
            self.deadline = time.monotonic() + FIRST_STATE_SECONDS
        while (self.first is None or self.presence is None) and not self.link.inbox.empty():
            message = self.link.inbox.get_nowait()
            if isinstance(message, Full) and self.first is None:
                self.first = message
            elif isinstance(message, Presence) and self.presence is None:
                self.presence = message
            else:
                self.kept.append(message)
        if self.first is None or self.presence is None:
            if time.monotonic() > self.deadline:
                self._give_up(say(NO_HOST, address=self.shown, problem="no game sent"))
            return None
        seat = welcome.seat if isinstance(welcome, Seated) else None
        bots = {s.seat: s.name or "" for s in self.presence.seats if s.status == "bot"}
        driver = RemoteDriver(self.link, entry, self.first, seat, bots)
        driver.presence = self.presence
        driver.pending.extend(self.kept)
        return NetworkPlay(self.link, driver, self.background, self.shown, self.address.code)

    def _give_up(self, line: str) -> NoReturn:
        self.cancel()
        raise JoinProblem(line)

    def cancel(self) -> None:
        """Stop joining (and hosting, when this window was starting a host)."""
        self.link.close()
        if self.background is not None:
            self.background.stop()


class NetworkSeat(Entity):  # type: ignore[misc]
    """Beside a play screen of a hosted game (see the module). `seat_name(seat)` names a seat
    as the game does ('Blue'); `on_fresh` shows the driver's new session (a resync)."""

    def __init__(
        self,
        play: NetworkPlay,
        screen: Any,
        seat_name: Callable[[int], str],
        on_fresh: Callable[[], None],
    ) -> None:
        super().__init__(name="network-seat")
        self.play = play
        self.screen = screen
        self.seat_name = seat_name
        self.on_fresh = on_fresh
        driver = play.driver
        bots = screen.bots
        bots.enabled = False  # no bot plays here: every other seat acts on its own screen
        bots.announce = False
        self.seats = len(driver.rules.ranking(driver.state))
        self.turn_told: tuple[int, str] | None = None
        """The state id and turn line the banner last told (a player dropping changes it)."""
        self.lost_told: object = None
        self.show_table()
        path = report_path()
        if path is not None:
            NetworkReport(self, path)

    # -- each frame ------------------------------------------------------------------------

    def update(self) -> None:
        driver = self.play.driver
        if driver.fresh:
            driver.fresh = False
            self.on_fresh()  # this seat and its screen are gone: the new ones go on
            return
        self._tell()
        if not self.screen.resting:
            return
        message = driver.take()
        if message is not None:
            stir()
            action = driver.hear(message)
            if action is not None:
                self.screen.bots.play(action)  # through the driver's act, as a bot's action
                if not self.screen.in_flight:  # (a flight plays it when it lands)
                    driver.replaying = None  # (a mirror that missed it is set right by the next)
            self.show_table()
        if not driver.fresh:
            self._tell_turn()

    def input(self, key: str) -> None:
        """A click on the table while another seat is to act: say whose screen acts. On the
        hosting screen, B lets a bot play for the players away."""
        background = self.play.background
        if key == STAND_IN_KEY and background is not None and background.stand_in is None:
            if self.someone_away():
                background.stand_in_now()
                self.show_table()
            return
        if key != "left mouse down" or self.screen.ignore_input or over_panel():
            return
        driver = self.play.driver
        if driver.seat is None:
            self.screen.hud.message(_(WATCHER), bad=True)
            return
        to_act = driver.seat_to_act()
        if to_act is not None and to_act != driver.seat:
            self.screen.hud.message(say(WAIT, turn=self.turn_line(to_act)), bad=True)

    # -- what the table says ---------------------------------------------------------------

    def seat_status(self, seat: int) -> tuple[str, str]:
        """How the HUD marks `seat` (a key of SEATS) and the name it says."""
        driver = self.play.driver
        if seat == driver.seat:
            return "mine", self.presence_of(seat).name or ""
        found = self.presence_of(seat)
        return found.status, found.name or ""

    def presence_of(self, seat: int) -> SeatPresence:
        presence = self.play.driver.presence
        for found in presence.seats if presence is not None else ():
            if found.seat == seat:
                return found
        return SeatPresence(seat=seat, name=None, status="open", thinking=False)

    def someone_away(self) -> bool:
        """Whether a player dropped and has not come back."""
        return any(self.seat_status(seat)[0] == "away" for seat in range(self.seats))

    def turn_line(self, seat: int) -> str:
        """Whose screen is to act for `seat`'s turn."""
        status, name = self.seat_status(seat)
        return say(TURNS[status], seat=self.seat_name(seat), name=name)

    def seat_line(self, seat: int) -> str:
        """How the HUD marks `seat`: 'Blue: Ann, here', 'Red (strong bot), played on the
        host'."""
        status, name = self.seat_status(seat)
        if status == "bot":  # the name is the bot's level
            return say(SEATS[status], bot=bot_label(name, self.seat_name(seat)))
        return say(SEATS[status], seat=self.seat_name(seat), name=name)

    def table_lines(self) -> list[Line]:
        """The lines of the HUD's panel about the table: where it is hosted, each seat, who
        watches, the connection."""
        driver, background, lines = self.play.driver, self.play.background, []
        if background is not None:
            hosting = say(HOSTING, address=self.play.address, code=self.play.code)
            lines.append(Line(hosting, 14, GOOD))
        else:
            lines.append(Line(say(JOINED, address=self.play.address), 14, MUTED))
        for seat in range(self.seats):
            status = self.seat_status(seat)[0]
            lines.append(Line(self.seat_line(seat), 14, GOOD if status == "mine" else MUTED))
        stand_in = None if background is None else background.stand_in  # as the host has it
        if stand_in is not None:
            lines.append(Line(say(STANDING_IN, bot=level_name(stand_in)), 14, MUTED))
        elif background is not None and self.someone_away():
            lines.append(Line(_(MAY_STAND_IN), 14, GOOD))
        watching = driver.presence.watching if driver.presence is not None else 0
        if driver.seat is None:
            lines.append(Line(say(WATCHING, count=watching), 14, MUTED))
        if driver.lost is not None:
            lines.append(Line(_(LOST), 14, BAD))
        return lines

    def show_table(self) -> None:
        self.screen.hud.show_table(self.table_lines())

    def _tell_turn(self) -> None:
        """The banner when the turn passes (or the player to act drops or comes back), and the
        line saying whose screen acts."""
        driver = self.play.driver
        to_act = driver.seat_to_act()
        line = "" if to_act is None else self.turn_line(to_act)
        now = (driver.state_id, line)
        if now == self.turn_told:
            return
        self.turn_told = now
        if to_act is None:
            return
        hud = self.screen.hud
        hud.announce(line, TURN_TINT)
        if to_act != driver.seat:
            hud.message(line)
        elif hud.note in self.other_turns:  # the line of another seat's turn goes
            hud.message("")

    @property
    def other_turns(self) -> set[str]:
        """The lines of other seats' turns, as the line below the table says them."""
        seat = self.play.driver.seat
        return {self.turn_line(other) for other in range(self.seats) if other != seat}

    def _tell(self) -> None:
        """Lines of the host besides results, and the connection dropping or coming back."""
        driver, notice = self.play.driver, self.screen.hud.notice
        for line in driver.said:
            notice.show_text(line)
        driver.said.clear()
        if driver.lost is self.lost_told:
            return
        self.lost_told = driver.lost
        self.show_table()
        if driver.lost is None:
            notice.show_text(_(BACK), bad=False)
        elif driver.lost.final:
            notice.show_text(say(GONE, problem=driver.lost.why))
        else:
            notice.show_text(_(LOST))
