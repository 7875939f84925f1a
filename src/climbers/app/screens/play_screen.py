"""The one play screen of a game on the table: a game played through a driver (a free game, a
lesson, a seat of a game across computers) on the game's board.

The screen owns what every game's play has: the session (saved after every action), the bots'
seats, the lesson's mode, the keys (undo, redo, hurry, a picture, Esc), the strip of recent
actions, the banner when a person's turn begins, and the way an action goes: a gesture on the
board gives an action, the screen plays it through the driver, and the board animates what
happened or shows why it was refused. The game brings only its board (`PlayBoard`): its view
and camera, its HUD, its gestures and its words."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from ursina import Entity, invoke

from climbers.app.panels.hud_frame import HudFrame
from climbers.app.screens.lesson_panel import DONE, LessonMode
from climbers.app.screens.play_parts import REDO_KEY, SHOT_KEY, UNDO_KEY, PlayParts
from climbers.app.screens.replay_screen import SHADOW_FIT_DELAY
from climbers.app.settings import Settings
from climbers.app.table.bot_seats import HURRY_KEY, Bot, BotSeats
from climbers.app.table.camera import CameraRig
from climbers.app.table.lighting import Sun
from climbers.app.table.tweens import Tweens
from climbers.games.interface import GameRules
from climbers.io.language import N_, _, say
from climbers.session.driver import Driver, Refused
from climbers.session.session import Session

S = TypeVar("S")
"""The game's state."""
A = TypeVar("A")
"""The game's action."""
Shown = TypeVar("Shown", contravariant=True)
"""The state a board shows."""


class BoardView(Protocol):
    """What the play screen asks of a board's view: its animations and its sun (None: a view
    without lights)."""

    @property
    def tweens(self) -> Tweens: ...

    @property
    def sun(self) -> Sun | None: ...


class PlayBoard(Protocol[Shown, A]):
    """A game's part of the play screen: its `view`, camera `rig` and `hud`; what it shows and
    how it animates; its gestures, which give actions for the screen to play (never playing
    them itself); and its words."""

    @property
    def view(self) -> BoardView: ...

    @property
    def rig(self) -> CameraRig: ...

    @property
    def hud(self) -> HudFrame: ...

    @property
    def colours(self) -> Sequence[tuple[int, int, int]]:
        """Each seat's colour, for the banner when its turn begins."""
        ...

    def make_bot(self, level: str, seat: int) -> Bot:
        """The bot of `level` in `seat`."""
        ...

    def bot_pause(self, state: Shown, pace: float) -> float:
        """Seconds a bot waits, once the table rests, before it acts in `state` (the bots'
        `pace`, or longer where there is more to follow)."""
        ...

    @property
    def waits(self) -> bool:
        """Whether the board still shows an action before it is played (a flight): nobody
        acts meanwhile."""
        ...

    @property
    def landing(self) -> bool:
        """Whether the board still shows how the last action ended (a landing): no bot acts
        meanwhile."""
        ...

    def use_settings(self, settings: Settings) -> None:
        """Take the settings the board uses besides the animation speed."""
        ...

    def prepare(self, action: A, play: Callable[[A], object]) -> bool | Exception:
        """Whether the board shows `action` before it is played (a knight's flight; it then
        calls `play(action as it came out)` itself once that is done), or the rules' refusal
        of it before it is shown."""
        ...

    def show(self, state: Shown) -> None:
        """Show `state` at once (after undo, or a fault)."""
        ...

    def played(self, before: Shown, action: A | None, state: Shown, events: Sequence[Any]) -> None:
        """Animate `events` of `action` (None: redone), played from `before` to `state`, and
        forget the action that was being built."""
        ...

    def refused(self, refusal: Exception) -> None:
        """Show why an action was refused: the reason in words, the places at fault."""
        ...

    def drop(self) -> None:
        """Forget the action being built."""
        ...

    def show_turn(self) -> None:
        """Redraw the HUD for the turn as it stands."""
        ...

    def caption(self, before: Shown, action: A, events: Sequence[Any]) -> str:
        """An action's sentence in the strip of recent actions."""
        ...

    def player_name(self, seat: int) -> str:
        """A seat's name ('Blue')."""
        ...

    def end_line(self) -> str:
        """How the game ended, for the end card."""
        ...

    def may_undo(self) -> bool:
        """Whether undo may take anything back now."""
        ...

    def press(self, key: str) -> A | Exception | None:
        """A key or button of the board's own (a click on the table, Enter): the action it
        makes for the screen to play, or the rules' refusal of what it tried, if any (the board
        shows what it builds meanwhile)."""
        ...

    def escape(self) -> bool:
        """Esc: whether it dropped a part of the action being built (else the pause card)."""
        ...

    def take_back(self) -> bool:
        """U: whether it took back a step of the action being built (else undo)."""
        ...

    def step_again(self) -> tuple[bool, A | Exception | None]:
        """Y: whether it answered the key itself (a step of the action being built made
        again, and said so; else redo), and the action that step finished or the rules'
        refusal of it, if any."""
        ...

    def frame(self) -> A | None:
        """Each frame: what the pointer is over, what a gesture follows; the action the board
        makes by itself (an only choice), if any."""
        ...

    def start(self) -> None:
        """Once the HUD shows the first turn: the opening view, and a lesson's buttons."""
        ...


class Elsewhere:
    """A seat played on another screen (across computers): this screen takes no clicks on its
    turns, as on a bot's, and its actions come from the host, never from this screen."""

    def choose(self, state: Any) -> Any:
        raise RuntimeError("a seat played elsewhere acts on its own screen")


class TableBots(BotSeats):
    """The bots of the play screen: the seat to act is the rules', while the table rests. A
    seat played elsewhere holds an `Elsewhere`, which this screen never asks to choose."""

    def __init__(self, screen: PlayScreen[Any, Any], levels: dict[int, str]) -> None:
        super().__init__(screen, screen.view.tweens)
        self.bots: dict[Any, Bot] = {seat: Elsewhere() for seat in screen.elsewhere}
        for seat, level in levels.items():
            self.bots[seat] = screen.board.make_bot(level, seat)

    def seat(self, state: Any) -> int | None:
        if self.table.board.waits or self.table.board.landing:
            return None
        seat: int | None = self.table.game.rules.to_act(state)
        return seat

    def play(self, action: Any) -> None:
        self.table.submit(action)

    def pause(self, state: Any) -> float:
        return float(self.table.board.bot_pause(state, float(self.pace)))


@dataclass(frozen=True)
class TableGame(Generic[S, A]):
    """What the play screen needs of a game: its rules (who acts, what a refusal is), its free
    game's driver, its saver, its board, and its lessons' mode."""

    rules: GameRules[S, A]
    free: Callable[[Session[S]], Driver[S, A]]
    """The driver of a free game of a session."""
    saver: Callable[[Path], Callable[[Session[S]], None]]
    """Saves the game to a path after every action."""
    board: Callable[[PlayScreen[S, A]], PlayBoard[S, A]]
    """The game's board on a play screen."""
    lesson: Callable[[Any, Callable[[str], None], Callable[[], None]], LessonMode] = LessonMode
    """A lesson's mode: (course, on_open, on_menu)."""

    def play(
        self,
        session: Session[S],
        save_path: Path | None = None,
        shot_path: Path | None = None,
        driver: Driver[S, A] | None = None,
        elsewhere: Collection[int] = (),
    ) -> PlayScreen[S, A]:
        """A game of `session` on the play screen (`driver`: what the actions are played
        through, a free game's unless given; `elsewhere`: the seats played on other screens)."""
        return PlayScreen(self, session, save_path, shot_path, driver, elsewhere=elsewhere)

    def teach(
        self, course: Any, on_open: Callable[[str], None], on_menu: Callable[[], None]
    ) -> PlayScreen[S, A]:
        """Lesson `course.lesson` on the play screen (`on_open(id)` opens a lesson,
        `on_menu()` goes back to the new-game screen)."""
        return PlayScreen(self, course.session, lesson=self.lesson(course, on_open, on_menu))


class PlayScreen(PlayParts, Entity, Generic[S, A]):  # type: ignore[misc]
    """A game on the table (see the module), its board made by `game`; the actions go through
    `driver` (a lesson's when `lesson`, else the game's free driver unless given)."""

    def __init__(
        self,
        game: TableGame[S, A],
        session: Session[S],
        save_path: Path | None = None,
        shot_path: Path | None = None,
        driver: Driver[S, A] | None = None,
        lesson: LessonMode | None = None,
        elsewhere: Collection[int] = (),
    ) -> None:
        super().__init__(name=f"{game.rules.name}-play")
        self.game = game
        self.lesson = lesson
        self.elsewhere = frozenset(elsewhere)
        """The seats played on other screens (across computers)."""
        self.use_session(session, save_path, game.saver, shot_path)
        self.driver: Driver[S, A] = (
            lesson.driver if lesson is not None else driver or game.free(session)
        )
        self.board = game.board(self)
        self.view, self.rig, self.hud = self.board.view, self.board.rig, self.board.hud
        if self.view.sun is not None:
            invoke(self.view.sun.update_bounds, delay=SHADOW_FIT_DELAY)
        self.hud.bots = session.bots
        self.bots = TableBots(self, session.bots)
        self._announced: tuple[Session[S], int] | None = None
        self.on_pause: Callable[[], None] | None = None
        """What Esc opens when nothing is being built (the shell's pause card)."""
        session.subscribe(self._captioned)
        session.watch_saving(self.saving)
        self._captioned(session.state, [])
        self.enter_turn()
        self.board.start()

    @property
    def state(self) -> S:
        """The state of the game (an action being built is not in it until it is played)."""
        return self.driver.state

    def apply_settings(self, settings: Settings) -> None:
        """Animation speed, the bots' pace and the board's own settings, at once."""
        self.view.tweens.speed = settings.animation_speed
        self.bots.pace = settings.bot_pace
        self.board.use_settings(settings)

    def recover(self) -> None:
        """After an unexpected fault: drop what was being built and show the last good state."""
        self.board.drop()
        self.board.show(self.state)
        self.enter_turn()

    @property
    def resting(self) -> bool:
        """Whether no action shows now: nothing moves, nothing flies, no landing shows."""
        board = self.board
        return not (self.view.tweens.busy or board.waits or board.landing)

    @property
    def in_flight(self) -> bool:
        """Whether an action shows before it is played (a flight)."""
        return bool(self.board.waits)

    def plays_here(self, seat: int) -> bool:
        """Whether a person at this screen plays `seat`: no bot holds it, nor another screen."""
        return seat not in self.session.bots and seat not in self.elsewhere

    def person_acts(self) -> bool:
        """Whether a person may act now: the game goes on, the seat to act is no bot's (nor a
        seat played elsewhere), nothing is in the air and no lesson's goal is reached."""
        seat = self.game.rules.to_act(self.state)
        if seat is None or seat in self.bots.bots or self.board.waits:
            return False
        return not self.lesson_done()

    # ----- playing -----------------------------------------------------------------------------

    def submit(self, action: A) -> bool:
        """Play `action` (a person's or a bot's), once the board has shown it if it shows it
        first (a knight's flight); whether it was played or is being shown."""
        shown = self.board.prepare(action, self.apply)
        if isinstance(shown, Exception):
            self.refuse(shown)
            return False
        return shown or self.apply(action)

    def apply(self, action: A) -> bool:
        """Play `action` through the driver (a lesson hears of it): the board animates what
        happened, or shows why it was refused."""
        before = self.state
        try:
            events = self.driver.act(action)
        except (Refused, self.game.rules.refusal) as refusal:
            self.refuse(refusal)
            played = False
        else:
            self.hud.clear_refusal()
            self.board.played(before, action, self.state, events)
            self.enter_turn()
            played = True
        if self.lesson is not None:
            self.lesson.after(played)
        return played

    def refuse(self, refusal: Exception) -> None:
        """Show the reason in words and mark the places at fault (a lesson's sentence too)."""
        self.board.refused(refusal)
        if self.lesson is not None:
            self.lesson.refuse(refusal)

    def undo(self) -> None:
        """Take back a step of the action being built, or the last action (a bot's with it,
        back to the last one a person played)."""
        if self.bots.to_act is not None and self.game.rules.to_act(self.state) is not None:
            return
        if not self.board.may_undo() or self.board.take_back():
            return
        self.board.drop()
        self.take_back(self.taken_back)

    def taken_back(self) -> None:
        """The table as undo left it."""
        self.board.show(self.state)

    def redo(self) -> None:
        """Make a step of the action being built again, or play again the action last taken
        back (Y)."""
        if self.bots.to_act is not None:
            return
        stepped, made = self.board.step_again()
        if stepped:
            if isinstance(made, Exception):
                self.refuse(made)
            elif made is not None:
                self.submit(made)
                self.hud.message(_("Redone."))
            return
        self.board.drop()
        before = self.state
        events = self.driver.redo()
        if events is None:
            self.hud.message(_("Nothing to redo."), bad=True)
            return
        self.board.played(before, None, self.state, events)
        self.enter_turn()
        self.hud.message(_("Redone."))

    # ----- what the HUD says -----------------------------------------------------------------

    def enter_turn(self) -> None:
        """Redraw the HUD for the turn as it stands (once a lesson's goal is reached, what to
        do now)."""
        self.board.show_turn()
        if self.lesson_done():
            self.hud.message(_(DONE))

    def hand_over(self, turn: int, seat: int) -> bool:
        """A person's turn (`turn`, the table's count in the session shown) begins: a banner
        (none once a lesson is done: it ends with the learner's turn; none across computers,
        where the table says whose screen acts). Whether the turn is new to the screen."""
        if self._announced == (self.session, turn):
            return False
        self._announced = (self.session, turn)
        if self.bots.announce and not self.lesson_done():
            player = self.board.player_name(seat)
            self.hud.announce(say(N_("{player}'s turn"), player=player), self.board.colours[seat])
        return True

    def _captioned(self, state: S, events: list[Any]) -> None:
        self.show_recent(self.board.caption)

    def end_line(self) -> str:
        """How the game ended, for the end card."""
        return self.board.end_line()

    # ----- frames and keys ---------------------------------------------------------------------

    def update(self) -> None:
        made = self.board.frame()
        if made is not None:
            self.submit(made)

    def input(self, key: str) -> None:
        if key == UNDO_KEY:
            self.undo()
        elif key == REDO_KEY:
            self.redo()
        elif key == SHOT_KEY:
            self.picture()
        elif key == "escape":
            if not self.board.escape() and self.on_pause is not None:
                self.on_pause()
        else:
            if key == HURRY_KEY:
                self.bots.hurry()
            made = self.board.press(key)
            if isinstance(made, Exception):
                self.refuse(made)
            elif made is not None:
                self.submit(made)
