"""A table shell's part of games across computers: Host on the network from the new-game
screen, and a seat of a hosted game (hosted here or joined) played on the game's own play
screen through the remote driver (climbers.app.network_seat).

The window that hosts plays its own seat through the remote driver too, over 127.0.0.1, rather
than on the host's session directly: the host's session lives on the host's thread, and every
screen, the host's and the joiners', then follows the game the same one way (the host's results,
checked against its views), with no second path to keep right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from climbers.app.network_seat import (
    RESYNCED,
    Joining,
    NetworkPlay,
    NetworkSeat,
    default_name,
    plays_across,
)
from climbers.app.panels.widgets import button
from climbers.app.settings import Settings
from climbers.games.registry import game
from climbers.io.language import N_, _, say
from climbers.net.background import BackgroundHost, join_code
from climbers.net.host import Host
from climbers.net.hosted import OPEN, HostedGame, autosave, seat_records
from climbers.net.link import Address
from climbers.net.remote_driver import RemoteDriver

LOCAL = "127.0.0.1"
HOST_BUTTON = (0.66, 0.43, 0.3)
"""Host on the network, at the top right of the new-game screen: x, y and width."""
NO_OPEN_SEAT = N_("Leave at least one seat to a person to host the game on the network.")
NO_PORT = N_("The game cannot be hosted: no port to listen on ({problem}).")
STARTING = N_("Starting the game on the network…")


class NetworkTable:
    """Mixed into a game's table shell (see the module). The shell says which game it is, how
    a seat is named, the game its new-game screen chose (`hosted_start`) and the screen that
    plays a seat through a driver (`network_screen`)."""

    settings: Settings
    screens: Any
    menu: Any
    notice: Any
    shot_path: Any
    network: NetworkPlay | None = None
    """The hosted game whose seat the table plays, while it does."""
    joining: Joining | None = None
    """A seat being taken in the background."""
    bind: str | None = None
    """The address a game hosted here listens on (None: every address of this computer)."""
    announce = True
    """Whether a game hosted here is announced on the local network (mDNS)."""

    pause: Callable[[], None]
    _on_change: Callable[..., None]

    @property
    def game_name(self) -> str:
        """The game's registry name."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        """The game's name for `seat` ('Blue'), in the current language."""
        raise NotImplementedError

    def hosted_start(self, menu: Any) -> tuple[Any, list[str]] | None:
        """The game chosen on the new-game screen `menu` and each seat's holder (a bot's level,
        or OPEN for a person); None once `menu` says why it cannot start."""
        raise NotImplementedError

    def network_screen(self, driver: RemoteDriver, elsewhere: list[int]) -> Any:
        """The play screen of the seat `driver` plays, the `elsewhere` seats played on other
        screens (it takes no actions for them)."""
        raise NotImplementedError

    def plays_across(self) -> bool:
        """Whether this table plays its game across computers."""
        return plays_across(game(self.game_name))

    def offer_hosting(self, menu: Any) -> None:
        """Host on the network on the new-game screen, for a game the window plays across
        computers."""
        if self.plays_across():
            x, y, width = HOST_BUTTON
            menu.host_button = button(
                menu, _("Host on the network"), x, y, self.host_network, width
            )

    def saves_play(self) -> bool:
        """A game across computers is saved by its host (hosted-<game>.json), not as a file of
        this table: its table knows it only from where this seat joined."""
        return self.network is None

    def host_network(self) -> None:
        """Host the game chosen on the new-game screen in the background (its bots play on the
        host), and take the first seat left to a person."""
        menu = self.menu
        if menu is None or self.joining is not None:
            return
        chosen = self.hosted_start(menu)
        if chosen is None:
            return
        start, spec = chosen
        if OPEN not in spec:
            menu.problem.text = _(NO_OPEN_SEAT)
            return
        entry = game(self.game_name)
        hosted = HostedGame(entry, start, seat_records(spec), autosave(entry.name).claim())
        code = join_code()
        background = BackgroundHost(Host(hosted, code=code, pace=self.settings.bot_pace))
        try:
            port = background.start(self.bind, announce=self.announce)
        except OSError as exc:
            background.stop()
            menu.problem.text = say(NO_PORT, problem=exc.strerror or exc)
            return
        shown = (background.addresses() or [f"{LOCAL}:{port}"])[0]
        me = Address(LOCAL, port, default_name(), code, seat=spec.index(OPEN))
        self.joining = Joining(me, background, shown)
        menu.problem.text = _(STARTING)

    def off_network(self, build: Callable[..., Any]) -> Callable[..., Any]:
        """`build` (a screen's), leaving the network game first: any screen but the play
        screen."""

        def leaving(*args: Any) -> Any:
            self.end_network()
            return build(*args)

        return leaving

    def join_network(self, play: NetworkPlay) -> None:
        """Play the seat of `play` (hosted here or joined) on the game's play screen."""
        self.network = play
        self.screens.go("Play", play.driver.session)

    def network_play(self, session: Any) -> Any | None:
        """The play screen of the network game whose session `session` is, None when it is no
        network game's (a network game then ends)."""
        play = self.network
        if play is None or session is not play.driver.session:
            self.end_network()
            return None
        session.forget_listeners()
        seats = range(len(play.driver.rules.ranking(session.state)))
        screen = self.network_screen(play.driver, [s for s in seats if s != play.driver.seat])
        screen.apply_settings(self.settings)
        screen.on_pause = self.pause
        session.subscribe(self._on_change)

        def fresh() -> None:
            self.screens.go("Play", play.driver.session)
            self.notice.show_text(_(RESYNCED), bad=False)

        NetworkSeat(play, screen, self.seat_name, fresh)
        return screen

    def end_network(self) -> None:
        """Leave the network game, and stop joining one."""
        if self.joining is not None:
            self.joining.cancel()
            self.joining = None
        if self.network is not None:
            self.network.close()
            self.network = None

    def poll_joining(self) -> None:
        """Each frame: a seat being taken in the background, played once taken."""
        found = None if self.joining is None else self.joining.outcome()
        if found is None:
            return
        self.joining = None
        if isinstance(found, NetworkPlay):
            self.join_network(found)
        elif self.menu is not None:
            self.menu.problem.text = found
        else:
            self.notice.show_text(found)
