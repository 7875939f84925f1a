"""The play screen: wires the session, the view, the camera, the HUD and the input tools."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING

from ursina import Vec3

from climbers.app.panels.canvas import Canvas
from climbers.app.screens.play_parts import (
    CAPTIONED,
    REDO_KEY,
    SHOT_KEY,
    UNDO_KEY,
    PlayParts,
    over_panel,
)
from climbers.app.settings import Settings
from climbers.app.table.camera import CENTRE_KEY, screen_pixel
from climbers.io.language import N_, _, say
from climbers.session.driver import Driver, Refused
from climbers.the_climbers.core import (
    Action,
    GameState,
    IllegalAction,
    MoveBlock,
    Pass,
    Step,
    apply,
    ladders_allowed,
    legal_destinations,
)
from climbers.the_climbers.core.events import (
    BlockMoved,
    ClimberMoved,
    ClimberPushed,
    DiskPlaced,
    DiskRemoved,
    Event,
)
from climbers.the_climbers.core.geometry import extent
from climbers.the_climbers.game.captions import recent_captions
from climbers.the_climbers.game.results import headline
from climbers.the_climbers.game.session import GameSession, PlayDriver, save_to
from climbers.the_climbers.io.refusals import refusal_sentence
from climbers.the_climbers.io.words import player_label
from climbers.the_climbers.table.bot_turns import HURRY_KEY, BotTurns
from climbers.the_climbers.table.driver_report import REPORT_VARIABLE, DriverReport
from climbers.the_climbers.table.focus import Focus
from climbers.the_climbers.table.lesson_mode import ClimbersLesson
from climbers.the_climbers.table.marks import FAULT, Marks
from climbers.the_climbers.table.panels.analysis_overlay import AnalysisOverlay
from climbers.the_climbers.table.panels.hud import DONE_KEY, RECENT, SKIP_KEY, Hud, turns_left
from climbers.the_climbers.table.screens.table_screen import HudTable
from climbers.the_climbers.table.sounds import SoundPlayer
from climbers.the_climbers.table.textures import RGB
from climbers.the_climbers.table.tools.climb_tool import ClimbTool
from climbers.the_climbers.table.tools.disk_tool import DiskTool
from climbers.the_climbers.table.tools.judges import GameJudge
from climbers.the_climbers.table.tools.placement import PlacementTool

if TYPE_CHECKING:
    from climbers.the_climbers.table.puzzle_mode import PuzzleMode

END_ASK = N_("Ending this turn ends the game. Press Enter (or Done) again to end it, or play on.")

FADED = 0.2
"""How much of a panel shows while the carried block is under it."""
MOVES = (BlockMoved, ClimberMoved, ClimberPushed, DiskPlaced, DiskRemoved)
"""Events that move a piece (the camera keeps the Climbers in view after them)."""
SYMBOLS_KEY = "f3"
Tool = PlacementTool[MoveBlock] | DiskTool | ClimbTool
"""The tools of a turn's steps: each gives back the action a gesture makes."""


class PlayScreen(PlayParts, HudTable):
    """The table with its tools and HUD, played through a driver (climbers.session.driver): a
    free game (a state or a session: a PlayDriver), or the driver of a mode, a `lesson`'s or a
    `puzzle`'s (with its panel, its buttons, its outlines). Every rule question goes to the
    core."""

    lesson: ClimbersLesson | None

    def __init__(
        self,
        play: GameState | GameSession | Driver[GameState, Action],
        save_path: Path | None = None,
        shot_path: Path | None = None,
        symbols: bool = True,
        sound: bool = False,
        elsewhere: Collection[int] = (),
        lesson: ClimbersLesson | None = None,
        puzzle: PuzzleMode | None = None,
    ) -> None:
        self.lesson, self.puzzle = lesson, puzzle
        mode = lesson or puzzle
        if mode is not None:
            play = mode.driver
        if isinstance(play, GameState):
            play = GameSession(play)
        self.driver: Driver[GameState, Action] = (
            PlayDriver(play) if isinstance(play, GameSession) else play
        )
        self.use_session(self.driver.session, save_path, save_to, shot_path)
        super().__init__(self.driver.state, symbols, name="play-screen")
        self.hud = Hud(on_skip=self.skip, on_done=self.done, on_undo=self.undo)
        self.sounds = SoundPlayer(enabled=sound)
        self.judge = GameJudge(lambda: self.state)
        self.drag = PlacementTool(self, self.judge)
        self.climb = ClimbTool(self)
        self.disk = DiskTool(self)
        self.faults = Marks(lift=0.035)
        self.analysis = AnalysisOverlay(
            lambda: self.state, lambda: self.drag.pose, above=self.top_right_panels
        )
        players = self.state.players
        away = [players[seat].colour for seat in elsewhere]
        self.bots = BotTurns(self, self.view.tweens, self.session.bots, elsewhere=away)
        self.hud.bots = self.session.bots
        self.hud.beside = self.top_right_panels
        self.session.watch_saving(self.saving)
        self.auto_pass = True
        """A person with no possible answering move passes by itself (a setting)."""
        self._announced: tuple[int, int, bool] | None = None
        self.before_bots: tuple[Vec3, float] | None = None
        """The camera's view before bots began acting."""
        self.told_bot = False
        """Whether the line above the key help tells the bot's last action."""
        self._end_asked: GameState | None = None
        """The position in which Done was pressed once and asked whether to end the game."""
        self.focus = Focus(self.view, self.rig, lambda: (self.hud.panel, *self.top_right_panels()))
        """Pulsing outlines on what a lesson or a hint points at."""
        if lesson is None and puzzle is None:  # else the mode's panel speaks
            self.session.subscribe(self._captioned)
            self._captioned(self.state, [])  # a game shown anew (another language) keeps its strip
        self.tool: Tool | None = None
        """The tool of the step being played (None: no person acts now)."""
        self.on_pause: Callable[[], None] | None = None
        """What Esc opens when nothing is held (the shell's pause card); None: Esc only puts
        back what is held."""
        if os.environ.get(REPORT_VARIABLE):
            DriverReport(self, Path(os.environ[REPORT_VARIABLE]))
        if lesson is not None:
            lesson.open(self.hud, self.focus)
        if puzzle is not None:
            puzzle.open(self)
        self.enter_step()

    # ----- what the shell asks ---------------------------------------------------------------

    def apply_settings(self, settings: Settings) -> None:
        """Besides the table's: sound, the bots' pace and auto-pass, at once."""
        super().apply_settings(settings)
        self.sounds.enabled = settings.sound
        self.bots.pace = settings.bot_pace
        self.auto_pass = settings.auto_pass

    @property
    def resting(self) -> bool:
        """Whether no action shows now (nothing moves)."""
        return not self.view.tweens.busy

    @property
    def in_flight(self) -> bool:
        """Whether an action shows before it is played: never at this table."""
        return False

    # ----- what the tools may use -----------------------------------------------------------

    def top_right_panels(self) -> tuple[Canvas, ...]:
        """The panels at the top right, which the analysis panel sits below."""
        panels = (mode.panel for mode in (self.lesson, self.puzzle) if mode is not None)
        return (self.hud.recent_panel, *(panel for panel in panels if panel is not None))

    @property
    def state(self) -> GameState:
        """The state on the table, as the driver has it."""
        state: GameState = self.driver.state
        return state

    def act(self, action: Action) -> bool:
        """Submit what a tool or a bot made (see `apply`); a refused block move puts the block
        in the hand back where it stood."""
        if self.apply(action):
            return True
        self.view.release()
        return False

    # ----- acting ---------------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """Send an action to the core; animate what happened, or show why it was refused."""
        before = self.state
        if self.bots.to_act is not None:
            self.follow(action)
        try:
            events = self.driver.act(action)
        except (IllegalAction, Refused) as exc:
            self.refuse(exc)
            return False
        self.show_applied(before, events)
        return True

    def show_applied(self, before: GameState, events: list[Event]) -> None:
        """Animate what happened since `before` and move on to the next step."""
        if self.puzzle is not None:
            self.puzzle.before_shown()
        self.faults.clear()
        self.hud.clear_refusal()
        self.view.play(before, self.state, events)
        if any(isinstance(e, MOVES) for e in events):  # a skipped step leaves the camera be
            self.rig.keep_in_view(self.view.marker_points(self.state))
        self.sounds.play_events(events)
        if not self.told_bot:
            self.hud.message("")
        self.enter_step()
        if self.lesson is not None:
            self.lesson.after(True)
        if self.puzzle is not None:
            self.puzzle.shown_applied(events)

    def _captioned(self, state: GameState, events: list[Event]) -> None:
        """Every action, a person's or a bot's, gets its sentence in the strip of recent ones;
        undo takes it off again, redo puts it back. A bot's action is also told on the line
        above the key help, where a person's hints are, so that it can be followed."""
        history = self.session.history[-CAPTIONED:]
        actions = [e.action for e in history[1:] if e.action is not None]
        states = [e.state for e in history]
        captions = recent_captions(states, actions, RECENT)
        self.hud.show_recent(captions)
        bot = bool(events and actions and actions[-1].player in self.session.bots)
        self.told_bot = bot and self.bots.announce  # the demo has a caption of its own
        if self.told_bot and captions:
            self.hud.message(captions[-1])

    def refuse(self, refusal: IllegalAction | Refused) -> None:
        """Show the core's reason, and mark the squares at fault until the next action (or
        the mode's reason: across computers, the host's)."""
        if isinstance(refusal, Refused):
            self.hud.refuse(_(refusal.template))
        else:
            self.hud.refuse(refusal_sentence(refusal))
            self.faults.paint(self.state, refusal.squares, FAULT)
        self.sounds.play("refuse")
        if self.lesson is not None:
            self.lesson.refuse(refusal)
        if self.puzzle is not None:
            self.puzzle.refused()

    def skip(self) -> None:
        """Pass the current step (Space or the Skip button)."""
        if self.drag.dragging or self.state.finished or self.bots.to_act:
            return
        self.apply(Pass(player=self.state.players[self.state.actor].colour))

    def done(self) -> None:
        """End the acting player's own turn: pass every step left (Enter or the Done button)."""
        if self.drag.dragging or self.state.finished or self.bots.to_act:
            return
        if self.ends_game() and self._end_asked is not self.state:
            self._end_asked = self.state
            self.hud.message(_(END_ASK))
            return
        self.close_tool()
        before = self.state
        try:
            events = self.driver.done()
        except (IllegalAction, Refused) as exc:
            self.refuse(exc)
            return
        self.show_applied(before, events)

    def ends_game(self) -> bool:
        """Whether ending the turn now (passing its steps left) would end the game (R22): at
        once, or as the last quiet turn, after which only the answers are still to come."""
        start = state = self.state
        while (action := self.session.turns.finishing(start, state)) is not None:
            try:
                state = apply(state, action)[0]
            except IllegalAction:
                return False
        return state.finished or turns_left(state) <= 0 < turns_left(start)

    def undo(self) -> None:
        """Take back the acting player's last step of this turn (never during a bot's step)."""
        if self.bots.to_act:
            return
        self.close_tool()
        self.faults.clear()
        if self.driver.undo():
            self.view.show(self.state)
            self.hud.message(_("Undone."))
        else:
            self.hud.message(_(self.driver.no_undo), bad=True)
        self.enter_step()

    def redo(self) -> None:
        """Apply again the step last taken back (Y)."""
        if self.bots.to_act:
            return
        self.close_tool()
        before = self.state
        events = self.driver.redo()
        if events is not None:
            self.view.play(before, self.state, events)
            self.hud.message(_("Redone."))
        else:
            self.hud.message(_("Nothing to redo."), bad=True)
        self.enter_step()

    def close_tool(self) -> None:
        if self.tool is not None:
            self.tool.close()
        self.tool = None

    def enter_step(self) -> None:
        """Pick the tool for the current step and redraw the HUD (a puzzle's HUD and panel
        after it)."""
        self._pick_tool()
        if self.puzzle is not None:
            self.puzzle.step_shown()

    def _pick_tool(self) -> None:
        """The tool for the current step, with the HUD: none while nobody acts (once a
        lesson's goal is reached the players' panel says what to do now, and Undo may still
        take back a step of the turn; a puzzle over, or its solution shown)."""
        self.close_tool()
        state = self.state
        self.hud.refresh(state, can_undo=self.driver.can_undo)
        if self.lesson is not None and self.lesson.done:
            self.hud.set_title(self.lesson.done_title())
            self.hud.skip.enabled = self.hud.done.enabled = False
            return
        if self.puzzle is not None and self.puzzle.holds:
            self.hud.message("")
            return
        if state.finished:
            self.hud.message(headline(state))
            return
        if self.bots.to_act:
            self.hud.show_bot_turn(self.bots.thinking_line(state))
            if self.bots.announce and not self.told_bot:
                thinking = N_("{player} is thinking… (F: hurry)")
                self.hud.message(say(thinking, player=self.bots.label(state)))
            return
        self.hand_over(state)
        if self.before_bots is not None:  # a person acts again: back to the view they had
            self.rig.ease_to(*self.before_bots)
            self.before_bots = None
        step = state.step
        if step is Step.REACTION and self.auto_pass and not legal_destinations(state):
            self.apply(Pass(player=state.players[state.actor].colour))
            return
        if step is Step.BLOCK:
            self.tool = self.drag
        elif step is Step.DISK:
            self.tool = self.disk
            self.disk.open()
            if not self.disk.targets:
                self.hud.message(_("No block may take your disk now: skip with Space."))
        else:
            self.tool = self.climb
            if step is Step.REACTION:
                name = player_label(state.players[state.actor])
                if ladders_allowed(state):
                    how = N_(
                        "{player}, your reaction: click your Climber to move, or Space to pass."
                    )
                else:
                    how = N_(
                        "{player}, your reaction: click your Climber to move without ladders, "
                        "or Space to pass."
                    )
                self.hud.message(say(how, player=name))

    def follow(self, action: Action) -> None:
        """Before a bot acts: glide the camera over to where it acts (the view it had before the
        bots is kept, to glide back to when a person acts again)."""
        point = self.view.action_spot(self.state, action)
        if point is None:
            return
        if self.before_bots is None:
            self.before_bots = self.rig.view
        pivot, distance = self.rig.view
        self.rig.ease_to((pivot + point) / 2, distance)

    def hand_over(self, state: GameState) -> None:
        """A banner when the table passes to another person: their turn, or their answer (in
        a puzzle, as each of its turns begins)."""
        if self.puzzle is not None:
            self.puzzle.hand_over()
            return
        player = state.players[state.actor]
        reacting = state.step is Step.REACTION
        moment = (state.turn.number, state.actor, reacting)
        if moment == self._announced or not self.bots.announce:
            return  # (across computers the table says whose screen acts)
        self._announced = moment
        banner = N_("{player} may answer") if reacting else N_("{player}'s turn")
        self.hud.announce(say(banner, player=player_label(player)), RGB[player.colour])

    def recover(self) -> None:
        """After an unexpected fault: drop whatever was in hand and show the last good state."""
        self.close_tool()
        self.faults.clear()
        self.view.show(self.state)
        self.enter_step()
        if self.lesson is not None:
            self.lesson.show_lesson()
        if self.puzzle is not None:
            self.puzzle.show_puzzle()

    def again(self) -> tuple[object, ...]:
        """The game with its whole history; a lesson or a puzzle as it stands."""
        return super().again() if self.puzzle is None else self.puzzle.again()

    # ----- frame and input ------------------------------------------------------------------

    def input(self, key: str) -> None:
        if self.puzzle is not None and self.puzzle.key(key):
            return
        on_table = key == "left mouse down" and not over_panel()
        if (key in (SKIP_KEY, DONE_KEY) or on_table) and self.told_done():
            return  # (the Skip and Done buttons are off)
        if key == SKIP_KEY:
            self.skip()
        elif key == DONE_KEY:
            self.done()
        elif key == UNDO_KEY and not self.drag.dragging:
            self.undo()
        elif key == REDO_KEY and not self.drag.dragging:
            self.redo()
        elif key == CENTRE_KEY:
            self.rig.centre_on(self.view.pawns[self.state.actor].position)
        elif key == SYMBOLS_KEY:
            self.view.set_symbols(not self.view.symbols)
        elif key == HURRY_KEY:
            self.bots.hurry()
        elif key == SHOT_KEY:
            self.picture()
        elif key == "escape" and self.on_pause is not None and not self.holding():
            self.on_pause()
        elif self.tool is not None:
            if key == "escape":
                self.hud.message("")
                self.faults.clear()
            made = self.tool.input(key)
            if made is not None:
                self.act(made)

    def holding(self) -> bool:
        """Whether Esc has something to put back first: a carried block, a chosen Climber."""
        return self.drag.dragging or (self.tool is self.climb and self.climb.selected)

    def update(self) -> None:
        if self.tool is not None:
            self.tool.update()
        for mode in (self.lesson, self.puzzle):
            if mode is not None:
                mode.frame()
        self._fade_over_the_hand()

    def _fade_over_the_hand(self) -> None:
        """A panel over the carried block fades while it is there, so that the block shows."""
        hand = self.view.hand
        pixels = []
        if hand is not None:
            ex, ey, ez = extent(hand.spec.dims, hand.rot)
            corner = Vec3(hand.world_position)
            points = [
                corner + Vec3(ex * i, ez * j, ey * k)
                for i in (0, 1)
                for j in (0, 1)
                for k in (0, 1)
            ]
            points.append(corner + Vec3(ex, ez, ey) / 2)
            pixels = [p for p in map(screen_pixel, points) if p is not None]
        for panel in (self.hud.panel, *self.top_right_panels()):
            x0, y0, x1, y1 = panel.box
            over = any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pixels)
            alpha = FADED if over else 1.0
            if panel.alpha != alpha:
                panel.alpha = alpha
