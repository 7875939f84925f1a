"""Burg Klettermax's parts of the shared table (climbers.app.table_shell): its screens, set-up,
saved games, clips and rules; the registry's `table=` names `shell`."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ursina import Vec3

from climbers.app.screens.demo_loop import DemoGames, frame_orbit
from climbers.app.screens.play_screen import PlayScreen
from climbers.app.table_shell import TableKit, TableShell
from climbers.io.language import N_
from climbers.io.messages import one_line
from climbers.klettermax.core import Action, Phase, State
from climbers.klettermax.core.dice import SEED_MAX
from climbers.klettermax.game.demo import demo_game
from climbers.klettermax.game.session import SAVED, KlettermaxSession, SavedGame
from climbers.klettermax.game.setup import KlettermaxSetup
from climbers.klettermax.lessons import KlettermaxCourse
from climbers.klettermax.physics.castle import HALF, WALL_TOP
from climbers.klettermax.table.board import replay
from climbers.klettermax.table.clip import CLIPS
from climbers.klettermax.table.geometry import SCALE, SUPPLY_Y, world
from climbers.klettermax.table.play_board import TABLE_GAME
from climbers.klettermax.table.rules_text import topics
from climbers.klettermax.table.screens import EndCard, NewGameScreen
from climbers.klettermax.table.words import caption, opening, player_name
from climbers.session.session import Session

SETTINGS = ("fullscreen", "window_size", "animation_speed", "bot_pace", "sound")
"""The settings this table uses (besides the language): the flight's knocks are heard."""


def replay_problem(saved: SavedGame, where: Path | None) -> str | None:
    """Why `saved` cannot be replayed, in one line; None when every action fits."""
    try:
        saved.session()
    except ValueError as exc:
        return one_line(str(exc))
    return None


def new_session(setup: KlettermaxSetup) -> KlettermaxSession:
    """A new game as `setup` chooses, on a fresh deal."""
    dealt = setup.model_copy(update={"seed": random.randint(0, SEED_MAX)})
    return KlettermaxSession(dealt.start(), bots=dealt.bots())


def setup_of(session: Session[State]) -> KlettermaxSetup:
    """The set-up of a game continued (its deal's seed too)."""
    return KlettermaxSetup.seated_as(session.start, session.bots)


def demo_play(index: int, first_seed: int) -> PlayScreen[State, Action]:
    """Game `index` of the demo on the table: bots only."""
    return TABLE_GAME.play(demo_game(index, first_seed).session)


def frame_castle(play: PlayScreen[State, Action]) -> None:
    """The castle, the spots and the supply in sight from every heading of the orbit (each
    flick is framed apart)."""
    far = HALF + 12
    corners = [
        Vec3(*world(x, y, z)) for x in (-far, far) for y in (SUPPLY_Y, far) for z in (0.0, WALL_TOP)
    ]
    frame_orbit(play.rig, corners, Vec3(0, WALL_TOP * SCALE / 2, 0))


DEMO = DemoGames("klettermax", demo_play, frame_castle, opening, caption)
"""Burg Klettermax's demo: bots only, one game after another."""


def topic_of(state: State) -> str | None:
    """The rules topic of the moment: rolling and choosing, flicking, moving the tile, the
    end."""
    if state.over:
        return "end"
    phase = state.turn.phase
    if phase is Phase.LOOTED or (phase is Phase.START and state.turn.moved):
        return "move"
    if phase is Phase.AGAIN or state.active.full:
        return "flick"
    return "roll"


KIT: TableKit[KlettermaxSetup, SavedGame, State] = TableKit(
    name="klettermax",
    title=N_("Burg Klettermax"),
    settings_only=SETTINGS,
    default_setup=KlettermaxSetup,
    new_session=new_session,
    setup_of=setup_of,
    saved=SAVED,
    replay_problem=replay_problem,
    clips=CLIPS,
    topics=topics,
    course=KlettermaxCourse,
    menu=NewGameScreen,
    end_card=EndCard,
    table=TABLE_GAME,
    replay=replay,
    demo=DEMO,
    end_delay=1.6,
    topic=topic_of,
    seat_name=player_name,
)
"""Burg Klettermax's table (the end card waits 1.6 s: the last flight and the loot can be
seen)."""


def shell(settings: Any = None, **places: Any) -> TableShell[KlettermaxSetup, SavedGame, State]:
    """Burg Klettermax's table in the window (`places`: save_path, shot_path, on_games,
    setup)."""
    return TableShell(KIT, settings, **places)
