"""The way through Clamber's table: the new-game screen, the game, its end card and back, replays
of saved and finished games, the demo, with F1 rules, F4 settings and the pause card over
whatever shows; the host finds this shell through
Clamber's registry entry (`table=`).

The screens are the states of one machine (climbers.app.screen_machine) with the transitions
declared in SCREENS: one screen shows at a time, and settings and the language reach it through
its `apply_settings` and `again`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from ursina import Entity, application

from climbers.app.clips.recorder import Recorder
from climbers.app.game_shell import HELP_KEY, GameShell
from climbers.app.panels.canvas import Notice
from climbers.app.screen_machine import ScreenMachine
from climbers.app.screens.rules_overlay import RulesOverlay
from climbers.app.screens.settings_panel import SettingsPanel
from climbers.app.settings import Settings, load_settings
from climbers.clamber.core import ClamberRefusal, ClamberState
from climbers.clamber.game.session import (
    AUTOSAVE,
    ClamberSession,
    SavedGame,
    SavedGameProblem,
    UnfitTurn,
    last_game,
    open_saved,
    read_saved,
    save_to,
)
from climbers.clamber.game.setup import ClamberSetup
from climbers.clamber.lessons import ClamberCourse
from climbers.clamber.table.clip import CLIPS
from climbers.clamber.table.demo_screen import DemoScreen
from climbers.clamber.table.lesson_screen import LessonScreen
from climbers.clamber.table.play_screen import PlayScreen
from climbers.clamber.table.replay_screen import ReplayScreen
from climbers.clamber.table.rules_text import Topic, topics
from climbers.clamber.table.screens import EndCard, NewGameScreen
from climbers.clamber.table.words import refusal_sentence
from climbers.io.folders import home_path
from climbers.io.language import N_, _, say

UNFIT = N_("turn {number} ({turn}) cannot be played there: {reason}")
"""A saved game's turn that does not fit, as the new-game screen says it."""
TITLE = N_("Clamber")
SETTINGS = ("fullscreen", "window_size", "animation_speed", "bot_pace")
"""The settings Clamber's table uses (besides the language): no colour symbols, grid lines,
sound or answers to pass in this game."""
SCREENS: dict[str, tuple[str, ...]] = {
    "Off": ("Menu", "Play", "Replay", "Demo", "Lesson"),
    "Menu": ("Menu", "Play", "Replay", "Demo", "Lesson"),
    "Play": ("Menu", "Play", "Lesson"),
    "Replay": ("Menu", "Play", "Replay", "Lesson", "Clip"),
    "Clip": ("Replay", "Menu"),
    "Demo": ("Menu", "Demo"),
    "Lesson": ("Menu", "Lesson"),
}
"""The screens, and for each the screens a player can go to from it."""


class ClamberShell(GameShell):
    """Owns whichever screen of Clamber's table is showing; survives clearing the scene."""

    settings_only = SETTINGS
    course_type = ClamberCourse
    lesson_screen_type = LessonScreen
    demo_screen_type = DemoScreen

    def __init__(
        self,
        settings: Settings | None = None,
        setup: ClamberSetup | None = None,
        save_path: Path | None = None,
        shot_path: Path | None = None,
        on_games: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(name="clamber-shell", eternal=True)
        self.settings = settings or load_settings()
        self.setup = setup or ClamberSetup()
        self.save_path = save_path
        """Where games are saved after every turn; None: the autosave file."""
        self.shot_path = shot_path
        self.on_games = on_games
        """Back to the choice of game (the menu's All games button), when the table has one."""
        builders = {
            "Menu": self._menu_screen,
            "Play": self._play_screen,
            "Replay": self._replay_screen,
            "Clip": Recorder,
            "Demo": self._demo_screen,
            "Lesson": self._lesson_screen,
        }
        self.screens = ScreenMachine("clamber-screens", builders, SCREENS, self._clear)
        self.end: EndCard | None = None
        self.panel: SettingsPanel | None = None
        self.dialog: Entity | None = None
        self.help = RulesOverlay(on_lesson=self.show_lessons)
        self.notice = Notice(eternal=True)
        self.course: ClamberCourse | None = None

    @property
    def menu(self) -> NewGameScreen | None:
        """The new-game screen, when it shows."""
        return self._showing("Menu")  # type: ignore[no-any-return]

    @property
    def play(self) -> PlayScreen | None:
        """The game being played, when it shows."""
        return self._showing("Play")  # type: ignore[no-any-return]

    # -- screens --------------------------------------------------------------------------

    def _menu_screen(self) -> NewGameScreen:
        left = last_game()
        going_on = left is not None and not finished(left)
        over = left is not None and not going_on
        return NewGameScreen(
            on_start=self.begin,
            setup=self.setup,
            on_settings=self.show_settings,
            on_resume=self.resume if going_on else None,
            on_replay=(lambda: self.show_replay(left)) if left is not None and over else None,
            on_open=self.open_file,
            on_demo=lambda: self.start_demo(),
            on_learn=lambda: self.show_lessons(),
            on_rules=lambda: self.input(HELP_KEY),
            on_quit=application.quit,
            on_games=self.on_games,
        )

    def begin(self, setup: ClamberSetup) -> PlayScreen:
        """Start a new game as `setup` chooses."""
        self.setup = setup
        return self.start(ClamberSession(setup.start(), bots=setup.bots()))

    def start(self, session: ClamberSession, saved: bool = True) -> PlayScreen:
        """Play `session` (a new game or one continued with its history), saved after every
        turn unless `saved` is False (a position that is not a game from its start, such as
        the frame-rate probe's)."""
        self.setup = ClamberSetup.seated_as(session.start.size, session.bots)
        self.screens.go("Play", session, saved)
        self._show_end()
        assert self.play is not None
        return self.play

    def _play_screen(self, session: ClamberSession, saved: bool = True) -> PlayScreen:
        session.forget_listeners()
        save_path = (self.save_path or AUTOSAVE.claim()) if saved else None
        play = PlayScreen(session, save_path=save_path, shot_path=self.shot_path)
        play.apply_settings(self.settings)
        play.on_pause = self.pause
        session.subscribe(self._on_change)
        note = None if self.save_path or not saved else AUTOSAVE.second_copy_note(_(TITLE))
        if note is not None:
            self.notice.show_text(note)
        return play

    def resume(self) -> None:
        """Continue the last game (menu: Continue last game); a bad file is named in one line."""
        try:
            session = open_saved(AUTOSAVE.last_path())
        except SavedGameProblem as exc:
            if self.menu is not None:
                self.menu.problem.text = str(exc)
            return
        self.start(session)

    def open_file(self, typed: str) -> None:
        """Open the saved game at the path typed on the new-game screen as a replay from its
        start; a file that cannot be used is named there in one line."""
        path = home_path(typed)
        try:
            saved = read_saved(path)
        except SavedGameProblem as exc:
            self._menu_problem(str(exc))
            return
        self.show_replay(saved, where=path)

    def _menu_problem(self, line: str) -> None:
        if self.menu is not None:
            self.menu.problem.text = line

    def show_replay(self, saved: SavedGame, index: int = 0, where: Path | None = None) -> None:
        """Clear the table and step through a saved game (from turn `index`); a game whose
        turns do not fit is named on the new-game screen instead, with the file it came from
        (`where`; default: the last game's)."""
        try:
            saved.session()
        except UnfitTurn as exc:
            problem = say(UNFIT, number=exc.number, turn=exc.text, reason=reason_of(exc.problem))
            self._menu_problem(str(SavedGameProblem(where or AUTOSAVE.last_path(), problem)))
            return
        self.screens.go("Replay", saved, index)

    def _replay_screen(self, saved: SavedGame, index: int) -> ReplayScreen:
        def clip(first: int, last: int) -> None:
            back = (saved, replay.driver.index)
            reel = CLIPS.replay(saved, date.today())
            self.record_clip(reel, first, last, lambda: self.show_replay(*back))

        replay = ReplayScreen(saved, on_exit=self.show_menu, on_play=self.start, on_clip=clip)
        replay.apply_settings(self.settings)
        replay.jump(index)
        return replay


    def rules(self) -> list[Topic]:
        return topics()

    def end_card(self, state: ClamberState) -> EndCard:
        return EndCard(state, on_again=self.play_again, on_menu=self.show_menu)

    def save_to(self, path: Path) -> Callable[[ClamberSession], None]:
        return save_to(path)


def reason_of(problem: Exception) -> str:
    """Why a saved turn does not fit: the rules' refusal in players' words, else the reader's
    line (a turn that is not a turn)."""
    if isinstance(problem, ClamberRefusal):
        return refusal_sentence(problem)
    return str(problem)


def finished(saved: SavedGame) -> bool:
    """Whether a saved game has ended (or cannot be continued)."""
    try:
        return saved.session().state.over
    except ValueError:
        return True
