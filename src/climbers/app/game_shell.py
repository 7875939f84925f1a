"""What every game's shell (its table in the window) shares: the pause card over a game, the
settings panel and the change of language it may bring, saying whether the game is saved,
recovering after a fault and closing.

A game's shell subclasses `GameShell`: it sets `settings`, `screens` (its screen machine, whose
screens answer `apply_settings`), `notice` and `help`, names its saver (`save_to`) and the
settings rows it uses (`settings_only`), and says what `play` and `retell` are for its game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from ursina import Entity, application, camera, destroy, held_keys, invoke, window

from climbers.app.clips.recorder import Outcome, window_job
from climbers.app.clips.reel import Reel
from climbers.app.panels.canvas import Notice
from climbers.app.panels.widgets import TextBox, button
from climbers.app.screen_machine import Screen, ScreenMachine
from climbers.app.screens.ask_card import AskCard
from climbers.app.screens.demo_loop import DemoGames, DemoLoop
from climbers.app.screens.pause_card import PauseCard
from climbers.app.screens.replay_screen import ReplayScreen
from climbers.app.screens.roles import (
    Ending,
    LessonScreen,
    MenuScreen,
    PlayingScreen,
)
from climbers.app.screens.rules_overlay import RulesOverlay, Topic
from climbers.app.screens.settings_panel import SettingsPanel
from climbers.app.settings import Settings, load_settings
from climbers.app.table.scene import clear_scene
from climbers.io.language import N_, _, current_language, use_language
from climbers.session.lessons import Course
from climbers.session.session import Session

HELP_KEY = "f1"
SETTINGS_KEY = "f4"
QUIT_KEY = "q"
"""With Ctrl: quit from any screen."""
LOOK_Y, LOOK_WIDTH = 0.44, 0.34
"""Where the end card's Look at the board (and then Show the result) stands, at the top."""
REPLACE_ASK = N_(
    "Your last game is not finished. A new game takes its place: the last game can no longer "
    "be continued."
)
Setup = TypeVar("Setup")
"""A game's set-up on its new-game screen."""
State = TypeVar("State", bound=Ending)
"""A game's state."""


class GameShell(Entity, Generic[Setup, State]):  # type: ignore[misc]
    """The parts of a game's shell that are the same for every game, generic in the game's
    set-up and state."""

    settings_only: tuple[str, ...] | None = None
    """The settings rows the game uses besides the language (None: every row)."""
    settings: Settings
    screens: ScreenMachine
    notice: Notice
    help: RulesOverlay
    dialog: Entity | None
    panel: SettingsPanel | None
    end: Entity | None

    def __init__(
        self,
        name: str,
        setup: Setup,
        settings: Settings | None = None,
        save_path: Path | None = None,
        shot_path: Path | None = None,
        on_games: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(name=name, eternal=True)
        self.settings = settings or load_settings()
        self.setup = setup
        self.save_path = save_path
        """Where games are saved after every action; None: the autosave file."""
        self.shot_path = shot_path
        self.on_games = on_games
        """Back to the choice of game (the menu's All games button), when the table has one."""
        self.end = self.panel = self.dialog = None
        self.notice = Notice(eternal=True)

    @property
    def play(self) -> PlayingScreen[State] | None:
        """The game being played, when it shows."""
        raise NotImplementedError

    def save_to(self, path: Path) -> Callable[[Session[State]], None]:
        """The game's saver writing to `path` (the pause card's Save as)."""
        raise NotImplementedError

    def retell(self) -> None:
        """Show everything again in the current language: the screen showing is built anew as
        it is now (a game keeps its whole history), with the end card, the settings panel and
        the rules over it as they were."""
        rules_open, panel_open = self.help.enabled, self.panel is not None
        self.keep_choices()
        self.screens.again()
        self._show_end()
        if panel_open:
            self.show_settings()
        if rules_open:
            self.input(HELP_KEY)

    def keep_choices(self) -> None:
        """Keep the new-game screen's choices, when it shows, for when it shows again (a form
        not filled in right keeps the last good ones)."""
        if self.menu is not None:
            with suppress(ValueError):
                self.setup = self.menu.setup

    def game_saved(self) -> bool:
        """Whether the game on the table is on disk as it stands (its last save succeeded)."""
        return self.play is not None and bool(self.play.session.saved)

    def pause(self) -> None:
        """Esc during a game or a lesson: the pause card over it (Esc again, or Resume, closes
        it); a game's card can also save it."""
        play = self.play
        if not self.pauses():
            return
        if self.dialog is not None or self.end is not None:
            return

        def save(path: Path) -> None:
            assert play is not None
            self.save_to(path)(play.session)

        self.dialog = PauseCard(
            on_resume=self._close_dialog,
            on_rules=self._after_pause(lambda: self.input(HELP_KEY)),
            on_settings=self._after_pause(self.show_settings),
            save=save if play is not None and self.saves_play() else None,
            on_menu=self.show_menu,
            on_quit=application.quit,
        )

    def pauses(self) -> bool:
        """Whether what shows pauses at Esc: a game or a lesson."""
        return self.play is not None or self.lesson is not None

    def saves_play(self) -> bool:
        """Whether the pause card may save the game being played as a file."""
        return True

    def resume(self) -> None:
        """Continue the last game (the game says how)."""
        raise NotImplementedError

    def start_or_ask(self, unfinished: bool, start: Callable[[], object]) -> None:
        """Start a new game from the new-game screen; when the last game is `unfinished`, first
        ask: continue it, start the new one anyway (it takes the last game's place), or go
        back."""
        if not unfinished:
            start()
            return
        self.dialog = AskCard(
            _(REPLACE_ASK),
            [
                (_("Continue last game"), self._after_pause(self.resume)),
                (_("Start new game"), self._after_pause(start)),
                (_("Cancel"), self._close_dialog),
            ],
        )

    def _after_pause(self, then: Callable[[], object]) -> Callable[[], None]:
        def go() -> None:
            self._close_dialog()
            then()

        return go

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            destroy(self.dialog)
        self.dialog = None

    def show_settings(self) -> None:
        """Open the settings panel over whatever is showing."""
        if self.panel is not None:
            destroy(self.panel)
        self.panel = SettingsPanel(
            self.settings,
            on_change=self.apply_settings,
            on_close=self._close_settings,
            only=self.settings_only,
        )

    def _close_settings(self) -> None:
        if self.panel is not None:
            destroy(self.panel)
        self.panel = None

    def apply_settings(self, settings: Settings) -> None:
        """Use changed settings at once where that is possible (window size: next start): a
        new language shows every screen anew, other settings go to the screen showing."""
        self.settings = settings
        if settings.language is not None and settings.language != current_language():
            use_language(settings.language)
            self.retell()
            return
        window.fullscreen = settings.fullscreen
        if self.screens.screen is not None:
            self.screens.screen.apply_settings(settings)

    # -- what a shell of a menu and a play screen shares (a game with more screens, such as
    # -- The Climbers', says its own)

    end_delay: float = 1.2
    """Seconds between the last action and the end card, so the last animation can be seen."""
    setup: Setup
    """The game's set-up on the new-game screen (players, options)."""

    def _showing(self, state: str) -> Screen | None:
        """The screen of `state` when it shows, else None (its role is what the machine
        builds for that state)."""
        return self.screens.screen if self.screens.current == state else None

    @property
    def menu(self) -> MenuScreen[Setup] | None:
        """The new-game screen, when it shows."""
        return cast(MenuScreen[Setup] | None, self._showing("Menu"))

    @property
    def replay(self) -> ReplayScreen[State] | None:
        """The replay, when it shows."""
        return cast(ReplayScreen[State] | None, self._showing("Replay"))

    @property
    def lesson(self) -> LessonScreen[State] | None:
        """The lesson being taken, when it shows."""
        return cast(LessonScreen[State] | None, self._showing("Lesson"))

    def show_menu(self) -> None:
        """Clear the table and show the new-game screen."""
        self.screens.go("Menu")

    def begin(self, setup: Setup) -> object:
        """A new game of `setup` on the table (the game says how)."""
        raise NotImplementedError

    def play_again(self) -> None:
        """A new game with the same players and options."""
        self.begin(self.setup)

    def end_card(self, state: State) -> Entity:
        """The game's end card over a finished game (the game says how)."""
        raise NotImplementedError

    def _on_change(self, state: State, events: list[Any]) -> None:
        """After every action of the game on the table: its end card once it is over."""
        if state.over and self.end is None:
            invoke(self._show_end, delay=self.end_delay / self.settings.animation_speed)

    def _show_end(self) -> None:
        play = self.play
        if play is None or not play.state.over or self.end is not None:
            return
        self.end = self.end_card(play.state)
        self.offer_look(self.end)

    def offer_look(self, card: Entity) -> None:
        """The end card's way to the finished board: a button over it, and Esc."""
        self.result_button: Entity | None = None
        button(card, _("Look at the board (Esc)"), 0, LOOK_Y, self.look_at_board, LOOK_WIDTH)

    def look_at_board(self) -> None:
        """Put the end card aside: the finished board shows, and can be turned and zoomed;
        Show the result (or Esc) brings the card back."""
        if self.end is None or not self.end.enabled:
            return
        self.end.enabled = False
        self.result_button = button(
            camera.ui, _("Show the result (Esc)"), 0, LOOK_Y, self.show_result, LOOK_WIDTH
        )

    def show_result(self) -> None:
        """The end card again, over the finished board."""
        if self.result_button is not None:
            destroy(self.result_button)
            self.result_button = None
        if self.end is not None:
            self.end.enabled = True

    def covered(self) -> bool:
        """Whether the settings, a dialog, the rules or the end card lie over the table (it
        then takes no input)."""
        end_open = self.end is not None and bool(self.end.enabled)
        return self.panel is not None or self.dialog is not None or end_open or self.help.enabled

    def rules(self) -> Sequence[Topic]:
        """The game's rules by topic for the F1 overlay, in the current language."""
        raise NotImplementedError

    def rules_topic(self) -> str | None:
        """The key of the topic F1 opens at: the one of the moment (None: the first)."""
        return None

    course_type: Callable[[], Course] | None = None
    """The game's lesson course (climbers.session.lessons), when it has lessons."""
    lesson_screen_type: Callable[..., LessonScreen[State]] | None = None
    """Its lesson screen: (course, on_open=, on_menu=)."""
    demo_games: DemoGames | None = None
    """Its part of the demo (climbers.app.screens.demo_loop)."""
    course: Course | None = None

    def rules_lessons(self) -> dict[str, str]:
        """The lessons the F1 overlay's topics may open (id -> title in the current language);
        none unless the game has lessons."""
        if self.course_type is None:
            return {}
        return {lesson.id: _(lesson.title) for lesson in self.course_type().lessons}

    def show_lessons(self, lesson_id: str | None = None) -> None:
        """Clear the table and open a lesson (default: the first not done yet)."""
        assert self.course_type is not None
        course = self.course = self.course_type()
        if lesson_id is None:
            left = [lesson.id for lesson in course.lessons if lesson.id not in course.completed]
            lesson_id = (left or [course.lessons[0].id])[0]
        self.screens.go("Lesson", lesson_id)

    def _lesson_screen(self, lesson_id: str, going_on: bool = False) -> LessonScreen[State]:
        """Lesson `lesson_id` from its start, or (`going_on`) as it stands."""
        assert self.course_type is not None and self.lesson_screen_type is not None
        course = self.course or self.course_type()
        course.play(lesson_id, going_on)
        lesson = self.lesson_screen_type(course, on_open=self.show_lessons, on_menu=self.show_menu)
        lesson.apply_settings(self.settings)
        lesson.on_pause = self.pause
        return lesson

    def start_demo(self, first_seed: int = 0, pace: float | None = None) -> None:
        """Bots play one game after another until a key or a click opens the new-game
        screen."""
        self.screens.go("Demo", first_seed, pace)

    def _demo_screen(self, first_seed: int, pace: float | None) -> DemoLoop:
        assert self.demo_games is not None
        return DemoLoop(
            self.demo_games,
            on_exit=self.show_menu,
            pace=self.settings.bot_pace if pace is None else pace,
            first_seed=first_seed,
            speed=self.settings.animation_speed,
        )

    def stop_demo(self) -> None:
        """A demo showing stops (whatever leaves it: a key, or another screen asked for)."""
        if isinstance(self.screens.screen, DemoLoop):
            self.screens.screen.stop()

    def close(self) -> None:
        """Clear the table and take the shell itself away (the program goes on without it)."""
        self._clear()
        for part in (self.notice, self):
            part.eternal = False
            destroy(part)

    def _clear(self) -> None:
        """Destroy every screen and piece on the table (the shell itself is eternal, and so is
        a demo until it stops)."""
        self.stop_demo()
        clear_scene()
        self.end = self.panel = self.dialog = None
        self.help = RulesOverlay(on_lesson=self.show_lessons if self.rules_lessons() else None)

    was_typing = False
    """Whether a box was being typed in at the last frame (its Enter is its own)."""

    def update(self) -> None:
        """While a dialog or the end card is open, the table underneath takes no input."""
        self.was_typing = TextBox.typing()
        held = self.covered()
        table = next((t for t in (self.play, self.replay, self.lesson) if t is not None), None)
        if table is not None and held != table.ignore_input:
            table.hold_input(held)

    def input(self, key: str) -> None:
        """Ctrl+Q quits, F1 opens or closes the rules, F4 the settings."""
        if key == QUIT_KEY and held_keys["control"]:
            application.quit()
        elif key == HELP_KEY:
            self.toggle_rules()
        elif key == SETTINGS_KEY and self.panel is None:
            self.show_settings()
        elif key == "escape":
            self.turn_end_card()
        elif key == "enter":
            self.enter_on_menu()

    def toggle_rules(self) -> None:
        """F1: the rules open at the topic of the moment, or closed when open."""
        if self.help.enabled:
            self.help.enabled = False
        else:
            self.help.show_topics(self.rules(), self.rules_lessons(), self.rules_topic())

    def enter_on_menu(self) -> None:
        """Enter on the new-game screen starts the game chosen (not while a box was being
        typed in, whose Enter it is, nor under a dialog)."""
        if self.menu is not None and not self.covered() and not self.was_typing:
            self.menu.start()

    def turn_end_card(self) -> None:
        """Esc with the end card up (and nothing over it): look at the board; again: the
        card."""
        if self.end is None or self.panel is not None or self.dialog is not None:
            return
        if self.help.enabled:
            return
        if self.end.enabled:
            self.look_at_board()
        else:
            self.show_result()

    def record_clip(self, reel: Reel, first: int, last: int, back: Callable[[], None]) -> None:
        """Write actions `first` to `last` of `reel` as an MP4 clip in the pictures folder (the
        game's "Clip" screen: a progress bar, Esc cancels), then go `back` and say in one line
        where the clip is, that it was cancelled, or why it could not be written."""

        def done(outcome: Outcome) -> None:
            back()
            self.notice.show_text(outcome.line, bad=not (outcome.written or outcome.cancelled))

        self.screens.go("Clip", reel, window_job(first, last), done)

    def recover(self, line: str) -> None:
        """After an unexpected fault: say so in one line and show the last good state again
        (the new-game screen when the fault came between two screens)."""
        self.notice.show_text(line)
        self.screens.recover("Menu")
