"""Bot seats in The Climbers' play screen (the shared climbers.app.table.bot_seats): a bot
thinks in a worker thread while the window stays live, then acts on the main thread through the
same path as a person (PlayScreen.apply: the session, the animation, the sounds), after the
animation before it and a pause (the bot pace)."""

from __future__ import annotations

from collections.abc import Collection

from climbers.app.screens.play_screen import Elsewhere
from climbers.app.table.bot_seats import HURRY_KEY, BotSeats, Thinking
from climbers.app.table.tweens import Tweens
from climbers.io.bot_words import bot_label
from climbers.io.language import N_, say
from climbers.the_climbers.ai import DEFAULT_BUDGET, make_bot
from climbers.the_climbers.core import Action, Colour, GameState, Pass, Step
from climbers.the_climbers.io.words import player_label
from climbers.the_climbers.table.tools.host import GameTable

__all__ = ["HURRY_KEY", "BotTurns", "Thinking"]


class BotTurns(BotSeats):
    """Plays the seats named in `levels` (colour -> bot level) at `table`, after the `tweens`
    have settled; each bot's seed is its place in `levels`."""

    def __init__(
        self,
        table: GameTable,
        tweens: Tweens,
        levels: dict[Colour, str],
        pace: float = 0.6,
        budget: float = DEFAULT_BUDGET,
        elsewhere: Collection[Colour] = (),
    ) -> None:
        super().__init__(table, tweens, pace)
        self.levels = dict(levels)
        self.elsewhere = tuple(elsewhere)
        """The seats played on other screens (across computers), which no bot here plays."""
        self.use_budget(budget)

    def use_budget(self, seconds: float) -> None:
        """Let the strong bots think this long per turn (the demo uses short turns)."""
        self.bots = {
            colour: make_bot(level, i, seconds)
            for i, (colour, level) in enumerate(self.levels.items())
        }
        self.bots.update((colour, Elsewhere()) for colour in self.elsewhere)

    def seat(self, state: GameState) -> Colour | None:
        return None if state.finished else state.players[state.actor].colour

    def label(self, state: GameState) -> str:
        """'Red (greedy bot)' for the acting seat ('Red' for a seat played elsewhere)."""
        player = state.players[state.actor]
        return bot_label(self.levels.get(player.colour), player_label(player))

    def thinking_line(self, state: GameState) -> str:
        """'Turn 4 · Red (greedy bot) is thinking (step 2)' for the acting seat."""
        words = {"turn": state.turn.number, "bot": self.label(state)}
        if state.step is Step.REACTION:
            return say(N_("Turn {turn} · {bot} is thinking (an answer)"), **words)
        thinking = N_("Turn {turn} · {bot} is thinking (step {step})")
        return say(thinking, step=state.turn.step + 1, **words)

    def play(self, action: Action) -> None:
        """Apply the choice through the screen (a refused one passes instead)."""
        if not self.table.act(action):
            state = self.table.state
            self.table.act(Pass(player=state.players[state.actor].colour))
