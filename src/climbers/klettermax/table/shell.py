"""The way through Burg Klettermax's table: the new-game screen, the game, its end card and
back, with F1 rules, F4 settings and the pause card over whatever shows; the host finds this
shell through the game's registry entry (`table=`)."""

from __future__ import annotations

import random
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
from climbers.io.language import N_, _
from climbers.io.messages import one_line
from climbers.klettermax.core import State
from climbers.klettermax.core.dice import SEED_MAX
from climbers.klettermax.game.session import (
    AUTOSAVE,
    KlettermaxSession,
    SavedGame,
    SavedGameProblem,
    last_game,
    open_saved,
    save_to,
)
from climbers.klettermax.game.setup import KlettermaxSetup
from climbers.klettermax.lessons import KlettermaxCourse
from climbers.klettermax.table.clip import CLIPS
from climbers.klettermax.table.demo_screen import DemoScreen
from climbers.klettermax.table.lesson_screen import LessonScreen
from climbers.klettermax.table.play_screen import PlayScreen
from climbers.klettermax.table.replay_screen import ReplayScreen
from climbers.klettermax.table.rules_text import Topic, topics
from climbers.klettermax.table.screens import EndCard, NewGameScreen

TITLE = N_("Burg Klettermax")
SETTINGS = ("fullscreen", "window_size", "animation_speed", "bot_pace")
"""The settings this table uses (besides the language)."""
SCREENS: dict[str, tuple[str, ...]] = {
    "Off": ("Menu", "Play", "Replay", "Demo", "Lesson"),
    "Menu": ("Menu", "Play", "Replay", "Demo", "Lesson"),
    "Play": ("Menu", "Play", "Lesson"),
    "Replay": ("Menu", "Play", "Replay", "Lesson", "Clip"),
    "Clip": ("Replay", "Menu"),
    "Demo": ("Menu", "Demo"),
    "Lesson": ("Menu", "Lesson", "Play"),
}


class KlettermaxShell(GameShell):
    """Owns whichever screen of Burg Klettermax's table is showing; survives clearing the
    scene."""

    settings_only = SETTINGS
    course_type = KlettermaxCourse
    lesson_screen_type = LessonScreen
    demo_screen_type = DemoScreen
    end_delay = 1.6
    """Seconds before the end card: the last flight and the loot can be seen."""

    def __init__(
        self,
        settings: Settings | None = None,
        setup: KlettermaxSetup | None = None,
        save_path: Path | None = None,
        shot_path: Path | None = None,
        on_games: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(name="klettermax-shell", eternal=True)
        self.settings = settings or load_settings()
        self.setup = setup or KlettermaxSetup()
        self.save_path = save_path
        self.shot_path = shot_path
        self.on_games = on_games
        builders = {
            "Menu": self._menu_screen,
            "Play": self._play_screen,
            "Replay": self._replay_screen,
            "Clip": Recorder,
            "Demo": self._demo_screen,
            "Lesson": self._lesson_screen,
        }
        self.screens = ScreenMachine("klettermax-screens", builders, SCREENS, self._clear)
        self.end: EndCard | None = None
        self.panel: SettingsPanel | None = None
        self.dialog: Entity | None = None
        self.course: KlettermaxCourse | None = None
        self.help = RulesOverlay(on_lesson=self.show_lessons)
        self.notice = Notice(eternal=True)

    @property
    def menu(self) -> NewGameScreen | None:
        return self._showing("Menu")  # type: ignore[no-any-return]

    @property
    def play(self) -> PlayScreen | None:
        return self._showing("Play")  # type: ignore[no-any-return]

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
            on_demo=lambda: self.start_demo(),
            on_learn=lambda: self.show_lessons(),
            on_rules=lambda: self.input(HELP_KEY),
            on_quit=application.quit,
            on_games=self.on_games,
        )

    def begin(self, setup: KlettermaxSetup) -> PlayScreen:
        """Start a new game as `setup` chooses, on a fresh deal."""
        setup = setup.model_copy(update={"seed": random.randint(0, SEED_MAX)})
        self.setup = setup
        return self.start(KlettermaxSession(setup.start(), bots=setup.bots()))

    def start(self, session: KlettermaxSession, saved: bool = True) -> PlayScreen:
        """Play `session` (a new game or one continued with its history), saved after every
        action unless `saved` is False (a position that is not a game from its start, such as
        the frame-rate probe's)."""
        self.setup = KlettermaxSetup.seated_as(session.start, session.bots)
        self.screens.go("Play", session, saved)
        self._show_end()
        assert self.play is not None
        return self.play

    def _play_screen(self, session: KlettermaxSession, saved: bool = True) -> PlayScreen:
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
        """Continue the last game; a bad file is named in one line."""
        try:
            session = open_saved(AUTOSAVE.last_path())
        except SavedGameProblem as exc:
            if self.menu is not None:
                self.menu.problem.text = str(exc)
            return
        self.start(session)

    @property
    def replay(self) -> ReplayScreen | None:
        return self._showing("Replay")  # type: ignore[no-any-return]

    def show_replay(self, saved: SavedGame, index: int = 0) -> None:
        """Clear the table and step through a saved game (from action `index`); a game whose
        actions do not fit is named on the new-game screen instead."""
        try:
            saved.session()
        except ValueError as exc:
            if self.menu is not None:
                self.menu.problem.text = one_line(str(exc))
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


    def end_card(self, state: State) -> EndCard:
        return EndCard(state, on_again=self.play_again, on_menu=self.show_menu)

    def save_to(self, path: Path) -> Callable[[KlettermaxSession], None]:
        return save_to(path)

    def rules(self) -> list[Topic]:
        return topics()


def finished(saved: SavedGame) -> bool:
    """Whether a saved game has ended (or cannot be continued)."""
    try:
        return saved.session().state.over
    except ValueError:
        return True
