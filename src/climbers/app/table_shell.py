"""The one shell of a game with a new-game screen, a game, replays, lessons and a demo: the way
through its table, shared by every such game (Clamber, Burg Klettermax).

A game gives its own parts as a `TableKit` (its screens, its set-up and sessions, its saved
games, clips and rules); `TableShell` runs them on one screen machine with the transitions of
SCREENS, with F1 rules, F4 settings and the pause card over whatever shows. The registry's
`table=` names the game's `shell` function, which builds a `TableShell` of its kit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from ursina import Entity, application

from climbers.app.clips.recorder import Recorder
from climbers.app.clips.reel import SavedGameClips
from climbers.app.game_shell import HELP_KEY, GameShell
from climbers.app.network_table import NetworkTable
from climbers.app.screen_machine import ScreenMachine
from climbers.app.screens.demo_loop import DemoGames
from climbers.app.screens.new_game_card import MenuWays, NewGameCard
from climbers.app.screens.play_screen import TableGame
from climbers.app.screens.replay_screen import ReplayScreen
from climbers.app.screens.roles import Ending, PlayingScreen
from climbers.app.screens.rules_overlay import RulesOverlay, Topic
from climbers.app.settings import Settings
from climbers.games.registry import game
from climbers.io.folders import typed_file
from climbers.io.language import _
from climbers.net.hosted import OPEN
from climbers.net.remote_driver import RemoteDriver
from climbers.session.autosave import Autosave
from climbers.session.lessons import Course
from climbers.session.saved_games import SavedGameProblem, SavedGames
from climbers.session.session import Session

SCREENS: dict[str, tuple[str, ...]] = {
    "Off": ("Menu", "Play", "Replay", "Demo", "Lesson"),
    "Menu": ("Menu", "Play", "Replay", "Demo", "Lesson"),
    "Play": ("Menu", "Play", "Lesson"),
    "Replay": ("Menu", "Play", "Replay", "Lesson", "Clip"),
    "Clip": ("Replay", "Menu"),
    "Demo": ("Menu", "Demo"),
    "Lesson": ("Menu", "Lesson", "Play"),
}
"""The screens, and for each the screens a player can go to from it."""

Setup = TypeVar("Setup")
Saved = TypeVar("Saved")
State = TypeVar("State", bound=Ending)
"""The game's state."""


@dataclass(frozen=True)
class TableKit(Generic[Setup, Saved, State]):
    """What a game brings to the shared shell: everything else is the shell's.

    `menu` builds the new-game screen from the shell's callbacks (`on_open` is offered only when
    the game opens saved files typed there, `opens_files`); `table` plays its games and lessons,
    `replay` and `demo` build its other screens; `new_session(setup)` starts a game and
    `setup_of(session)` says the set-up of a game continued; `replay_problem(saved, where)`
    says in one line why a saved game cannot be replayed (None: it can)."""

    name: str
    title: str
    """The game's name, marked for translation (its text is translated where shown)."""
    settings_only: tuple[str, ...]
    default_setup: Callable[[], Setup]
    new_session: Callable[[Setup], Session[State]]
    setup_of: Callable[[Session[State]], Setup]
    saved: SavedGames[Any]
    replay_problem: Callable[[Saved, Path | None], str | None]
    clips: SavedGameClips
    topics: Callable[[], Sequence[Topic]]
    course: Callable[[], Course]
    menu: Callable[..., NewGameCard]
    end_card: Callable[..., Entity]
    table: TableGame[State, Any]
    """The game on the play screen: its free games and its lessons."""
    replay: Callable[..., ReplayScreen[State]]
    demo: DemoGames
    seat_name: Callable[[int], str]
    """The game's name for a seat ('Blue'), in the current language."""
    opens_files: bool = False
    end_delay: float = 1.2
    rematch: Callable[[Setup], Setup] | None = None
    """The set-up of Play again (None: the same)."""
    topic: Callable[[State], str | None] | None = None
    """The rules topic of the moment in a state of the game (F1 opens at it)."""

    @property
    def autosave(self) -> Autosave:
        """Where the game's last game is kept."""
        return self.saved.autosave


class TableShell(NetworkTable, GameShell[Setup, State], Generic[Setup, Saved, State]):
    """Owns whichever screen of one game's table is showing; survives clearing the scene."""

    kit: TableKit[Setup, Saved, State]

    def __init__(
        self,
        kit: TableKit[Setup, Saved, State],
        settings: Settings | None = None,
        setup: Setup | None = None,
        save_path: Path | None = None,
        shot_path: Path | None = None,
        on_games: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(
            f"{kit.name}-shell",
            setup if setup is not None else last_setup(kit),
            settings,
            save_path,
            shot_path,
            on_games,
        )
        self.kit = kit
        self.settings_only = kit.settings_only
        self.end_delay = kit.end_delay
        self.course_type = kit.course
        self.lesson_screen_type = kit.table.teach
        self.demo_games = kit.demo
        builders: dict[str, Callable[..., Any]] = {
            "Menu": self._menu_screen,
            "Replay": self._replay_screen,
            "Clip": Recorder,
            "Demo": self._demo_screen,
            "Lesson": self._lesson_screen,
        }
        builders = {name: self.off_network(build) for name, build in builders.items()}
        builders["Play"] = self._play_screen
        self.screens = ScreenMachine(f"{kit.name}-screens", builders, SCREENS, self._clear)
        self.help = RulesOverlay(on_lesson=self.show_lessons)

    @property
    def play(self) -> PlayingScreen[State] | None:
        """The game being played, when it shows."""
        return cast(PlayingScreen[State] | None, self._showing("Play"))

    @property
    def menu(self) -> NewGameCard | None:
        """The new-game screen, when it shows."""
        return cast(NewGameCard | None, self._showing("Menu"))

    # -- across computers (climbers.app.network_table) -----------------------------------------

    @property
    def game_name(self) -> str:
        return self.kit.name

    def seat_name(self, seat: int) -> str:
        return self.kit.seat_name(seat)

    def hosted_start(self, menu: Any) -> tuple[State, list[str]] | None:
        try:
            session = self.kit.new_session(menu.setup)
        except ValueError as exc:
            menu.problem.text = str(exc)
            return None
        players = len(game(self.kit.name).rules.ranking(session.start))
        return session.start, [session.bots.get(seat, OPEN) for seat in range(players)]

    def network_screen(self, driver: RemoteDriver, elsewhere: list[int]) -> PlayingScreen[State]:
        return self.kit.table.play(
            driver.session,
            save_path=None,
            shot_path=self.shot_path,
            driver=driver,
            elsewhere=elsewhere,
        )

    def _menu_screen(self) -> NewGameCard:
        left = self.kit.saved.last()
        going_on = left is not None and not finished(left)
        over = left is not None and not going_on
        ways = MenuWays(
            settings=self.show_settings,
            resume=self.resume if going_on else None,
            replay=(lambda: self.show_replay(left)) if left is not None and over else None,
            demo=self.kept(self.start_demo),
            learn=self.kept(self.show_lessons),
            rules=lambda: self.input(HELP_KEY),
            quit=application.quit,
            games=self.on_games,
            open=self.open_file if self.kit.opens_files else None,
        )
        menu = self.kit.menu(
            on_start=lambda setup: self.start_or_ask(going_on, lambda: self.begin(setup)),
            setup=self.setup,
            ways=ways,
        )
        self.offer_hosting(menu)
        return menu

    def kept(self, go: Callable[[], object]) -> Callable[[], None]:
        """`go` from the new-game screen, its choices kept for when it shows again (after the
        demo or a lesson)."""

        def keeping() -> None:
            self.keep_choices()
            go()

        return keeping

    def play_again(self) -> None:
        """A new game with the same players and options (the game may swap who begins); after
        a game across computers, the new-game screen (to host or join again)."""
        if self.network is not None:
            self.show_menu()
            return
        rematch = self.kit.rematch
        self.begin(rematch(self.setup) if rematch is not None else self.setup)

    def begin(self, setup: Setup) -> PlayingScreen[State]:
        """Start a new game as `setup` chooses."""
        return self.start(self.kit.new_session(setup))

    def start(self, session: Session[State], saved: bool = True) -> PlayingScreen[State]:
        """Play `session` (a new game or one continued with its history), saved after every
        action unless `saved` is False (a position that is not a game from its start, such as
        the frame-rate probe's)."""
        self.setup = self.kit.setup_of(session)
        self.screens.go("Play", session, saved)
        self._show_end()
        assert self.play is not None
        return self.play

    def _play_screen(self, session: Session[State], saved: bool = True) -> PlayingScreen[State]:
        network = self.network_play(session)
        if network is not None:
            return cast(PlayingScreen[State], network)
        session.forget_listeners()
        autosave = self.kit.autosave
        save_path = (self.save_path or autosave.claim()) if saved else None
        play = self.kit.table.play(session, save_path=save_path, shot_path=self.shot_path)
        play.apply_settings(self.settings)
        play.on_pause = self.pause
        session.subscribe(self._on_change)
        note = None if self.save_path or not saved else autosave.second_copy_note(_(self.kit.title))
        if note is not None:
            self.notice.show_text(note)
        return play

    def resume(self) -> None:
        """Continue the last game (menu: Continue last game); a bad file is named in one line."""
        try:
            session = self.kit.saved.open(self.kit.autosave.last_path())
        except SavedGameProblem as exc:
            self._menu_problem(str(exc))
            return
        self.start(session)

    def open_file(self, typed: str) -> None:
        """Open the saved game at the path typed on the new-game screen as a replay from its
        start; a file that cannot be used is named there in one line."""
        path = typed_file(typed)
        try:
            saved = self.kit.saved.read(path)
        except SavedGameProblem as exc:
            self._menu_problem(str(exc))
            return
        self.show_replay(saved, where=path)

    def _menu_problem(self, line: str) -> None:
        if self.menu is not None:
            self.menu.problem.text = line

    def show_replay(self, saved: Saved, index: int = 0, where: Path | None = None) -> None:
        """Clear the table and step through a saved game (from action `index`); a game whose
        actions do not fit is named on the new-game screen instead, with the file it came from
        (`where`; default: the last game's)."""
        problem = self.kit.replay_problem(saved, where)
        if problem is not None:
            self._menu_problem(problem)
            return
        self.screens.go("Replay", saved, index)

    def _replay_screen(
        self, saved: Saved, index: int, clip_range: tuple[int, int] | None = None
    ) -> ReplayScreen[State]:
        """The replay of `saved` at action `index` (a clip of it would show `clip_range`, by
        default the whole game)."""

        def clip(first: int, last: int) -> None:
            back = (saved, replay.driver.index, replay.clip_range)
            reel = self.kit.clips.replay(saved, date.today())
            self.record_clip(reel, first, last, lambda: self.screens.go("Replay", *back))

        replay = self.kit.replay(saved, on_exit=self.show_menu, on_play=self.start, on_clip=clip)
        replay.apply_settings(self.settings)
        replay.clip_range = clip_range or replay.clip_range
        replay.jump(index)
        return replay

    def update(self) -> None:
        super().update()
        self.poll_joining()

    def close(self) -> None:
        self.end_network()
        super().close()

    def end_card(self, state: State) -> Entity:
        return self.kit.end_card(state, on_again=self.play_again, on_menu=self.show_menu)

    def save_to(self, path: Path) -> Callable[[Session[State]], None]:
        return self.kit.saved.saver(path)

    def rules(self) -> Sequence[Topic]:
        return self.kit.topics()

    def rules_topic(self) -> str | None:
        table = self.play or self.lesson
        if table is None or self.kit.topic is None:
            return None
        return self.kit.topic(table.state)


def finished(saved: Any) -> bool:
    """Whether a saved game has ended (or cannot be continued)."""
    try:
        return bool(saved.session().state.over)
    except ValueError:
        return True


def last_setup(kit: TableKit[Setup, Saved, State]) -> Setup:
    """The players and options of the last game (so a relaunch offers them again as a return
    to the menu does), else the game's defaults."""
    left = kit.saved.last()
    if left is not None:
        try:
            return kit.setup_of(left.session())
        except ValueError:
            pass  # a game that cannot be continued: the defaults
    return kit.default_setup()
