"""Clamber's play screen: the board, the camera, the HUD and the bots, played through the shared
session (climbers.session). Every rule question goes to the core: the stacks a chosen stack may
capture, the next captures of a chain, what a capture would remove, and why a click is refused.

A turn is built by clicks: an empty cell places a stone; a stack of one's own is chosen, and its
targets are marked (a ring for a lower capture, a hexagon for an equal one); a click on a
target captures. After an equal capture the captured stack is chosen with its next targets, and
the board shows the chain so far (the core's preview); Enter or Space ends the turn, and the
session records the whole turn. A chain with no capture left ends by itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path

from ursina import Entity, Vec2, Vec3, invoke, window

from climbers.app.screens.lesson_panel import DONE, LessonMode
from climbers.app.screens.play_parts import REDO_KEY, SHOT_KEY, UNDO_KEY, PlayParts, over_panel
from climbers.app.settings import Settings
from climbers.app.table.bot_seats import HURRY_KEY, BotSeats
from climbers.app.table.camera import HEADING, TILT, Box, CameraRig
from climbers.app.table.tweens import Tweens
from climbers.clamber.ai.tournament import make_bot
from climbers.clamber.core import (
    Captured,
    ClamberRefusal,
    ClamberState,
    EqualChain,
    Event,
    LowerCapture,
    Place,
    Placed,
    Removed,
    Stack,
    Turn,
    apply,
    equal_targets_of,
    lower_targets_of,
    preview,
)
from climbers.clamber.game.session import ClamberSession, PlayDriver, save_to
from climbers.clamber.lessons import ClamberCourse
from climbers.clamber.table.hud import ClamberHud, turn_title
from climbers.clamber.table.textures import SEAT_RGB
from climbers.clamber.table.view import ClamberView
from climbers.clamber.table.words import (
    caption,
    cells_list,
    ending,
    headline,
    player_name,
    refusal_sentence,
    seat_label,
)
from climbers.io.language import N_, _, say, say_n
from climbers.session.driver import Driver, Refused

END_KEYS = ("enter", "space")
SHADOW_FIT_DELAY = 0.1
CHOSEN_HINT = N_(
    "Click a marked stack to capture it (ring: lower, hexagon: equal), another of your stacks to "
    "choose it, or Esc."
)
CHAIN_HINT = N_(
    "Capture again with {cell} (a marked stack), or press Enter or Space to end your turn."
)
CHAIN_ONLY = N_(
    "You are in the middle of a chain: capture with {cell}, or press Enter or Space to end "
    "your turn."
)
NO_TARGETS = N_("The stack on {cell} has nothing to capture now.")
DESELECTED = N_("The stack is no longer chosen: click an empty cell to place a stone.")
TURN_MARKS = ("chosen", "lower", "equal", "gone", "fault")
"""The marks of the turn being built (the last turn's stay until the next turn)."""
ASIDE, BACK = 0.7, 1.08
"""How far a lesson's view of the board looks to the right of the game's (in cells), and from
how much farther: the stacks stand clear of the lesson's panel at the top right, however long
its text grows, and of the players' panel at the top left."""
NO_PASS = N_(
    "A turn cannot be passed: place a stone on an empty cell, or choose one of your stacks."
)


class ClamberBots(BotSeats):
    """The seats bots hold (seat -> level) at the play screen; each bot's seed is its seat."""

    def __init__(self, screen: PlayScreen, tweens: Tweens, levels: dict[int, str]) -> None:
        super().__init__(screen, tweens)
        self.levels = dict(levels)
        self.bots = {seat: make_bot(level, seat) for seat, level in self.levels.items()}

    def seat(self, state: ClamberState) -> int | None:
        return None if state.over else state.to_move

    def play(self, action: Turn) -> None:
        self.table.apply(action)


class PlayScreen(PlayParts, Entity):  # type: ignore[misc]
    """A Clamber game on the table (see the module), or a lesson (`lesson`: Blue is the
    learner)."""

    def __init__(
        self,
        session: ClamberSession,
        save_path: Path | None = None,
        shot_path: Path | None = None,
        driver: Driver[ClamberState, Turn] | None = None,
        lesson: LessonMode | None = None,
    ) -> None:
        """`driver`: what the turns are played through (climbers.session.driver); a lesson's,
        else a free game's (PlayDriver) unless given."""
        super().__init__(name="clamber-play")
        self.lesson = lesson
        self.use_session(session, save_path, save_to, shot_path)
        self.driver: Driver[ClamberState, Turn] = (
            lesson.driver if lesson is not None else driver or PlayDriver(session)
        )
        self.view = ClamberView(session.state)
        self.rig = CameraRig(self.view.home_view)
        self.home: tuple[Vec3, float] | None = None
        """The opening view as last worked out (see `reframe`)."""
        if self.view.sun is not None:
            invoke(self.view.sun.update_bounds, delay=SHADOW_FIT_DELAY)
        self.hud = ClamberHud(on_end=self.end_chain, on_undo=self.undo)
        self.hud.bots = session.bots
        self.bots = ClamberBots(self, self.view.tweens, session.bots)
        self.chosen: str | None = None
        """The stack chosen to capture with, before the first capture of the turn."""
        self.taken_back: list[str] = []
        """The chain as it was before U took back its last capture (Y captures again)."""
        self.chain: list[str] = []
        """While an equal-capture chain is built: the capturing stack, then each stack
        captured so far (the board shows the core's preview of it)."""
        self.shown_events = 0
        """How many of the chain's events the board has animated."""
        self.targets: dict[str, str] = {}
        """The cells the chosen stack may capture now: 'lower' or 'equal'."""
        self.hovered: str | None = None
        self._announced: int | None = None
        self.on_pause: Callable[[], None] | None = None
        """What Esc opens when nothing is chosen (the shell's pause card)."""
        session.subscribe(self._captioned)
        session.watch_saving(self.saving)
        self._captioned(session.state, [])
        self.enter_turn()
        self.view.keep_off = self.panels
        self.rig.frame = self.home_view if lesson is None else self.lesson_view
        self.rig.reset()
        if lesson is not None:
            corner = window.bottom_right  # over the Undo and End turn buttons
            lesson.lesson_buttons(
                self.hud, self.hud.side_button, corner + Vec2(-0.155, 0.37), Vec2(0, -0.065)
            )

    # ----- what the shell asks ---------------------------------------------------------------

    @property
    def state(self) -> ClamberState:
        """The state of the game (a chain being built is not in it until it ends)."""
        return self.driver.state

    def home_view(self) -> tuple[Vec3, float]:
        """The opening view of the board (the Home key's too), moved as little as it takes for
        every stack and its number to stand clear of the panels at the top."""
        pivot, distance = self.view.home_view()
        self.home = self.rig.clear_view(pivot, distance, *self.view.outline(), self.panels())
        return self.home

    def lesson_view(self) -> tuple[Vec3, float]:
        """A lesson's view: the game's opening view looking ASIDE cells to its right from BACK
        times as far (the Home key's too)."""
        pivot, distance = self.view.home_view()
        heading = math.radians(HEADING)
        return pivot + Vec3(math.cos(heading), 0, -math.sin(heading)) * ASIDE, distance * BACK

    def reframe(self) -> None:
        """While the camera is at the opening view (the player has not moved it), ease to the
        opening view anew when a stack grown or a panel changed stands in its way."""
        if self.home is None or not self.looks_from(*self.home):
            return
        goal = self.home_view()
        if not self.looks_from(*goal):
            self.rig.ease_to(*goal)

    def looks_from(self, pivot: Vec3, distance: float) -> bool:
        """Whether the camera looks (or is easing to look) as the opening view would, from
        `pivot` and `distance`."""
        at, far = self.rig.view
        turned = abs(self.rig.heading - HEADING) > 1e-3 or abs(self.rig.tilt - TILT) > 1e-3
        return not turned and (at - pivot).length() < 1e-3 and abs(far - distance) < 1e-3

    def panels(self) -> list[Box]:
        """The window rectangles of the panels at the top, which the board keeps clear of."""
        return [p.box for p in (self.hud.panel, self.hud.recent_panel) if p.enabled]

    def apply_settings(self, settings: Settings) -> None:
        """Animation speed and the bots' pace, at once."""
        self.view.tweens.speed = settings.animation_speed
        self.bots.pace = settings.bot_pace

    def recover(self) -> None:
        """After an unexpected fault: drop the turn being built and show the last good state."""
        self.drop_turn()
        self.view.show(self.state.stacks)
        self.enter_turn()

    # ----- turns -----------------------------------------------------------------------------

    @property
    def shown_stacks(self) -> dict[str, Stack]:
        """The stacks on the board as the player sees them (with the chain so far)."""
        return self.view.shown

    def person_acts(self) -> bool:
        """Whether a person may click now: the game goes on, no bot is on turn and no lesson's
        goal is reached."""
        return not self.state.over and self.bots.to_act is None and not self.lesson_done()

    def click(self, cell: str | None) -> None:
        """A click on `cell` (None: off the board) by the person to move (after a lesson's
        goal, one on the board says why nothing happens and what to press)."""
        if (cell is not None and self.told_done()) or not self.person_acts():
            return
        state = self.state
        if cell is None:
            if self.chosen is not None and not self.chain:
                self.deselect()
            return
        stack = self.shown_stacks.get(cell)
        if self.chain:
            if cell in self.targets:
                self.capture_equal(cell)
            elif stack is None or cell == self.chain[-1]:
                self.hud.message(say(CHAIN_ONLY, cell=self.chain[-1]))
            else:
                self.refuse_turn(self._chain_with(cell))
        elif self.chosen is None:
            if stack is None:
                self.apply(Place(cell))
            elif stack.owner == state.to_move:
                self.choose(cell)
            else:
                self.refuse_turn(LowerCapture(cell, cell), lambda: lower_targets_of(state, cell))
        elif cell == self.chosen:
            self.deselect()
        elif self.targets.get(cell) == "lower":
            self.apply(LowerCapture(self.chosen, cell))
        elif self.targets.get(cell) == "equal":
            self.capture_equal(cell)
        elif stack is None:
            self.deselect()
            self.hud.message(_(DESELECTED))
        elif stack.owner == state.to_move:
            self.choose(cell)
        else:
            by = self.shown_stacks[self.chosen]
            if by.height == stack.height:
                self.refuse_turn(EqualChain(self.chosen, (cell,)))
            else:
                self.refuse_turn(LowerCapture(self.chosen, cell))

    def choose(self, cell: str) -> None:
        """Choose the stack on `cell`: mark what it may capture."""
        self.clear_marks()
        state = self.state
        self.chosen = cell
        self.targets = dict.fromkeys(lower_targets_of(state, cell), "lower")
        self.targets.update(dict.fromkeys(equal_targets_of(state, [cell]), "equal"))
        self.show_targets()
        self.enter_turn()
        if self.lesson is not None:
            self.lesson.step_taken()
        if self.targets:
            self.hud.message(_(CHOSEN_HINT))
        else:
            self.hud.message(say(NO_TARGETS, cell=cell))

    def deselect(self) -> None:
        """Nothing chosen any more."""
        self.chosen = None
        self.targets = {}
        self.clear_marks()
        self.enter_turn()
        self.hud.message("")

    def show_targets(self) -> None:
        """Mark the chosen stack and what it may capture, by shape."""
        marks = self.view.marks
        marks.clear("chosen", "lower", "equal", "gone")
        here = self.chain[-1] if self.chain else self.chosen
        if here is not None:
            marks.paint("chosen", [here])
        marks.paint("lower", [c for c, k in self.targets.items() if k == "lower"])
        marks.paint("equal", [c for c, k in self.targets.items() if k == "equal"])
        self.view.show_ghost(None, 0)
        self.hovered = None  # the removal marks are laid again for the pointer

    def _chain_with(self, cell: str) -> EqualChain:
        chain = self.chain or [self.chosen or cell]
        return EqualChain(chain[0], (*chain[1:], cell))

    def capture_equal(self, cell: str) -> None:
        """Capture `cell` as an equal stack: the chain goes on from it (shown, not yet played);
        a chain with nothing more to capture ends the turn."""
        turn = self._chain_with(cell)
        state = self.state
        try:
            stacks, events = preview(state, turn)
        except ClamberRefusal as refusal:
            self.refuse(refusal)
            return
        self.clear_marks()
        self.view.play(stacks, events[self.shown_events :])
        self.shown_events = len(events)
        if self.lesson is not None:
            self.lesson.step_taken()
        self.chain = [turn.by, *turn.targets]
        self.chosen = None
        self.targets = dict.fromkeys(equal_targets_of(state, self.chain), "equal")
        if not self.targets:
            self.end_chain()
            return
        self.show_targets()
        self.enter_turn()

    def end_chain(self) -> None:
        """Enter or Space: end the turn with the chain built so far."""
        if self.told_done():
            return
        if not self.chain or not self.person_acts():
            if self.person_acts() and self.chosen is None:
                self.hud.message(_(NO_PASS))
            return
        turn = EqualChain(self.chain[0], tuple(self.chain[1:]))
        self.apply(turn, shown=self.shown_events)

    def apply(self, turn: Turn, shown: int = 0) -> bool:
        """Play `turn` through the driver (a lesson hears of it): animate what happened (all
        but the first `shown` events, which the board already shows), or show why it was
        refused."""
        played = self.play_turn(turn, shown)
        if self.lesson is not None:
            self.lesson.after(played)
        return played

    def play_turn(self, turn: Turn, shown: int) -> bool:
        """See `apply`."""
        try:
            events = self.driver.act(turn)
        except (ClamberRefusal, Refused) as refusal:
            self.refuse(refusal)
            return False
        self.drop_turn()
        self.hud.clear_refusal()
        if shown:
            self.view.shown = dict(self.state.stacks)
        else:
            self.view.play(self.state.stacks, events)
        self.show_last(events)
        self.hud.message("")
        self.enter_turn()
        return True

    def show_last(self, events: Sequence[Event]) -> None:
        """Frame the cells the last turn changed (the stone placed, the stacks captured and
        those that left the board) until the next turn: a bot's turn can be followed."""
        marks = self.view.marks
        marks.clear("last")
        cells: list[str] = []
        for ev in events:
            if isinstance(ev, Placed):
                cells.append(ev.cell)
            elif isinstance(ev, Captured):
                cells += [ev.by, ev.cell]
            elif isinstance(ev, Removed):
                cells += ev.cells
        marks.paint("last", cells)

    def drop_turn(self) -> None:
        """Forget the turn being built (chosen stack, chain, marks, what Y would capture again)."""
        self.chosen = None
        self.chain = []
        self.taken_back = []
        self.shown_events = 0
        self.targets = {}
        self.clear_marks()

    def clear_marks(self) -> None:
        """No marks but the last turn's, no label at the pointer, no stone to place (until the
        pointer moves)."""
        self.view.marks.clear(*TURN_MARKS)
        self.view.show_ghost(None, 0)
        self.hud.show_tip("")
        self.hovered = None

    def cancel_chain(self) -> None:
        """Esc during a chain: the board as it was before the turn, nothing chosen."""
        self.drop_turn()
        self.view.show(self.state.stacks)
        self.enter_turn()
        self.hud.message("")

    def take_back_capture(self) -> None:
        """U during a chain: the chain's last capture taken back (the first one too: the
        capturing stack is chosen again)."""
        chain, longer = self.chain[:-1], self.taken_back
        taken_back = longer if longer[: len(self.chain)] == self.chain else self.chain
        self.drop_turn()
        self.taken_back = taken_back
        state = self.state
        if len(chain) == 1:
            self.view.show(state.stacks)
            self.enter_turn()
            self.choose(chain[0])
            return
        stacks, events = preview(state, EqualChain(chain[0], tuple(chain[1:])))
        self.view.show(stacks)
        self.chain, self.shown_events = chain, len(events)
        self.targets = dict.fromkeys(equal_targets_of(state, chain), "equal")
        self.show_targets()
        self.enter_turn()

    # ----- refusals --------------------------------------------------------------------------

    def refuse_turn(self, turn: Turn, ask: Callable[[], object] | None = None) -> None:
        """Ask the core about `turn` (or `ask`) and show its refusal."""
        try:
            if ask is not None:
                ask()
            else:
                preview(self.state, turn)
        except ClamberRefusal as refusal:
            self.refuse(refusal)

    def refuse(self, refusal: ClamberRefusal | Refused) -> None:
        """Show the core's reason in words, and mark the cells at fault until the next click."""
        self.view.marks.clear("fault")
        self.view.marks.paint("fault", [str(p) for p in refusal.places])
        self.hud.refuse(refusal_sentence(refusal))
        self.reframe()
        if self.lesson is not None:
            self.lesson.refuse(refusal)

    # ----- undo and redo ---------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last capture of a chain being built, or the last turn (a bot's turn
        with it, back to the last one a person played)."""
        if self.bots.to_act is not None and not self.state.over:
            return
        if self.chain:
            self.take_back_capture()
            return
        self.drop_turn()
        self.take_back(self.show_taken_back)

    def show_taken_back(self) -> None:
        """The board as undo left it, without the last turn's frames."""
        self.view.show(self.state.stacks)
        self.view.marks.clear("last")

    def redo(self) -> None:
        """Play again the capture of a chain last taken back, or the turn last taken back (Y)."""
        if self.bots.to_act is not None:
            return
        built = self.chain or ([self.chosen] if self.chosen is not None else [])
        again = self.taken_back
        if built and again[: len(built)] == built and len(again) > len(built):
            self.capture_equal(again[len(built)])
            if self.chain:  # the chain goes on (else the capture ended the turn)
                self.taken_back = again
            self.hud.message(_("Redone."))
            return
        if self.chain:
            self.hud.message(_("Nothing to redo."), bad=True)
            return
        self.drop_turn()
        events = self.driver.redo()
        if events is None:
            self.hud.message(_("Nothing to redo."), bad=True)
            return
        self.view.play(self.state.stacks, events)
        self.show_last(events)
        self.enter_turn()
        self.hud.message(_("Redone."))

    # ----- what the HUD says -----------------------------------------------------------------

    def enter_turn(self) -> None:
        """Redraw the HUD for the turn as it stands (and the opening view, see `reframe`)."""
        self.show_turn()
        self.reframe()
        if self.lesson_done():
            self.hud.message(_(DONE))

    def show_turn(self) -> None:
        """Redraw the HUD for the turn as it stands (once a lesson's goal is reached, what to do
        now rather than whose turn it is)."""
        state = self.state
        bots = self.session.bots
        if self.lesson is not None and self.lesson.done:
            self.hud.refresh(state, self.lesson.done_title(), can_undo=self.session.can_undo())
            return
        can_undo = self.session.cursor > 0
        if self.chain:
            title = say(
                N_("Turn {turn} · {player} is capturing: {chain}"),
                turn=state.turn + 1,
                player=player_name(state.to_move),
                chain="→".join(self.chain),
            )
            self.hud.refresh(state, title, chain=True, can_undo=True, stacks=self.view.shown)
            self.hud.message(say(CHAIN_HINT, cell=self.chain[-1]))
            return
        self.hud.refresh(state, turn_title(state, bots, self.chosen), can_undo=can_undo)
        if state.over:
            self.hud.message(headline(state.result.winner if state.result else None))
            return
        if self.bots.to_act is not None:
            line = say(
                N_("Turn {turn} · {bot} is thinking"),
                turn=state.turn + 1,
                bot=seat_label(state.to_move, bots),
            )
            self.hud.show_bot_turn(line)
            if self.bots.announce:
                thinking = N_("{player} is thinking… (F: hurry)")
                self.hud.message(say(thinking, player=seat_label(state.to_move, bots)))
            return
        self.hand_over(state)

    def hand_over(self, state: ClamberState) -> None:
        """A banner when a person's turn begins (none once a lesson is done: it ends with the
        learner's turn)."""
        if self._announced == state.turn or self.lesson_done():
            return
        self._announced = state.turn
        player = player_name(state.to_move)
        self.hud.announce(say(N_("{player}'s turn"), player=player), SEAT_RGB[state.to_move])

    def _captioned(self, state: ClamberState, events: list[Event]) -> None:
        self.show_recent(caption)

    def end_line(self) -> str:
        """How the game ended, for the end card."""
        return ending(self.state)

    # ----- the pointer -----------------------------------------------------------------------

    def hover(self, cell: str | None) -> None:
        """Show the name of `cell` at the pointer and what a click on it would do: a stone on
        an empty cell, or the stacks a capture would remove."""
        if cell == self.hovered:
            return
        self.hovered = cell
        view, state = self.view, self.state
        view.marks.clear("gone")
        self.hud.show_tip(cell or "")  # the cell's name, which a high stack may hide
        acting = self.person_acts() and not self.ignore_input
        empty = cell is not None and cell not in self.shown_stacks
        idle = self.chosen is None and not self.chain
        view.show_ghost(cell if acting and empty and idle else None, state.to_move)
        if not acting or cell is None or cell not in self.targets:
            return
        kind = self.targets[cell]
        by = self.chain[-1] if self.chain else self.chosen
        assert by is not None
        turn: Turn = self._chain_with(cell) if kind == "equal" else LowerCapture(by, cell)
        try:
            _stacks, events = preview(state, turn)
        except ClamberRefusal:
            return
        gone = [
            c for ev in events[self.shown_events :] if isinstance(ev, Removed) for c in ev.cells
        ]
        view.marks.paint("gone", gone)
        self.hud.show_tip(removal_tip(cell, gone, wins(state, turn)))

    def update(self) -> None:
        if self.view.tweens.busy or self.ignore_input or over_panel():
            self.hover(None)  # no cell's name through a button or a panel
            return
        self.hover(self.view.cell_at())

    def input(self, key: str) -> None:
        if key == "left mouse down":
            if over_panel():
                return
            self.click(self.view.cell_at())
        elif key in END_KEYS:
            self.end_chain()
        elif key == UNDO_KEY:
            self.undo()
        elif key == REDO_KEY:
            self.redo()
        elif key == HURRY_KEY:
            self.bots.hurry()
        elif key == SHOT_KEY:
            self.picture()
        elif key == "escape":
            if self.chain:
                self.cancel_chain()
            elif self.chosen is not None:
                self.deselect()
            elif self.on_pause is not None:
                self.on_pause()


def wins(state: ClamberState, turn: Turn) -> bool:
    """Whether `turn`, ended there, wins the game for the player to move (C12)."""
    try:
        after, _events = apply(state, turn)
    except ClamberRefusal:
        return False
    return after.result is not None and after.result.winner == state.to_move


def removal_tip(cell: str, gone: Sequence[str], winning: bool = False) -> str:
    """What a capture of `cell` removes, beside the pointer, and when it wins (for a chain:
    ended after it)."""
    if winning:
        return say(N_("Capture {cell}: this wins the game"), cell=cell)
    if not gone:
        return say(N_("Capture {cell}"), cell=cell)
    return say_n(
        "Capture {cell}: {cells} leaves the board",
        "Capture {cell}: {cells} leave the board",
        len(gone),
        cell=cell,
        cells=cells_list(gone),
    )


def lesson_table(
    course: ClamberCourse, on_open: Callable[[str], None], on_menu: Callable[[], None]
) -> PlayScreen:
    """Lesson `course.lesson` on the play screen, Blue the learner (`on_open(id)` opens a
    lesson, `on_menu()` goes back to the new-game screen)."""
    return PlayScreen(course.session, lesson=LessonMode(course, on_open, on_menu))
