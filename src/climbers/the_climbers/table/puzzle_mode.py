"""A puzzle as a mode of The Climbers' play screen: played solo with the game's own tools, every
try checked by the core, its turns counted, undo and redo step by step; a hint (the next action
of a shortest solution) on request, a word as soon as the target is out of reach, the solution
shown one action at a time (Next and Back, with a caption), and a card when the puzzle is solved
or its turns run out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import copy
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from ursina import Text, camera, color

from climbers.app import heap
from climbers.app.panels.canvas import (
    BAD,
    GOOD,
    INK,
    MUTED,
    Canvas,
    Line,
    at_top_right,
    centred_above_bottom,
    text_panel,
)
from climbers.app.panels.hud_frame import GREYED
from climbers.app.panels.widgets import (
    ACCENT,
    BUTTON,
    CARD_Z,
    Screen,
    button,
    card,
    plain,
    wrap_text,
)
from climbers.app.panels.widgets import INK as TEXT
from climbers.app.screens.play_parts import REDO_KEY, UNDO_KEY
from climbers.app.table.camera import CameraRig
from climbers.io.language import N_, _, say, say_n
from climbers.io.progress import Progress
from climbers.session.driver import Driver
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
from climbers.the_climbers.game.captions import caption
from climbers.the_climbers.io.words import number_word, player_label
from climbers.the_climbers.puzzles import Puzzle, SoloPlay
from climbers.the_climbers.puzzles.solo import PuzzleDriver
from climbers.the_climbers.puzzles.words import list_title, puzzle_description, puzzle_title
from climbers.the_climbers.table.focus import Focus
from climbers.the_climbers.table.marks import Marks
from climbers.the_climbers.table.panels.hud import DONE_KEY, Hud, step_hint
from climbers.the_climbers.table.panels.pick_list import Pick, PickList
from climbers.the_climbers.table.panels.side_column import PANEL_WIDTH, ROW, column_at, side_button
from climbers.the_climbers.table.textures import RGB
from climbers.the_climbers.table.tools.climb_tool import ClimbTool
from climbers.the_climbers.table.view import BoardView

HINT_BUDGET = 3.0
"""Seconds a hint may take to work out away from the kept lines (the stored solution, and the
solutions found before); the search goes on afterwards while the player thinks."""
CHECK_BUDGET = 0.05
"""Seconds spent at once, after an action, on whether the target is still within reach; the
search goes on in slices between frames when that is not enough."""
CHECK_SLICE = 0.012
"""Seconds of that search per frame."""
CHECK_LIMIT = 30.0
"""Seconds of search after which the check gives up on a position (nothing is said)."""
SIDE_TOP = 0.02
"""Where the column of buttons under the panel begins (window heights from the middle)."""
NEXT_KEYS = ("space", "n", "right arrow")
BACK_KEYS = ("backspace", "p", "left arrow")
LIST_WIDTH = 0.64
"""The width of a column of the list of puzzles (window heights): two columns fit the width of
a 16:9 window, and a Chinese title ('青色玩家到第4層（11個積木方塊，最高到第8層）') is drawn at
16 pixels or more in a 720-pixel one."""
LIST_PAGE = 2
"""Bands (columns) the list shows at once: more are shown a page at a time."""
CARD_TEXT_WIDTH = 0.8
"""The end card's sentence is wrapped to this width (window heights; the card is 0.86 wide)."""
TURN_LINE = N_("Turn {turn} of {turns} · reach level {target}")
STANDING = N_("{player} stands on level {level}.")
ON_TABLE = N_("{player} stands on the table.")
HINT = N_("Hint: {action}")
HINT_SKIP = N_("Hint: skip this step with Space, then: {action}")
OUT_OF_REACH = N_("From here level {level} is out of reach: Undo or Restart.")
WORKING = N_("Working out a hint from here… it shows here once found.")
SLOW_HINT = N_("Working out a hint from here takes too long: Undo or Restart, then ask again.")
SHOWING = N_("Showing a shortest solution one action at a time: Next and Back step through it.")
SHOW_HELP = N_(
    "Space/N/→ next · Backspace/P/← back · Right-drag orbit · Middle-drag pan · Wheel zoom · "
    "Home view"
)
SHOW_START = N_("The puzzle's start. Next shows the first action.")
SHOW_STEP = N_("Action {number} of {count}, turn {turn}")
FAILED = N_("Out of turns: {player} reached level {level}; the target was level {target}.")
FAILED_ON_TABLE = N_("Out of turns: {player} is still on the table; the target was level {target}.")
PUZZLE_RULE = N_(
    "Reach the target level within the turns given; the other Climbers stand still and never act."
)
SOLVED_TITLE = N_("Solved!")
FAILED_TITLE = N_("Out of turns")
MISSED = N_("{player} reached level {level}; the target was level {target}.")
MISSED_ON_TABLE = N_("{player} is still on the table; the target was level {target}.")
"""The end card's body under FAILED_TITLE, which says the turns are out."""


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


class PuzzleTable(Protocol):
    """What a puzzle asks of the play screen it is played on."""

    hud: Hud
    view: BoardView
    rig: CameraRig
    focus: Focus
    faults: Marks
    climb: ClimbTool
    driver: Driver[GameState, Action]

    @property
    def state(self) -> GameState: ...

    def apply(self, action: Action) -> bool: ...

    def close_tool(self) -> None: ...

    def enter_step(self) -> None: ...


@dataclass(frozen=True)
class PuzzleWays:
    """Where a puzzle's buttons lead, as the shell offers them."""

    open_puzzle: Callable[[str], None]
    """Opens a puzzle by its id (the same one: restart)."""
    next_puzzle: Callable[[], None]
    """The next puzzle."""
    list_all: Callable[[], None]
    """The list of puzzles."""
    menu: Callable[[], None]
    """The new-game screen."""
    clip: Callable[[], None] | None = None
    """Exports the solution shown as a clip (None: no such button)."""


class PuzzleMode:
    """Puzzle `puzzle_id` as a mode of The Climbers' play screen (see the module), its buttons
    leading the `ways` the shell offers."""

    table: PuzzleTable
    """The play screen the puzzle is played on (from `open`)."""

    def __init__(
        self,
        puzzle_id: str,
        puzzle: Puzzle,
        progress: Progress,
        ways: PuzzleWays,
        kept: PuzzleMode | None = None,
    ) -> None:
        """`kept`: the same puzzle on the table before (another language): its play so far and
        its solution as shown go on here."""
        self.resume_at: int | None = (
            None if kept is None or kept.showing is None else kept.shown_count
        )
        """The action of the solution shown that the table goes on from (None: none shown)."""
        self.solo: SoloPlay = SoloPlay(puzzle) if kept is None else kept.solo
        self.driver = PuzzleDriver(self.solo)
        """What the play screen plays through: the puzzle's turns, undo step by step."""
        self.puzzle_id = puzzle_id
        self.puzzle = puzzle
        self.words = (puzzle_title(puzzle), puzzle_description(puzzle))
        """The puzzle's title and description in the current language."""
        self.progress = progress
        self.ways = ways
        self.panel: Canvas | None = None
        self.panel_lines: list[str] = []
        self.advice = ""
        """The hint's sentence, or why there is none (empty: none asked for)."""
        self.advised: GameState | None = None
        """The position the advice is for (it goes once the table shows another)."""
        self.hint_wanted = False
        """A hint was asked for here and is still being worked out: it shows once found."""
        self.after_skip: Action | None = None
        """The hinted action that follows the step the hint says to skip."""
        self.then: Action | None = None
        """While an action is shown: the hinted action after the step it skipped, if any."""
        self.reach: bool | None = None
        """Whether the target can still be reached from here in the turns left (None: not
        known yet, or the check gave up)."""
        self.checked: GameState | None = None
        """The position `reach` is about."""
        self.checking = False
        """Whether the check goes on between frames."""
        self.showing: list[Action] | None = None
        """The solution's actions while it is shown one action at a time."""
        self.shown_count: int = 0
        """How many of them the table shows done."""
        self.shown_captions: list[tuple[int, str]] = []
        """The turn and the caption of each of them."""
        self.shown: bool = kept is not None and kept.shown
        """Whether the solution was shown: reaching the target then is not solving it."""
        self.show_controls: list[Any] = []
        self.caption_lines: list[str] = []
        """The caption shown under the table while the solution is shown."""
        self.card: Screen | None = None
        self.buttons: list[Any] = []
        self.announced: int | None = None
        """The puzzle's turn whose banner was shown."""

    def open(self, table: PuzzleTable) -> None:
        """On the play screen `table`: the panel at the top right, the column of buttons under
        it (the table's strip of recent actions stays empty: the panel speaks instead)."""
        self.table = table
        table.hud.show_recent([])
        self.panel = Canvas(name="puzzle-panel")
        self.show_caption = Canvas(name="puzzle-solution-caption")
        rows = [
            (N_("Hint"), self.hint),
            (N_("Show solution"), self.show_solution),
            (N_("Restart"), self.restart),
            (N_("All puzzles"), self.ways.list_all),
            (N_("Back to menu"), self.ways.menu),
        ]
        top = column_at(SIDE_TOP)
        self.buttons = [
            side_button(_(text), top + ROW * i, action) for i, (text, action) in enumerate(rows)
        ]
        if self.resume_at is not None:  # the solution shown, at the action it had reached
            self.show_solution()
            for _step in range(self.resume_at):
                self.show_next()
            table.view.tweens.finish()

    # ----- the panel --------------------------------------------------------------------------

    def show_puzzle(self) -> None:
        """Redraw the panel: the puzzle, the turn and the target, the hint or the outcome."""
        solo = self.solo
        me = self.table.state.players[self.solo.seat]
        lines = [
            Line(self.words[0], 19),
            Line(self.words[1], 15, MUTED),
            Line(
                say(STANDING, player=player_label(me), level=solo.level)
                if me.at is not None
                else say(ON_TABLE, player=player_label(me)),
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
        elif self.reach is False:
            lines.append(Line(say(OUT_OF_REACH, level=self.puzzle.target), 16, BAD))
        elif self.advice:
            lines.append(Line(self.advice, 15, INK))
        if self.progress.problem:
            lines.append(Line(self.progress.problem, 13, MUTED))
        self.panel_lines = [line.text for line in lines]
        assert self.panel is not None
        at_top_right(self.panel, text_panel(lines, PANEL_WIDTH))

    def turn_line(self) -> str:
        """Which of the puzzle's turns this is, and the target."""
        solo = self.solo
        turn = min(solo.turn, solo.puzzle.turns)
        return say(TURN_LINE, turn=turn, turns=solo.puzzle.turns, target=solo.puzzle.target)

    @property
    def holds(self) -> bool:
        """Whether nobody acts now: the puzzle is over, or its solution is shown."""
        return self.solo.solved or self.solo.failed or self.showing is not None

    def step_shown(self) -> None:
        """The table shows a step: the puzzle's turn line in the HUD (no game end to count),
        no step buttons while nobody acts; every new position is checked at once for whether
        the target is still within reach, and the panel says so."""
        hud, holds = self.table.hud, self.holds
        hud.countdown = ""
        step = "" if holds else step_hint(self.table.state.step)
        hud.set_title(f"{self.turn_line()}\n{step}".strip())
        for part in (hud.skip, hud.done, hud.undo):
            part.enabled = not holds
        hud.grey_unless(hud.undo, self.solo.can_undo)
        hud.can_undo = self.solo.can_undo
        if self.advised is not self.table.state:
            self._forget_hint()
        self._look_ahead()
        self.show_puzzle()

    def _look_ahead(self) -> None:
        """Check a new position at once (a short search at most) for whether the target can
        still be reached; when that is not enough, the check goes on between frames."""
        if self.checked is self.table.state:
            return
        self.checked = self.table.state
        self.hint_wanted = False
        self.reach = None
        self.checking = self.showing is None and not (self.solo.solved or self.solo.failed)
        if self.checking:
            self._go_on_checking(CHECK_BUDGET)

    def _go_on_checking(self, budget: float) -> None:
        """Search a little more for whether the target is within reach from here."""
        self.reach = self.solo.in_reach(budget)
        spent = self.solo.searching
        if self.reach is None and spent is not None and spent < CHECK_LIMIT:
            return
        if self.reach is None:
            self.solo.give_up()  # nothing is said; its memory goes
        self.checking = False
        if self.hint_wanted:
            self.hint_wanted = False
            if self.reach is None:
                self.advice, self.advised = say(SLOW_HINT), self.table.state
            else:
                self.hint()

    @property
    def covered(self) -> bool:
        """Whether the table takes no input: the end card is up."""
        return self.card is not None

    def _solved_text(self) -> str:
        if self.shown:
            return shown_line(self.puzzle.target, self.puzzle.turns)
        me = self.table.state.players[self.solo.seat]
        return solved_line(player_label(me), self.solo.level, self.puzzle.turns)

    def _failed_text(self, titled: bool = False) -> str:
        """Where the Climber stands against the target once the turns are out; `titled` under
        the end card's title, which says they are out."""
        me = self.table.state.players[self.solo.seat]
        placed = me.at is not None
        template = (
            (MISSED if placed else MISSED_ON_TABLE)
            if titled
            else (FAILED if placed else FAILED_ON_TABLE)
        )
        return say(
            template, player=player_label(me), level=self.solo.level, target=self.puzzle.target
        )

    def hand_over(self) -> None:
        """A banner as each of the puzzle's turns begins."""
        moment = self.solo.turn
        if moment == self.announced or self.solo.failed or self.solo.solved:
            return
        self.announced = moment
        self.table.hud.announce(self.turn_line(), RGB[self.solo.puzzle.player])

    # ----- tries ----------------------------------------------------------------------------

    def _forget_hint(self) -> None:
        """A try moves on from the hint: its sentence and marks go."""
        self.advice = ""
        self.advised = None
        self.after_skip = None
        self.table.focus.clear()
        self.table.hud.skip.color = BUTTON

    def before_shown(self) -> None:
        """An action was played: a try moves on from the hint, unless it skipped the step the
        hint said to skip."""
        self.then = self.after_skip
        self._forget_hint()

    def shown_applied(self, events: list[Event]) -> None:
        """The table shows the action played: the hint's next action if it skipped as the hint
        said, the puzzle marked done when solved, the panel anew."""
        then, self.then = self.then, None
        skipped = any(isinstance(e, Passed) and e.player == self.puzzle.player for e in events)
        if then is not None and not (skipped and not self.solo.solved and self.follows(then)):
            then = None
        if then is not None:
            self.advice, self.advised = (
                say(HINT, action=told(self.table.state, then)),
                self.table.state,
            )
        if self.solo.solved and not self.shown:
            self.progress.complete(self.puzzle_id)
        self.show_puzzle()
        if then is not None:
            self._mark(self.table.state, then)

    def refused(self) -> None:
        """A try was refused: the hint goes, the panel shows anew."""
        self._forget_hint()
        self.show_puzzle()

    def again(self) -> tuple[object, ...]:
        """The puzzle on the table as it stands: its play so far, its solution as shown."""
        return (self.puzzle_id, self)

    def restart(self) -> None:
        """Begin this puzzle again."""
        self.ways.open_puzzle(self.puzzle_id)

    # ----- help -----------------------------------------------------------------------------

    def hint(self) -> Action | None:
        """Show the first action of a shortest solution from here on the table, with its
        sentence; returns it (None when there is none, or not yet: then it shows once found).
        When it skips a step, the action after it is shown too."""
        if self.showing is not None or self.solo.solved or self.solo.failed:
            return None
        self._forget_hint()
        self.table.faults.clear()  # the hint, not the last refusal, is what the table shows now
        self.table.hud.clear_refusal()
        self.table.hud.message("")
        self.advised = self.table.state
        then: Action | None = None
        try:
            action = self.solo.hint(HINT_BUDGET)
            ahead = copy(self.solo)
            if isinstance(action, Pass):
                ahead.apply(action)
                then = ahead.hint(HINT_BUDGET)
        except TimeoutError:
            spent = self.solo.searching
            if spent is not None and spent < CHECK_LIMIT:  # it goes on between frames
                self.advice, self.hint_wanted, self.checking = say(WORKING), True, True
            else:
                self.advice = say(SLOW_HINT)
            self.show_puzzle()
            return None
        marked: tuple[GameState, Action] | None = None
        if action is None:
            self.reach, self.checked, self.checking = False, self.table.state, False
        elif isinstance(action, Pass) and then is not None and not isinstance(then, Pass):
            self.advice = say(HINT_SKIP, action=told(ahead.state, then))
            self.table.hud.skip.color = ACCENT
            marked = ahead.state, then
            self.after_skip = then
        else:
            self.advice = say(HINT, action=told(self.table.state, action))
            marked = self.table.state, action
        self.show_puzzle()  # first: the marks are framed clear of the panel as it now stands
        if marked is not None:
            self._mark(*marked)
        return action

    def follows(self, action: Action) -> bool:
        """Whether `action` can be taken now."""
        try:
            apply(self.table.state, action)
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
                self.table.climb.show_path(route)
            self.table.focus.outline(state, climber=self.solo.puzzle.player, frame=[action.to])
        elif isinstance(action, MoveBlock):
            spec = next(b for b in state.components.blocks if b.name == action.block)
            squares = footprint(
                action.at, extent(spec.dims, rotation_from(action.up, action.north))
            )
            self.table.focus.outline(state, squares, [action.block])
        else:
            self.table.focus.outline(state, climber=self.solo.puzzle.player)
            self.table.hud.skip.color = ACCENT

    # ----- the solution, one action at a time ------------------------------------------------

    def show_solution(self) -> None:
        """The puzzle from its start, with Back and Next to step through its stored solution
        one action at a time (each animated on the table, with its caption); Try it yourself
        (or Restart) gives the puzzle back from its start."""
        self.close_card()
        self.solo.restart()
        self.table.view.show(self.table.state)
        self.announced = None
        self.shown = True
        self._forget_hint()
        actions = list(self.solo.solution())
        self.shown_captions = []
        trial = copy(self.solo)
        for action in actions:
            before, turn = trial.state, trial.turn
            events = trial.apply(action)
            self.shown_captions.append((turn, caption(before, action, events)))
        self.showing, self.shown_count = actions, 0
        self.checking, self.reach = False, None
        self.table.hud.set_help(_(SHOW_HELP))
        self.buttons[0].color = GREYED  # no hint while the solution is shown
        self.table.rig.pan_keys = False  # the arrows step through the solution
        if not self.show_controls:
            y = -0.42
            self.show_controls = [
                button(camera.ui, _("Back"), -0.19, y, self.show_back, 0.16),
                button(camera.ui, _("Next"), 0.0, y, self.show_next, 0.16, ACCENT),
                button(camera.ui, _("Try it yourself"), 0.22, y, self.restart, 0.24),
            ]
            if self.ways.clip is not None:
                self.clip_button = button(camera.ui, _("Export clip"), 0.47, y, self.ways.clip, 0.2)
        self.table.enter_step()
        self._show_caption()

    def show_next(self) -> None:
        """Play the solution's next action on the table."""
        if self.showing is None or self.shown_count >= len(self.showing):
            return
        if self.table.apply(self.showing[self.shown_count]):
            self.shown_count += 1
        self._show_caption()

    def show_back(self) -> None:
        """Take the solution's last action shown back."""
        if self.showing is None or self.shown_count == 0 or not self.table.driver.undo():
            return
        self.shown_count -= 1
        self.table.view.show(self.table.state)
        self.table.enter_step()
        self._show_caption()

    def _show_caption(self) -> None:
        """The caption of the action shown last, and the buttons that can be used."""
        if self.showing is None:
            return
        n = self.shown_count
        if n == 0:
            self.caption_lines = [say(SHOW_START)]
        else:
            turn, said = self.shown_captions[n - 1]
            head = say(SHOW_STEP, number=n, count=len(self.showing), turn=turn)
            self.caption_lines = [head, said]
        head, *rest = self.caption_lines
        lines = [Line(head, 15, MUTED), *(Line(text, 18) for text in rest)]
        centred_above_bottom(self.show_caption, text_panel(lines, 900), 96)
        back, forward, again = self.show_controls
        back.disabled = n == 0
        forward.disabled = n >= len(self.showing)
        back.color = GREYED if back.disabled else BUTTON
        forward.color = GREYED if forward.disabled else ACCENT
        again.color = ACCENT if forward.disabled else BUTTON  # at the end: your turn
        self.show_puzzle()

    def key(self, key: str) -> bool:
        """While the solution is shown, its keys step through it and the turn's keys do
        nothing; whether the key was the puzzle's."""
        if self.showing is None:
            return False
        if key in NEXT_KEYS:
            self.show_next()
        elif key in BACK_KEYS:
            self.show_back()
        return key in (*NEXT_KEYS, *BACK_KEYS, DONE_KEY, UNDO_KEY, REDO_KEY)

    def frame(self) -> None:
        """Each frame: the outlines pulse, the check for the target goes on, and once the table
        rests after the puzzle's end, its card."""
        self.table.focus.pulse()
        if self.checking:
            self._go_on_checking(CHECK_SLICE)
            if self.checking:
                heap.hold()  # the search's objects stay out of the collector's way
            else:
                self.show_puzzle()
        if self.table.view.tweens.busy:
            return
        if (self.solo.solved or self.solo.failed) and self.card is None and self.showing is None:
            self.card = self._end_card()

    # ----- the end ----------------------------------------------------------------------------

    def _end_card(self) -> Screen:
        """The card over the table once the puzzle is solved or out of turns."""
        if self.solo.solved:
            title = say(SOLVED_TITLE)
            choices = [
                (N_("Next puzzle"), self.ways.next_puzzle),
                (N_("Play again"), self.restart),
                (N_("All puzzles"), self.ways.list_all),
            ]
        else:
            title = say(FAILED_TITLE)
            choices = [
                (N_("Try again"), self.restart),
                (N_("Show solution"), self.show_solution),
                (N_("All puzzles"), self.ways.list_all),
            ]
        text = self._solved_text() if self.solo.solved else self._failed_text(titled=True)
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
        self.text = plain(Text(" ", parent=self, y=0.03, origin=(0, 0), color=TEXT))
        wrap_text(self.text, text, CARD_TEXT_WIDTH)
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
                    say(N_("{number}. {title}"), number=i, title=list_title(p)),
                    pid in solved,
                    partial(on_open, pid),
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
    title = say(N_("Puzzles"))
    return PickList(title, done, columns, on_close, close, LIST_WIDTH, footer, LIST_PAGE)
