"""The Climbers' clips (climbers.app.clips): a saved game, or a puzzle's stored solution, drawn
by the table's own view and camera, its actions captioned as in a replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ursina import Vec3

from climbers.app.clips.reel import ClipProblem, Film, Reel, saved_on
from climbers.io.language import N_, names_list, say
from climbers.io.messages import short_path
from climbers.session.session import Entry
from climbers.the_climbers.core import Action, Event, GameState
from climbers.the_climbers.core.state import FORMAT
from climbers.the_climbers.game.captions import caption, opening
from climbers.the_climbers.game.replay import replay
from climbers.the_climbers.game.results import standing_lines
from climbers.the_climbers.io import FileProblem, load_saved
from climbers.the_climbers.io.words import player_label
from climbers.the_climbers.puzzles import PuzzleFileError, load_puzzles
from climbers.the_climbers.puzzles.solo import SoloPlay
from climbers.the_climbers.puzzles.words import puzzle_description, puzzle_title
from climbers.the_climbers.table.framing import frame_targets, mountain_corners, mountain_view
from climbers.the_climbers.table.meshes import MARKER_HEIGHT
from climbers.the_climbers.table.puzzle_mode import (
    SHOW_STEP,
    SOLVED_TITLE,
    solved_line,
)
from climbers.the_climbers.table.screens.table_screen import TableScreen

FOCUS_SHARE = 1 / 3
"""How far a turn's camera slides from the mountain's middle towards where the turn acts."""
NO_LOG = N_("{file} holds a position, not a recorded game: there is nothing to play.")
NO_PUZZLE = N_("There is no puzzle {name}: climbers puzzle --list names them.")
SOLUTION = N_("A shortest solution: {count} actions in {turns} turns")


class ClimbersFilm(TableScreen):
    """The table as a clip draws it: the pieces and the window's camera rig, one camera move a
    turn towards where the turn acts."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state, name="clip-table")

    def show(self, state: GameState) -> None:
        self.view.show(state)

    def play(
        self, before: GameState, action: Action, after: GameState, events: Sequence[Event]
    ) -> None:
        self.view.play(before, after, events)

    def moving(self) -> bool:
        sun = self.view.sun
        settling = sun is not None and not sun.settled
        return bool(self.view.tweens.busy or self.rig.glide is not None or settling)

    def frame_turn(self, state: GameState, actions: Sequence[Action]) -> None:
        """Slide over the table a third of the way from the mountain's middle towards where
        the turn begins to act, and turn the least that shows every place the turn acts on and
        every Climber (the whole mountain stays in sight)."""
        spots = [s for s in (self.view.action_spot(state, a) for a in actions) if s is not None]
        lift = Vec3(0, MARKER_HEIGHT, 0)
        climbers = [
            self.view.climber_position(state, seat) + lift for seat in range(len(state.players))
        ]
        pivot, distance = mountain_view(state)
        focus = spots[0] if spots else climbers[state.actor]
        towards = Vec3(focus.x - pivot.x, 0, focus.z - pivot.z) * FOCUS_SHARE
        self.rig.ease_to(pivot + towards, distance, self.rig.heading)
        frame_targets(self.rig, state, spots + climbers, mountain_corners(state))


def _players(state: GameState) -> str:
    return names_list([player_label(p) for p in state.players])


FILM = Film(
    title=N_("The Climbers"),
    table=ClimbersFilm,
    turn=lambda state: state.turn.number,
    players=_players,
    standings=standing_lines,
    over=lambda state: bool(state.finished),
)
"""How The Climbers' states are filmed."""


class ClimbersClips:
    """The Climbers' clips: from a saved game, or from a puzzle's stored solution."""

    film = FILM
    formats = (FORMAT,)

    def recorded(self, path: Path) -> Reel:
        try:
            saved = load_saved(path)
        except FileProblem as exc:
            raise ClipProblem(str(exc)) from None
        if saved.start is None or not saved.log:
            raise ClipProblem(say(NO_LOG, file=short_path(str(path))))
        return Reel.of(FILM, replay(saved), saved_on(path))

    def puzzle(self, puzzle_id: str) -> Reel:
        try:
            puzzles = {path.stem: puzzle for path, puzzle in load_puzzles()}
        except PuzzleFileError as exc:
            raise ClipProblem(str(exc)) from None
        if puzzle_id not in puzzles:
            raise ClipProblem(say(NO_PUZZLE, name=repr(puzzle_id)))
        puzzle = puzzles[puzzle_id]
        solo = SoloPlay(puzzle)
        actions = solo.solution()
        entries: list[Entry[GameState]] = [Entry(None, solo.state)]
        captions = [opening(solo.state)]
        for number, action in enumerate(actions, 1):
            before, turn = solo.state, solo.turn
            events = solo.apply(action)
            entries.append(Entry(action, solo.state, tuple(events)))
            head = say(SHOW_STEP, number=number, count=len(actions), turn=turn)
            captions.append(f"{head}\n{caption(before, action, events)}")
        player = player_label(puzzle.position.players[puzzle.seat])
        film = replace(
            FILM,
            players=lambda _state: player,
            standings=lambda state: [solved_line(player, state.level(puzzle.seat), puzzle.turns)],
            over=lambda state: state.level(puzzle.seat) >= puzzle.target,
        )
        return Reel(
            film,
            entries,
            captions,
            game=puzzle_title(puzzle),
            players=player,
            when=say(SOLUTION, count=len(actions), turns=puzzle.turns),
            subtitle=puzzle_description(puzzle),
            ending=say(SOLVED_TITLE),
        )


CLIPS = ClimbersClips()
"""The Climbers' clips, as its registry entry names them."""
