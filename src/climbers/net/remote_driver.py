"""A seat of a hosted game played at a table screen: a `climbers.session.driver.Driver` over a
`Link`. The screen acts, undoes and listens as in a game on one computer; the host decides.

The driver keeps a mirror of the game, a session of the game's rules started from the view the
host sent, so that the screen has a history to caption, states to show and events to animate.
The mirror never moves by itself: it takes each action the host applied (`Result`), in the
host's order, and checks that it then shows what the host says this seat sees; a mirror that
differs, or a full state that differs, is replaced by the host's (a resync: `fresh` tells the
window to show the new session). A game whose view is its state (Clamber, The Climbers) is
mirrored by its rules; a game that hides something (Burg Klettermax's tiles and dice to come) by
its views alone: each result's view, as the game's stand-in, is the mirror's next state, with
the events the host let this seat see.

An action of this seat is checked by the mirror's rules first (their refusal is the one the
screen already shows, in the player's words), then sent with the state id it was made on; `act`
waits for the host's result (ANSWER_SECONDS at most) and returns its events. The host's refusal
comes back as a `Refused` said in the player's language; one of the host's rules (which the
mirror's took: the mirror was wrong) brings the host's full state, and the rules' own refusal.
Actions of other seats are taken by the window from `take()`, a message at a time once its
animations rest, and played at the screen as a bot's are: through `act`, which then applies the
host's result instead of sending.
"""

from __future__ import annotations

import json
import queue
import time
from collections import deque
from collections.abc import Iterator
from typing import Any

from pydantic import JsonValue

from climbers.games.registry import GameEntry
from climbers.io.language import N_
from climbers.net.hosted import takes_back
from climbers.net.link import Heard, Link, Lost
from climbers.net.protocol import (
    Act,
    End,
    Full,
    Presence,
    Reason,
    Refused,
    Result,
    Resync,
    Seated,
    Undo,
    Watching,
)
from climbers.net.remote import remote_of, sent_text
from climbers.net.words import REFUSALS, refusal_line
from climbers.session.driver import Refused as ModeRefused
from climbers.session.session import Session

ANSWER_SECONDS = 5.0
"""How long an action waits for the host's answer before it is given up."""
NO_ANSWER = N_("The host did not answer in time: the game goes on as the host says.")
NO_LINK = N_("The connection to the host is lost: the action was not sent.")
WATCHER = N_("You are watching: only the players at the table act.")
PROTOCOL_REASONS = {reason.value for reason in Reason} | {"no_link", "no_answer"}
"""The refusals that are not the rules' (a rules' refusal carries the game's reason code)."""


class RemoteDriver:
    """One seat (None: watching) of a hosted game, played through `link` (see the module).
    `first` is the full state the host sent after the hello; `bots` the bots' levels by seat,
    for the screen's labels."""

    def __init__(
        self, link: Link, entry: GameEntry, first: Full, seat: int | None, bots: dict[int, str]
    ) -> None:
        self.link = link
        self.entry = entry
        self.rules = entry.rules
        self.remote = remote_of(entry)
        self.seat = seat
        self.bots = dict(bots)
        self.pending: deque[Heard] = deque()
        """Messages read while an action waited for its answer, for `take` to give first."""
        self.presence: Presence | None = None
        self.lost: Lost | None = None
        """The connection's end while it is being taken up again (None: connected)."""
        self.ranking: list[int] | None = None
        self.said: list[str] = []
        """Lines for the player of what the host said besides results (a refusal not of an
        action, a resync), oldest first; the window shows and empties it."""
        self.replaying: Result | None = None
        """The host's result `act` applies now (another seat's action, played at the screen)."""
        self.fresh = False
        """Whether the session was replaced by the host's full state since the window last
        looked (the window shows the new session and sets this back)."""
        self.session: Session[Any] = self._mirror(first)

    def _mirror(self, full: Full) -> Session[Any]:
        self.state_id = full.state
        return Session(self.rules, self.remote.turns, self._state_of(full.view), bots=self.bots)

    def _state_of(self, view: JsonValue) -> Any:
        """The state a view of this seat stands for (ValueError when it is none)."""
        if self.remote.stand_in is not None:
            return self.remote.stand_in(view)
        return self.rules.load(json.dumps(view))

    # -- the Driver protocol ---------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def no_undo(self) -> str:
        return REFUSALS[Reason.NO_UNDO]

    def act(self, action: Any) -> list[Any]:
        """This seat's action, sent and applied as the host answers; or, while the window
        plays the host's result of another seat (`replaying`), that result applied."""
        if self.replaying is not None:
            result, self.replaying = self.replaying, None
            return self._apply(result)
        self._may_act()
        self.rules.apply(self.state, action)  # the rules' own refusal, said as on one computer
        self.link.send(Act(text=sent_text(self.remote, self.rules, action), state=self.state_id))
        try:
            answer = self._answer(lambda m: isinstance(m, Result) and m.seat == self.seat)
        except ModeRefused as refused:
            if refused.reason in PROTOCOL_REASONS:
                raise
            # the host's rules refused what the mirror's took: the mirror was wrong; set it
            # right, and its rules then say why in the game's own words
            self.link.send(Resync())
            self._catch_up()
            self.rules.apply(self.state, action)
            raise
        assert isinstance(answer, Result)
        return self._apply(answer)

    def done(self) -> list[Any]:
        """Pass the rest of this seat's own turn, an action at a time."""
        start, events = self.state, []
        while (action := self.remote.turns.finishing(start, self.state)) is not None:
            events += self.act(action)
        return events

    @property
    def can_undo(self) -> bool:
        """Whether the host would take back a step: this seat's own, of the turn it still
        plays (the host's rule, asked of the mirror)."""
        return self.seat is not None and takes_back(self.session, self.seat)

    def undo(self) -> bool:
        """Ask the host to take back this seat's last step of its own turn; False when the host
        refuses (there is nothing of the turn to take back)."""
        try:
            self._may_act()
        except ModeRefused:
            return False
        self.link.send(Undo(state=self.state_id))
        try:
            answer = self._answer(lambda m: isinstance(m, Full) and m.cause == "undo")
        except ModeRefused:
            return False
        assert isinstance(answer, Full)
        self._follow(answer)
        return True

    def redo(self) -> None:
        """Nothing is redone across computers: an action taken back is made anew."""
        return None

    # -- what the host says ----------------------------------------------------------------

    def take(self) -> Heard | None:
        """The next message to take in (the window's, once its animations rest), or None."""
        if self.pending:
            return self.pending.popleft()
        try:
            return self.link.inbox.get_nowait()
        except queue.Empty:
            return None

    def hear(self, message: Heard) -> Any | None:
        """Take in a message; the action to play at the screen when it is a result (the screen
        plays it through `act`), else None."""
        if isinstance(message, Result):
            if message.state <= self.state_id:
                return None  # already taken in (a resync brought it)
            self.replaying = message
            try:
                return self.rules.parse_action(message.action)
            except ValueError:
                self.replaying = None
                self._resync(_full_of(message))
                return None
        if isinstance(message, Full):
            self._follow(message)
        elif isinstance(message, Presence):
            self.presence = message
        elif isinstance(message, Seated | Watching):
            self.lost = None
        elif isinstance(message, Lost):
            self.lost = message
        elif isinstance(message, End):
            self.ranking = message.ranking
        elif isinstance(message, Refused):
            self.said.append(refusal_line(message))
        return None

    def seat_to_act(self) -> int | None:
        """The seat whose action the host awaits now (None: the game is over)."""
        return self.rules.to_act(self.state)

    # -- inside ----------------------------------------------------------------------------

    def _may_act(self) -> None:
        """Refuse at once what the host would refuse: a watcher's action, another seat's turn,
        an action while the connection is down."""
        if self.seat is None:
            raise ModeRefused(Reason.WATCHING.value, WATCHER)
        if self.lost is not None:
            raise ModeRefused("no_link", NO_LINK)
        to_act = self.seat_to_act()
        if to_act is not None and to_act != self.seat:
            raise ModeRefused(Reason.NOT_YOUR_TURN.value, REFUSALS[Reason.NOT_YOUR_TURN])

    def _answer(self, wanted: Any) -> Heard:
        """Wait for the message `wanted` accepts, keeping the others for `take`; a refusal or
        a lost connection is raised as a `Refused` in the player's words."""
        for message in self._heard():
            if wanted(message):
                return message
            if isinstance(message, Refused):
                if message.reason == Reason.STALE:
                    self._catch_up()
                raise ModeRefused(message.reason, refusal_line(message))
            self.pending.append(message)
            if isinstance(message, Lost):
                self.lost = message
                raise ModeRefused("no_link", NO_LINK)
        raise ModeRefused("no_answer", NO_ANSWER)

    def _catch_up(self) -> None:
        """After a stale refusal or a resync asked for: take in the full state the host sends
        (and what came before it)."""
        for message in self._heard():
            if isinstance(message, Full):
                self._resync(message)
                return
            self.pending.append(message)

    def _heard(self) -> Iterator[Heard]:
        """The host's messages as they come, for ANSWER_SECONDS at most."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while (left := deadline - time.monotonic()) > 0:
            try:
                yield self.link.inbox.get(timeout=left)
            except queue.Empty:
                return

    def _apply(self, result: Result) -> list[Any]:
        """The host's result applied to the mirror, which must then show what the host says
        (else the host's view replaces it); the events to animate."""
        try:
            action = self.rules.parse_action(result.action)
            if self.remote.stand_in is None:
                events = self.session.act(action)
            else:
                events = [self._event(event) for event in result.events]
                self.session.record(action, self._state_of(result.view), events)
        except (ValueError, self.rules.refusal):
            self._resync(_full_of(result))
            return []
        self.state_id = result.state
        if self._seen() != result.view:
            self._resync(_full_of(result))
            return []
        return events

    def _event(self, sent: JsonValue) -> Any:
        """An event as the host sent it, the game's own again."""
        if self.remote.event is None:
            raise ValueError("the game reads no events")
        return self.remote.event(sent)

    def _follow(self, full: Full) -> None:
        """A full state: nothing to do when the mirror shows it; one step taken back (an undo)
        when that shows it; else a resync."""
        if self._seen() == full.view:
            self.state_id = full.state
            return
        if full.cause == "undo" and self.session.can_undo():
            self.session.undo()
            if self._seen() == full.view:
                self.state_id = full.state
                return
        self._resync(full)

    def _resync(self, full: Full) -> None:
        self.session = self._mirror(full)
        self.fresh = True

    def _seen(self) -> JsonValue:
        """The mirror as this seat's view, as JSON reads it back."""
        seen: JsonValue = json.loads(json.dumps(self.rules.observe(self.state, self.seat)))
        return seen


def _full_of(result: Result) -> Full:
    return Full(
        cause="resync",
        state=result.state,
        view=result.view,
        to_act=result.to_act,
        over=result.over,
    )
