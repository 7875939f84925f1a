"""The way through The Climbers' table: menu, game, end card and back, lessons, puzzles, the
sandbox, replays, the demo and still pictures, with F1 rules and F4 settings over whatever shows.

The screens are the states of one machine (climbers.app.screen_machine) with the transitions
declared in SCREENS: one screen shows at a time, and settings and the language reach it through
its `apply_settings` and `again`."""

from __future__ import annotations

import datetime
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from ursina import (
    Entity,
    application,
)

from climbers.app.clips.recorder import Recorder
from climbers.app.clips.reel import Reel
from climbers.app.game_shell import GameShell
from climbers.app.network_table import NetworkTable
from climbers.app.panels.widgets import TextBox
from climbers.app.screen_machine import ScreenMachine
from climbers.app.screens.demo_loop import DemoLoop
from climbers.app.screens.new_game_card import MenuWays
from climbers.app.screens.replay_screen import ReplayScreen
from climbers.app.settings import Settings
from climbers.io.language import N_, _
from climbers.io.progress import Progress, load_progress
from climbers.net.hosted import OPEN
from climbers.net.remote_driver import RemoteDriver
from climbers.session.session import Session
from climbers.the_climbers.core import GameState
from climbers.the_climbers.game.autosave import (
    AUTOSAVE,
    last_game,
    resume_last,
    second_copy_note,
)
from climbers.the_climbers.game.demo import DEMO_BUDGET
from climbers.the_climbers.game.game_setup import GameSetup, Seat, build_game
from climbers.the_climbers.game.replay import replay as replay_of
from climbers.the_climbers.game.session import GameSession, save_to
from climbers.the_climbers.io import FileProblem, SavedGame
from climbers.the_climbers.io.words import player_label
from climbers.the_climbers.lessons import Course, LessonFileProblem
from climbers.the_climbers.puzzles import Puzzle, PuzzleFileError, load_puzzles
from climbers.the_climbers.table.board import replay as replay_board
from climbers.the_climbers.table.clip import CLIPS, FILM
from climbers.the_climbers.table.demo_view import demo_games
from climbers.the_climbers.table.lesson_mode import ClimbersLesson, lesson_list
from climbers.the_climbers.table.names import undrawn_name
from climbers.the_climbers.table.panels.pick_list import PickList
from climbers.the_climbers.table.puzzle_mode import PuzzleMode, PuzzleWays, puzzle_list
from climbers.the_climbers.table.screens.end_screen import EndScreen
from climbers.the_climbers.table.screens.help_overlay import HelpOverlay
from climbers.the_climbers.table.screens.new_game_screen import NewGameScreen
from climbers.the_climbers.table.screens.play_screen import PlayScreen
from climbers.the_climbers.table.screens.sandbox_screen import SandboxScreen
from climbers.the_climbers.table.screens.still_picture import StillPicture
from climbers.the_climbers.table.screens.table_screen import TableScreen, clear_scene

SCREENS: dict[str, tuple[str, ...]] = {
    "Off": ("Menu", "Play", "Lesson", "Puzzles", "Puzzle", "Sandbox", "Replay", "Demo", "Still"),
    "Menu": ("Menu", "Play", "Lesson", "Puzzles", "Puzzle", "Sandbox", "Replay", "Demo"),
    "Play": ("Menu", "Play", "Lesson"),
    "Lesson": ("Menu", "Lesson"),
    "Puzzles": ("Menu", "Puzzle"),
    "Puzzle": ("Menu", "Puzzle", "Clip"),
    "Sandbox": ("Menu", "Play", "Sandbox"),
    "Replay": ("Menu", "Play", "Clip"),
    "Clip": ("Replay", "Puzzle", "Menu"),
    "Demo": ("Menu",),
    "Still": (),
}
"""The screens, and for each the screens a player can go to from it."""


class Shell(NetworkTable, GameShell[GameSetup, GameState]):
    """Owns whichever screen is showing; survives clearing the scene between games. A game
    across computers is hosted and joined as at the other games' tables
    (climbers.app.network_table)."""

    def __init__(
        self,
        settings: Settings | None = None,
        setup: GameSetup | None = None,
        save_path: Path | None = None,
        shot_path: Path | None = None,
        on_games: Callable[[], None] | None = None,
    ) -> None:
        super().__init__("shell", setup or GameSetup(), settings, save_path, shot_path, on_games)
        builders: dict[str, Callable[..., Any]] = {
            "Menu": self._menu_screen,
            "Play": self._play_screen,
            "Lesson": self._lesson_screen,
            "Puzzles": self._puzzle_list_screen,
            "Puzzle": self._puzzle_screen,
            "Sandbox": self._sandbox_screen,
            "Replay": self._replay_screen,
            "Demo": self._demo_screen,
            "Still": StillPicture,
            "Clip": Recorder,
        }
        builders = {
            name: build if name == "Play" else self.off_network(build)
            for name, build in builders.items()
        }
        self.screens = ScreenMachine("climbers-screens", builders, SCREENS, self._clear)
        self.course: Course | None = None
        self.puzzles: list[tuple[str, Puzzle]] | None = None
        """The shipped puzzles by id (file name), read when first wanted."""
        self.solved: Progress | None = None
        self.help = HelpOverlay(on_lesson=self._lesson_from_rules)

    @property
    def menu(self) -> NewGameScreen | None:
        """The new-game screen, when it shows."""
        return cast(NewGameScreen | None, self._showing("Menu"))

    @property
    def play(self) -> PlayScreen | None:
        """The game being played, when it shows."""
        return cast(PlayScreen | None, self._showing("Play"))

    @property
    def lesson(self) -> PlayScreen | None:
        """The lesson being taken, when it shows."""
        return cast(PlayScreen | None, self._showing("Lesson"))

    @property
    def puzzle(self) -> PuzzleMode | None:
        """The puzzle being solved, when it shows (its mode of the play screen)."""
        screen = cast(PlayScreen | None, self._showing("Puzzle"))
        return None if screen is None else screen.puzzle

    @property
    def sandbox(self) -> SandboxScreen | None:
        """The sandbox, when it shows."""
        return cast(SandboxScreen | None, self._showing("Sandbox"))

    # -- screens --------------------------------------------------------------------------

    def show_menu(self) -> None:
        """Clear the table and show the new-game screen."""
        self.screens.go("Menu")

    def _menu_screen(self, new_mountain: bool = True) -> NewGameScreen:
        left = last_game()
        finished = left is not None and left.state.finished
        going_on = AUTOSAVE.has_last() and not finished
        menu = NewGameScreen(
            on_start=lambda state, setup: self.start_or_ask(
                going_on, lambda: self.start(state, setup)
            ),
            setup=self.setup,
            ways=MenuWays(
                settings=self.show_settings,
                resume=self.resume if going_on else None,
                replay=(lambda: self.show_replay(left)) if left is not None and finished else None,
                quit=application.quit,
                sandbox=self.show_sandbox,
                learn=self.show_lessons,
                puzzles=self.show_puzzles,
                games=self.on_games,
                demo=self.start_demo,
            ),
            new_mountain=new_mountain,
        )
        self.offer_hosting(menu)
        return menu

    def begin(self, setup: GameSetup) -> PlayScreen:
        """Start a new game as `setup` chooses (the command line's --players)."""
        self.start(build_game(setup), setup)
        assert self.play is not None
        return self.play

    def start(self, state: GameState | GameSession, setup: GameSetup | None = None) -> None:
        """Begin playing `state` (from the menu, the command line, the sandbox or Play again),
        or continue a session with its history. The bot seats come from `setup` or the session."""
        if setup is not None:
            self.setup = setup
            if isinstance(state, GameState):
                state = GameSession(state, bots=setup.bots())
        elif isinstance(state, GameSession):
            if self._refused(state.state):
                return
            self.setup = self.setup.seated_as(state.state, state.bots)
        elif self._refused(state):
            return
        session = state if isinstance(state, GameSession) else GameSession(state)
        self.screens.go("Play", session)
        self._show_end()

    def _play_screen(self, session: GameSession) -> PlayScreen:
        network = self.network_play(session)
        if network is not None:
            return cast(PlayScreen, network)
        session.forget_listeners()
        chosen = self.settings
        play = PlayScreen(
            session,
            save_path=self.save_path or AUTOSAVE.claim(),
            shot_path=self.shot_path,
            symbols=chosen.colour_symbols,
            sound=chosen.sound,
        )
        play.apply_settings(chosen)
        play.on_pause = self.pause
        play.session.subscribe(self._on_change)
        note = None if self.save_path else second_copy_note()
        if note is not None:
            self.notice.show_text(note)
        return play

    def resume(self) -> None:
        """Continue the last game (menu: Continue last game); a bad file is named in one line."""
        try:
            session = resume_last()
        except FileProblem as exc:
            if self.menu is not None:
                self.menu.problem.text = str(exc)
            return
        self.start(session)

    def show_sandbox(self, state: GameState | None = None) -> None:
        """Clear the table and open the sandbox on `state` (default: a fresh build)."""
        if state is None or not self._refused(state):
            self.screens.go("Sandbox", state)

    def _refused(self, state: GameState) -> bool:
        """Whether a game from a file is not opened because a name has a character the font
        cannot draw: said in one line, over the new-game screen when nothing else shows."""
        refusal = undrawn_name(state)
        if refusal is None:
            return False
        if self.screens.screen is None or self.screens.current == "Off":
            self.show_menu()
        self.notice.show_text(refusal)
        return True

    def _sandbox_screen(self, state: GameState | None) -> SandboxScreen:
        return SandboxScreen(
            state,
            on_play=self._play_from_sandbox,
            on_reopen=self.show_sandbox,
            on_new_game=self._new_game_on,
            on_menu=self.show_menu,
            symbols=self.settings.colour_symbols,
        )

    def _play_from_sandbox(self, state: GameState) -> None:
        """Play on from a position built in the sandbox, its players as people."""
        self.start(GameSession(state))

    def show_lessons(self, lesson_id: str | None = None) -> None:
        """Clear the table and open a lesson (default: the first not done yet)."""
        try:
            course = self.course or Course.open()
        except LessonFileProblem as exc:
            self.show_menu()
            self.notice.show_text(str(exc))
            return
        self.course = course
        if lesson_id is None:
            left = [lesson.id for lesson in course.lessons if lesson.id not in course.completed]
            lesson_id = (left or [course.lessons[0].id])[0]
        self.screens.go("Lesson", lesson_id)

    def _lesson_screen(self, lesson_id: str, going_on: bool = False) -> PlayScreen:
        """Lesson `lesson_id` from its start, or (`going_on`) as it stands."""
        assert self.course is not None
        self.course.play(lesson_id, going_on)
        mode = ClimbersLesson(
            self.course,
            on_open=self.show_lessons,
            on_list=self.show_lesson_list,
            on_menu=self.show_menu,
        )
        lesson = PlayScreen(mode.driver, symbols=self.settings.colour_symbols, lesson=mode)
        lesson.apply_settings(self.settings)
        lesson.on_pause = self.pause
        return lesson

    def _lessons(self) -> dict[str, str]:
        """The lessons F1 may open (id -> title): none over the sandbox, whose build is not
        saved, or a game that is not saved, nor when the lesson file is not usable."""
        if self.sandbox is not None or (self.play is not None and not self.game_saved()):
            return {}
        try:
            self.course = self.course or Course.open()
        except LessonFileProblem:
            return {}
        return {lesson.id: lesson.text().title for lesson in self.course.lessons}

    def _lesson_from_rules(self, lesson_id: str) -> None:
        """A lesson opened from F1; a game left for it was saved, and the player is told so."""
        left_game = self.play is not None and not self.play.state.finished and self.game_saved()
        self.show_lessons(lesson_id)
        if left_game:
            self.notice.show_text(
                _("Your game is saved: Continue last game resumes it."),
                bad=False,
            )

    def show_lesson_list(self, note: str = "") -> None:
        """The list of lessons over the table, with `note` under it; a click opens one."""
        if self.course is not None and self.dialog is None:
            self.dialog = lesson_list(self.course, self.show_lessons, self._close_dialog, note)

    def _load_puzzles(self) -> tuple[list[tuple[str, Puzzle]], Progress] | None:
        """The puzzles and the progress; None, with the menu and a one-line notice, when the
        puzzle files are not usable."""
        if self.puzzles is None:
            try:
                self.puzzles = [(path.stem, p) for path, p in load_puzzles()]
            except PuzzleFileError as exc:
                self.show_menu()
                self.notice.show_text(str(exc))
                return None
        self.solved = self.solved or load_progress("puzzle")
        return self.puzzles, self.solved

    def show_puzzles(self, puzzle_id: str | None = None) -> None:
        """Clear the table and open a puzzle; without one, the list of puzzles."""
        loaded = self._load_puzzles()
        if loaded is None:
            return
        if puzzle_id in dict(loaded[0]):
            self.screens.go("Puzzle", puzzle_id)
        else:
            self.screens.go("Puzzles")

    def _puzzle_list_screen(self) -> PickList:
        assert self.puzzles is not None and self.solved is not None
        return puzzle_list(
            self.puzzles,
            self.solved.completed,
            self.show_puzzles,
            self.show_menu,
            N_("Back to menu"),
        )

    def pauses(self) -> bool:
        """Whether what shows pauses at Esc: a game, a lesson or a puzzle."""
        return super().pauses() or self.puzzle is not None

    def _puzzle_screen(self, puzzle_id: str, kept: PuzzleMode | None = None) -> PlayScreen:
        """Puzzle `puzzle_id` from its start, or as `kept` had it (shown anew)."""
        assert self.puzzles is not None and self.solved is not None
        ways = PuzzleWays(
            self.show_puzzles,
            self._next_puzzle,
            self.show_puzzle_list,
            self.show_menu,
            self._puzzle_clip,
        )
        mode = PuzzleMode(puzzle_id, dict(self.puzzles)[puzzle_id], self.solved, ways, kept)
        puzzle = PlayScreen(mode.driver, symbols=self.settings.colour_symbols, puzzle=mode)
        puzzle.apply_settings(self.settings)
        puzzle.on_pause = self.pause
        return puzzle

    def show_puzzle_list(self) -> None:
        """The list of puzzles over the puzzle on the table; a click opens one."""
        loaded = self._load_puzzles()
        if loaded is not None and self.dialog is None:
            puzzles, solved = loaded
            self.dialog = puzzle_list(
                puzzles, solved.completed, self.show_puzzles, self._close_dialog
            )

    def _puzzle_clip(self) -> None:
        """The puzzle's shortest solution as a clip; back to it shown from its start."""
        puzzle = self.puzzle
        if puzzle is None:
            return
        puzzle_id = puzzle.puzzle_id

        def back() -> None:
            self.show_puzzles(puzzle_id)
            if self.puzzle is not None:
                self.puzzle.show_solution()

        reel = CLIPS.puzzle(puzzle_id)
        self.record_clip(reel, 0, reel.actions, back)

    def _next_puzzle(self) -> None:
        """The puzzle after the one on the table (the first after the last)."""
        if self.puzzle is None or not self.puzzles:
            return
        ids = [pid for pid, _ in self.puzzles]
        self.show_puzzles(ids[(ids.index(self.puzzle.puzzle_id) + 1) % len(ids)])

    def show_replay(
        self, saved: SavedGame, index: int = 0, clip_range: tuple[int, int] | None = None
    ) -> None:
        """Clear the table and step through a saved game (from action `index`; a clip of it
        would show `clip_range`, by default the whole game)."""
        if not self._refused(saved.state):
            self.screens.go("Replay", saved, index, clip_range)

    def _replay_screen(
        self, saved: SavedGame, index: int, clip_range: tuple[int, int] | None = None
    ) -> ReplayScreen[GameState]:
        def clip(first: int, last: int) -> None:
            back = (saved, replay.driver.index, replay.clip_range)
            reel = Reel.of(FILM, replay_of(saved), datetime.date.today())
            self.record_clip(reel, first, last, lambda: self.show_replay(*back))

        replay = replay_board(
            saved,
            symbols=self.settings.colour_symbols,
            on_exit=self.show_menu,
            on_play=self.start,
            on_clip=clip,
        )
        replay.apply_settings(self.settings)
        replay.clip_range = clip_range or replay.clip_range
        replay.jump(index)
        return replay

    def start_demo(
        self, first_seed: int = 0, pace: float | None = None, budget: float = DEMO_BUDGET
    ) -> None:
        """Bots play one game after another until a key or a click opens the new-game screen
        (each bot thinking `budget` seconds at most)."""
        self.screens.go("Demo", first_seed, pace, budget)

    def _demo_screen(
        self, first_seed: int, pace: float | None, budget: float = DEMO_BUDGET
    ) -> DemoLoop:
        return DemoLoop(
            demo_games(budget, self.settings.colour_symbols),
            on_exit=self.show_menu,
            pace=self.settings.bot_pace if pace is None else pace,
            first_seed=first_seed,
            speed=self.settings.animation_speed,
        )

    def show_still(self, state: GameState, out: Path) -> None:
        """Draw `state` as the play window opens on it, write the picture to `out`, and end the
        program (exit status 2 after one line when the picture cannot be written)."""
        self.screens.go("Still", state, out, lambda ok: sys.exit(0 if ok else 2))

    def _new_game_on(self, path: Path, state: GameState) -> None:
        """The new-game screen with a saved mountain chosen and the sandbox's players seated."""
        seats = tuple(Seat(colour=p.colour, name=p.name) for p in state.players)
        update = {"mountain": "file", "position_file": str(path), "seats": seats}
        self.setup = self.setup.model_copy(update=update)
        self.show_menu()

    def play_again(self) -> None:
        """A new game with the same players and rules (a random mountain moves to the next
        seed); after a game across computers, the new-game screen (to host or join again)."""
        if self.network is not None:
            self.show_menu()
            return
        if self.setup.mountain == "seed":
            self.setup = self.setup.model_copy(update={"seed": self.setup.seed + 1})
        self.start(build_game(self.setup), self.setup)

    def save_to(self, path: Path) -> Callable[[Session[GameState]], None]:
        return save_to(path)

    def end_card(self, state: GameState) -> Entity:
        return EndScreen(state, on_again=self.play_again, on_menu=self.show_menu)

    def _clear(self) -> None:
        """Destroy every screen and piece on the table (the shell itself is eternal, and so is
        a demo until it stops)."""
        self.stop_demo()
        clear_scene()
        self.end = self.panel = self.dialog = None
        self.help = HelpOverlay(on_lesson=self._lesson_from_rules)

    @property
    def screen(self) -> TableScreen | None:
        """The table screen showing now (play, a lesson, a puzzle, sandbox or replay), if any."""
        shown = self.screens.screen
        return shown if isinstance(shown, TableScreen) else None

    def update(self) -> None:
        """While a dialog or the end card is open, the table underneath takes no input; a seat
        of a game across computers is taken once the host sends the game."""
        self.was_typing = TextBox.typing()
        held = self.covered() or (self.puzzle is not None and self.puzzle.covered)
        if self.screen is not None and held != self.screen.ignore_input:
            self.screen.hold_input(held)
        self.poll_joining()

    def close(self) -> None:
        self.end_network()
        super().close()

    # -- across computers (climbers.app.network_table) -----------------------------------------

    @property
    def game_name(self) -> str:
        return "climbers"

    def seat_name(self, seat: int) -> str:
        assert self.network is not None, "a seat is named in a game across computers"
        return player_label(self.network.driver.state.players[seat])

    def hosted_start(self, menu: Any) -> tuple[GameState, list[str]] | None:
        chosen = menu.chosen()
        if chosen is None:
            return None
        state, setup = chosen
        bots = setup.bots()
        return state, [bots.get(player.colour, OPEN) for player in state.players]

    def network_screen(self, driver: RemoteDriver, elsewhere: list[int]) -> PlayScreen:
        chosen = self.settings
        return PlayScreen(
            driver,
            shot_path=self.shot_path,
            symbols=chosen.colour_symbols,
            sound=chosen.sound,
            elsewhere=elsewhere,
        )

    # -- keys -----------------------------------------------------------------------------

    def toggle_rules(self) -> None:
        """F1: the help at the step of the game on the table, or closed when open."""
        puzzle = None if self.puzzle is None else self.puzzle.table
        table = next((s for s in (self.play, self.lesson, puzzle) if s is not None), None)
        state = table.state if table is not None else None
        step = None if state is None or state.finished else state.step
        self.help.toggle(step, state.rules if state is not None else None, self._lessons())
