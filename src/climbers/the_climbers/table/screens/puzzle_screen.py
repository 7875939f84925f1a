"""A puzzle on the table: played solo with the game's own tools, every try checked by the core,
its turns counted; a hint (the next action of a shortest solution) on request, the solution
shown step by step on the table, and a card when the puzzle is solved or its turns run out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import copy
from typing import Any

from ursina import Text, color

from climbers.app.panels.canvas import BAD, GOOD, INK, MUTED, Line
from climbers.app.panels.widgets import ACCENT, BUTTON, CARD_Z, Screen, button, card, plain
from climbers.app.panels.widgets import INK as TEXT
from climbers.io.language import N_, _, say, say_n
from climbers.io.progress import Progress
from climbers.the_climbers.core import (
    Action,
    Event,
    GameState,
    IllegalAction,
    MoveBlock,
    MoveClimber,
    Pass,
    apply,
    legal_destinations,
)
from climbers.the_climbers.core.events import Passed
from climbers.the_climbers.core.geometry import extent, footprint, rotation_from
from climbers.the_climbers.core.words import number_word
from climbers.the_climbers.game.captions import caption
from climbers.the_climbers.puzzles import Puzzle, SoloPlay
from climbers.the_climbers.puzzles.solo import PuzzleDriver
from climbers.the_climbers.puzzles.words import puzzle_description, puzzle_title
from climbers.the_climbers.table.panels.hud import step_hint
from climbers.the_climbers.table.screens.practice_screen import Pick, PickList, PracticeScreen
from climbers.the_climbers.table.textures import RGB

HINT_BUDGET = 3.0
"""Seconds a hint may take to work out away from the stored solution's path."""
LIST_WIDTH = 0.5
"""The width of a column of the list of puzzles (window heights): three columns fill the width
of a 16:9 window, and a Chinese title is drawn at 16 pixels or more in a 720-pixel one."""
TURN_LINE = N_("Turn {turn} of {turns} · reach level {target}")
STANDING = N_("{player} stands on level {level}.")
ON_TABLE = N_("{player} stands on the table.")
HINT = N_("Hint: {action}")
HINT_SKIP = N_("Hint: skip this step with Space, then: {action}")
NO_HINT = N_("From here the target cannot be reached in the turns left: Restart to try again.")
SLOW_HINT = N_("Working out a hint from here takes too long: Restart, then ask for one.")
SHOWING = N_("Showing a shortest solution, step by step.")
FAILED = N_("Out of turns: {player} reached level {level}; the target was level {target}.")
FAILED_ON_TABLE = N_("Out of turns: {player} is still on the table; the target was level {target}.")
PUZZLE_RULE = N_(
    "Reach the target level within the turns given; the other Climbers stand still and never act."
)
SOLVED_TITLE = N_("Solved!")
FAILED_TITLE = N_("Out of turns")
SHOWN_TITLE = N_("The solution")


def solved_line(player: str, level: int, turns: int) -> str:
    """The solved card's sentence: the level reached in the turns it took, the fewest possible."""
    return say_n(
        "{player} reached level {level} in {count} turn, the fewest possible.",
        "{player} reached level {level} in {count} turns, the fewest possible.",
        turns,
        player=player,
        level=level,
        count=number_word(turns),
    )


def shown_line(target: int, turns: int) -> str:
    """The card after the solution is shown."""
    return say_n(
        "That is a shortest way to level {target}: {count} turn.",
        "That is a shortest way to level {target}: {count} turns.",
        turns,
        target=target,
        count=number_word(turns),
    )


def told(state: GameState, action: Action) -> str:
    """An action of `state` in a sentence, as the game's captions tell it."""
    _, events = apply(state, action)
    return caption(state, action, events)


class PuzzleScreen(PracticeScreen):
    """Puzzle `puzzle_id` being played; `on_open(id)` opens a puzzle (the same one: restart),
    `on_next()` the next one, `on_list()` the list, `on_menu()` the new-game screen."""

    def __init__(
        self,
        puzzle_id: str,
        puzzle: Puzzle,
        progress: Progress,
        on_open: Callable[[str], None],
        on_next: Callable[[], None],
        on_list: Callable[[], None],
        on_menu: Callable[[], None],
        symbols: bool = True,
    ) -> None:
        self.solo = SoloPlay(puzzle)
        super().__init__(PuzzleDriver(self.solo), symbols=symbols)
        self.puzzle_id = puzzle_id
        self.puzzle = puzzle
        self.words = (puzzle_title(puzzle), puzzle_description(puzzle))
        """The puzzle's title and description in the current language."""
        self.progress = progress
        self.on_open = on_open
        self.on_next = on_next
        self.on_list = on_list
        self.advice = ""
        """The hint's sentence, or why there is none (empty: none asked for)."""
        self.after_skip: Action | None = None
        """The hinted action that follows the step the hint says to skip."""
        self.showing: list[Action] | None = None
        """The solution's actions still to show, while it is being shown."""
        self.shown = False
        """Whether the solution was shown: reaching the target then is not solving it."""
        self.card: Screen | None = None
        self.buttons = self.side_buttons(
            [
                (N_("Hint"), self.hint),
                (N_("Show solution"), self.show_solution),
                (N_("Restart"), self.restart),
                (N_("All puzzles"), on_list),
                (N_("Back to menu"), on_menu),
            ]
        )
        self.show_puzzle()

    # ----- the panel --------------------------------------------------------------------------

    def show_puzzle(self) -> None:
        """Redraw the panel: the puzzle, the turn and the target, the hint or the outcome."""
        solo = self.solo
        me = self.state.players[self.solo.seat]
        lines = [
            Line(self.words[0], 19),
            Line(self.words[1], 15, MUTED),
            Line(
                say(STANDING, player=me.label, level=solo.level)
                if me.at is not None
                else say(ON_TABLE, player=me.label),
                15,
                MUTED,
            ),
        ]
        if solo.solved:
            lines.append(Line(self._solved_text(), 17, GOOD))
        elif solo.failed:
            lines.append(Line(self._failed_text(), 16, BAD))
        elif self.showing is not None:
            lines.append(Line(say(SHOWING), 15, INK))
        elif self.advice:
            lines.append(Line(self.advice, 15, INK))
        if self.progress.problem:
            lines.append(Line(self.progress.problem, 13, MUTED))
        self.show_panel(lines)

    def turn_line(self) -> str:
        """Which of the puzzle's turns this is, and the target."""
        solo = self.solo
        turn = min(solo.turn, solo.puzzle.turns)
        return say(TURN_LINE, turn=turn, turns=solo.puzzle.turns, target=solo.puzzle.target)

    def enter_step(self) -> None:
        """The game's step, with the puzzle's turn line in the HUD (no game end to count);
        once the puzzle is over, no tool and no step buttons."""
        over = self.solo.solved or self.solo.failed
        if over:
            self.close_tool()
            self.hud.refresh(self.state)
            self.hud.message("")
        else:
            super().enter_step()
        self.hud.countdown = ""
        step = "" if over else step_hint(self.state.step)
        self.hud.set_title(f"{self.turn_line()}\n{step}".strip())
        self.hud.undo.enabled = False
        for part in (self.hud.skip, self.hud.done):
            part.enabled = not over

    @property
    def covered(self) -> bool:
        """Whether the table takes no input: the end card is up or the solution is shown."""
        return self.card is not None or self.showing is not None

    def _solved_text(self) -> str:
        if self.shown:
            return shown_line(self.puzzle.target, self.puzzle.turns)
        me = self.state.players[self.solo.seat]
        return solved_line(me.label, self.solo.level, self.puzzle.turns)

    def _failed_text(self) -> str:
        me = self.state.players[self.solo.seat]
        template = FAILED if me.at is not None else FAILED_ON_TABLE
        return say(template, player=me.label, level=self.solo.level, target=self.puzzle.target)

    def hand_over(self, state: GameState) -> None:
        """A banner as each of the puzzle's turns begins."""
        moment = (self.solo.turn, self.solo.seat, False)
        if moment == self._announced or self.solo.failed or self.solo.solved:
            return
        self._announced = moment
        self.hud.announce(self.turn_line(), RGB[self.solo.puzzle.player])

    # ----- tries ----------------------------------------------------------------------------

    def _forget_hint(self) -> None:
        """A try moves on from the hint: its sentence and marks go."""
        self.advice = ""
        self.after_skip = None
        self.clear_outline()
        self.light(self.hud.skip, False)

    def show_applied(self, before: GameState, events: list[Event]) -> None:
        then = self.after_skip
        self._forget_hint()  # a try moves on from the hint, unless it skipped as the hint said
        super().show_applied(before, events)
        skipped = any(isinstance(e, Passed) and e.player == self.puzzle.player for e in events)
        if then is not None and skipped and not self.solo.solved and self.follows(then):
            self.advice = say(HINT, action=told(self.state, then))
            self._mark(self.state, then)
        if self.solo.solved and not self.shown:
            self.progress.complete(self.puzzle_id)
        self.show_puzzle()

    def refuse(self, refusal: IllegalAction) -> None:
        self._forget_hint()
        super().refuse(refusal)
        self.show_puzzle()

    def again(self) -> tuple[object, ...]:
        """The puzzle on the table, from its start."""
        return (self.puzzle_id,)

    def restart(self) -> None:
        """Begin this puzzle again."""
        self.on_open(self.puzzle_id)

    def recover(self) -> None:
        super().recover()
        self.show_puzzle()

    # ----- help -----------------------------------------------------------------------------

    def hint(self) -> Action | None:
        """Show the first action of a shortest solution from here on the table, with its
        sentence; returns it (None when there is none). When it skips a step, the action after
        it is shown too."""
        if self.showing is not None or self.solo.solved or self.solo.failed:
            return None
        self._forget_hint()
        then: Action | None = None
        try:
            action = self.solo.hint(HINT_BUDGET)
            ahead = copy(self.solo)
            if isinstance(action, Pass):
                ahead.apply(action)
                then = ahead.hint(HINT_BUDGET)
        except TimeoutError:
            self.advice = say(SLOW_HINT)
            self.show_puzzle()
            return None
        if action is None:
            self.advice = say(NO_HINT)
        elif isinstance(action, Pass) and then is not None and not isinstance(then, Pass):
            self.advice = say(HINT_SKIP, action=told(ahead.state, then))
            self.light(self.hud.skip, True)
            self._mark(ahead.state, then)
            self.after_skip = then
        else:
            self.advice = say(HINT, action=told(self.state, action))
            self._mark(self.state, action)
        self.show_puzzle()
        return action

    def follows(self, action: Action) -> bool:
        """Whether `action` can be taken now."""
        try:
            apply(self.state, action)
        except IllegalAction:
            return False
        return True

    def _mark(self, state: GameState, action: Action) -> None:
        """Show a hinted action of `state` on the table: the path of a walk, the block to move
        and the squares it goes to, or the Climber whose step it skips."""
        if isinstance(action, MoveClimber):
            routes = legal_destinations(state).get(action.to, [])
            route = next((r for r in routes if r.ladders == action.ladders), None)
            if route is not None:
                self.climb.show_path(route)
            self.outline(state, climber=self.solo.puzzle.player, frame=[action.to])
        elif isinstance(action, MoveBlock):
            spec = next(b for b in state.components.blocks if b.name == action.block)
            squares = footprint(
                action.at, extent(spec.dims, rotation_from(action.up, action.north))
            )
            self.outline(state, squares, [action.block])
        else:
            self.outline(state, climber=self.solo.puzzle.player)
            self.light(self.hud.skip, True)

    def show_solution(self) -> None:
        """Play the stored solution from the start, one action after another on the table."""
        self.close_card()
        self.solo.restart()
        self.view.show(self.state)
        self._announced = None
        self.advice, self.shown = "", True
        self.clear_outline()
        self.showing = list(self.solo.solution())
        self.enter_step()
        self.show_puzzle()

    def update(self) -> None:
        super().update()
        if self.view.tweens.busy:
            return
        if self.showing:
            self.apply(self.showing.pop(0))
        elif self.showing is not None:
            self.showing = None
            self.show_puzzle()
        elif (self.solo.solved or self.solo.failed) and self.card is None:
            self.card = self._end_card()

    # ----- the end ----------------------------------------------------------------------------

    def _end_card(self) -> Screen:
        """The card over the table once the puzzle is solved, shown, or out of turns."""
        if self.solo.solved:
            title = say(SHOWN_TITLE) if self.shown else say(SOLVED_TITLE)
            choices = [
                (N_("Next puzzle"), self.on_next),
                (N_("Try it yourself") if self.shown else N_("Play again"), self.restart),
                (N_("All puzzles"), self.on_list),
            ]
        else:
            title = say(FAILED_TITLE)
            choices = [
                (N_("Try again"), self.restart),
                (N_("Show solution"), self.show_solution),
                (N_("All puzzles"), self.on_list),
            ]
        text = self._solved_text() if self.solo.solved else self._failed_text()
        return PuzzleCard(title, text, choices)

    def close_card(self) -> None:
        """Take the end card away."""
        if self.card is not None:
            self.card.enabled = False
        self.card = None


class PuzzleCard(Screen):
    """A card over the table: a title, a sentence, and what to do next (the first in accent;
    their labels marked with N_, said in the current language)."""

    def __init__(
        self,
        title: str,
        text: str,
        choices: Sequence[tuple[str, Callable[[], None]]],
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("z", CARD_Z)
        super().__init__(backdrop=color.rgba(0.05, 0.06, 0.08, 0.45), **kwargs)
        card(self, (0.86, 0.36))
        self.title = plain(Text(title, parent=self, y=0.11, origin=(0, 0), scale=2.2))
        self.title.color = color.white
        self.text = plain(Text(text, parent=self, y=0.03, origin=(0, 0), wordwrap=64, color=TEXT))
        width = 0.25
        self.buttons = [
            button(
                self,
                _(text),
                (i - (len(choices) - 1) / 2) * (width + 0.02),
                -0.1,
                action,
                width,
                ACCENT if i == 0 else BUTTON,
            )
            for i, (text, action) in enumerate(choices)
        ]


def puzzle_list(
    puzzles: Sequence[tuple[str, Puzzle]],
    solved: set[str],
    on_open: Callable[[str], None],
    on_close: Callable[[], None],
    close: str = N_("Close"),
) -> PickList:
    """The puzzles in a column per band (its number of turns), a tick on those solved;
    `close` names the button that closes the list."""
    bands = sorted({p.band for _, p in puzzles})
    columns = [
        (
            say_n("{count} turn", "{count} turns", band, count=band),
            [
                Pick(
                    say(N_("{number}. {title}"), number=i, title=puzzle_title(p)),
                    pid in solved,
                    lambda n=pid: on_open(n),
                )
                for i, (pid, p) in enumerate(((pid, p) for pid, p in puzzles if p.band == band), 1)
            ],
        )
        for band in bands
    ]
    solved_here = solved & {pid for pid, _ in puzzles}
    done = say(
        N_("{done} of {total} solved"),
        done=len(solved_here),
        total=len(puzzles),
    )
    footer = say(PUZZLE_RULE)
    return PickList(say(N_("Puzzles")), done, columns, on_close, close, LIST_WIDTH, footer)
