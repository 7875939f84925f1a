"""Bot seats in the play screen: a bot thinks in a worker thread while the window stays live,
then acts on the main thread through the same path as a person (PlayScreen.apply: the session,
the animation, the sounds), after the animation before it and a pause (the bot pace)."""

from __future__ import annotations

import threading

from ursina import Entity, held_keys, time

from climbers.app.pacing import stir
from climbers.app.table.tweens import Tweens
from climbers.io.language import N_, say
from climbers.the_climbers.ai import DEFAULT_BUDGET, Bot, make_bot
from climbers.the_climbers.core import Action, Colour, GameState, Pass, Step
from climbers.the_climbers.table.tools.host import GameTable

HURRY_KEY = "f"
"""Skip the running animation and the pause before the bot's next action (hold to keep going)."""
BOT_LABELS = {
    "random": N_("{player} (random bot)"),
    "greedy": N_("{player} (greedy bot)"),
    "strong": N_("{player} (strong bot)"),
}
"""A seat a bot plays, by the bot's level (climbers.the_climbers.ai.LEVELS)."""


class Thinking:
    """One bot choice running in a daemon thread; `action` is set when it is done."""

    def __init__(self, bot: Bot, state: GameState) -> None:
        self.state = state
        self.action: Action | None = None
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


class BotTurns(Entity):  # type: ignore[misc]
    """Plays the seats named in `levels` (colour -> bot level) at `table`, after the `tweens`
    have settled; each bot's seed is its place in `levels`."""

    def __init__(
        self,
        table: GameTable,
        tweens: Tweens,
        levels: dict[Colour, str],
        pace: float = 0.6,
        budget: float = DEFAULT_BUDGET,
    ) -> None:
        super().__init__(name="bot-turns")
        self.table = table
        self.tweens = tweens
        self.levels = dict(levels)
        self.bots: dict[Colour, Bot] = {}
        self.use_budget(budget)
        self.pace = pace
        """Seconds between the end of one animation and the bot's next action."""
        self.thinking: Thinking | None = None
        self.waited = 0.0
        self.hurrying = False
        self.announce = True
        """Say below the table who is thinking (the demo has its own captions there)."""

    def use_budget(self, seconds: float) -> None:
        """Let the strong bots think this long per turn (the demo uses short turns)."""
        self.bots = {
            colour: make_bot(level, i, seconds)
            for i, (colour, level) in enumerate(self.levels.items())
        }

    @property
    def to_act(self) -> Bot | None:
        """The bot whose seat acts now, or None when a person acts (or the game is over)."""
        state = self.table.state
        if state.finished:
            return None
        return self.bots.get(state.players[state.actor].colour)

    def label(self, state: GameState) -> str:
        """'Red (greedy bot)' for the acting seat."""
        player = state.players[state.actor]
        return say(BOT_LABELS[self.levels[player.colour]], player=player.label)

    def thinking_line(self, state: GameState) -> str:
        """'Turn 4 · Red (greedy bot) is thinking (step 2)' for the acting seat."""
        words = {"turn": state.turn.number, "bot": self.label(state)}
        if state.step is Step.REACTION:
            return say(N_("Turn {turn} · {bot} is thinking (an answer)"), **words)
        thinking = N_("Turn {turn} · {bot} is thinking (step {step})")
        return say(thinking, step=state.turn.step + 1, **words)

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
        state = self.table.state
        if self.thinking is None or self.thinking.state is not state:
            if self.thinking is not None and not self.thinking.done:
                return  # a stale choice still runs on this bot: let it end first
            self.thinking = Thinking(bot, state)
            self.waited = 0.0
        hurry = self.hurrying or held_keys[HURRY_KEY]
        if self.tweens.busy and not hurry:
            return
        self.waited += time.dt
        if not self.thinking.done or (self.waited < self.pace and not hurry):
            return
        self.act()

    def act(self) -> None:
        """Apply the finished choice through the screen (a refused one passes instead)."""
        thinking = self.thinking
        assert thinking is not None and thinking.done
        self.thinking = None
        self.hurrying = False
        if thinking.error is not None:
            raise thinking.error
        assert thinking.action is not None
        self.tweens.finish()
        if not self.table.act(thinking.action):
            state = self.table.state
            self.table.act(Pass(player=state.players[state.actor].colour))
