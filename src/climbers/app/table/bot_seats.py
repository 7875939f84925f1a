"""Bot seats at any game's table: a bot thinks in a worker thread while the window stays live,
then acts on the main thread through the same path as a person (the screen's own way of acting:
the session, the animation, the sounds), after the animation before it and a pause (the bot
pace). A game says which bot acts in a state and how its choice is played."""

from __future__ import annotations

import threading
from typing import Any, Protocol

from ursina import Entity, held_keys, time

from climbers.app.pacing import stir
from climbers.app.table.tweens import Tweens

HURRY_KEY = "f"
"""Skip the running animation and the pause before the bot's next action (hold to keep going)."""


class Bot(Protocol):
    """A player: the action it takes in a state where it is to act."""

    def choose(self, state: Any) -> Any: ...


class Thinking:
    """One bot choice running in a daemon thread; `action` is set when it is done."""

    def __init__(self, bot: Bot, state: Any) -> None:
        self.state = state
        self.action: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(
            target=self._run, args=(bot,), name="climbers-bot", daemon=True
        )
        self.thread.start()

    def _run(self, bot: Bot) -> None:
        try:
            self.action = bot.choose(self.state)
        except BaseException as exc:  # handed to the main thread, which raises it
            self.error = exc

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()


class BotSeats(Entity):  # type: ignore[misc]
    """Plays the bots' turns at a table (anything with a `state`) once the `tweens` have
    settled; `bots` holds a bot for each seat a bot holds. A game's subclass says whose seat
    acts in a state (`seat`) and how an action is played (`play`)."""

    def __init__(self, table: Any, tweens: Tweens, pace: float = 0.6, **kwargs: object) -> None:
        kwargs.setdefault("name", "bot-turns")
        super().__init__(**kwargs)
        self.table = table
        self.bots: dict[Any, Bot] = {}
        """The bot in each seat a bot holds."""
        self.tweens = tweens
        self.pace = pace
        """Seconds between the end of one animation and the bot's next action."""
        self.thinking: Thinking | None = None
        self.waited = 0.0
        self.hurrying = False
        self.announce = True
        """Say below the table who is thinking (the demo has its own captions there)."""

    def seat(self, state: Any) -> Any:
        """The seat that acts in `state`; None when nobody may act now (the game is over)."""
        raise NotImplementedError

    @property
    def to_act(self) -> Bot | None:
        """The bot whose seat acts now, or None when a person acts (or the game is over)."""
        seat = self.seat(self.state)
        return None if seat is None else self.bots.get(seat)

    @property
    def state(self) -> Any:
        """The state the acting bot chooses in: the table's."""
        return self.table.state

    def play(self, action: Any) -> None:
        """Carry out the bot's finished choice at the table."""
        raise NotImplementedError

    def pause(self, state: Any) -> float:
        """Seconds the bot waits, once the table rests, before it acts in `state` (a game may
        wait longer where there is more to follow)."""
        return float(self.pace)

    def hurry(self) -> None:
        """F: finish the animation now and act as soon as the choice is made."""
        if self.to_act is not None:
            self.hurrying = True
            self.tweens.finish()

    def update(self) -> None:
        bot = self.to_act
        if bot is None:
            return
        stir()  # a bot on turn acts as soon as it is ready, at full frame rate
        state = self.state
        if self.thinking is None or self.thinking.state is not state:
            if self.thinking is not None and not self.thinking.done:
                return  # a stale choice still runs on this bot: let it end first
            self.thinking = Thinking(bot, state)
            self.waited = 0.0
        hurry = self.hurrying or held_keys[HURRY_KEY]
        if self.tweens.busy and not hurry:
            return
        self.waited += time.dt
        if not self.thinking.done or (self.waited < self.pause(state) and not hurry):
            return
        self.act()

    def act(self) -> None:
        """Play the finished choice (an error in the bot is raised here, on the main thread)."""
        thinking = self.thinking
        assert thinking is not None and thinking.done
        self.thinking = None
        self.hurrying = False
        if thinking.error is not None:
            raise thinking.error
        self.tweens.finish()
        self.play(thinking.action)
