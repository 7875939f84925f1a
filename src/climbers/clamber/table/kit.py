"""Clamber's parts of the shared table (climbers.app.table_shell): its screens, set-up, saved
games, clips and rules; the registry's `table=` names `shell`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ursina import Vec3

from climbers.app.screens.demo_loop import DemoGames, frame_orbit
from climbers.app.screens.play_screen import PlayScreen
from climbers.app.table_shell import TableKit, TableShell
from climbers.clamber.core import ClamberRefusal, ClamberState, Turn
from climbers.clamber.game.demo import demo_game
from climbers.clamber.game.session import AUTOSAVE, SAVED, ClamberSession, SavedGame, UnfitTurn
from climbers.clamber.game.setup import ClamberSetup
from climbers.clamber.lessons import ClamberCourse
from climbers.clamber.table.board import replay
from climbers.clamber.table.clip import CLIPS
from climbers.clamber.table.geometry import BOARD_TOP
from climbers.clamber.table.play_board import TABLE_GAME, ClamberPlay
from climbers.clamber.table.rules_text import topics
from climbers.clamber.table.screens import EndCard, NewGameScreen
from climbers.clamber.table.view import top_of
from climbers.clamber.table.words import caption, opening, player_name, refusal_sentence
from climbers.io.language import N_, say
from climbers.session.saved_games import SavedGameProblem
from climbers.session.session import Session

UNFIT = N_("turn {number} ({turn}) cannot be played there: {reason}")
"""A saved game's turn that does not fit, as the new-game screen says it."""
TALL = 4
"""Stones a stack may reach that the demo's framing keeps in sight."""
SETTINGS = ("fullscreen", "window_size", "animation_speed", "bot_pace")
"""The settings Clamber's table uses (besides the language): no colour symbols, grid lines,
sound or answers to pass in this game."""


def reason_of(problem: Exception) -> str:
    """Why a saved turn does not fit: the rules' refusal in players' words, else the reader's
    line (a turn that is not a turn)."""
    if isinstance(problem, ClamberRefusal):
        return refusal_sentence(problem)
    return str(problem)


def replay_problem(saved: SavedGame, where: Path | None) -> str | None:
    """Why `saved` (read from `where`, default the last game) cannot be replayed: its first turn
    that does not fit, with the file; None when every turn fits."""
    try:
        saved.session()
    except UnfitTurn as exc:
        problem = say(UNFIT, number=exc.number, turn=exc.text, reason=reason_of(exc.problem))
        return str(SavedGameProblem(where or AUTOSAVE.last_path(), problem))
    return None


def new_session(setup: ClamberSetup) -> ClamberSession:
    """A new game as `setup` chooses."""
    return ClamberSession(setup.start(), bots=setup.bots())


def setup_of(session: Session[ClamberState]) -> ClamberSetup:
    """The set-up of a game continued."""
    return ClamberSetup.seated_as(session.start.size, session.bots)


def demo_play(index: int, first_seed: int) -> PlayScreen[ClamberState, Turn]:
    """Game `index` of the demo on the table: bot against bot."""
    return TABLE_GAME.play(demo_game(index, first_seed).session)


def frame_board(play: PlayScreen[ClamberState, Turn]) -> None:
    """The whole board, stacks up to TALL stones, in sight from every heading of the orbit."""
    board = play.board
    assert isinstance(board, ClamberPlay)
    corners = [
        Vec3(x, y, z) for x, z in board.view.layout.corners for y in (BOARD_TOP, top_of(TALL))
    ]
    frame_orbit(play.rig, corners, Vec3(0, BOARD_TOP, 0))


DEMO = DemoGames("clamber", demo_play, frame_board, opening, caption)
"""Clamber's demo: bot against bot, one game after another, on both boards."""


def rematch(setup: ClamberSetup) -> ClamberSetup:
    """Play again: the players swap colours, so the other one begins (C3)."""
    return setup.model_copy(update={"blue": setup.red, "red": setup.blue})


KIT: TableKit[ClamberSetup, SavedGame, ClamberState] = TableKit(
    name="clamber",
    title=N_("Clamber"),
    settings_only=SETTINGS,
    default_setup=ClamberSetup,
    new_session=new_session,
    setup_of=setup_of,
    saved=SAVED,
    replay_problem=replay_problem,
    clips=CLIPS,
    topics=topics,
    course=ClamberCourse,
    menu=NewGameScreen,
    end_card=EndCard,
    table=TABLE_GAME,
    replay=replay,
    demo=DEMO,
    opens_files=True,
    rematch=rematch,
    seat_name=player_name,
)
"""Clamber's table."""


def shell(settings: Any = None, **places: Any) -> TableShell[ClamberSetup, SavedGame, ClamberState]:
    """Clamber's table in the window (`places`: save_path, shot_path, on_games, setup)."""
    return TableShell(KIT, settings, **places)
