"""Clamber's board on the one play screen (climbers.app.screens.play_screen): the stacks, the
camera, the HUD and how a turn is built. Every rule question goes to the core: the stacks a
chosen stack may capture, the next captures of a chain, what a capture would remove, and why a
click is refused.

A turn is built by clicks: an empty cell places a stone; a stack of one's own is chosen, and its
targets are marked (a ring for a lower capture, a hexagon for an equal one); a click on a
target captures. After an equal capture the captured stack is chosen with its next targets, and
the board shows the chain so far (the core's preview); Enter or Space ends the turn, and the
session records the whole turn. A chain with no capture left ends by itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ursina import Vec2, Vec3

from climbers.app.screens.play_parts import over_panel
from climbers.app.screens.play_screen import PlayScreen, TableGame
from climbers.app.settings import Settings
from climbers.app.table.bot_seats import Bot
from climbers.app.table.camera import HEADING, TILT, Box, CameraRig
from climbers.clamber.ai.tournament import make_bot
from climbers.clamber.core import (
    RULES,
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
from climbers.clamber.game.session import PlayDriver, save_to
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
from climbers.session.driver import Refused

END_KEYS = ("enter", "space")
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


class ClamberPlay:
    """Clamber's board on the play screen `table` (see the module); a lesson's when the table
    plays one (Blue is the learner)."""

    colours = SEAT_RGB

    def __init__(self, table: PlayScreen[ClamberState, Turn]) -> None:
        self.table = table
        self.view = ClamberView(table.state)
        self.rig = CameraRig(self.view.home_view)
        self.home: tuple[Vec3, float] | None = None
        """The opening view as last worked out (see `reframe`)."""
        self.hud = ClamberHud(on_end=lambda: table.input("enter"), on_undo=table.undo)
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

    @property
    def state(self) -> ClamberState:
        return self.table.state

    def start(self) -> None:
        self.view.keep_off = self.panels
        lesson = self.table.lesson
        self.rig.frame = self.home_view if lesson is None else self.lesson_view
        self.rig.reset()
        if lesson is not None:  # over the Undo and End turn buttons
            buttons = self.hud.side_button
            lesson.lesson_buttons(self.hud, buttons, self.hud.side(0.37), Vec2(0, -0.065))

    @staticmethod
    def make_bot(level: str, seat: int) -> Bot:
        return make_bot(level, seat)

    @staticmethod
    def bot_pause(state: ClamberState, pace: float) -> float:
        return pace

    waits = landing = False

    def use_settings(self, settings: Settings) -> None:
        """Clamber's board takes only the animation speed."""

    @staticmethod
    def prepare(turn: Turn, play: Callable[[Turn], object]) -> bool | Exception:
        """A Clamber turn is shown as it is played."""
        return False

    @staticmethod
    def may_undo() -> bool:
        return True

    # ----- the camera ------------------------------------------------------------------------

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

    # ----- what the table shows --------------------------------------------------------------

    @property
    def shown_stacks(self) -> dict[str, Stack]:
        """The stacks on the board as the player sees them (with the chain so far)."""
        return self.view.shown

    def show(self, state: ClamberState) -> None:
        """The board as `state` has it, without the last turn's frames."""
        self.drop()
        self.view.show(state.stacks)
        self.view.marks.clear("last")

    def played(
        self,
        before: ClamberState,
        turn: Turn | None,
        state: ClamberState,
        events: Sequence[Event],
    ) -> None:
        """Animate a turn played (a chain's captures shown already are not animated again),
        frame the cells it changed and clear the line below the table."""
        if self.shown_events:
            self.view.shown = dict(state.stacks)
        else:
            self.view.play(state.stacks, events)
        self.drop()
        self.show_last(events)
        self.hud.message("")

    def refused(self, refusal: Exception) -> None:
        """The core's reason in words, and the cells at fault marked until the next click."""
        assert isinstance(refusal, ClamberRefusal | Refused)
        self.view.marks.clear("fault")
        self.view.marks.paint("fault", [str(p) for p in refusal.places])
        self.hud.refuse(refusal_sentence(refusal))
        self.reframe()

    def caption(self, before: ClamberState, action: Turn, events: Sequence[Event]) -> str:
        return caption(before, action, events)

    @staticmethod
    def player_name(seat: int) -> str:
        return player_name(seat)

    def end_line(self) -> str:
        return ending(self.state)

    # ----- building a turn -------------------------------------------------------------------

    def press(self, key: str) -> Turn | Exception | None:
        if key == "left mouse down":
            return None if over_panel() else self.click(self.view.cell_at())
        if key in END_KEYS:
            return self.end_chain()
        return None

    def click(self, cell: str | None) -> Turn | Exception | None:
        """A click on `cell` (None: off the board) by the person to move (after a lesson's
        goal, one on the board says why nothing happens and what to press)."""
        table = self.table
        if (cell is not None and table.told_done()) or not table.person_acts():
            return None
        state = self.state
        if cell is None:
            if self.chosen is not None and not self.chain:
                self.deselect()
            return None
        stack = self.shown_stacks.get(cell)
        if self.chain:
            if cell in self.targets:
                return self.capture_equal(cell)
            if stack is None or cell == self.chain[-1]:
                self.hud.message(say(CHAIN_ONLY, cell=self.chain[-1]))
                return None
            return self.asked(self._chain_with(cell))
        if self.chosen is None:
            if stack is None:
                return Place(cell)
            if stack.owner == state.to_move:
                self.choose(cell)
                return None
            return self.asked(LowerCapture(cell, cell), lambda: lower_targets_of(state, cell))
        if cell == self.chosen:
            self.deselect()
            return None
        if self.targets.get(cell) == "lower":
            return LowerCapture(self.chosen, cell)
        if self.targets.get(cell) == "equal":
            return self.capture_equal(cell)
        if stack is None:
            self.deselect()
            self.hud.message(_(DESELECTED))
            return None
        if stack.owner == state.to_move:
            self.choose(cell)
            return None
        by = self.shown_stacks[self.chosen]
        if by.height == stack.height:
            return self.asked(EqualChain(self.chosen, (cell,)))
        return self.asked(LowerCapture(self.chosen, cell))

    def choose(self, cell: str) -> None:
        """Choose the stack on `cell`: mark what it may capture."""
        self.clear_marks()
        state = self.state
        self.chosen = cell
        self.targets = dict.fromkeys(lower_targets_of(state, cell), "lower")
        self.targets.update(dict.fromkeys(equal_targets_of(state, [cell]), "equal"))
        self.show_targets()
        self.show_turn()
        self.step_taken()
        if self.targets:
            self.hud.message(_(CHOSEN_HINT))
        else:
            self.hud.message(say(NO_TARGETS, cell=cell))

    def step_taken(self) -> None:
        """A step of the turn the rules allowed: a lesson's sentence of the last refusal goes."""
        if self.table.lesson is not None:
            self.table.lesson.step_taken()

    def deselect(self) -> None:
        """Nothing chosen any more."""
        self.chosen = None
        self.targets = {}
        self.clear_marks()
        self.show_turn()
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

    def capture_equal(self, cell: str) -> Turn | Exception | None:
        """Capture `cell` as an equal stack: the chain goes on from it (shown, not yet played);
        a chain with nothing more to capture ends the turn (the turn to play)."""
        turn = self._chain_with(cell)
        state = self.state
        try:
            stacks, events = preview(state, turn)
        except ClamberRefusal as refusal:
            return refusal
        self.clear_marks()
        self.view.play(stacks, events[self.shown_events :])
        self.shown_events = len(events)
        self.step_taken()
        self.chain = [turn.by, *turn.targets]
        self.chosen = None
        self.targets = dict.fromkeys(equal_targets_of(state, self.chain), "equal")
        if not self.targets:
            return self.end_chain()
        self.show_targets()
        self.show_turn()
        return None

    def end_chain(self) -> Turn | None:
        """Enter or Space: end the turn with the chain built so far."""
        table = self.table
        if table.told_done():
            return None
        if not self.chain or not table.person_acts():
            if table.person_acts() and self.chosen is None:
                self.hud.message(_(NO_PASS))
            return None
        return EqualChain(self.chain[0], tuple(self.chain[1:]))

    def asked(self, turn: Turn, ask: Callable[[], object] | None = None) -> Exception | None:
        """The core's refusal of `turn` (or of `ask`), if any."""
        try:
            if ask is not None:
                ask()
            else:
                preview(self.state, turn)
        except ClamberRefusal as refusal:
            return refusal
        return None

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

    def drop(self) -> None:
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

    def escape(self) -> bool:
        """Esc during a chain: the board as it was before the turn, nothing chosen; with a
        stack chosen: nothing chosen."""
        if self.chain:
            self.drop()
            self.view.show(self.state.stacks)
            self.table.enter_turn()
            self.hud.message("")
            return True
        if self.chosen is not None:
            self.deselect()
            return True
        return False

    def take_back(self) -> bool:
        """U during a chain: the chain's last capture taken back (the first one too: the
        capturing stack is chosen again)."""
        if not self.chain:
            return False
        chain, longer = self.chain[:-1], self.taken_back
        taken_back = longer if longer[: len(self.chain)] == self.chain else self.chain
        self.drop()
        self.taken_back = taken_back
        state = self.state
        if len(chain) == 1:
            self.view.show(state.stacks)
            self.table.enter_turn()
            self.choose(chain[0])
            return True
        stacks, events = preview(state, EqualChain(chain[0], tuple(chain[1:])))
        self.view.show(stacks)
        self.chain, self.shown_events = chain, len(events)
        self.targets = dict.fromkeys(equal_targets_of(state, chain), "equal")
        self.show_targets()
        self.table.enter_turn()
        return True

    def step_again(self) -> tuple[bool, Turn | Exception | None]:
        """Y: the capture of a chain last taken back made again (the turn, when it ends the
        chain); nothing to redo during a chain else."""
        built = self.chain or ([self.chosen] if self.chosen is not None else [])
        again = self.taken_back
        if built and again[: len(built)] == built and len(again) > len(built):
            made = self.capture_equal(again[len(built)])
            if self.chain:  # the chain goes on (else the capture ended the turn)
                self.taken_back = again
            if made is None:
                self.hud.message(_("Redone."))
            return True, made
        if self.chain:
            self.hud.message(_("Nothing to redo."), bad=True)
            return True, None
        return False, None

    # ----- what the HUD says -----------------------------------------------------------------

    def show_turn(self) -> None:
        """Redraw the HUD for the turn as it stands (once a lesson's goal is reached, what to do
        now rather than whose turn it is), and the opening view (see `reframe`)."""
        self.draw_turn()
        self.reframe()

    def draw_turn(self) -> None:
        """See `show_turn`."""
        table, state = self.table, self.state
        bots = table.session.bots
        can_undo = table.driver.can_undo
        if table.lesson is not None and table.lesson.done:
            self.hud.refresh(state, table.lesson.done_title(), can_undo=can_undo)
            return
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
        if table.bots.to_act is not None:
            line = say(
                N_("Turn {turn} · {bot} is thinking"),
                turn=state.turn + 1,
                bot=seat_label(state.to_move, bots),
            )
            self.hud.show_bot_turn(line)
            if table.bots.announce:
                thinking = N_("{player} is thinking… (F: hurry)")
                self.hud.message(say(thinking, player=seat_label(state.to_move, bots)))
            return
        table.hand_over(state.turn, state.to_move)

    # ----- the pointer -----------------------------------------------------------------------

    def frame(self) -> None:
        if self.view.tweens.busy or self.table.ignore_input or over_panel():
            self.hover(None)  # no cell's name through a button or a panel
            return
        self.hover(self.view.cell_at())

    def hover(self, cell: str | None) -> None:
        """Show the name of `cell` at the pointer and what a click on it would do: a stone on
        an empty cell, or the stacks a capture would remove."""
        if cell == self.hovered:
            return
        self.hovered = cell
        view, state = self.view, self.state
        view.marks.clear("gone")
        self.hud.show_tip(cell or "")  # the cell's name, which a high stack may hide
        acting = self.table.person_acts() and not self.table.ignore_input
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


TABLE_GAME: TableGame[ClamberState, Turn] = TableGame(RULES, PlayDriver, save_to, ClamberPlay)
"""Clamber on the play screen."""


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
