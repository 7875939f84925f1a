"""Join a game: the games hosted on this network (found by mDNS, looked for in the background),
a box for the host's address when none is found (a firewall, another subnet), the join code
and the player's name; Join takes a free seat, Watch sits at none."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable

from ursina import Text, color

from climbers.app.network_seat import Joining, NetworkPlay, default_name
from climbers.app.panels.widgets import (
    ACCENT,
    MUTED,
    WARN,
    Screen,
    TextBox,
    button,
    card,
    label,
    plain,
)
from climbers.games.registry import games
from climbers.io.language import N_, _, say
from climbers.net.client import split_address
from climbers.net.discovery import Found, discover
from climbers.net.link import Address

ROWS = 4
"""Games found shown at most."""
CODE = re.compile(r"[A-Za-z0-9_-]{1,64}")
LOOKING = N_("Looking for games on this network…")
NONE_FOUND = N_("No game found on this network: type the host's address below.")
FOUND = N_("Click a game to fill in its address, then Join or Watch.")
CANNOT_LOOK = N_("Cannot look for games on this network ({problem}): type the host's address.")
BAD_ADDRESS = N_("Type the host's address as host:port, for example 192.168.1.20:47474.")
BAD_CODE = N_("A join code has only letters, digits, _ and -.")
NO_NAME = N_("Type your name (up to 32 characters).")
JOINING = N_("Joining {address}…")
ROW = N_("{game} · {host} · {address}")
ASKS_CODE = N_("{row} · join code asked")


class Looking:
    """The hosts announcing a game, looked for on a thread of its own; `found` is None until
    the look is over."""

    def __init__(self) -> None:
        self.found: list[Found] | None = None
        self.problem = ""
        threading.Thread(target=self._look, name="climbers-look", daemon=True).start()

    def _look(self) -> None:
        try:
            found = asyncio.run(discover())
        except Exception as exc:  # no multicast here: the address box remains
            self.problem = str(exc) or type(exc).__name__
            found = []
        self.found = found


class JoinScreen(Screen):
    """See the module: `on_joined(play)` once seated (or watching), `on_back` to the choice of
    game; `look`: look for games on the network at once."""

    def __init__(
        self,
        on_joined: Callable[[NetworkPlay], None],
        on_back: Callable[[], None],
        look: bool = True,
    ) -> None:
        super().__init__(name="join-screen")
        self.on_joined = on_joined
        self.on_back = on_back
        heading = plain(Text(_("Join a game"), parent=self, y=0.43, origin=(0, 0), scale=2.6))
        heading.color = color.white
        card(self, (1.1, 0.66), y=0.0)
        left = -0.5
        label(self, _("Games on this network"), left, 0.28, 1.2)
        self.rows = [
            button(self, "", 0.0, 0.2 - 0.065 * i, self.picking(i), 1.0) for i in range(ROWS)
        ]
        for row in self.rows:
            row.enabled = False
        self.status = plain(Text("", parent=self, x=left, y=-0.06, origin=(-0.5, 0)))
        self.status.color = MUTED
        self.again_button = button(self, _("Look again"), 0.41, 0.28, self.look, 0.18)
        label(self, _("Address"), left, -0.14, 1.1)
        self.address = TextBox(
            self, "", 0.05, -0.14, 0.7, limit=64, hint=_("host:port"), on_enter=self.join
        )
        label(self, _("Join code"), left, -0.21, 1.1)
        self.code = TextBox(
            self,
            "",
            -0.15,
            -0.21,
            0.3,
            limit=32,
            hint=_("if the host shows one"),
            on_enter=self.join,
        )
        label(self, _("Your name"), left, -0.28, 1.1)
        self.player = TextBox(self, default_name(), -0.15, -0.28, 0.3, limit=32, on_enter=self.join)
        self.problem = plain(Text("", parent=self, y=-0.36, origin=(0, 0), color=WARN))
        self.back_button = button(self, _("Back"), -0.6, -0.43, on_back, 0.18)
        self.watch_button = button(self, _("Watch"), 0.3, -0.43, lambda: self.join(True), 0.2)
        self.join_button = button(self, _("Join"), 0.55, -0.43, self.join, 0.24, ACCENT)
        self.found: list[Found] = []
        self.looking: Looking | None = None
        self.joining: Joining | None = None
        if look:
            self.look()
        else:
            self.show_found([], "")

    def look(self) -> None:
        """Look for hosted games anew."""
        if self.looking is not None and self.looking.found is None:
            return
        self.looking = Looking()
        self.status.text = _(LOOKING)

    def picking(self, index: int) -> Callable[[], None]:
        return lambda: self.pick(index)

    def pick(self, index: int) -> None:
        """A game found: its address in the box (and the code box to type in when it asks
        one)."""
        found = self.found[index]
        self.address.set(found.where)
        self.problem.text = ""
        if found.code and not self.code.value:
            self.code.focus()

    def join(self, watch: bool = False) -> None:
        """Join (or watch) the game at the address typed."""
        if self.joining is not None:
            return
        try:
            host, port = split_address(self.address.value.strip())
        except ValueError:
            self.problem.text = _(BAD_ADDRESS)
            return
        code = self.code.value.strip() or None
        if code is not None and not CODE.fullmatch(code):
            self.problem.text = _(BAD_CODE)
            return
        name = self.player.value.strip()
        if not name or not name.isprintable():
            self.problem.text = _(NO_NAME)
            return
        shown = self.address.value.strip()
        self.joining = Joining(Address(host, port, name, code, watch=watch), shown=shown)
        self.problem.color = MUTED
        self.problem.text = say(JOINING, address=shown)

    def update(self) -> None:
        looking = self.looking
        if looking is not None and looking.found is not None:
            self.looking = None
            self.show_found(looking.found, looking.problem)
        found = None if self.joining is None else self.joining.outcome()
        if found is None:
            return
        self.joining = None
        if isinstance(found, NetworkPlay):
            self.on_joined(found)
        else:
            self.problem.color = WARN
            self.problem.text = found

    def show_found(self, found: list[Found], problem: str) -> None:
        """List the games found (the first ROWS)."""
        self.found = found[:ROWS]
        titles = {name: entry.title for name, entry in games().items()}
        for row, game in zip(self.rows, [*self.found, *[None] * ROWS], strict=False):
            row.enabled = game is not None
            if game is None:
                continue
            title = _(titles[game.game]) if game.game in titles else game.game
            text = say(ROW, game=title, host=game.name, address=game.where)
            row.text = say(ASKS_CODE, row=text) if game.code else text
        if problem:
            self.status.text = say(CANNOT_LOOK, problem=problem)
        else:
            self.status.text = _(FOUND if self.found else NONE_FOUND)

    def input(self, key: str) -> None:
        if key == "escape" and not TextBox.typing():
            self.on_back()
